/**
 * The invoice area's texts (invoice.* keys): locales/invoice/<locale>.json, added when the invoice
 * page loads its code. The server reads the PDF's and the mail's keys from the same files.
 */
import { addAreaMessages } from '../../shared/area-messages';
import en from '../../../locales/invoice/en-US.json';
import zhCN from '../../../locales/invoice/zh-CN.json';
import zhTW from '../../../locales/invoice/zh-TW.json';

export const INVOICE_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
