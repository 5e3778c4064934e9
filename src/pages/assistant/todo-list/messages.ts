/** The task assistant area's texts (todos.* keys: locales/todos/<locale>.json), added when its pages or the home's due-tasks card load. */
import { addAreaMessages } from '../../../shared/area-messages';
import en from '../../../../locales/todos/en-US.json';
import zhCN from '../../../../locales/todos/zh-CN.json';
import zhTW from '../../../../locales/todos/zh-TW.json';

export const TODOS_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
