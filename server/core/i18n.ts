/**
 * Message lookup for the server, over the same catalogues the console uses (locales/*.json), the
 * field names only the server shows (locales/fields: in error messages and export headers) and the
 * messages of error codes the console never words itself (locales/errors: it shows the server's).
 * Spec: admin UI locales en, zh-Hans, zh-Hant; fallback en.
 */
import en from '../../locales/en-US.json';
import enErrors from '../../locales/errors/en-US.json';
import enFields from '../../locales/fields/en-US.json';
import zhHansFields from '../../locales/fields/zh-CN.json';
import zhHantFields from '../../locales/fields/zh-TW.json';
import zhHans from '../../locales/zh-CN.json';
import zhHansErrors from '../../locales/errors/zh-CN.json';
import zhHant from '../../locales/zh-TW.json';
import zhHantErrors from '../../locales/errors/zh-TW.json';

export type Lang = 'en' | 'zh-Hans' | 'zh-Hant';

const catalogues: Record<Lang, Record<string, string>> = {
  en: { ...en, ...enFields, ...enErrors },
  'zh-Hans': { ...zhHans, ...zhHansFields, ...zhHansErrors },
  'zh-Hant': { ...zhHant, ...zhHantFields, ...zhHantErrors },
};

/** Picks the first supported language of an Accept-Language header (q-ordered), else en. */
export function pickLang(header: string | undefined): Lang {
  if (!header) return 'en';
  const tags = header
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1, i };
    })
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of tags) {
    if (tag === 'zh-hant' || tag.startsWith('zh-hant') || tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-mo') return 'zh-Hant';
    if (tag.startsWith('zh')) return 'zh-Hans';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

export function t(lang: Lang, key: string, params?: Record<string, string | number>): string {
  const text = catalogues[lang][key] ?? catalogues.en[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, k) => (params[k] !== undefined ? String(params[k]) : m));
}
