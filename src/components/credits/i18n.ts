/**
 * The credits area's texts (credits.* keys): locales/credits/<locale>.json, added when a page
 * showing credits (home card, history, adjustment, usage log, reconciliation) loads its code.
 */
import { addAreaMessages } from '../../shared/area-messages';
import en from '../../../locales/credits/en-US.json';
import zhCN from '../../../locales/credits/zh-CN.json';
import zhTW from '../../../locales/credits/zh-TW.json';

export const CREDITS_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });

/** whether the area has this key (values from the server, e.g. a kind a newer server added, may not) */
export const hasCreditsKey = (key: string) => Object.prototype.hasOwnProperty.call(CREDITS_MESSAGES['en-US'], key);
