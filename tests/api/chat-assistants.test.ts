/**
 * Assistants: a user keeps their own (nobody else sees or changes them); those who manage the
 * models publish for everyone or for roles; a conversation started with one sends exactly its
 * system prompt and parameters, and its usage (answers, credits, thumbs) is listed per assistant
 * for admins, also after the assistant's conversations are gone; a store prompt becomes one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { call, makeRole, registerAdmin } from '../support/accounts';
import { addModel, ask, chatUser, newConversation } from '../support/chat';
import { type Standin } from '../support/llm-standin';
import { startOpenAiStandin } from '../support/openai-standin';
import { createTestApp } from '../support/test-app';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-assistants-'));
let t: Awaited<ReturnType<typeof createTestApp>>;
let openai: Standin;
let admin: string;
let model: { id: string };
let other: { id: string };

beforeAll(async () => {
  [t, openai] = await Promise.all([createTestApp({ dataDir }), startOpenAiStandin()]);
  admin = (await registerAdmin(t.app)).token;
  model = await addModel(t.app, admin, { name: 'Writer', base_url: openai.baseUrl, provider_model: 'echo' });
  other = await addModel(t.app, admin, { name: 'Other', base_url: openai.baseUrl, provider_model: 'echo' });
  await makeRole(t.db, 'writer', []);
});
afterAll(async () => {
  await Promise.all([t.close(), openai.close()]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const preset = {
  name: '  Editor  ',
  avatar: '✍️',
  description: 'Tightens prose',
  system_prompt: 'You are a careful editor.',
  temperature: 0.3,
  top_p: 0.8,
  max_tokens: 40,
  starters: ['Shorten this', ' Shorten this ', 'Fix the grammar'],
};
const answerOf = (r: Awaited<ReturnType<typeof ask>>) => r.events[r.events.length - 1].data.message;

test('a user keeps their own assistant; nobody else sees or changes it; bad fields are named', async () => {
  const ann = await chatUser(t.app, t.db, 'ann_assist', 0);
  const bob = await chatUser(t.app, t.db, 'bob_assist', 0);
  const r = await call(t.app, 'POST', '/api/chat/assistants', { token: ann.token, body: { ...preset, model_id: model.id } });
  expect(r.status).toBe(200);
  const a = r.body.data;
  // trimmed, starters without repeats, kept for the owner only
  expect(a).toMatchObject({ name: 'Editor', avatar: '✍️', model_id: model.id, temperature: 0.3, top_p: 0.8, max_tokens: 40, published: false, mine: true });
  expect(a.starters).toEqual(['Shorten this', 'Fix the grammar']);
  expect((await call(t.app, 'GET', '/api/chat/assistants', { token: ann.token })).body.data.map((x: { id: string }) => x.id)).toEqual([a.id]);
  expect((await call(t.app, 'GET', '/api/chat/assistants', { token: bob.token })).body.data).toEqual([]);
  for (const [method, url] of [
    ['GET', `/api/chat/assistants/${a.id}`],
    ['PUT', `/api/chat/assistants/${a.id}`],
    ['DELETE', `/api/chat/assistants/${a.id}`],
  ] as const) {
    const denied = await call(t.app, method, url, { token: bob.token, body: method === 'PUT' ? { name: 'Mine now' } : undefined });
    expect(denied.status).toBe(404);
  }
  // bob cannot start a chat with it either
  const refused = await call(t.app, 'POST', '/api/chat/conversations', { token: bob.token, body: { assistant_id: a.id } });
  expect(refused.body).toMatchObject({ errorCode: 'NOT_FOUND', field: 'assistant_id' });

  const bad: Array<[Record<string, unknown>, string, string]> = [
    [{ name: '   ' }, 'INVALID_PARAM', 'name'],
    [{ name: 'x', starters: ['1', '2', '3', '4', '5'] }, 'INVALID_PARAM', 'starters'],
    [{ name: 'x', temperature: 2.5 }, 'INVALID_PARAM', 'temperature'],
    [{ name: 'x', model_id: 'no-such-model' }, 'INVALID_PARAM', 'model_id'],
    [{ name: 'x', published: true }, 'PERMISSION_ERROR', 'published'],
    [{ name: 'x', roles: ['writer'] }, 'PERMISSION_ERROR', 'published'],
  ];
  for (const [body, code, field] of bad) {
    const e = await call(t.app, 'POST', '/api/chat/assistants', { token: ann.token, body });
    expect([e.status, e.body.errorCode, e.body.field]).toEqual([code === 'PERMISSION_ERROR' ? 403 : 400, code, field]);
  }
  // changed by its owner (absent fields stay), then deleted
  const changed = await call(t.app, 'PUT', `/api/chat/assistants/${a.id}`, { token: ann.token, body: { name: 'Copy editor', temperature: null } });
  expect(changed.body.data).toMatchObject({ name: 'Copy editor', temperature: null, top_p: 0.8, system_prompt: 'You are a careful editor.' });
  expect((await call(t.app, 'DELETE', `/api/chat/assistants/${a.id}`, { token: ann.token })).status).toBe(200);
  expect((await call(t.app, 'GET', '/api/chat/assistants', { token: ann.token })).body.data).toEqual([]);
});

test('a chat with an assistant sends its system prompt and parameters exactly; usage per assistant outlives the conversation', async () => {
  const cat = await chatUser(t.app, t.db, 'cat_assist', 100_000);
  const a = (await call(t.app, 'POST', '/api/chat/assistants', { token: cat.token, body: { ...preset, model_id: model.id } })).body.data;
  const c = await newConversation(t.app, cat.token, { assistant_id: a.id });
  const detail = (await call(t.app, 'GET', `/api/chat/conversations/${c.id}`, { token: cat.token })).body.data.conversation;
  expect(detail).toMatchObject({
    assistant_id: a.id,
    model_id: model.id,
    system_prompt: 'You are a careful editor.',
    temperature: 0.3,
    top_p: 0.8,
    max_tokens: 40,
  });
  const before = openai.requests.length;
  const answered = await ask(t.app, cat.token, c.id, 'Tighten [[reply:Done.]]');
  expect(answered.status).toBe(200);
  const sent = openai.requests.slice(before);
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ system: 'You are a careful editor.', temperature: 0.3, topP: 0.8, maxTokens: 40 });

  // fields given with the start win over the assistant's
  const own = await newConversation(t.app, cat.token, { assistant_id: a.id, model_id: other.id, temperature: 1.2 });
  const ownDetail = (await call(t.app, 'GET', `/api/chat/conversations/${own.id}`, { token: cat.token })).body.data.conversation;
  expect(ownDetail).toMatchObject({ assistant_id: a.id, model_id: other.id, temperature: 1.2, top_p: 0.8 });

  const [usage] = (
    await t.db.execute<{ assistant_id: string | null; credits: number }>(sql`SELECT assistant_id, credits FROM ai_usage WHERE conversation_id = ${c.id}`)
  ).rows;
  expect(usage.assistant_id).toBe(a.id);
  expect(usage.credits).toBeGreaterThan(0);
  // deleting the assistant keeps the conversation's copied settings; the usage row keeps its assistant
  await call(t.app, 'DELETE', `/api/chat/assistants/${a.id}`, { token: cat.token });
  const after = (await call(t.app, 'GET', `/api/chat/conversations/${c.id}`, { token: cat.token })).body.data.conversation;
  expect(after).toMatchObject({ assistant_id: null, system_prompt: 'You are a careful editor.', temperature: 0.3 });
  const [kept] = (await t.db.execute<{ assistant_id: string | null }>(sql`SELECT assistant_id FROM ai_usage WHERE conversation_id = ${c.id}`)).rows;
  expect(kept.assistant_id).toBe(a.id);
  expect(answerOf(answered).content).toBe('Done.');
});

test('admins publish for roles; the usage of a published assistant is listed with its credits and thumbs', async () => {
  const dan = await chatUser(t.app, t.db, 'dan_assist', 100_000, ['writer']);
  const eve = await chatUser(t.app, t.db, 'eve_assist', 100_000);
  const r = await call(t.app, 'POST', '/api/chat/assistants', {
    token: admin,
    body: { name: 'House style', system_prompt: 'Write in house style.', starters: ['Rewrite this'], published: true, roles: ['writer'] },
  });
  expect(r.status).toBe(200);
  const a = r.body.data;
  expect(a).toMatchObject({ published: true, roles: ['writer'], mine: true });
  const seen = (token: string) => call(t.app, 'GET', '/api/chat/assistants', { token }).then((x) => x.body.data.map((y: { id: string }) => y.id));
  expect(await seen(dan.token)).toContain(a.id);
  expect(await seen(eve.token)).not.toContain(a.id);
  expect((await call(t.app, 'POST', '/api/chat/conversations', { token: eve.token, body: { assistant_id: a.id } })).status).toBe(404);
  // a user it is published for uses it but may not change it
  const edit = await call(t.app, 'PUT', `/api/chat/assistants/${a.id}`, { token: dan.token, body: { name: 'Mine' } });
  expect([edit.status, edit.body.errorCode]).toEqual([403, 'PERMISSION_ERROR']);
  expect((await call(t.app, 'DELETE', `/api/chat/assistants/${a.id}`, { token: dan.token })).status).toBe(403);

  const c = await newConversation(t.app, dan.token, { assistant_id: a.id, model_id: model.id });
  const first = answerOf(await ask(t.app, dan.token, c.id, 'One [[reply:First.]]'));
  const second = answerOf(await ask(t.app, dan.token, c.id, 'Two [[reply:Second.]]', { parent_id: first.id }));
  await call(t.app, 'PUT', `/api/chat/messages/${first.id}/feedback`, { token: dan.token, body: { rating: 'up', comment: null } });
  await call(t.app, 'PUT', `/api/chat/messages/${second.id}/feedback`, { token: dan.token, body: { rating: 'down', comment: 'Too long' } });
  const [{ credits }] = (await t.db.execute<{ credits: number }>(sql`SELECT sum(credits)::int AS credits FROM ai_usage WHERE assistant_id = ${a.id}`)).rows;

  // eve may not read it; the admin reads one row per published assistant
  expect((await call(t.app, 'GET', '/api/ai/assistant-usage', { token: eve.token })).status).toBe(403);
  const list = await call(t.app, 'GET', '/api/ai/assistant-usage?keyword=House', { token: admin });
  expect(list.status).toBe(200);
  expect(list.body.data).toHaveLength(1);
  expect(list.body.data[0]).toMatchObject({ id: a.id, name: 'House style', conversations: 1, users: 1, answers: 2, credits, up: 1, down: 1 });
  expect(credits).toBeGreaterThan(0);
  // the usage log filters by assistant and names it beside the model
  const log = await call(t.app, 'GET', `/api/ai/usage?assistant_id=${a.id}`, { token: admin });
  expect(log.body.data.map((x: { assistant_name: string; feedback: string }) => [x.assistant_name, x.feedback]).sort()).toEqual([
    ['House style', 'down'],
    ['House style', 'up'],
  ]);
  // taken back from everyone: dan no longer sees it; his conversation goes on
  await call(t.app, 'PUT', `/api/chat/assistants/${a.id}`, { token: admin, body: { published: false } });
  expect(await seen(dan.token)).not.toContain(a.id);
  expect((await ask(t.app, dan.token, c.id, 'Three [[reply:Third.]]', { parent_id: second.id })).status).toBe(200);
});

test('an approved store prompt becomes an assistant; at most 50 assistants a user', async () => {
  const fay = await chatUser(t.app, t.db, 'fay_assist', 0);
  const ids = (
    await t.db.execute<{ id: string; status: string }>(
      sql`INSERT INTO store_prompts (title, description, body, model_id, author_id, status)
        VALUES ('Travel planner', 'Plans trips', 'Plan a trip to {{place}}.', ${model.id}, ${fay.id}, 'approved'),
               ('Pending idea', '', 'Not yet', NULL, ${fay.id}, 'pending') RETURNING id, status`,
    )
  ).rows;
  const approved = ids.find((x) => x.status === 'approved')!.id;
  const pending = ids.find((x) => x.status === 'pending')!.id;
  const made = await call(t.app, 'POST', `/api/chat/assistants/from-store/${approved}`, { token: fay.token });
  expect(made.status).toBe(200);
  expect(made.body.data).toMatchObject({
    name: 'Travel planner',
    description: 'Plans trips',
    system_prompt: 'Plan a trip to {{place}}.',
    model_id: model.id,
    store_prompt_id: approved,
    mine: true,
  });
  expect((await call(t.app, 'POST', `/api/chat/assistants/from-store/${pending}`, { token: fay.token })).status).toBe(404);

  await t.db.execute(sql`INSERT INTO chat_assistants (user_id, name) SELECT ${fay.id}, 'n' || g FROM generate_series(2, 50) g`);
  const over = await call(t.app, 'POST', '/api/chat/assistants', { token: fay.token, body: { name: 'One too many' } });
  expect([over.status, over.body.errorCode, over.body.field]).toEqual([400, 'ASSISTANT_LIMIT', 'name']);
  expect(over.body.errorMessage).toContain('50');
});
