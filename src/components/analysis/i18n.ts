/**
 * The cost analysis' texts (analysis.* keys): locales/analysis/<locale>.json, added when the
 * analysis page loads its code.
 */
import { addAreaMessages } from '../../shared/area-messages';
import en from '../../../locales/analysis/en-US.json';
import zhCN from '../../../locales/analysis/zh-CN.json';
import zhTW from '../../../locales/analysis/zh-TW.json';

export const ANALYSIS_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });

/** whether the area has this key (a feature a newer server logs may not have a name yet) */
export const hasAnalysisKey = (key: string) => Object.prototype.hasOwnProperty.call(ANALYSIS_MESSAGES['en-US'], key);
