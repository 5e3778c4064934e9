/** The demo pages' texts (demo.* keys: locales/demo/<locale>.json), added when a demo page loads. */
import { addAreaMessages } from '../../shared/area-messages';
import en from '../../../locales/demo/en-US.json';
import zhCN from '../../../locales/demo/zh-CN.json';
import zhTW from '../../../locales/demo/zh-TW.json';

export const DEMO_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
