/**
 * Text from users is cut, counted, matched and highlighted by character: 𠮷, 😀 and 𝕏 are never
 * split into half a surrogate pair, lone surrogates neither crash nor loop, combining marks stay
 * with their letter, limits count characters, and no text makes a request run for ever (searching
 * for 𠮷 once froze the whole server).
 */
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
import { markRanges, segments, snippetOf, termPattern } from '../../shared/search-snippet';
import { indexText, queryTerms } from '../../shared/search-text';
import { around, cutText, cutUnits, firstChar, lastChars, nextIndex, textLength, wellFormed } from '../../shared/text';
import { parseSubtasks } from '../../shared/todo-breakdown';
import { checkCloudPath, checkNickname } from '../../shared/validation';
import { XlsxStream } from '../../server/core/xlsx';
import { maskKey } from '../../server/modules/ai-models/service';
import { loadTokenizer, tokensOf } from '../../server/modules/chat/context';
import { providerFailure } from '../../server/modules/chat/reader';
import { plainText, snippetOf as docSnippetOf } from '../../server/modules/docs/service';
import { checkEnvelope, checkRecord, errHash } from '../../server/modules/stats/receiver-check';
import { parseStack } from '../../server/modules/stats/store/errors';
import { call, registerAdmin } from '../support/accounts';
import { addModel, ask, chatUser, newConversation, parseSse } from '../support/chat';
import type { Standin } from '../support/llm-standin';
import { startOpenAiStandin } from '../support/openai-standin';
import { createTestApp } from '../support/test-app';

// The tokenizer's time grows with the square of a run without spaces (100,000 emoji: minutes). A
// stand-in around it refuses such a run, so a caller handing it one fails here at once.
jest.mock('gpt-tokenizer', () => {
  const real = jest.requireActual('gpt-tokenizer');
  return {
    ...real,
    countTokens: (text: string) => {
      if (/\S{1025,}|\s{1025,}/u.test(text)) throw new Error('the tokenizer was handed a run of more than 1,024 characters');
      return real.countTokens(text);
    },
  };
});

/** lets jest's timeout see a call that held the event loop past it (a synchronous test would pass late) */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const ASTRAL = '𠮷😀𝕏';
const LONE = ['\ud800', '\udc00', 'a\ud800b', '\udc00\ud800'];
const HUGE = 100_000;

/** no lone surrogate: every high half followed by a low half and every low half preceded by a high one */
const isWellFormed = (s: string) => !/\p{Cs}/u.test(s);
/** i does not fall between the halves of a surrogate pair */
const onBoundary = (s: string, i: number) => i <= 0 || i >= s.length || !(/[\ud800-\udbff]/.test(s[i - 1]) && /[\udc00-\udfff]/.test(s[i]));

/**
 * Runs `f` with every regular-expression search counted: a loop that searches for ever fails
 * here after `budget` searches instead of hanging the test run (in the server it held the event
 * loop, so every other request waited with it). Past the budget, one search throws and the count
 * stops, so the server's own error path still answers.
 */
async function withinSearches<T>(f: () => T | Promise<T>, budget = 3_000_000): Promise<T> {
  const exec = RegExp.prototype.exec;
  let n = 0;
  let spun = false;
  RegExp.prototype.exec = function (this: RegExp, s: string) {
    if (++n > budget) {
      RegExp.prototype.exec = exec;
      spun = true;
      throw new Error(`more than ${budget} regular-expression searches: a loop that does not end`);
    }
    return exec.call(this, s);
  };
  try {
    const out = await f();
    if (spun) throw new Error(`more than ${budget} regular-expression searches: a loop that does not end`);
    return out;
  } finally {
    RegExp.prototype.exec = exec;
  }
}

