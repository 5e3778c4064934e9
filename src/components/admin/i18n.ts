/**
 * The admin pages' texts (system.* keys) live in their own catalogues, locales/system/<locale>.json,
 * and are added to umi's locales when an admin page's code loads. umi bundles locales/*.json
 * into the first script every page loads, the login page included; the admin texts in all three
 * languages would add about 10 KB gzip there. Route titles (route.system.*) stay in the main
 * catalogues: the document title needs them.
 *
 * Read them through useT() (the React intl, which addLocale refreshes). The shared `t` outside
 * React keeps the intl made at start and does not see them.
 */
import { addLocale } from '@umijs/max';
import en from '../../../locales/system/en-US.json';
import zhCN from '../../../locales/system/zh-CN.json';
import zhTW from '../../../locales/system/zh-TW.json';

export const SYSTEM_MESSAGES: Record<string, Record<string, string>> = { 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW };

type AddLocale = (name: string, messages: Record<string, string>, extra?: unknown) => void;

let added = false;
export function addSystemMessages() {
  if (added) return;
  added = true;
  // adding to the current language re-renders umi's intl provider with the new texts
  for (const [name, messages] of Object.entries(SYSTEM_MESSAGES)) (addLocale as unknown as AddLocale)(name, messages);
}

addSystemMessages();
