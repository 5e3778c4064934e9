/**
 * Thumbs up or down on an answer: a user rates their own finished answers (with an optional
 * comment, changed or taken back later), never someone else's or a question; the conversation
 * shows the rating; the AI usage log lists it per model, filters and searches it, exports it, and
 * only its readers see it.
 */
import { call, makeRole, registerAdmin } from '../support/accounts';
import { addModel, ask, chatUser, newConversation } from '../support/chat';
import type { Standin } from '../support/llm-standin';
import { startOpenAiStandin } from '../support/openai-standin';
import { createTestApp } from '../support/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let openai: Standin;

beforeAll(async () => {
  [t, openai] = await Promise.all([createTestApp(), startOpenAiStandin()]);
  admin = (await registerAdmin(t.app)).token;
  await addModel(t.app, admin, { name: 'Echo', base_url: openai.baseUrl, provider_model: 'echo' });
  await addModel(t.app, admin, { name: 'Other', base_url: openai.baseUrl, provider_model: 'echo', sort: 2 });
});
afterAll(async () => {
  await Promise.all([t.close(), openai.close()]);
});

const rate = (token: string, id: string, body: Record<string, unknown>) => call(t.app, 'PUT', `/api/chat/messages/${id}/feedback`, { token, body });
const answerOf = (r: Awaited<ReturnType<typeof ask>>) => r.events[r.events.length - 1].data.message as { id: string; parent_id: string };
const usage = async (query: string) => (await call(t.app, 'GET', `/api/ai/usage?${query}`, { token: admin })).body;

test('a user rates their answers, comments, changes their mind and takes it back; the conversation shows it', async () => {
  const u = await chatUser(t.app, t.db, 'rater', 1000);
  const c = await newConversation(t.app, u.token);
  const answer = answerOf(await ask(t.app, u.token, c.id, 'hello'));

  expect((await rate(u.token, answer.id, { rating: 'down', comment: '  Too short, and wrong about 𠮷.  ' })).body).toEqual({
    success: true,
    data: { rating: 'down', comment: 'Too short, and wrong about 𠮷.' },
  });
  const shown = async () => (await call(t.app, 'GET', `/api/chat/conversations/${c.id}`, { token: u.token })).body.data.messages;
  expect((await shown()).find((m: { id: string }) => m.id === answer.id)).toMatchObject({
    feedback: 'down',
    feedback_comment: 'Too short, and wrong about 𠮷.',
  });
  expect((await shown()).find((m: { role: string }) => m.role === 'user')).toMatchObject({ feedback: null });

  expect((await rate(u.token, answer.id, { rating: 'up' })).body.data).toEqual({ rating: 'up', comment: null });
  expect((await shown()).find((m: { id: string }) => m.id === answer.id)).toMatchObject({ feedback: 'up', feedback_comment: null });
  expect((await rate(u.token, answer.id, { rating: null })).body.data).toEqual({ rating: null, comment: null });
  expect((await shown()).find((m: { id: string }) => m.id === answer.id)).toMatchObject({ feedback: null });
});

test("never someone else's answer or a question; a bad rating or a comment over 1000 characters is refused on its field", async () => {
  const u = await chatUser(t.app, t.db, 'owner', 1000);
  const other = await chatUser(t.app, t.db, 'stranger', 1000);
  const c = await newConversation(t.app, u.token);
  const answer = answerOf(await ask(t.app, u.token, c.id, 'mine'));
  expect((await rate(other.token, answer.id, { rating: 'up' })).body).toMatchObject({ errorCode: 'NOT_FOUND', field: 'id' });
  expect((await rate(u.token, answer.parent_id, { rating: 'up' })).body).toMatchObject({ errorCode: 'NOT_FOUND', field: 'id' });
  expect((await rate(u.token, 'no-such-message', { rating: 'up' })).body).toMatchObject({ errorCode: 'NOT_FOUND' });
  const bad = await rate(u.token, answer.id, { rating: 'meh' });
  expect(bad.status).toBe(400);
  expect(bad.body).toMatchObject({ success: false, field: 'rating' });
  // 1000 characters outside the Basic Multilingual Plane are 2000 UTF-16 units: allowed; one more is not
  expect((await rate(u.token, answer.id, { rating: 'down', comment: '😀'.repeat(1000) })).status).toBe(200);
  expect((await rate(u.token, answer.id, { rating: 'down', comment: 'x'.repeat(1001) })).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'comment' });
  expect((await call(t.app, 'PUT', `/api/chat/messages/${answer.id}/feedback`, { body: { rating: 'up' } })).status).toBe(401);
});

test('the AI usage log lists the feedback per model, filters and searches it, exports it; its readers only', async () => {
  const u = await chatUser(t.app, t.db, 'reviewer', 1000);
  const models = (await call(t.app, 'GET', '/api/chat/models', { token: u.token })).body.data as { id: string; name: string }[];
  const other = models.find((m) => m.name === 'Other')!;
  const c = await newConversation(t.app, u.token);
  const first = answerOf(await ask(t.app, u.token, c.id, 'first'));
  const second = answerOf(await ask(t.app, u.token, c.id, 'second', { parent_id: first.id, model_id: other.id }));
  await rate(u.token, first.id, { rating: 'up' });
  await rate(u.token, second.id, { rating: 'down', comment: 'Made up a citation' });

  const down = await usage(`feedback=down&user_id=${u.id}`);
  expect(down.total).toBe(1);
  expect(down.data[0]).toMatchObject({ message_id: second.id, model_name: 'Other', feedback: 'down', feedback_comment: 'Made up a citation' });
  expect((await usage(`feedback=up&user_id=${u.id}`)).data.map((r: { message_id: string }) => r.message_id)).toEqual([first.id]);
  expect((await usage(`model_id=${other.id}&user_id=${u.id}`)).data[0]).toMatchObject({ feedback: 'down' });
  expect((await usage('keyword=citation')).data.map((r: { message_id: string }) => r.message_id)).toEqual([second.id]);

  const xlsx = await t.app.inject({ method: 'GET', url: '/api/ai/usage/export?feedback=down', headers: { authorization: `Bearer ${admin}` } });
  expect(xlsx.statusCode).toBe(200);
  expect(xlsx.headers['content-type']).toContain('spreadsheetml');

  expect((await call(t.app, 'GET', '/api/ai/usage?feedback=down', { token: u.token })).status).toBe(403);
  await makeRole(t.db, 'usage_reader', ['READ_AI_USAGE']);
  const reader = await chatUser(t.app, t.db, 'usage_reader_user', 0, ['usage_reader']);
  expect((await call(t.app, 'GET', '/api/ai/usage?feedback=down', { token: reader.token })).body.total).toBeGreaterThanOrEqual(1);
});
