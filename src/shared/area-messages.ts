/**
 * An area's own catalogues (locales/<area>/<locale>.json), added to umi's locales when the area's
 * code loads rather than bundled into the first script every page loads (the login page's).
 * Read them through useT() (the React intl, which addLocale refreshes); the shared `t` outside
 * React keeps the intl made at start and does not see them.
 */
import { addLocale } from '@umijs/max';

/** locale name ('en-US', 'zh-CN', 'zh-TW') -> key -> message */
export type AreaMessages = Record<string, Record<string, string>>;

type AddLocale = (name: string, messages: Record<string, string>, extra?: unknown) => void;

const added = new WeakSet<AreaMessages>();

export function addAreaMessages(messages: AreaMessages): AreaMessages {
  if (added.has(messages)) return messages;
  added.add(messages);
  // adding to the current language re-renders umi's intl provider with the new texts
  for (const [name, m] of Object.entries(messages)) (addLocale as unknown as AddLocale)(name, m);
  return messages;
}
