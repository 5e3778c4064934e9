/**
 * The payment area's texts (pay.* keys): locales/pay/<locale>.json, added when the top-up page,
 * the result page or a finance page loads its code.
 */
import { addAreaMessages } from '../../shared/area-messages';
import en from '../../../locales/pay/en-US.json';
import zhCN from '../../../locales/pay/zh-CN.json';
import zhTW from '../../../locales/pay/zh-TW.json';

export const PAY_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
