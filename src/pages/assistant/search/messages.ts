/** The search area's texts (search.* keys: locales/search/<locale>.json), added when its page loads. */
import { addAreaMessages } from '../../../shared/area-messages';
import en from '../../../../locales/search/en-US.json';
import zhCN from '../../../../locales/search/zh-CN.json';
import zhTW from '../../../../locales/search/zh-TW.json';

export const SEARCH_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
