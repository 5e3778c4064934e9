/**
 * The AI model pages' texts: every ai.* key they use is in all three catalogues (locales/ai/*.json,
 * loaded with the pages), with the same placeholders in each language and none left unused; the
 * route titles are in the main catalogues.
 */
import fs from 'fs';
import IntlMessageFormat from 'intl-messageformat';
import path from 'path';
import { routes } from '../../config/routes';
import { AI_KINDS, AI_PRESETS, AI_PROTOCOLS } from '../../shared/ai-models';
import { AI_MESSAGES } from '@/pages/ai-model/i18n';

const root = path.resolve(__dirname, '../..');
const LOCALES = ['en-US', 'zh-CN', 'zh-TW'];
const main: Record<string, Record<string, string>> = Object.fromEntries(
  LOCALES.map((l) => [l, JSON.parse(fs.readFileSync(path.join(root, 'locales', `${l}.json`), 'utf8'))]),
);
const DIR = path.join(root, 'src/pages/ai-model');
const SOURCES = fs.readdirSync(DIR).filter((f) => /\.tsx?$/.test(f)).map((f) => path.join(DIR, f));

/** keys written as literals, plus the ones the pages build from lists */
function usedKeys(): Set<string> {
  const used = new Set<string>();
  for (const f of SOURCES) for (const m of fs.readFileSync(f, 'utf8').matchAll(/['"`](ai\.[A-Za-z0-9_.-]*[A-Za-z0-9_])['"`]/g)) used.add(m[1]);
  for (const f of ['name', 'kind', 'protocol', 'baseUrl', 'apiKey', 'providerModel', 'contextWindow', 'maxOutputTokens', 'inputPrice', 'outputPrice', 'enabled', 'roles', 'sort', 'comment']) {
    used.add(`ai.field.${f}`);
  }
  for (const k of AI_KINDS) used.add(`ai.kind.${k}`);
  for (const p of AI_PROTOCOLS) used.add(`ai.protocol.${p}`).add(`ai.protocol.short.${p}`);
  for (const p of AI_PRESETS) used.add(`ai.preset.${p.key}`);
  return used;
}

describe('AI model catalogues', () => {
  test('the scan finds the keys', () => {
    expect(usedKeys().size).toBeGreaterThan(50);
  });

  test.each(LOCALES)('every ai key used is in locales/ai/%s.json', (locale) => {
    expect([...usedKeys()].filter((k) => !(k in AI_MESSAGES[locale]))).toEqual([]);
  });

  test('the three catalogues have the same keys, none empty, none left unused', () => {
    const keys = (l: string) => Object.keys(AI_MESSAGES[l]).sort();
    expect(keys('zh-CN')).toEqual(keys('en-US'));
    expect(keys('zh-TW')).toEqual(keys('en-US'));
    for (const l of LOCALES) expect(Object.entries(AI_MESSAGES[l]).filter(([, v]) => !v.trim())).toEqual([]);
    const used = usedKeys();
    expect(keys('en-US').filter((k) => !used.has(k))).toEqual([]);
  });

  test('every message formats, with the same placeholders in each language', () => {
    const placeholders = (msg: string) => [...msg.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort().join();
    const problems: string[] = [];
    for (const [key, en] of Object.entries(AI_MESSAGES['en-US'])) {
      for (const l of LOCALES) {
        const msg = AI_MESSAGES[l][key];
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

  test('the model pages have their titles in the main catalogues, and no ai.* key is left there', () => {
    const titles = routes.filter((r) => r.path.startsWith('/pages/ai-model/')).map((r) => r.title!);
    expect(titles).toEqual(['route.aiModel.list', 'route.aiModel.add', 'route.aiModel.edit']);
    for (const l of LOCALES) {
      expect(titles.filter((k) => !(k in main[l]))).toEqual([]);
      expect(Object.keys(main[l]).filter((k) => k.startsWith('ai.'))).toEqual([]);
    }
  });
});
