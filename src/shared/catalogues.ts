/**
 * The main catalogues of the two Chinese languages load on demand: only the language in use
 * is fetched (before the first render, and before a switch to it), so every page's first script
 * carries English alone (the fallback) instead of all three.
 */
import { addLocale } from '@umijs/max';

type Messages = Record<string, string>;

const LOADERS: Record<string, () => Promise<{ default: Messages }>> = {
  'zh-CN': () => import(/* webpackChunkName: "lang-zh-CN" */ '../../locales/zh-CN.json'),
  'zh-TW': () => import(/* webpackChunkName: "lang-zh-TW" */ '../../locales/zh-TW.json'),
};

const loading = new Map<string, Promise<void>>();

/** the language's main catalogue is added to umi's locales (once; English is always there) */
export function loadCatalogue(locale: string): Promise<void> {
  const load = LOADERS[locale];
  if (!load) return Promise.resolve();
  let p = loading.get(locale);
  if (!p) {
    p = load().then(
      (m) => (addLocale as unknown as (name: string, messages: Messages) => void)(locale, m.default),
      (e: unknown) => {
        // a failed chunk (offline) may be fetched again on the next try
        loading.delete(locale);
        throw e;
      },
    );
    loading.set(locale, p);
  }
  return p;
}
