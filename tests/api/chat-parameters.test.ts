/**
 * A conversation's sampling parameters against the OpenAI and Anthropic stand-ins: what is set is
 * sent exactly as set (temperature, top-p, the longest answer), what is left at the model's default
 * is not sent, the longest answer lowers the hold, and a value out of range is refused on its
 * field before anything is held or sent.
 */
import { sql } from 'drizzle-orm';
import { call, registerAdmin } from '../support/accounts';
import { startAnthropicStandin } from '../support/anthropic-standin';
import { addModel, ask, balanceOf, chatUser, ledgerSum, newConversation } from '../support/chat';
import type { Standin } from '../support/llm-standin';
import { startOpenAiStandin } from '../support/openai-standin';
import { createTestApp } from '../support/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let openai: Standin;
let anthropic: Standin;
let gpt: { id: string };
let claude: { id: string };

beforeAll(async () => {
  [t, openai, anthropic] = await Promise.all([createTestApp(), startOpenAiStandin(), startAnthropicStandin()]);
  admin = (await registerAdmin(t.app)).token;
  // the stand-in's model: at most 100 output tokens, 1 credit per input token and 2 per output token
  gpt = await addModel(t.app, admin, { name: 'Echo', base_url: openai.baseUrl, provider_model: 'echo' });
  claude = await addModel(t.app, admin, { name: 'Claude', protocol: 'anthropic', base_url: anthropic.baseUrl, provider_model: 'echo' });
});
afterAll(async () => {
  await Promise.all([t.close(), openai.close(), anthropic.close()]);
});

const lastRequest = (s: Standin) => s.requests[s.requests.length - 1];
const holdOf = async (messageId: string) =>
  (await t.db.execute<{ amount: number }>(sql`SELECT h.amount FROM credit_holds h JOIN chat_messages m ON m.hold_id = h.id WHERE m.id = ${messageId}`)).rows[0]
    .amount;
const doneOf = (r: Awaited<ReturnType<typeof ask>>) => r.events[r.events.length - 1].data;

test('a new conversation leaves every parameter to the model: none is sent, and the hold covers the model’s longest answer', async () => {
  const u = await chatUser(t.app, t.db, 'defaults', 1000);
  const c = await newConversation(t.app, u.token, { model_id: gpt.id });
  expect(c).toMatchObject({ temperature: null, top_p: null, max_tokens: null });
  const r = await ask(t.app, u.token, c.id, 'hello');
  expect(lastRequest(openai)).toMatchObject({ temperature: null, topP: null, maxTokens: 100 });
  // 2 prompt tokens (the stand-in's count is the server's own tokenizer's here) + 100 output tokens x 2 credits
  expect(await holdOf(doneOf(r).message.id)).toBeGreaterThanOrEqual(200);
});

test('what a conversation sets is sent exactly, to both protocols, and a shorter longest answer holds less', async () => {
  const u = await chatUser(t.app, t.db, 'tuned', 1000);
  const c = await newConversation(t.app, u.token, { model_id: gpt.id, temperature: 0.2, top_p: 0.9, max_tokens: 10 });
  expect(c).toMatchObject({ temperature: 0.2, top_p: 0.9, max_tokens: 10 });
  const r = await ask(t.app, u.token, c.id, 'hello');
  expect(lastRequest(openai)).toMatchObject({ model: 'echo', temperature: 0.2, topP: 0.9, maxTokens: 10, done: true });
  const hold = await holdOf(doneOf(r).message.id);
  // 10 output tokens at 2 credits each instead of 100: the hold is the prompt's cost + 20
  expect(hold).toBeLessThan(40);
  expect(await balanceOf(t.db, u.id)).toBe(await ledgerSum(t.db, u.id));

  // changed later, one at a time: the rest stays; null gives the parameter back to the model
  const put = await call(t.app, 'PUT', `/api/chat/conversations/${c.id}`, { token: u.token, body: { temperature: 1, top_p: null, model_id: claude.id } });
  expect(put.body.data).toMatchObject({ temperature: 1, top_p: null, max_tokens: 10, model_id: claude.id });
  await ask(t.app, u.token, c.id, 'again', { parent_id: doneOf(r).message.id, model_id: claude.id });
  expect(lastRequest(anthropic)).toMatchObject({ temperature: 1, topP: null, maxTokens: 10, done: true });
  // a longest answer above the model's maximum is the model's maximum
  await call(t.app, 'PUT', `/api/chat/conversations/${c.id}`, { token: u.token, body: { max_tokens: 5000, model_id: gpt.id } });
  await ask(t.app, u.token, c.id, 'long', { model_id: gpt.id });
  expect(lastRequest(openai)).toMatchObject({ maxTokens: 100 });
  const got = await call(t.app, 'GET', `/api/chat/conversations/${c.id}`, { token: u.token });
  expect(got.body.data.conversation).toMatchObject({ temperature: 1, top_p: null, max_tokens: 5000 });
});

test('out-of-range values are refused on their field; a temperature over 1 is refused for an Anthropic model before anything is held or sent', async () => {
  const u = await chatUser(t.app, t.db, 'ranges', 1000);
  const c = await newConversation(t.app, u.token, { model_id: gpt.id });
  // a value out of range is invalid; one of another type says which type it must be
  for (const [field, value, errorCode] of [
    ['temperature', 2.5, 'INVALID_PARAM'],
    ['temperature', -0.1, 'INVALID_PARAM'],
    ['top_p', 0, 'INVALID_PARAM'],
    ['top_p', 1.2, 'INVALID_PARAM'],
    ['max_tokens', 0, 'INVALID_PARAM'],
    ['max_tokens', 1.5, 'PARAM_ERROR'],
    ['temperature', 'hot', 'PARAM_ERROR'],
  ] as const) {
    const r = await call(t.app, 'PUT', `/api/chat/conversations/${c.id}`, { token: u.token, body: { [field]: value } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, errorCode, field });
  }
  const created = await call(t.app, 'POST', '/api/chat/conversations', { token: u.token, body: { top_p: 2 } });
  expect(created.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'top_p' });

  await call(t.app, 'PUT', `/api/chat/conversations/${c.id}`, { token: u.token, body: { temperature: 1.5, model_id: claude.id } });
  const sent = anthropic.requests.length;
  const r = await ask(t.app, u.token, c.id, 'hello', { model_id: claude.id });
  expect(r.sse).toBe(false);
  expect(r.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'temperature' });
  expect(anthropic.requests.length).toBe(sent);
  expect(await balanceOf(t.db, u.id)).toBe(1000);
  // the same temperature suits an OpenAI-compatible model
  const ok = await ask(t.app, u.token, c.id, 'hello', { model_id: gpt.id });
  expect(ok.sse).toBe(true);
  expect(lastRequest(openai)).toMatchObject({ temperature: 1.5 });
});
