/** The upgrade center's texts (upgrade.* keys: locales/upgrade/<locale>.json), added when its pages load. */
import { addAreaMessages } from '../../shared/area-messages';
import en from '../../../locales/upgrade/en-US.json';
import zhCN from '../../../locales/upgrade/zh-CN.json';
import zhTW from '../../../locales/upgrade/zh-TW.json';

export const UPGRADE_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
