/**
 * The API keys page's texts (apiKeys.* keys): locales/api-keys/<locale>.json, added when the page
 * loads. Its route title and menu name stay in the main catalogues.
 */
import { addAreaMessages } from '../../shared/area-messages';
import en from '../../../locales/api-keys/en-US.json';
import zhCN from '../../../locales/api-keys/zh-CN.json';
import zhTW from '../../../locales/api-keys/zh-TW.json';

export const API_KEY_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
