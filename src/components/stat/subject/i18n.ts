/** The device and user reports' texts (statDevice.* keys): locales/stat-device/<locale>.json, added when one of those pages loads. */
import '../i18n';
import { addAreaMessages } from '../../../shared/area-messages';
import en from '../../../../locales/stat-device/en-US.json';
import zhCN from '../../../../locales/stat-device/zh-CN.json';
import zhTW from '../../../../locales/stat-device/zh-TW.json';

export const STAT_DEVICE_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
