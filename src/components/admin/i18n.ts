/**
 * The admin pages' texts (system.* keys): locales/system/<locale>.json, added when an admin
 * page's code loads (about 10 KB gzip the login page would otherwise carry). Route titles
 * (route.system.*) stay in the main catalogues: the document title needs them.
 */
import { addAreaMessages } from '../../shared/area-messages';
import en from '../../../locales/system/en-US.json';
import zhCN from '../../../locales/system/zh-CN.json';
import zhTW from '../../../locales/system/zh-TW.json';

export const SYSTEM_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
