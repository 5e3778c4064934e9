/**
 * The statistics admin texts (stat.settings.*: the settings button's form): locales/stat-admin,
 * added when the stats pages load their code, like the shared stat texts (./i18n.ts).
 */
import { addAreaMessages } from '../../shared/area-messages';
import en from '../../../locales/stat-admin/en-US.json';
import zhCN from '../../../locales/stat-admin/zh-CN.json';
import zhTW from '../../../locales/stat-admin/zh-TW.json';

export const STAT_ADMIN_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
