/**
 * The visited pages, entry pages, scenes, channels and custom events pages' texts (statPage.*):
 * locales/stat-page/<locale>.json, added when one of these pages loads its code.
 */
import { addAreaMessages } from '../../../shared/area-messages';
import '../i18n';
import en from '../../../../locales/stat-page/en-US.json';
import zhCN from '../../../../locales/stat-page/zh-CN.json';
import zhTW from '../../../../locales/stat-page/zh-TW.json';

export const STAT_PAGE_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
