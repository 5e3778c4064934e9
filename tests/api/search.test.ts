/**
 * Search and "Ask AI": English and Chinese queries over what the caller may see (help documents,
 * store prompts, own prompts, own conversations), kind filters and counts, highlight ranges, the
 * chat indexed as it is written, the backfill, and Ask AI streamed with its sources, billed exactly.
 */
import { sql } from 'drizzle-orm';
import { indexText, toTsQuery } from '../../shared/search-text';
import { messagesMissingFromSearch } from '../../server/modules/chat/search-entries';
import { PromptService } from '../../server/modules/prompts/service';
import { backfillSearch } from '../../server/modules/search/backfill';
import { MATCHES_RANKED, SearchIndex } from '../../server/modules/search/service';
import { call, registerAdmin } from '../support/accounts';
import { addModel, ask, balanceOf, chatUser, ledgerSum, newConversation, parseSse, textOf } from '../support/chat';
import type { Standin } from '../support/llm-standin';
import { startOpenAiStandin } from '../support/openai-standin';
import { createTestApp } from '../support/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let openai: Standin;
let admin: string;
let index: SearchIndex;
let alice: { id: string; token: string };
let bob: { id: string; token: string };

beforeAll(async () => {
  [t, openai] = await Promise.all([createTestApp(), startOpenAiStandin()]);
  admin = (await registerAdmin(t.app)).token;
  index = new SearchIndex(t.db);
  await addModel(t.app, admin, { name: 'Echo', base_url: openai.baseUrl, provider_model: 'echo' });
  [alice, bob] = await Promise.all([chatUser(t.app, t.db, 'alice', 100_000), chatUser(t.app, t.db, 'bob', 100_000)]);
  // what the docs and the prompt store put (their modules write these in their own transactions),
  // in place of the initial data's documents and starter prompts
  await t.db.execute(sql`DELETE FROM search_entries`);
  await index.put(t.db, [
    {
      kind: 'doc',
      refId: 'd1:en-US',
      ownerId: null,
      locale: 'en-US',
      title: 'Credits and billing',
      body: 'Every answer is billed in credits from the tokens it used.',
      url: '/pages/assistant/document/document?id=d1',
    },
    {
      kind: 'doc',
      refId: 'd1:zh-CN',
      ownerId: null,
      locale: 'zh-CN',
      title: '积分与计费',
      body: '每个回答按照使用的令牌数扣除积分。Credits',
      url: '/pages/assistant/document/document?id=d1',
    },
    {
      kind: 'doc',
      refId: 'd2:zh-CN',
      ownerId: null,
      locale: 'zh-CN',
      title: '登录',
      body: '使用手机号码和验证码登录控制台。',
      url: '/pages/assistant/document/document?id=d2',
    },
    {
      kind: 'store-prompt',
      refId: 's1',
      ownerId: null,
      title: 'Translate to French',
      body: 'Translate the following text into French, keeping the tone.',
      url: '/pages/assistant/prompts-store/prompts-store?id=s1',
    },
    {
      kind: 'prompt',
      refId: 'p-bob',
      ownerId: bob.id,
      title: 'Bob secret translate helper',
      body: 'Translate the quarterly numbers for Bob.',
      url: '/pages/assistant/prompts/prompts?id=p-bob',
    },
  ]);
});
afterAll(async () => {
  await Promise.all([t.close(), openai.close()]);
});

const find = (token: string, q: string, extra = '') => call(t.app, 'GET', `/api/search?q=${encodeURIComponent(q)}${extra}`, { token });
const marked = (text: string, marks: Array<[number, number]>) => marks.map(([s, e]) => text.slice(s, e));

