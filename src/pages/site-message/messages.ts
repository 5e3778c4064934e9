/** The site messages area's texts (msg.* keys: locales/messages/<locale>.json), added when its pages load (the staff's pages and the inbox). */
import { addAreaMessages } from '../../shared/area-messages';
import en from '../../../locales/messages/en-US.json';
import zhCN from '../../../locales/messages/zh-CN.json';
import zhTW from '../../../locales/messages/zh-TW.json';

export const MSG_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
