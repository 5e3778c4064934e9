/**
 * The admin pages' texts: every system.* key the pages and building blocks use is in all three
 * admin catalogues (locales/system/*.json, loaded with the admin pages), with the same
 * placeholders in each language; every route.system.* title is in the main catalogues.
 */
import fs from 'fs';
import IntlMessageFormat from 'intl-messageformat';
import path from 'path';
import { routes } from '../../config/routes';
import { SYSTEM_MESSAGES } from '@/components/admin/i18n';

const root = path.resolve(__dirname, '../..');
const LOCALES = ['en-US', 'zh-CN', 'zh-TW'];
const main: Record<string, Record<string, string>> = Object.fromEntries(
  LOCALES.map((l) => [l, JSON.parse(fs.readFileSync(path.join(root, 'locales', `${l}.json`), 'utf8'))]),
);

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
}
const SOURCES = [...files(path.join(root, 'src/pages/system')), ...files(path.join(root, 'src/components/admin'))];

/** keys written as literals, plus the ones the pages build from lists */
function usedKeys(): Set<string> {
  const used = new Set<string>();
  for (const f of SOURCES) for (const m of fs.readFileSync(f, 'utf8').matchAll(/['"`](system\.[A-Za-z0-9_.-]*[A-Za-z0-9_])['"`]/g)) used.add(m[1]);
  for (const s of [0, 1, 2, 3, 4]) used.add(`system.user.status.${s}`);
  for (const v of [0, 1]) used.add(`system.app.type.${v}`);
  for (const th of ['Outlined', 'Filled', 'TwoTone']) used.add(`system.icon.theme.${th}`);
  for (const p of ['app_android', 'app_ios', 'app_harmony', 'h5', 'mp_weixin', 'mp_alipay', 'mp_baidu', 'mp_toutiao', 'mp_qq', 'mp_kuaishou', 'mp_lark', 'mp_jd', 'mp_dingtalk', 'quickapp']) {
    used.add(`system.app.platform.${p}`);
  }
  return used;
}

describe('admin catalogues', () => {
  test('the scan finds the keys', () => {
    expect(usedKeys().size).toBeGreaterThan(150);
  });

  test.each(LOCALES)('every system key used is in locales/system/%s.json', (locale) => {
    expect([...usedKeys()].filter((k) => !(k in SYSTEM_MESSAGES[locale]))).toEqual([]);
  });

  test('the three admin catalogues have the same keys, none empty, none left unused', () => {
    const keys = (l: string) => Object.keys(SYSTEM_MESSAGES[l]).sort();
    expect(keys('zh-CN')).toEqual(keys('en-US'));
    expect(keys('zh-TW')).toEqual(keys('en-US'));
    for (const l of LOCALES) expect(Object.entries(SYSTEM_MESSAGES[l]).filter(([, v]) => !v.trim())).toEqual([]);
    const used = usedKeys();
    expect(keys('en-US').filter((k) => !used.has(k))).toEqual([]);
  });

  test('every message formats, with the same placeholders in each language', () => {
    const placeholders = (msg: string) => [...msg.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort().join();
    const problems: string[] = [];
    for (const [key, en] of Object.entries(SYSTEM_MESSAGES['en-US'])) {
      for (const l of LOCALES) {
        const msg = SYSTEM_MESSAGES[l][key];
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

  test('the system routes have their titles in the main catalogues, and no system.* key is left there', () => {
    const titles = routes.filter((r) => r.path.startsWith('/pages/system/')).map((r) => r.title!);
    expect(titles).toHaveLength(19);
    for (const l of LOCALES) {
      expect(titles.filter((k) => !(k in main[l]))).toEqual([]);
      expect(Object.keys(main[l]).filter((k) => k.startsWith('system.'))).toEqual([]);
    }
  });
});