test('PostgreSQL finds Chinese text through the CJK pairs, and not text that lacks them', async () => {
  const hit = async (text: string, q: string) =>
    (await t.db.execute<{ ok: boolean }>(sql`SELECT to_tsvector('simple', ${indexText(text)}) @@ to_tsquery('simple', ${toTsQuery(q)}) AS ok`)).rows[0].ok;
  expect(await hit('中文全文搜索的测试', '全文搜索')).toBe(true);
  expect(await hit('中文全文搜索的测试', '搜')).toBe(true);
  expect(await hit('中文全文搜索的测试', '文全搜')).toBe(false);
  expect(await hit('混合 English 与中文', 'english 中文')).toBe(true);
});

test('an English query finds documents and store prompts, ranked, with the words highlighted', async () => {
  const r = await find(alice.token, 'translate');
  expect(r.status).toBe(200);
  expect(r.body.data.map((h: { ref_id: string }) => h.ref_id)).toEqual(['s1']);
  const [h] = r.body.data;
  expect(marked(h.title, h.title_marks)).toEqual(['Translate']);
  expect(marked(h.snippet, h.snippet_marks)).toEqual(['Translate']);
  expect(h.url).toBe('/pages/assistant/prompts-store/prompts-store?id=s1');
  // a prefix of the last word is what is being typed
  expect((await find(alice.token, 'bill')).body.data.map((x: { title: string }) => x.title)).toEqual(['Credits and billing']);
});

test("a document is found once, in the caller's language when it has that text", async () => {
  const en = await find(alice.token, 'credits', '&locale=en-US');
  expect(en.body.data.map((h: { ref_id: string }) => h.ref_id)).toEqual(['d1:en-US']);
  const zh = await find(alice.token, 'credits', '&locale=zh-CN');
  expect(zh.body.data.map((h: { ref_id: string }) => h.ref_id)).toEqual(['d1:zh-CN']);
  // d2 has no English text: an English reader still finds it
  const login = await find(alice.token, '验证码', '&locale=en-US');
  expect(login.body.data.map((h: { ref_id: string }) => h.ref_id)).toEqual(['d2:zh-CN']);
  expect(marked(login.body.data[0].snippet, login.body.data[0].snippet_marks)).toEqual(['验证码']);
});

test('the chat is indexed as it is written: questions, answers, renames, and gone with the conversation', async () => {
  const c = await newConversation(t.app, alice.token);
  const r = await ask(t.app, alice.token, c.id, '我们讨论向量数据库的索引 and pgvector');
  expect(r.events.pop()!.event).toBe('done');
  const zh = await find(alice.token, '数据库');
  expect(zh.body.counts).toMatchObject({ message: 2 });
  const q = zh.body.data.find((h: { snippet: string }) => h.snippet.startsWith('我们'));
  expect(marked(q.snippet, q.snippet_marks)).toEqual(['数据库']);
  expect(q.url).toBe(`/pages/assistant/chat/chat?id=${c.id}`);
  // the auto-title (the first question's first line) is every message's title
  expect(q.title).toBe('我们讨论向量数据库的索引 and pgvector');
  // another user never finds it
  expect((await find(bob.token, '数据库')).body).toMatchObject({ data: [], total: 0, counts: { message: 0 } });

  await call(t.app, 'PUT', `/api/chat/conversations/${c.id}`, { token: alice.token, body: { title: 'Embeddings notes' } });
  const renamed = await find(alice.token, 'embeddings');
  expect(renamed.body.data.map((h: { title: string }) => h.title)).toEqual(['Embeddings notes', 'Embeddings notes']);
  // the body's words were kept through the rename
  expect((await find(alice.token, 'pgvector')).body.total).toBe(2);

  await call(t.app, 'DELETE', `/api/chat/conversations/${c.id}`, { token: alice.token });
  expect((await find(alice.token, 'pgvector')).body.total).toBe(0);
});