describe('the shared text helpers', () => {
  test('count characters: a surrogate pair is one, a lone surrogate one, a combining mark or RTL mark one of its own', () => {
    expect(textLength(ASTRAL)).toBe(3);
    expect(LONE.map(textLength)).toEqual([1, 1, 3, 2]);
    expect(textLength('e\u0301')).toBe(2);
    expect(textLength('\u200fשלום')).toBe(5);
    expect(textLength('😀'.repeat(HUGE))).toBe(HUGE);
    expect(textLength('\ud800'.repeat(HUGE))).toBe(HUGE);
  });

  test('cut to N characters without half a pair or a letter torn from its marks, lone surrogates as U+FFFD', () => {
    const mixed = `a${ASTRAL}e\u0301\u200f\ud800z\udc00`;
    for (let n = 0; n <= mixed.length + 1; n++) {
      const cut = cutText(mixed, n);
      expect(isWellFormed(cut)).toBe(true);
      expect(textLength(cut)).toBeLessThanOrEqual(n);
      expect(mixed.replace(/\p{Cs}/gu, '\ufffd').startsWith(cut)).toBe(true);
    }
    expect(cutText(ASTRAL, 2)).toBe('𠮷😀');
    expect(cutText('cafe\u0301', 4)).toBe('caf');
    expect(cutText('cafe\u0301', 5)).toBe('cafe\u0301');
    expect(cutText('👩\u200d💻 dev', 2)).toBe('');
    expect(cutText('\u200fשלום', 3)).toBe('\u200fשל');
    expect(cutText('\ud800abc', 2)).toBe('\ufffda');
    expect(cutText('😀'.repeat(HUGE), 40)).toBe('😀'.repeat(40));
    // a run of marks longer than any real character is cut where it falls, not dropped whole
    expect(cutText(`x${'\u0301'.repeat(HUGE)}`, 20)).toBe(`x${'\u0301'.repeat(19)}`);
  });

  test('cut to N UTF-16 units (a spreadsheet cell), never ending in half a pair', () => {
    expect(cutUnits(`${'a'.repeat(4)}😀`, 5)).toBe('aaaa');
    expect(cutUnits(`${'a'.repeat(3)}😀`, 5)).toBe('aaa😀');
    expect(cutUnits('a\ud800', 5)).toBe('a\ufffd');
  });

  test('last characters, first character and well-formed text', () => {
    expect(lastChars('ab😀𝕏', 2)).toBe('😀𝕏');
    expect(lastChars('\udc00', 4)).toBe('\ufffd');
    expect(firstChar('𠮷野家')).toBe('𠮷');
    expect(firstChar('  e\u0301cole')).toBe('e\u0301');
    expect(firstChar('👍🏽 ok')).toBe('👍🏽');
    expect(firstChar('👩\u200d💻 dev')).toBe('👩\u200d💻');
    expect(firstChar('\udc00x')).toBe('\ufffd');
    expect(firstChar('\u200fא')).toBe('\u200f');
    expect(firstChar('   ')).toBe('');
    expect(wellFormed(`😀${LONE.join('|')}`)).toBe('😀\ufffd|\ufffd|a\ufffdb|\ufffd\ufffd');
  });

  test('stepping always moves forward, over a whole pair, and windows start and end on whole characters', () => {
    const s = `😀\ud800\udc00x${'\udc00'.repeat(3)}`;
    const stops: number[] = [];
    for (let i = 0; i < s.length; i = nextIndex(s, i)) stops.push(i);
    expect(stops).toEqual([0, 2, 4, 5, 6, 7]);
    expect(around('xe\u0301y', 2, 0, 2)).toEqual([1, 3]);
    const text = `${'😀'.repeat(HUGE)}𠮷${'𝕏'.repeat(HUGE)}`;
    const [start, end] = around(text, 2 * HUGE, 50, 200);
    expect(onBoundary(text, start) && onBoundary(text, end)).toBe(true);
    expect(textLength(text.slice(start, end))).toBe(200);
    expect(text.slice(start, end)).toContain('𠮷');
  });
});

