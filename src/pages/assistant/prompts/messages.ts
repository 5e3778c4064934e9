/** The prompt templates area's texts (prompts.* keys: locales/prompts/<locale>.json), added when its page loads. */
import { addAreaMessages } from '../../../shared/area-messages';
import en from '../../../../locales/prompts/en-US.json';
import zhCN from '../../../../locales/prompts/zh-CN.json';
import zhTW from '../../../../locales/prompts/zh-TW.json';

export const PROMPTS_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
