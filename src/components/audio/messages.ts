/** The audio area's texts (audio.* keys: locales/audio/<locale>.json), added when its pages or the waveform component load. */
import { addAreaMessages } from '../../shared/area-messages';
import en from '../../../locales/audio/en-US.json';
import zhCN from '../../../locales/audio/zh-CN.json';
import zhTW from '../../../locales/audio/zh-TW.json';

export const AUDIO_MESSAGES = addAreaMessages({ 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW });
