/**
 * The redeem area's texts (redeem.* keys): locales/redeem/<locale>.json, added when a page with
 * codes or rewarded ads (the redeem card, the code batches, the ad page, ad settings) loads its code.
 */
import { addAreaMessages } from '../../shared/area-messages';
import en from '../../../locales/redeem/en-US.json';
import zhCN from '../../../locales/redeem/zh-CN.json';
import zhTW from '../../../locales/redeem/zh-TW.json';

export const REDEEM_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
