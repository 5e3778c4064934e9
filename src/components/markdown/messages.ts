/**
 * The chat area's texts (chat.* keys: locales/chat/<locale>.json), added when the chat page or
 * the markdown renderer loads; the renderer's few labels live there too (chat.markdown.*).
 */
import { addAreaMessages } from '../../shared/area-messages';
import en from '../../../locales/chat/en-US.json';
import zhCN from '../../../locales/chat/zh-CN.json';
import zhTW from '../../../locales/chat/zh-TW.json';

export const CHAT_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
