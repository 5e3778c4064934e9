/**
 * The welfare area's texts (welfare.* keys): locales/welfare/<locale>.json, added when the
 * campaign pages or the console home's welfare card load.
 */
import { addAreaMessages } from '../../shared/area-messages';
import en from '../../../locales/welfare/en-US.json';
import zhCN from '../../../locales/welfare/zh-CN.json';
import zhTW from '../../../locales/welfare/zh-TW.json';

export const WELFARE_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
