/**
 * Every visible string is a key present in all three catalogues (locales/*.json, shared with
 * the server). Fails when a key the console uses is missing from any catalogue, when the
 * catalogues differ in keys, or when a message would not format.
 */
import fs from 'fs';
import IntlMessageFormat from 'intl-messageformat';
import path from 'path';
import { routes } from '../../config/routes';
import { BUILT_IN_MENUS } from '../../shared/built-in';
import { BUILT_IN_KEYS } from '../../shared/built-in-names';
import { ERROR_KINDS } from '@/shared/error-log';
import { THEMES } from '@/shared/theme';

const root = path.resolve(__dirname, '../..');
const catalogues: Record<string, Record<string, string>> = Object.fromEntries(
  ['en-US', 'zh-CN', 'zh-TW'].map((l) => [l, JSON.parse(fs.readFileSync(path.join(root, 'locales', `${l}.json`), 'utf8'))]),
);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name.startsWith('.umi') ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(e.name) ? [full] : [];
  });
}

const NAMESPACES = [
  'app',
  'route',
  'common',
  'request',
  'auth',
  'nav',
  'locale',
  'theme',
  'login',
  'register',
  'forbidden',
  'notFound',
  'home',
  'admin',
  'userLog',
  'menu',
  'error',
  'field',
  'account',
  'errorLog',
  'builtin',
];
const KEY_LITERAL = new RegExp(`['"\`]((?:${NAMESPACES.join('|')})\\.[A-Za-z0-9_.-]*[A-Za-z0-9_])['"\`]`, 'g');

/** keys written as literals in src/, plus the ones built from lists */
function usedKeys(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of sourceFiles(path.join(root, 'src'))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(KEY_LITERAL)) used.set(m[1], path.relative(root, file));
  }
  for (const r of routes) if (r.title) used.set(r.title, 'config/routes.ts');
  for (const m of BUILT_IN_MENUS) used.set(m.name, 'shared/built-in.ts (built-in menus)');
  for (const k of BUILT_IN_KEYS) used.set(k, 'shared/built-in-names.ts');
  for (const name of THEMES) used.set(`theme.${name}`, 'src/components/ThemeSwitch.tsx');
  for (const kind of ERROR_KINDS) used.set(`errorLog.kind.${kind}`, 'src/components/ErrorLog.tsx');
  // register-admin shows the shared checks' codes as error.<CODE>
  for (const code of ['USERNAME_INVALID', 'NICKNAME_INVALID', 'PASSWORD_INVALID', 'PASSWORD_WEAK', 'PASSWORD_MISMATCH']) {
    used.set(`error.${code}`, 'shared/validation.ts');
  }
  return used;
}

describe('translation catalogues', () => {
  test('the scan finds the keys the console uses', () => {
    const used = usedKeys();
    expect(used.size).toBeGreaterThan(100);
    expect(used.has('auth.loginExpired')).toBe(true);
    expect(used.has('route.home')).toBe(true);
  });

  test.each(Object.keys(catalogues))('every key the console uses is in %s', (locale) => {
    const missing = [...usedKeys()].filter(([key]) => !(key in catalogues[locale])).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  test('the three catalogues have the same keys, none empty', () => {
    const keys = (l: string) => Object.keys(catalogues[l]).sort();
    expect(keys('zh-CN')).toEqual(keys('en-US'));
    expect(keys('zh-TW')).toEqual(keys('en-US'));
    for (const [locale, messages] of Object.entries(catalogues)) {
      const empty = Object.entries(messages)
        .filter(([, v]) => typeof v !== 'string' || !v.trim())
        .map(([k]) => `${locale}:${k}`);
      expect(empty).toEqual([]);
    }
  });

  test('every message formats, with the same placeholders in each language', () => {
    const placeholders = (msg: string) => [...msg.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();
    const problems: string[] = [];
    for (const [key, en] of Object.entries(catalogues['en-US'])) {
      for (const locale of ['en-US', 'zh-CN', 'zh-TW']) {
        const msg = catalogues[locale][key];
        if (msg === undefined) continue;
        try {
          new IntlMessageFormat(msg, locale);
        } catch (e) {
          problems.push(`${locale}:${key}: ${(e as Error).message}`);
        }
        if (placeholders(msg).join() !== placeholders(en).join()) problems.push(`${locale}:${key}: placeholders differ from en-US`);
      }
    }
    expect(problems).toEqual([]);
  });

  test('the spec texts are the English catalogue entries', () => {
    const en = catalogues['en-US'];
    expect(en['auth.loginExpired']).toBe('not logged in or login expired, jumping to the login page');
    expect(en['auth.loginSucceeded']).toBe('Login succeeded');
    expect(en['request.failed']).toBe('request service failed');
    expect(en['common.notice']).toBe('notice');
    expect(en['route.home']).toBe('console home');
    expect(new IntlMessageFormat(en['request.timeout'], 'en').format({ seconds: 60 })).toBe('request not completed within 60 s, interrupted');
    expect(en['error.NETWORK_ERROR']).toBe('network request error');
  });
});
