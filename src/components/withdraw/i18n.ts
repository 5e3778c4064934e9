/**
 * The withdrawal area's texts (withdraw.* keys): locales/withdraw/<locale>.json, added when a
 * withdrawal page or the settings form loads its code.
 */
import { addAreaMessages } from '../../shared/area-messages';
import en from '../../../locales/withdraw/en-US.json';
import zhCN from '../../../locales/withdraw/zh-CN.json';
import zhTW from '../../../locales/withdraw/zh-TW.json';

export const WITHDRAW_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
