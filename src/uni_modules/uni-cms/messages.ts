/** The CMS area's texts (cms.* keys: locales/cms/<locale>.json), added when its pages load. */
import { addAreaMessages } from '../../shared/area-messages';
import en from '../../../locales/cms/en-US.json';
import zhCN from '../../../locales/cms/zh-CN.json';
import zhTW from '../../../locales/cms/zh-TW.json';

export const CMS_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
