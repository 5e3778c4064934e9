/**
 * Languages (spec section 9): admin UI en, zh-Hans, zh-Hant; fallback en. umi's locale plugin
 * names them en-US, zh-CN and zh-TW (the files in src/locales); the chosen one is kept in
 * localStorage under umi's key 'umi_locale', so it survives a reload.
 */
export const UMI_LOCALE_KEY = 'umi_locale';

export const LOCALES = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type UmiLocale = (typeof LOCALES)[number];
export type SpecLang = 'en' | 'zh-Hans' | 'zh-Hant';

export const FALLBACK_LOCALE: UmiLocale = 'en-US';

const SPEC_LANG: Record<UmiLocale, SpecLang> = { 'en-US': 'en', 'zh-CN': 'zh-Hans', 'zh-TW': 'zh-Hant' };

/** the name each language goes by in the switch, written in that language */
export const LOCALE_LABEL: Record<UmiLocale, string> = { 'zh-CN': '简体中文', 'zh-TW': '繁體中文', 'en-US': 'English' };

/** any language tag (en, en-GB, zh-Hans, zh-Hant-TW, zh_TW, zh-HK, ...) -> a supported locale, or null */
export function normalizeLocale(tag: string | null | undefined): UmiLocale | null {
  if (!tag) return null;
  const t = tag.trim().replace(/_/g, '-').toLowerCase();
  if (!t) return null;
  if (t.startsWith('zh')) {
    if (/^zh-(hant|tw|hk|mo)\b/.test(t)) return 'zh-TW';
    return 'zh-CN';
  }
  if (t === 'en' || t.startsWith('en-')) return 'en-US';
  return null;
}

/** the stored choice, else the browser's language, else the fallback (en) */
export function resolveLocale(stored: string | null | undefined, browser: readonly string[] = []): UmiLocale {
  const fromStore = normalizeLocale(stored);
  if (fromStore) return fromStore;
  for (const tag of browser) {
    const l = normalizeLocale(tag);
    if (l) return l;
  }
  return FALLBACK_LOCALE;
}

/** the Accept-Language value sent to the server: en, zh-Hans or zh-Hant */
export function specLang(locale: string | null | undefined): SpecLang {
  return SPEC_LANG[normalizeLocale(locale) ?? FALLBACK_LOCALE];
}

export function browserLocale(): UmiLocale {
  let stored: string | null = null;
  try {
    stored = typeof localStorage !== 'undefined' ? localStorage.getItem(UMI_LOCALE_KEY) : null;
  } catch {
    stored = null;
  }
  const langs = typeof navigator !== 'undefined' ? (navigator.languages?.length ? navigator.languages : [navigator.language]) : [];
  return resolveLocale(stored, langs.filter(Boolean));
}
