/** The prompt store area's texts (store.* keys: locales/prompt-store/<locale>.json), added when its pages load (the store and its curation). */
import { addAreaMessages } from '../../../shared/area-messages';
import en from '../../../../locales/prompt-store/en-US.json';
import zhCN from '../../../../locales/prompt-store/zh-CN.json';
import zhTW from '../../../../locales/prompt-store/zh-TW.json';

export const STORE_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
