/**
 * The statistics pages' shared texts (stat.* keys: the filter bar, metric names, platforms,
 * states): locales/stat/<locale>.json, added when a stats page loads its code.
 */
import { addAreaMessages } from '../../shared/area-messages';
import en from '../../../locales/stat/en-US.json';
import zhCN from '../../../locales/stat/zh-CN.json';
import zhTW from '../../../locales/stat/zh-TW.json';

export const STAT_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });

const has = (key: string) => Object.prototype.hasOwnProperty.call(STAT_MESSAGES['en-US'], key);

/** a platform's name (an unknown platform shows as reported) */
export const platformName = (p: string, t: (k: string) => string) => (has(`stat.platform.${p}`) ? t(`stat.platform.${p}`) : p);
