/**
 * The chat area's texts: every chat.* key the chat page and the markdown renderer use is in all
 * three chat catalogues (locales/chat/*.json), with the same placeholders in each language and
 * none left unused; the route title and the answer failure codes are in the main catalogues.
 */
import fs from 'fs';
import IntlMessageFormat from 'intl-messageformat';
import path from 'path';
import { routes } from '../../config/routes';
import { CHAT_MESSAGES } from '@/components/markdown/messages';

const root = path.resolve(__dirname, '../..');
const LOCALES = ['en-US', 'zh-CN', 'zh-TW'];
const main: Record<string, Record<string, string>> = Object.fromEntries(
  LOCALES.map((l) => [l, JSON.parse(fs.readFileSync(path.join(root, 'locales', `${l}.json`), 'utf8'))]),
);

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
}
const SOURCES = [...files(path.join(root, 'src/pages/assistant/chat')), ...files(path.join(root, 'src/components/markdown'))];

function usedKeys(): Set<string> {
  const used = new Set<string>();
  for (const f of SOURCES) for (const m of fs.readFileSync(f, 'utf8').matchAll(/['"`](chat\.[A-Za-z0-9_.-]*[A-Za-z0-9_])['"`]/g)) used.add(m[1]);
  return used;
}

describe('chat catalogues', () => {
  test('the scan finds the keys', () => {
    expect(usedKeys().size).toBeGreaterThan(40);
  });

  test.each(LOCALES)('every chat key used is in locales/chat/%s.json', (locale) => {
    expect([...usedKeys()].filter((k) => !(k in CHAT_MESSAGES[locale]))).toEqual([]);
  });

  test('the three chat catalogues have the same keys, none empty, none unused', () => {
    const keys = (l: string) => Object.keys(CHAT_MESSAGES[l]).sort();
    expect(keys('zh-CN')).toEqual(keys('en-US'));
    expect(keys('zh-TW')).toEqual(keys('en-US'));
    for (const l of LOCALES) expect(Object.entries(CHAT_MESSAGES[l]).filter(([, v]) => !v.trim())).toEqual([]);
    const used = usedKeys();
    expect(keys('en-US').filter((k) => !used.has(k))).toEqual([]);
  });

  test('every message formats, with the same placeholders in each language', () => {
    const placeholders = (msg: string) => [...new Set([...msg.matchAll(/\{(\w+)/g)].map((m) => m[1]))].sort().join();
    const problems: string[] = [];
    for (const [key, en] of Object.entries(CHAT_MESSAGES['en-US'])) {
      for (const l of LOCALES) {
        const msg = CHAT_MESSAGES[l][key];
        try {
          new IntlMessageFormat(msg, l).format({ count: 2, balance: 1, input: 1, output: 1, credits: 1, ms: 1, seconds: 1 });
        } catch (e) {
          problems.push(`${l}:${key}: ${(e as Error).message}`);
        }
        if (placeholders(msg) !== placeholders(en)) problems.push(`${l}:${key}: placeholders differ`);
      }
    }
    expect(problems).toEqual([]);
  });

  test('the chat route title and the failure codes an answer can carry are in the main catalogues', () => {
    const title = routes.find((r) => r.path === '/pages/assistant/chat/chat')?.title;
    expect(title).toBe('route.assistant.chat');
    for (const l of LOCALES) {
      for (const k of [title!, 'error.AI_PROVIDER_ERROR', 'error.AI_TIMEOUT', 'error.AI_RATE_LIMITED']) expect(main[l][k]).toBeTruthy();
      expect(Object.keys(main[l]).filter((k) => k.startsWith('chat.'))).toEqual([]);
    }
  });
});