describe('search snippets and highlights', () => {
  test('a query of an astral character is highlighted on whole characters (this search once never ended)', async () => {
    const text = `名字${ASTRAL}野家𠮷 e\u0301cole`;
    const marks = await withinSearches(() => markRanges(text, termPattern('𠮷')));
    expect(marks.map(([s, e]) => text.slice(s, e))).toEqual(['𠮷', '𠮷']);
    const several = await withinSearches(() => markRanges(text, termPattern(`${ASTRAL}😀𝕏`)));
    expect(several.map(([s, e]) => text.slice(s, e))).toEqual(['𠮷', '𝕏', '𠮷']);
    for (const [s, e] of [...marks, ...several]) expect(onBoundary(text, s) && onBoundary(text, e)).toBe(true);
  });

  test('long astral text, lone surrogates, RTL and combining marks: ranges end, merge and stay on whole characters', async () => {
    const long = '𠮷'.repeat(HUGE);
    expect(await withinSearches(() => markRanges(long, termPattern('𠮷')))).toEqual([[0, long.length]]);
    const lone = `\ud800𠮷\udc00${'\ud800'.repeat(HUGE)}𠮷`;
    const marks = await withinSearches(() => markRanges(lone, termPattern('𠮷')));
    expect(marks.map(([s, e]) => lone.slice(s, e))).toEqual(['𠮷', '𠮷']);
    const rtl = '\u200fשלום עולם\u200f';
    expect(markRanges(rtl, termPattern('עולם')).map(([s, e]) => rtl.slice(s, e))).toEqual(['עולם']);
    // a mark that follows the matched letters is highlighted with them
    const accented = 'la cafe\u0301 et le cafe';
    expect(markRanges(accented, termPattern('cafe')).map(([s, e]) => accented.slice(s, e))).toEqual(['cafe\u0301', 'cafe']);
    // CJK pairs still overlap and merge
    expect(markRanges('中文搜索的测试', termPattern('中文搜索')).map(([s, e]) => '中文搜索的测试'.slice(s, e))).toEqual(['中文搜索']);
  });

  test('Han characters outside the BMP are indexed and queried like other Chinese: alone and in pairs', () => {
    const indexed = indexText('我叫𠮷𠮷野家').split(/\s+/).filter(Boolean);
    expect(indexed).toEqual(expect.arrayContaining(['𠮷', '我叫', '叫𠮷', '𠮷𠮷', '𠮷野']));
    expect(queryTerms('𠮷野')).toEqual(['𠮷野']);
  });

  test('a query with combining marks keeps them in its words', () => {
    expect(queryTerms('e\u0301cole')).toEqual(['e\u0301cole']);
    expect(queryTerms('हिन्दी भाषा')).toEqual(['हिन्दी', 'भाषा']);
    expect(queryTerms(`\ud800 x ${ASTRAL}`)).toEqual(['x', '𠮷', '𝕏']);
  });

  test('a snippet around a match deep in astral text starts and ends on whole characters, its marks too', async () => {
    const body = `${'😀'.repeat(HUGE)} 我叫𠮷野家 ${'𝕏'.repeat(HUGE)}\ud800`;
    const { text, marks } = await withinSearches(() => snippetOf(body, termPattern('𠮷'), 200));
    expect(isWellFormed(text)).toBe(true);
    expect(text.startsWith('…') && text.endsWith('…')).toBe(true);
    expect(textLength(text)).toBe(202);
    expect(marks.map(([s, e]) => text.slice(s, e))).toEqual(['𠮷']);
    const odd = snippetOf(`x${'😀'.repeat(500)}needle`, termPattern('needle'), 21);
    expect(isWellFormed(odd.text)).toBe(true);
    expect(odd.marks.map(([s, e]) => odd.text.slice(s, e))).toEqual(['needle']);
  });

  test('ranges that split a pair are drawn as whole characters, never as lone halves', () => {
    const text = `a😀b${ASTRAL}`;
    const pieces = segments(text, [
      [2, 3],
      [5, 8],
    ]);
    expect(pieces.map((p) => p.text).join('')).toBe(text);
    for (const p of pieces) expect(isWellFormed(p.text)).toBe(true);
    expect(pieces.filter((p) => p.mark).map((p) => p.text)).toEqual(['😀', '𠮷😀']);
    expect(
      segments('x', [
        [5, 9],
        [-3, 0],
      ])
        .map((p) => p.text)
        .join(''),
    ).toBe('x');
  });

  test('help-document snippets: found in the text itself, on whole characters', async () => {
    // 'İ' lower-cases to two units: an offset found in a lower-cased copy pointed past the match
    expect(docSnippetOf(`${'İ'.repeat(300)} the needle ${'x'.repeat(300)}`, ['needle'])).toContain('needle');
    const s = docSnippetOf(`${'😀'.repeat(HUGE)} the needle ${'𠮷'.repeat(HUGE)}`, ['NEEDLE']);
    expect(isWellFormed(s)).toBe(true);
    expect(s).toContain('needle');
    // what they are cut from: 100,000 blank lines took 19 s, a run of brackets grew with its square
    expect(plainText(`${'\n'.repeat(HUGE)}${'['.repeat(HUGE)}x`)).toBe(`${'['.repeat(HUGE)}x`);
    expect(plainText('See [the docs](https://x.y/z) and ![𠮷](a.png)\n```js\n# Title')).toBe('See the docs and 𠮷 Title');
    await settle();
  });
});

