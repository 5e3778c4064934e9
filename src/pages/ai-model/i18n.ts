/**
 * The AI model pages' texts (ai.* keys): locales/ai/<locale>.json, added when these pages load.
 * Route titles (route.aiModel.*) stay in the main catalogues: the document title needs them.
 */
import { addAreaMessages } from '../../shared/area-messages';
import en from '../../../locales/ai/en-US.json';
import zhCN from '../../../locales/ai/zh-CN.json';
import zhTW from '../../../locales/ai/zh-TW.json';

export const AI_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