test("kind filters: counts per kind, one kind listed, another user's prompts never found", async () => {
  const c = await newConversation(t.app, alice.token);
  await ask(t.app, alice.token, c.id, 'please translate this greeting');
  const all = await find(alice.token, 'translate');
  expect(all.body.counts).toEqual({ doc: 0, 'store-prompt': 1, prompt: 0, message: 2, article: 0 });
  expect(all.body.total).toBe(3);
  const messages = await find(alice.token, 'translate', '&kind=message');
  expect(messages.body.total).toBe(2);
  expect(messages.body.data.every((h: { kind: string }) => h.kind === 'message')).toBe(true);
  expect(messages.body.counts['store-prompt']).toBe(1);
  // paging
  const page2 = await find(alice.token, 'translate', '&kind=message&pageSize=1&current=2');
  expect(page2.body.data).toHaveLength(1);
  expect(page2.body.data[0].ref_id).not.toBe(messages.body.data[0].ref_id);
  // Bob's own prompt: his, not Alice's
  expect((await find(bob.token, 'quarterly')).body.data.map((h: { ref_id: string }) => h.ref_id)).toEqual(['p-bob']);
  expect((await find(alice.token, 'quarterly')).body.total).toBe(0);
});

test('a word found in more entries than are ranked: the first ones are counted and the answer says there are more', async () => {
  await t.db.execute(sql`INSERT INTO search_entries (kind, ref_id, owner_id, title, body, url, tsv)
    SELECT 'store-prompt', 'bulk' || g, NULL, 'Everywhere ' || g, 'omnipresent', '/x', to_tsvector('simple', 'everywhere omnipresent') FROM generate_series(1, ${MATCHES_RANKED + 5}) g`);
  const r = await find(alice.token, 'omnipresent');
  expect(r.body.more).toBe(true);
  expect(r.body.counts['store-prompt']).toBe(MATCHES_RANKED + 1);
  expect(r.body.data).toHaveLength(10);
  expect((await find(alice.token, 'translate')).body.more).toBe(false);
  await t.db.execute(sql`DELETE FROM search_entries WHERE ref_id LIKE 'bulk%'`);
});

test('a query without words finds nothing; one too long is refused; signed out is refused', async () => {
  expect((await find(alice.token, '  ?! ')).body).toEqual({
    success: true,
    data: [],
    total: 0,
    counts: { doc: 0, 'store-prompt': 0, prompt: 0, message: 0, article: 0 },
    more: false,
  });
  const long = await find(alice.token, 'a'.repeat(201));
  expect(long.status).toBe(400);
  expect(long.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'q' });
  expect((await call(t.app, 'GET', '/api/search?q=x')).status).toBe(401);
});

test('the backfill indexes what was written before indexing, once', async () => {
  const made = await call(t.app, 'POST', '/api/prompts', { token: alice.token, body: { title: 'Haiku writer', body: 'Write a haiku about {{topic}}' } });
  expect(made.status).toBe(200);
  // as if written by an older version: nothing of it in the index
  await t.db.execute(sql`DELETE FROM search_entries WHERE kind = 'prompt' OR kind = 'message'`);
  expect((await find(alice.token, 'haiku')).body.total).toBe(0);
  const sources = [
    (n: number) => messagesMissingFromSearch(t.db, n),
    (n: number) =>
      new PromptService(
        t.db,
        {
          resolveForUser: async () => {
            throw new Error('unused');
          },
        },
        index,
      ).searchEntriesMissing(n),
  ];
  expect(await backfillSearch(t.db, index, sources)).toBeGreaterThanOrEqual(3);
  const r = await find(alice.token, 'haiku');
  expect(r.body.data.map((h: { kind: string; url: string }) => [h.kind, h.url])).toEqual([
    ['prompt', `/pages/assistant/prompts/prompts?id=${made.body.data.id}`],
  ]);
  expect((await find(alice.token, 'greeting', '&kind=message')).body.total).toBe(2);
  expect(await backfillSearch(t.db, index, sources)).toBe(0);
});