describe('cuts and counts on the server and in the console', () => {
  test('a nickname and a cloud path count characters', () => {
    expect(checkNickname('𠮷'.repeat(32))).toBeNull();
    expect(checkNickname('𠮷'.repeat(33))).toBe('NICKNAME_INVALID');
    expect(checkNickname('\ud800'.repeat(32))).toBeNull();
    expect(checkCloudPath(`a/${'😀'.repeat(498)}`)).toBeNull();
    expect(checkCloudPath(`a/${'😀'.repeat(499)}`)).toMatchObject({ code: 'INVALID_PARAM' });
  });

  test('token counts: 100,000 emoji or lone surrogates are counted, not for minutes; ordinary text exactly as before', async () => {
    await loadTokenizer();
    const { countTokens } = await import('gpt-tokenizer');
    expect(() => countTokens('😀'.repeat(2000))).toThrow(/more than 1,024/);
    const plain = `Hello, world! 你好，世界。${ASTRAL} e\u0301cole \u200fשלום`;
    expect(tokensOf(plain)).toBe(countTokens(plain));
    expect(tokensOf('😀'.repeat(HUGE))).toBe(HUGE);
    expect(tokensOf('\ud800'.repeat(HUGE))).toBeGreaterThan(0);
    expect(tokensOf(' '.repeat(HUGE))).toBeGreaterThan(0);
    expect(tokensOf(`${'a'.repeat(HUGE)} b`)).toBeGreaterThan(HUGE / 10);
    await settle();
  });

  test('subtask titles, provider messages and masked keys are cut on whole characters', () => {
    const [title] = parseSubtasks(`- ${'𠮷'.repeat(300)}\n`);
    expect(title).toBe('𠮷'.repeat(200));
    const failure = providerFailure(new Error('😀'.repeat(HUGE)));
    expect(failure.params?.message).toBe('😀'.repeat(1000));
    expect(maskKey('sk-😀😀😀😀😀😀😀')).toBe('sk-…😀😀😀😀');
    expect(maskKey('😀😀😀')).toBe('…😀😀');
  });

  test('statistics: identifiers count characters, free text is cut to whole characters', () => {
    const env = checkEnvelope({ appid: 'app', device_id: 'd'.repeat(32), platform: 'web', channel: '𠮷'.repeat(64), records: [] });
    expect(env.channel).toBe('𠮷'.repeat(64));
    const row = checkRecord(
      { ts: Date.now(), kind: 'error', sid: 'session-1', message: '😀'.repeat(3000), stack: `${'\ud800'.repeat(20_000)}`, title: '𝕏'.repeat(600) },
      0,
      { env, now: Date.now(), retentionDays: 30 },
    );
    expect(row).toMatchObject({ errMsg: '😀'.repeat(2000), errStack: '\ufffd'.repeat(16_000) });
    const page = checkRecord({ ts: Date.now(), kind: 'page', sid: 'session-1', url: '/a', title: '𝕏'.repeat(600) }, 1, {
      env,
      now: Date.now(),
      retentionDays: 30,
    });
    expect(page).toMatchObject({ title: '𝕏'.repeat(512) });
  });

  test('statistics stacks from any app are read in time linear in their length, frames as before', async () => {
    // an error group's detail read its latest stack: "at" and 4,000 spaces took 18 s
    expect(parseStack(`at ${' '.repeat(8000)}y\nat y${' '.repeat(8000)}z\n${'@'.repeat(16_000)}`)).toEqual([]);
    const frames = parseStack(
      'Error: boom\n    at async Object.<anonymous> (webpack:///src/a.ts:3:4)\n  fn@https://u@x.y/b.js:5:6\n    at https://x.y/𠮷.js:1:2',
    );
    expect(frames.map((f) => [f.fn, f.url, f.file, f.line, f.column, f.lineNo])).toEqual([
      ['Object.<anonymous>', 'webpack:///src/a.ts', 'a.ts', 3, 4, 1],
      ['fn', 'https://u@x.y/b.js', 'b.js', 5, 6, 2],
      ['', 'https://x.y/𠮷.js', '𠮷.js', 1, 2, 3],
    ]);
    await settle();
  });

  test('statistics error groups: a frame full of ":1" is read in time linear in its length, grouped as before', async () => {
    // every error record of a report (500 at most) is grouped by its first frame: such a line took 0.6 s each
    const msg = 'TypeError: boom';
    const hashes = new Set<string>();
    for (let i = 0; i < 500; i++) hashes.add(errHash(6, msg, `${msg}\n    at f (https://x.com/app.js${':1'.repeat(7_900)}x:${i}:${i})`));
    expect(hashes.size).toBe(1);
    expect(errHash(6, msg, `${msg}\n    at f (https://x.com/app.js?v=1:10:5)`)).toBe(errHash(6, msg, `${msg}\n    at f (https://x.com/app.js?v=2:99:7)`));
    await settle();
  });

  test("a spreadsheet cell at Excel's limit ends on a whole character", async () => {
    const xlsx = new XlsxStream('𠮷'.repeat(40), [{ header: 'text' }]);
    const chunks: Buffer[] = [];
    xlsx.output.pipe(new PassThrough()).on('data', (c: Buffer) => chunks.push(c));
    await xlsx.addRow([`${'a'.repeat(32_766)}😀b`]);
    await xlsx.addRow([`x\ud800y`]);
    await xlsx.end();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
    const ws = wb.worksheets[0];
    expect(ws.name).toBe('𠮷'.repeat(15));
    expect(ws.getCell('A2').value).toBe('a'.repeat(32_766));
    expect(ws.getCell('A3').value).toBe('x\ufffdy');
  });
});

