/** The JS error and crash pages' texts (statError.* keys): locales/stat-error/<locale>.json, added when those pages load. */
import '../i18n';
import { addAreaMessages } from '../../../shared/area-messages';
import en from '../../../../locales/stat-error/en-US.json';
import zhCN from '../../../../locales/stat-error/zh-CN.json';
import zhTW from '../../../../locales/stat-error/zh-TW.json';

export const STAT_ERROR_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
