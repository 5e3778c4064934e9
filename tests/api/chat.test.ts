/**
 * The chat against the OpenAI and Anthropic stand-ins: streamed answers billed from the
 * provider's usage (or a local count), provider errors and timeouts that bill nothing, the
 * disconnect and Stop rules, branches, search (Chinese too), exports, and who may see and use what.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { call, makeRole, registerAdmin } from '../support/accounts';
import { startAnthropicStandin } from '../support/anthropic-standin';
import { addModel, ask, balanceOf, chatUser, ledgerSum, newConversation, parseSse, textOf } from '../support/chat';
import type { Standin } from '../support/llm-standin';
import { startOpenAiStandin } from '../support/openai-standin';
import { createTestApp } from '../support/test-app';

const TIMEOUT_MS = 1500;

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let openai: Standin;
let anthropic: Standin;

beforeAll(async () => {
  [t, openai, anthropic] = await Promise.all([
    createTestApp({ ai: { firstTokenMs: TIMEOUT_MS, idleMs: TIMEOUT_MS, channelWaitMs: TIMEOUT_MS } }),
    startOpenAiStandin(),
    startAnthropicStandin(),
  ]);
  admin = (await registerAdmin(t.app)).token;
});
afterAll(async () => {
  await Promise.all([t.close(), openai.close(), anthropic.close()]);
});

const lastRequest = (s: Standin) => s.requests[s.requests.length - 1];
const usageRows = async (userId: string) =>
  (
    await t.db.execute<Record<string, unknown>>(
      sql`SELECT status, input_tokens, output_tokens, credits, usage_source, error_code FROM ai_usage WHERE user_id = ${userId} ORDER BY id`,
    )
  ).rows;

test('with no model configured the chat says so', async () => {
  const u = await chatUser(t.app, t.db, 'nomodel', 1000);
  expect((await call(t.app, 'GET', '/api/chat/models', { token: u.token })).body.data).toEqual([]);
  const c = await newConversation(t.app, u.token);
  const r = await ask(t.app, u.token, c.id, 'hello');
  expect(r.sse).toBe(false);
  expect(r.body).toMatchObject({ errorCode: 'MODEL_NOT_AVAILABLE', field: 'model_id' });
  await addModel(t.app, admin, { name: 'Echo', base_url: openai.baseUrl, provider_model: 'echo' });
});

test('an answer streams, is billed from the provider usage, and the balance equals the ledger', async () => {
  const u = await chatUser(t.app, t.db, 'streamer', 1000);
  const models = await call(t.app, 'GET', '/api/chat/models', { token: u.token });
  expect(models.body.data.map((m: { name: string }) => m.name)).toEqual(['Echo']);
  const c = await newConversation(t.app, u.token);
  const r = await ask(t.app, u.token, c.id, 'hello there');
  expect(r.events.map((e) => e.event)).toEqual(['start', ...Array(3).fill('delta'), 'done']);
  expect(textOf(r.events)).toBe('Echo: hello there');
  expect(lastRequest(openai)).toMatchObject({ model: 'echo', stream: true, done: true, aborted: false });
  const done = r.events[r.events.length - 1].data;
  // stand-in usage: ceil(11 chars / 4) = 3 input tokens, 3 chunks; 1 credit per input token, 2 per output token
  expect(done.message).toMatchObject({ status: 'done', content: 'Echo: hello there', input_tokens: 3, output_tokens: 3, credits: 9, model_name: 'Echo' });
  expect(done.message.first_token_ms).toEqual(expect.any(Number));
  expect(done.message.total_ms).toBeGreaterThanOrEqual(done.message.first_token_ms);
  expect(done.balance).toBe(991);
  expect(done.title).toBe('hello there');
  expect(await balanceOf(t.db, u.id)).toBe(991);
  expect(await ledgerSum(t.db, u.id)).toBe(991);
  expect(await usageRows(u.id)).toEqual([{ status: 'done', input_tokens: 3, output_tokens: 3, credits: 9, usage_source: 'provider', error_code: null }]);
  const me = await call(t.app, 'GET', '/api/credits/me', { token: u.token });
  expect(me.body.data).toMatchObject({ balance: 991, held: 0, today_used: 9 });
});

test('without usage in the stream the tokens are counted locally; Anthropic streams the same way', async () => {
  const u = await chatUser(t.app, t.db, 'counter', 1000);
  const quiet = await addModel(t.app, admin, { name: 'Quiet', base_url: openai.baseUrl, provider_model: 'no-usage' });
  const c = await newConversation(t.app, u.token);
  const r = await ask(t.app, u.token, c.id, 'count me', { model_id: quiet.id });
  const done = r.events[r.events.length - 1].data;
  expect(done.message.status).toBe('done');
  expect((await usageRows(u.id))[0]).toMatchObject({ usage_source: 'local', status: 'done' });
  expect(done.message.credits).toBe(done.message.input_tokens + 2 * done.message.output_tokens);
  expect(done.message.output_tokens).toBeGreaterThan(0);

  const claude = await addModel(t.app, admin, { name: 'Claude', protocol: 'anthropic', base_url: anthropic.baseUrl, provider_model: 'echo' });
  const c2 = await newConversation(t.app, u.token, { system_prompt: 'Be brief.' });
  const a = await ask(t.app, u.token, c2.id, '你好', { model_id: claude.id });
  expect(textOf(a.events)).toBe('Echo: 你好');
  expect(lastRequest(anthropic)).toMatchObject({ system: 'Be brief.', done: true });
  expect(a.events[a.events.length - 1].data.message).toMatchObject({ status: 'done', model_name: 'Claude' });
  expect(await balanceOf(t.db, u.id)).toBe(await ledgerSum(t.db, u.id));
});

test('a provider error before the first token costs nothing and shows the provider message; a 429 is AI_RATE_LIMITED', async () => {
  const u = await chatUser(t.app, t.db, 'unlucky', 1000);
  const failing = await addModel(t.app, admin, { name: 'Failing', base_url: openai.baseUrl, provider_model: 'fail' });
  const limited = await addModel(t.app, admin, { name: 'Limited', base_url: openai.baseUrl, provider_model: 'rate-limit' });
  const c = await newConversation(t.app, u.token);
  const r = await ask(t.app, u.token, c.id, 'hello', { model_id: failing.id });
  const err = r.events[r.events.length - 1];
  expect(err.event).toBe('error');
  expect(err.data).toMatchObject({ errorCode: 'AI_PROVIDER_ERROR', balance: 1000 });
  expect(err.data.errorMessage).toContain('stand-in failure');
  expect(err.data.message).toMatchObject({ status: 'error', credits: 0, error_code: 'AI_PROVIDER_ERROR' });
  const first = err.data.message.id;
  const rl = await t.app.inject({
    method: 'POST',
    url: `/api/chat/messages/${first}/regenerate`,
    headers: { authorization: `Bearer ${u.token}` },
    payload: { model_id: limited.id },
  });
  expect(parseSse(rl.payload).pop()!.data).toMatchObject({ errorCode: 'AI_RATE_LIMITED', balance: 1000 });
  expect(await balanceOf(t.db, u.id)).toBe(1000);
  expect(await ledgerSum(t.db, u.id)).toBe(1000);
});

test('an error mid-stream keeps the text and bills what was generated', async () => {
  const u = await chatUser(t.app, t.db, 'midway', 1000);
  const broken = await addModel(t.app, admin, { name: 'Broken', base_url: openai.baseUrl, provider_model: 'error-mid' });
  const c = await newConversation(t.app, u.token);
  const r = await ask(t.app, u.token, c.id, '[[tokens:20]]', { model_id: broken.id });
  const err = r.events[r.events.length - 1];
  expect(err.event).toBe('error');
  expect(err.data.message.content).toBe(textOf(r.events));
  expect(err.data.message.content.length).toBeGreaterThan(0);
  expect(err.data.message.credits).toBeGreaterThan(0);
  expect(err.data.balance).toBe(1000 - err.data.message.credits);
  expect(await ledgerSum(t.db, u.id)).toBe(err.data.balance);
});

test('no first token within the timeout: AI_TIMEOUT, nothing billed, the provider request cancelled', async () => {
  const u = await chatUser(t.app, t.db, 'waiter', 1000);
  const hung = await addModel(t.app, admin, { name: 'Hung', base_url: openai.baseUrl, provider_model: 'hang' });
  const c = await newConversation(t.app, u.token);
  const r = await ask(t.app, u.token, c.id, 'anyone?', { model_id: hung.id });
  expect(r.events.pop()!.data).toMatchObject({ errorCode: 'AI_TIMEOUT', balance: 1000, message: { credits: 0, status: 'error' } });
  await new Promise((res) => setTimeout(res, 100));
  expect(lastRequest(openai)).toMatchObject({ model: 'hang', aborted: true });
});

describe('over a real connection', () => {
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  async function open(token: string, conversationId: string, content: string, model_id: string, signal?: AbortSignal) {
    const res = await fetch(`${base}/api/chat/conversations/${conversationId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content, parent_id: null, model_id }),
      signal,
    });
    return res.body!.getReader();
  }

  async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, enough: (text: string) => boolean) {
    let text = '';
    const dec = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return text;
      text += dec.decode(value);
      if (enough(text)) return text;
    }
  }

  test('a client that disconnects cancels the provider request and pays for what was generated', async () => {
    const u = await chatUser(t.app, t.db, 'leaver', 1000);
    const slow = await addModel(t.app, admin, { name: 'Slow', base_url: openai.baseUrl, provider_model: 'slow' });
    const c = await newConversation(t.app, u.token);
    const ctl = new AbortController();
    const reader = await open(u.token, c.id, '[[tokens:60]]', slow.id, ctl.signal);
    await readUntil(reader, (s) => (s.match(/event: delta/g) ?? []).length >= 3);
    ctl.abort();
    await reader.cancel().catch(() => undefined);
    let message: any;
    for (let i = 0; i < 50 && message?.status !== 'stopped'; i++) {
      await new Promise((res) => setTimeout(res, 100));
      message = (await call(t.app, 'GET', `/api/chat/conversations/${c.id}`, { token: u.token })).body.data.messages.find(
        (m: { role: string }) => m.role === 'assistant',
      );
    }
    expect(message.status).toBe('stopped');
    expect(message.output_tokens).toBeGreaterThan(0);
    expect(message.output_tokens).toBeLessThan(60);
    expect(message.credits).toBe(message.input_tokens + 2 * message.output_tokens);
    expect(lastRequest(openai)).toMatchObject({ model: 'slow', aborted: true });
    expect(lastRequest(openai).chunksSent).toBeLessThan(60);
    expect(await balanceOf(t.db, u.id)).toBe(1000 - message.credits);
    expect(await ledgerSum(t.db, u.id)).toBe(1000 - message.credits);
    expect((await usageRows(u.id))[0]).toMatchObject({ status: 'disconnected', usage_source: 'local' });
  });

  test('Stop ends the provider request; the stream ends with done, status stopped', async () => {
    const u = await chatUser(t.app, t.db, 'stopper', 1000);
    const slow = await addModel(t.app, admin, { name: 'Slow 2', base_url: openai.baseUrl, provider_model: 'slow' });
    const c = await newConversation(t.app, u.token);
    const reader = await open(u.token, c.id, '[[tokens:60]]', slow.id);
    const head = await readUntil(reader, (s) => (s.match(/event: delta/g) ?? []).length >= 2);
    const id = parseSse(head.slice(0, head.lastIndexOf('\n\n') + 2))[0].data.message.id;
    const stop = await call(t.app, 'POST', `/api/chat/messages/${id}/stop`, { token: u.token });
    expect(stop.body.data).toEqual({ stopped: true });
    const rest = await readUntil(reader, () => false);
    const events = parseSse(head + rest);
    const done = events[events.length - 1];
    expect(done.event).toBe('done');
    expect(done.data.message).toMatchObject({ status: 'stopped', content: textOf(events) });
    expect(done.data.balance).toBe(1000 - done.data.message.credits);
    expect(lastRequest(openai)).toMatchObject({ model: 'slow', aborted: true });
    const other = await chatUser(t.app, t.db, 'not_stopper', 10);
    expect((await call(t.app, 'POST', `/api/chat/messages/${id}/stop`, { token: other.token })).body.errorCode).toBe('NOT_FOUND');
  });

  test('200 concurrent chats by one user whose balance covers 20: 20 answered, 180 refused, never negative', async () => {
    // each hold is 100 output tokens at 1 credit: 2000 credits cover 20 at once
    const slow = await addModel(t.app, admin, { name: 'Race', base_url: openai.baseUrl, provider_model: 'slow', input_price: 0, output_price: 1_000_000 });
    const u = await chatUser(t.app, t.db, 'racer', 2000);
    const convs = await Promise.all(Array.from({ length: 200 }, () => newConversation(t.app, u.token)));
    const results = await Promise.all(convs.map((c) => ask(t.app, u.token, c.id, '[[tokens:20]]', { model_id: slow.id })));
    const answered = results.filter((r) => r.sse);
    const refused = results.filter((r) => !r.sse);
    expect(answered).toHaveLength(20);
    expect(refused).toHaveLength(180);
    expect(new Set(refused.map((r) => r.body.errorCode))).toEqual(new Set(['INSUFFICIENT_CREDITS']));
    expect(refused.every((r) => r.status === 402)).toBe(true);
    const charged = answered.reduce((n, r) => n + r.events[r.events.length - 1].data.message.credits, 0);
    expect(charged).toBe(20 * 20);
    expect(await balanceOf(t.db, u.id)).toBe(2000 - charged);
    expect(await ledgerSum(t.db, u.id)).toBe(2000 - charged);
    const low = await t.db.execute<{ m: number }>(sql`SELECT min(balance_after) AS m FROM credit_ledger WHERE user_id = ${u.id}`);
    expect(low.rows[0].m).toBeGreaterThanOrEqual(0);
  }, 60_000);
});

test('regenerate keeps the alternatives; editing a question starts a branch; export as Markdown and JSON', async () => {
  const u = await chatUser(t.app, t.db, 'brancher', 1000);
  const c = await newConversation(t.app, u.token);
  const first = await ask(t.app, u.token, c.id, 'first question');
  const answer1 = first.events[first.events.length - 1].data.message;
  const question1 = first.events[0].data.user_message;
  const regen = await t.app.inject({
    method: 'POST',
    url: `/api/chat/messages/${answer1.id}/regenerate`,
    headers: { authorization: `Bearer ${u.token}` },
    payload: {},
  });
  const answer2 = parseSse(regen.payload).pop()!.data.message;
  expect(answer2.parent_id).toBe(question1.id);
  const follow = await ask(t.app, u.token, c.id, 'follow up', { parent_id: answer2.id });
  const followQ = follow.events[0].data.user_message;
  // the provider got the branch it answers: first question, the second answer, the follow-up
  expect(lastRequest(openai).messages.map((m) => m.content)).toEqual(['first question', 'Echo: first question', 'follow up']);
  const edited = await ask(t.app, u.token, c.id, 'follow up, edited', { parent_id: answer2.id });
  expect(edited.events[0].data.user_message.parent_id).toBe(followQ.parent_id);
  const all = (await call(t.app, 'GET', `/api/chat/conversations/${c.id}`, { token: u.token })).body.data;
  expect(all.conversation.title).toBe('first question');
  const siblings = (parent: string) => all.messages.filter((m: { parent_id: string }) => m.parent_id === parent).length;
  expect(siblings(question1.id)).toBe(2);
  expect(siblings(answer2.id)).toBe(2);
  const md = await t.app.inject({
    method: 'GET',
    url: `/api/chat/conversations/${c.id}/export?format=markdown`,
    headers: { authorization: `Bearer ${u.token}` },
  });
  expect(md.headers['content-type']).toContain('text/markdown');
  expect(md.headers['content-disposition']).toContain('attachment');
  expect(md.payload).toContain('# first question');
  expect(md.payload).toContain('follow up, edited');
  expect(md.payload).not.toContain('Echo: follow up\n');
  const json = await t.app.inject({
    method: 'GET',
    url: `/api/chat/conversations/${c.id}/export?format=json`,
    headers: { authorization: `Bearer ${u.token}` },
  });
  expect(JSON.parse(json.payload).messages).toHaveLength(all.messages.length);
});

test('conversations: rename, pin, search titles and message text (Chinese too), delete', async () => {
  const u = await chatUser(t.app, t.db, 'searcher', 1000);
  const a = await newConversation(t.app, u.token);
  await ask(t.app, u.token, a.id, '请解释量子计算的基本原理');
  const b = await newConversation(t.app, u.token, { title: 'Weekly plan' });
  await call(t.app, 'PUT', `/api/chat/conversations/${b.id}`, { token: u.token, body: { pinned: true } });
  const list = await call(t.app, 'GET', '/api/chat/conversations', { token: u.token });
  expect(list.body.data.map((c: { id: string }) => c.id)).toEqual([b.id, a.id]);
  const zh = await call(t.app, 'GET', `/api/chat/conversations?keyword=${encodeURIComponent('量子')}`, { token: u.token });
  expect(zh.body.data.map((c: { id: string }) => c.id)).toEqual([a.id]);
  expect(zh.body.data[0].snippet).toContain('量子');
  const en = await call(t.app, 'GET', '/api/chat/conversations?keyword=weekly', { token: u.token });
  expect(en.body.data.map((c: { id: string }) => c.id)).toEqual([b.id]);
  const renamed = await call(t.app, 'PUT', `/api/chat/conversations/${a.id}`, { token: u.token, body: { title: '量子' } });
  expect(renamed.body.data).toMatchObject({ title: '量子', pinned: false });
  const blank = await call(t.app, 'PUT', `/api/chat/conversations/${a.id}`, { token: u.token, body: { title: '  ' } });
  expect(blank.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'title' });
  expect((await call(t.app, 'DELETE', `/api/chat/conversations/${a.id}`, { token: u.token })).body.success).toBe(true);
  expect((await call(t.app, 'GET', `/api/chat/conversations/${a.id}`, { token: u.token })).body.errorCode).toBe('NOT_FOUND');
  // the usage log outlives the conversation
  expect(await usageRows(u.id)).toHaveLength(1);
});

test("a user cannot read or use another user's conversations, nor a model their roles may not use", async () => {
  const owner = await chatUser(t.app, t.db, 'owner', 1000);
  const other = await chatUser(t.app, t.db, 'intruder', 1000);
  const c = await newConversation(t.app, owner.token);
  const r = await ask(t.app, owner.token, c.id, 'mine');
  const answer = r.events[r.events.length - 1].data.message;
  for (const [method, url] of [
    ['GET', `/api/chat/conversations/${c.id}`],
    ['DELETE', `/api/chat/conversations/${c.id}`],
    ['GET', `/api/chat/conversations/${c.id}/export?format=json`],
    ['POST', `/api/chat/messages/${answer.id}/regenerate`],
  ] as const) {
    expect((await call(t.app, method, url, { token: other.token, body: method === 'POST' ? {} : undefined })).body.errorCode).toBe('NOT_FOUND');
  }
  expect((await ask(t.app, other.token, c.id, 'theirs')).body.errorCode).toBe('NOT_FOUND');
  const list = await call(t.app, 'GET', '/api/chat/conversations?keyword=mine', { token: other.token });
  expect(list.body.total).toBe(0);

  await makeRole(t.db, 'vip', []);
  const vipOnly = await addModel(t.app, admin, { name: 'VIP only', base_url: openai.baseUrl, provider_model: 'echo', roles: ['vip'] });
  const vip = await chatUser(t.app, t.db, 'vip_user', 1000, ['vip']);
  const c2 = await newConversation(t.app, other.token);
  expect((await ask(t.app, other.token, c2.id, 'hi', { model_id: vipOnly.id })).body).toMatchObject({ errorCode: 'MODEL_NOT_AVAILABLE', field: 'model_id' });
  expect((await call(t.app, 'GET', '/api/chat/models', { token: other.token })).body.data.map((m: { name: string }) => m.name)).not.toContain('VIP only');
  const c3 = await newConversation(t.app, vip.token);
  expect((await ask(t.app, vip.token, c3.id, 'hi', { model_id: vipOnly.id })).sse).toBe(true);
  expect(await balanceOf(t.db, other.id)).toBe(1000);
});

test('the usage log lists every request for READ_AI_USAGE holders, filtered and exported', async () => {
  const r = await call(t.app, 'GET', '/api/ai/usage?status=error&sortField=credits&sortOrder=descend', { token: admin });
  expect(r.body.total).toBeGreaterThanOrEqual(3);
  expect(r.body.data.every((row: { status: string }) => row.status === 'error')).toBe(true);
  const u = await chatUser(t.app, t.db, 'plain_user', 10);
  expect((await call(t.app, 'GET', '/api/ai/usage', { token: u.token })).body.errorCode).toBe('PERMISSION_ERROR');
  const x = await t.app.inject({ method: 'GET', url: '/api/ai/usage/export', headers: { authorization: `Bearer ${admin}` } });
  expect(x.statusCode).toBe(200);
});
