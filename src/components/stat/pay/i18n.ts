/**
 * The pay-order statistics pages' texts (statPay.* keys): locales/stat-pay/<locale>.json, added
 * when one of those pages loads its code; the order statuses, providers and methods come from the
 * payment area's catalogue (pay.*).
 */
import '../i18n';
import '../../pay/i18n';
import { addAreaMessages } from '../../../shared/area-messages';
import en from '../../../../locales/stat-pay/en-US.json';
import zhCN from '../../../../locales/stat-pay/zh-CN.json';
import zhTW from '../../../../locales/stat-pay/zh-TW.json';

export const STAT_PAY_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
