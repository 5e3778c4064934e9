/** The help documents area's texts (docs.* keys: locales/docs/<locale>.json), added when its page loads. */
import { addAreaMessages } from '../../../shared/area-messages';
import en from '../../../../locales/docs/en-US.json';
import zhCN from '../../../../locales/docs/zh-CN.json';
import zhTW from '../../../../locales/docs/zh-TW.json';

export const DOCS_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
