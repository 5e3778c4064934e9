/**
 * The credits area's texts: every credits.* key the pages and components use (home card,
 * history, adjustment, usage log, reconciliation) is in all three credits catalogues
 * (locales/credits/*.json), none is left unused, and each formats with the same placeholders.
 */
import fs from 'fs';
import IntlMessageFormat from 'intl-messageformat';
import path from 'path';
import { CREDITS_MESSAGES } from '@/components/credits/i18n';
import { LEDGER_KINDS, USAGE_STATUSES } from '@/services/credits';

const root = path.resolve(__dirname, '../..');
const LOCALES = ['en-US', 'zh-CN', 'zh-TW'];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
}
const SOURCES = [
  ...files(path.join(root, 'src/components/credits')),
  ...files(path.join(root, 'src/pages/ai-usage')),
  ...files(path.join(root, 'src/pages/index')),
  ...files(path.join(root, 'src/pages/admin-index')),
  ...files(path.join(root, 'src/pages/system/user')),
];

/** keys written as literals, plus the ones built from the server's values */
function usedKeys(): Set<string> {
  const used = new Set<string>();
  for (const f of SOURCES) for (const m of fs.readFileSync(f, 'utf8').matchAll(/['"`](credits\.[A-Za-z0-9_.-]*[A-Za-z0-9_])['"`]/g)) used.add(m[1]);
  for (const k of LEDGER_KINDS) {
    used.add(`credits.kind.${k}`);
    used.add(`credits.kindHint.${k}`);
  }
  for (const r of ['register', 'chat', 'admin', 'opening']) used.add(`credits.ref.${r}`);
  for (const s of USAGE_STATUSES) used.add(`credits.usage.status.${s}`);
  for (const s of ['provider', 'local']) used.add(`credits.usage.source.${s}`);
  return used;
}

describe('credits catalogues', () => {
  test('the scan finds the keys', () => {
    expect(usedKeys().size).toBeGreaterThan(60);
    expect(usedKeys().has('credits.adjust.title')).toBe(true);
  });

  test.each(LOCALES)('every credits key used is in locales/credits/%s.json', (locale) => {
    expect([...usedKeys()].filter((k) => !(k in CREDITS_MESSAGES[locale]))).toEqual([]);
  });

  test('the three catalogues have the same keys, none empty, none left unused', () => {
    const keys = (l: string) => Object.keys(CREDITS_MESSAGES[l]).sort();
    expect(keys('zh-CN')).toEqual(keys('en-US'));
    expect(keys('zh-TW')).toEqual(keys('en-US'));
    for (const l of LOCALES) expect(Object.entries(CREDITS_MESSAGES[l]).filter(([, v]) => !v.trim())).toEqual([]);
    const used = usedKeys();
    expect(keys('en-US').filter((k) => !used.has(k))).toEqual([]);
  });

  test('every message formats, with the same placeholders in each language', () => {
    const placeholders = (msg: string) => [...msg.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort().join();
    const problems: string[] = [];
    for (const [key, en] of Object.entries(CREDITS_MESSAGES['en-US'])) {
      for (const l of LOCALES) {
        const msg = CREDITS_MESSAGES[l][key];
        try {
          new IntlMessageFormat(msg, l);
        } catch (e) {
          problems.push(`${l}:${key}: ${(e as Error).message}`);
        }
        if (placeholders(msg) !== placeholders(en)) problems.push(`${l}:${key}: placeholders differ`);
      }
    }
    expect(problems).toEqual([]);
  });

  test('the credits keys live only in their area catalogues', () => {
    for (const l of LOCALES) {
      const main = JSON.parse(fs.readFileSync(path.join(root, 'locales', `${l}.json`), 'utf8')) as Record<string, string>;
      expect(Object.keys(main).filter((k) => k.startsWith('credits.'))).toEqual([]);
    }
  });
});
