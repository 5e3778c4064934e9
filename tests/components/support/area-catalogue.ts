/**
 * The checks every area catalogue (locales/<area>/*.json) passes: every key its sources use is
 * in all three languages, the three have the same keys, none empty and none unused, every message
 * formats with the same placeholders in each language, and the area's keys are not in the main
 * catalogues (they would load with the login page).
 */
import fs from 'fs';
import IntlMessageFormat from 'intl-messageformat';
import path from 'path';

export const ROOT = path.resolve(__dirname, '../../..');
export const LOCALES = ['en-US', 'zh-CN', 'zh-TW'];

/** the main catalogues (locales/<locale>.json) */
export const MAIN: Record<string, Record<string, string>> = Object.fromEntries(
  LOCALES.map((l) => [l, JSON.parse(fs.readFileSync(path.join(ROOT, 'locales', `${l}.json`), 'utf8'))]),
);

/** every .ts/.tsx file under these folders (relative to the repository) */
export function sourcesIn(...dirs: string[]): string[] {
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
  return dirs.flatMap((d) => walk(path.join(ROOT, d)));
}

export interface AreaCatalogue {
  /** the test block's name */
  name: string;
  /** the keys' prefix, e.g. 'chat' for chat.* */
  prefix: string;
  messages: Record<string, Record<string, string>>;
  sources: string[];
  /** keys the sources build from lists rather than write as literals */
  built?: () => Iterable<string>;
  /** the scan must find more keys than this (proves it reads the sources) */
  atLeast: number;
  /** values to format the messages with (plural and number arguments need them) */
  values?: Record<string, string | number>;
}

/** keys written as literals in the sources, plus the built ones */
export function usedKeys(area: AreaCatalogue): Set<string> {
  const used = new Set<string>(area.built?.() ?? []);
  const pattern = new RegExp(`['"\`](${area.prefix}\\.[A-Za-z0-9_.-]*[A-Za-z0-9_])['"\`]`, 'g');
  for (const f of area.sources) for (const m of fs.readFileSync(f, 'utf8').matchAll(pattern)) used.add(m[1]);
  return used;
}

export function describeAreaCatalogue(area: AreaCatalogue, more?: () => void) {
  const { messages } = area;
  describe(area.name, () => {
    test('the scan finds the keys', () => {
      expect(usedKeys(area).size).toBeGreaterThan(area.atLeast);
    });

    test.each(LOCALES)(`every ${area.prefix} key used is in the %s catalogue`, (locale) => {
      expect([...usedKeys(area)].filter((k) => !(k in messages[locale]))).toEqual([]);
    });

    test('the three catalogues have the same keys, none empty, none left unused', () => {
      const keys = (l: string) => Object.keys(messages[l]).sort();
      expect(keys('zh-CN')).toEqual(keys('en-US'));
      expect(keys('zh-TW')).toEqual(keys('en-US'));
      for (const l of LOCALES) expect(Object.entries(messages[l]).filter(([, v]) => !v.trim())).toEqual([]);
      const used = usedKeys(area);
      expect(keys('en-US').filter((k) => !used.has(k))).toEqual([]);
    });

    test('every message formats, with the same placeholders in each language', () => {
      // an argument is a name closed by '}' or ',' (a plural branch's words, '{no minimum}', are not)
      const placeholders = (msg: string) => [...new Set([...msg.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]))].sort().join();
      const problems: string[] = [];
      for (const [key, en] of Object.entries(messages['en-US'])) {
        for (const l of LOCALES) {
          const msg = messages[l][key];
          try {
            const f = new IntlMessageFormat(msg, l);
            if (area.values) f.format(area.values);
          } catch (e) {
            problems.push(`${l}:${key}: ${(e as Error).message}`);
          }
          if (placeholders(msg) !== placeholders(en)) problems.push(`${l}:${key}: placeholders differ`);
        }
      }
      expect(problems).toEqual([]);
    });

    test(`no ${area.prefix}.* key is in the main catalogues`, () => {
      for (const l of LOCALES) expect(Object.keys(MAIN[l]).filter((k) => k.startsWith(`${area.prefix}.`))).toEqual([]);
    });

    more?.();
  });
}