describe('through the API', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let openai: Standin;
  let admin: string;
  let alice: { id: string; token: string };

  beforeAll(async () => {
    [t, openai] = await Promise.all([createTestApp(), startOpenAiStandin()]);
    admin = (await registerAdmin(t.app)).token;
    await addModel(t.app, admin, { name: 'Echo', base_url: openai.baseUrl, provider_model: 'echo' });
    alice = await chatUser(t.app, t.db, 'astral_alice', 100_000);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), openai?.close()]);
  });

  const search = (q: string) => withinSearches(() => call(t.app, 'GET', `/api/search?q=${encodeURIComponent(q)}`, { token: alice.token }));
  const wholeMarks = (text: string, marks: Array<[number, number]>) => marks.every(([s, e]) => s < e && onBoundary(text, s) && onBoundary(text, e));

  test('a saved prompt holding 𠮷😀𝕏 is found by 𠮷 and by several astral characters, highlighted on whole characters', async () => {
    const saved = await call(t.app, 'POST', '/api/prompts', {
      token: alice.token,
      body: { title: `名字${ASTRAL}`, body: `${'😀'.repeat(300)} 我叫𠮷野家，${ASTRAL} e\u0301cole \u200fשלום ${'𝕏'.repeat(300)}` },
    });
    expect(saved.status).toBe(200);
    for (const q of ['𠮷', ASTRAL, '😀𝕏 𠮷']) {
      const r = await search(q);
      expect(r.status).toBe(200);
      const hit = r.body.data.find((h: { ref_id: string }) => h.ref_id === saved.body.data.id);
      expect(hit).toBeDefined();
      expect(hit.title_marks.length).toBeGreaterThan(0);
      expect(hit.snippet_marks.length).toBeGreaterThan(0);
      expect(wholeMarks(hit.title, hit.title_marks)).toBe(true);
      expect(wholeMarks(hit.snippet, hit.snippet_marks)).toBe(true);
      expect(isWellFormed(hit.snippet)).toBe(true);
    }
    // a word with a combining mark is found and marked whole
    const accented = (await search('e\u0301cole')).body.data.find((h: { ref_id: string }) => h.ref_id === saved.body.data.id);
    expect(accented.snippet_marks.map(([s, e]: [number, number]) => accented.snippet.slice(s, e))).toEqual(['e\u0301cole']);
    // lone surrogates (as UTF-8 would carry them, and as JSON escapes) are no words: nothing to find, no error
    const raw = await withinSearches(() => call(t.app, 'GET', '/api/search?q=%ED%A0%80%ED%B0%80x%ED%B0%80', { token: alice.token }));
    expect(raw.status).toBe(200);
    const lone = await withinSearches(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/search/ask',
        headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ q: '\udc00\ud800 \udc00' }),
      }),
    );
    expect(parseSse(lone.payload)).toEqual([{ event: 'done', data: { status: 'no_results', text: '', sources: [], credits: 0 } }]);
  });

  test('Ask AI with an astral query answers and ends', async () => {
    const res = await withinSearches(() =>
      t.app.inject({ method: 'POST', url: '/api/search/ask', headers: { authorization: `Bearer ${alice.token}` }, payload: { q: `谁是𠮷？😀𝕏` } }),
    );
    expect(res.statusCode).toBe(200);
    const events = parseSse(res.payload);
    expect(events[events.length - 1]).toMatchObject({ event: 'done', data: { sources: [expect.objectContaining({ kind: 'prompt' })] } });
  });

  test('limits count characters: a title of 100 𠮷 is as long as one of 100 letters', async () => {
    const at = await call(t.app, 'POST', '/api/prompts', { token: alice.token, body: { title: '𠮷'.repeat(100), body: 'x' } });
    expect(at.status).toBe(200);
    const over = await call(t.app, 'POST', '/api/prompts', { token: alice.token, body: { title: '𠮷'.repeat(101), body: 'x' } });
    expect(over.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'title' });
    expect((await call(t.app, 'POST', '/api/todos', { token: alice.token, body: { title: '😀'.repeat(200) } })).status).toBe(200);
    const message = await call(t.app, 'POST', '/api/site-messages', { token: admin, body: { title: '𝕏'.repeat(200), body: '𠮷', audience: 'everyone' } });
    expect(message.status).toBe(200);
  });

  test('a conversation is titled with its first 40 characters and an ellipsis, and exports under a title cut on a whole character', async () => {
    const c = await newConversation(t.app, alice.token);
    const r = await ask(t.app, alice.token, c.id, `${'a'.repeat(39)}${ASTRAL} and more`);
    const done = r.events[r.events.length - 1];
    expect(done).toMatchObject({ event: 'done', data: { title: `${'a'.repeat(39)}𠮷…` } });
    await call(t.app, 'PUT', `/api/chat/conversations/${c.id}`, { token: alice.token, body: { title: `${'b'.repeat(59)}${ASTRAL}` } });
    const exported = await t.app.inject({
      method: 'GET',
      url: `/api/chat/conversations/${c.id}/export?format=markdown`,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain(`UTF-8''${'b'.repeat(59)}${encodeURIComponent('𠮷')}.md`);
  });

  test("a question of 100,000 emoji is weighed against the model's window without holding the server", async () => {
    const c = await newConversation(t.app, alice.token);
    const r = await ask(t.app, alice.token, c.id, '😀'.repeat(HUGE));
    expect(r.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'content' });
  });
});