const askAi = async (token: string, body: Record<string, unknown>) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/search/ask', headers: { authorization: `Bearer ${token}` }, payload: body });
  const sse = String(res.headers['content-type']).startsWith('text/event-stream');
  return { status: res.statusCode, sse, events: sse ? parseSse(res.payload) : [], body: sse ? null : (res.json() as any) };
};

test('Ask AI streams an answer from the top results with numbered sources, billed exactly like chat', async () => {
  const u = await chatUser(t.app, t.db, 'asker', 10_000);
  const r = await askAi(u.token, { q: 'how are credits billed', locale: 'en-US' });
  expect(r.events.map((e) => e.event)).toEqual(['start', ...Array(r.events.length - 2).fill('delta'), 'done']);
  const done = r.events[r.events.length - 1].data;
  expect(done.sources).toEqual([{ n: 1, title: 'Credits and billing', url: '/pages/assistant/document/document?id=d1', kind: 'doc' }]);
  // the model read the numbered source and the question
  const sent = openai.requests[openai.requests.length - 1];
  const prompt = sent.messages[sent.messages.length - 1].content;
  expect(prompt).toContain('[1] Credits and billing');
  expect(prompt).toContain('Question: how are credits billed');
  expect(textOf(r.events)).toBe(`Echo: ${prompt}`);
  // 1 credit per input token, 2 per output token (tests/support/chat.ts addModel)
  expect(done.credits).toBe(done.input_tokens + 2 * done.output_tokens);
  expect(done.credits).toBeGreaterThan(0);
  expect(await balanceOf(t.db, u.id)).toBe(10_000 - done.credits);
  expect(await ledgerSum(t.db, u.id)).toBe(10_000 - done.credits);
  const usage = (await t.db.execute<{ purpose: string; credits: number }>(sql`SELECT purpose, credits FROM ai_usage WHERE user_id = ${u.id}`)).rows;
  expect(usage).toEqual([{ purpose: 'ask', credits: done.credits }]);
});

test('Ask AI: no results answers at once without a model; a provider error or too few credits cost nothing', async () => {
  const u = await chatUser(t.app, t.db, 'asker2', 10_000);
  const before = openai.requests.length;
  const none = await askAi(u.token, { q: 'zzqx nothing matches' });
  expect(none.events).toEqual([{ event: 'done', data: { status: 'no_results', text: '', sources: [], credits: 0 } }]);
  expect(openai.requests.length).toBe(before);

  const failing = await addModel(t.app, admin, { name: 'Failing', base_url: openai.baseUrl, provider_model: 'fail' });
  const err = await askAi(u.token, { q: 'translate', model_id: failing.id });
  const last = err.events[err.events.length - 1];
  expect(last.event).toBe('error');
  expect(last.data).toMatchObject({ errorCode: 'AI_PROVIDER_ERROR', credits: 0, sources: [{ n: 1, kind: 'store-prompt' }] });
  expect(await balanceOf(t.db, u.id)).toBe(10_000);
  expect(await ledgerSum(t.db, u.id)).toBe(10_000);

  const poor = await chatUser(t.app, t.db, 'poor', 1);
  const refused = await askAi(poor.token, { q: 'translate' });
  expect(refused.sse).toBe(false);
  expect(refused.body).toMatchObject({ errorCode: 'INSUFFICIENT_CREDITS' });
  expect(await balanceOf(t.db, poor.id)).toBe(1);
});

test('an account deleted by an admin takes its own entries out of the index', async () => {
  const carol = await chatUser(t.app, t.db, 'carol', 100_000);
  await call(t.app, 'POST', '/api/prompts', { token: carol.token, body: { title: 'Carol limerick maker', body: 'Write a limerick about {{topic}}' } });
  const owned = async () => Number((await t.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM search_entries WHERE owner_id = ${carol.id}`)).rows[0].n);
  expect(await owned()).toBe(1);
  expect((await call(t.app, 'DELETE', `/api/system/users/${carol.id}`, { token: admin })).body.data).toEqual({ deleted: 1 });
  expect(await owned()).toBe(0);
});
