/** Relative times' texts (time.* keys): locales/time/<locale>.json, added with the first page showing one. */
import { addAreaMessages } from '../../shared/area-messages';
import en from '../../../locales/time/en-US.json';
import zhCN from '../../../locales/time/zh-CN.json';
import zhTW from '../../../locales/time/zh-TW.json';

export const TIME_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
