/**
 * Read-only links to a conversation: the link shows the branch it was made on (not the others,
 * not what came later on it), its pictures but no documents, nothing of the owner's account;
 * "anyone" links work signed out, "signed-in" links ask for a sign-in; an altered, revoked or
 * expired link shows nothing; only the owner makes, lists and revokes links.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { call, registerAdmin } from '../support/accounts';
import { addModel, ask, attach, chatUser, newConversation } from '../support/chat';
import { PNG } from '../support/documents';
import { type Standin } from '../support/llm-standin';
import { startOpenAiStandin } from '../support/openai-standin';
import { createTestApp } from '../support/test-app';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-shares-'));
let t: Awaited<ReturnType<typeof createTestApp>>;
let openai: Standin;
let model: { id: string };

beforeAll(async () => {
  [t, openai] = await Promise.all([createTestApp({ dataDir }), startOpenAiStandin()]);
  const admin = (await registerAdmin(t.app)).token;
  model = await addModel(t.app, admin, { name: 'Vision', base_url: openai.baseUrl, provider_model: 'echo', vision: true });
});
afterAll(async () => {
  await Promise.all([t.close(), openai.close()]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const shared = (token: string, auth?: string) =>
  t.app.inject({ method: 'GET', url: `/api/chat/shared?t=${encodeURIComponent(token)}`, headers: auth ? { authorization: `Bearer ${auth}` } : {} });
const answerOf = (r: Awaited<ReturnType<typeof ask>>) => r.events[r.events.length - 1].data.message;

/** a conversation of two exchanges and a regenerated second answer; the first question has a picture and a document */
async function conversation(owner: { token: string }) {
  const c = await newConversation(t.app, owner.token, { model_id: model.id });
  const png = (await attach(t.app, owner.token, c.id, { bytes: PNG, name: 'chart.png' })).body.data;
  const doc = (await attach(t.app, owner.token, c.id, { bytes: Buffer.from('Secret figures'), name: 'private.txt' })).body.data;
  const a1 = answerOf(await ask(t.app, owner.token, c.id, 'First [[reply:One.]]', { attachments: [png.id, doc.id] }));
  const a2 = answerOf(await ask(t.app, owner.token, c.id, 'Second [[reply:Two.]]', { parent_id: a1.id }));
  return { c, a1, a2 };
}

test('an "anyone" link shows its branch and pictures signed out, and nothing else of the owner', async () => {
  const owner = await chatUser(t.app, t.db, 'sharer', 10_000);
  const { c, a1, a2 } = await conversation(owner);
  const r = await call(t.app, 'POST', `/api/chat/conversations/${c.id}/shares`, { token: owner.token, body: { message_id: a2.id, audience: 'anyone' } });
  expect(r.status).toBe(200);
  const link = r.body.data;
  expect(link).toMatchObject({ message_id: a2.id, audience: 'anyone', expires_at: null });
  expect(link.path).toBe(`/uni_modules/uni-id-pages/pages/common/share/share?t=${encodeURIComponent(link.token)}`);

  // the conversation goes on after the link was made: a third exchange, and another answer to the second question
  const a3 = answerOf(await ask(t.app, owner.token, c.id, 'Third [[reply:Three.]]', { parent_id: a2.id }));
  await t.app.inject({ method: 'POST', url: `/api/chat/messages/${a2.id}/regenerate`, headers: { authorization: `Bearer ${owner.token}` }, payload: {} });

  const got = await shared(link.token);
  expect(got.statusCode).toBe(200);
  const body = got.json().data;
  expect(body.title).toBe('First [[reply:One.]]');
  expect(body.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
    ['user', 'First [[reply:One.]]'],
    ['assistant', 'One.'],
    ['user', 'Second [[reply:Two.]]'],
    ['assistant', 'Two.'],
  ]);
  expect(body.messages.map((m: { id: string }) => m.id)).toContain(a1.id);
  expect(body.messages.map((m: { id: string }) => m.id)).not.toContain(a3.id);
  // the picture, with a link that opens signed out; the document is not there at all
  expect(body.messages[0].images).toHaveLength(1);
  expect(body.messages[0].images[0].name).toBe('chart.png');
  expect((await t.app.inject({ method: 'GET', url: body.messages[0].images[0].url })).statusCode).toBe(200);
  expect(got.payload).not.toContain('private.txt');
  expect(got.payload).not.toContain('Secret figures');
  // nothing of the owner: no balance, no account, no other conversation
  for (const word of ['score', 'balance', 'sharer', owner.token, 'user_id', 'credits']) expect(got.payload).not.toContain(word);
});

test('a "signed-in" link asks a signed-out reader to sign in; an altered, revoked or expired link shows nothing', async () => {
  const owner = await chatUser(t.app, t.db, 'sharer2', 10_000);
  const reader = await chatUser(t.app, t.db, 'reader2', 0);
  const { c, a2 } = await conversation(owner);
  const make = async (body: Record<string, unknown>) =>
    (await call(t.app, 'POST', `/api/chat/conversations/${c.id}/shares`, { token: owner.token, body: { message_id: a2.id, ...body } })).body.data;

  const members = await make({ audience: 'signed-in', expires_days: 7 });
  expect(new Date(members.expires_at).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
  expect((await shared(members.token)).json()).toMatchObject({ errorCode: 'uni-id-token-not-exist' });
  expect((await shared(members.token, reader.token)).statusCode).toBe(200);

  const open = await make({ audience: 'anyone' });
  const [id, sig] = open.token.split('.');
  // one character of the signature changed (to another one, whatever it was)
  const altered = `${sig.slice(0, -1)}${sig.endsWith('x') ? 'y' : 'x'}`;
  for (const bad of [`${id}.${altered}`, `${id}`, `${id}.${sig}.x`, 'nonsense', `00000000-0000-0000-0000-000000000000.${sig}`]) {
    const r = await shared(bad);
    expect({ bad, status: r.statusCode, code: r.json().errorCode }).toEqual({ bad, status: 404, code: 'NOT_FOUND' });
  }
  // the owner's list, then a revoke: the link stops at once
  const listed = await call(t.app, 'GET', `/api/chat/conversations/${c.id}/shares`, { token: owner.token });
  expect(listed.body.data.map((s: { id: string }) => s.id)).toEqual([open.id, members.id]);
  expect((await call(t.app, 'DELETE', `/api/chat/shares/${open.id}`, { token: owner.token })).status).toBe(200);
  expect((await shared(open.token)).statusCode).toBe(404);
  // an expired link
  await t.db.execute(sql`UPDATE conversation_shares SET expires_at = now() - interval '1 second' WHERE id = ${members.id}`);
  expect((await shared(members.token, reader.token)).statusCode).toBe(404);
});

test('only the owner makes, lists and revokes links; a message of another conversation cannot be shared', async () => {
  const owner = await chatUser(t.app, t.db, 'sharer3', 10_000);
  const other = await chatUser(t.app, t.db, 'other3', 10_000);
  const { c, a2 } = await conversation(owner);
  const theirs = await conversation(other);
  const post = (token: string, convId: string, messageId: string) =>
    call(t.app, 'POST', `/api/chat/conversations/${convId}/shares`, { token, body: { message_id: messageId, audience: 'anyone' } });
  expect((await post(other.token, c.id, a2.id)).body).toMatchObject({ errorCode: 'NOT_FOUND', field: 'id' });
  expect((await post(owner.token, c.id, theirs.a2.id)).body).toMatchObject({ errorCode: 'NOT_FOUND', field: 'message_id' });
  const mine = (await post(owner.token, c.id, a2.id)).body.data;
  expect((await call(t.app, 'GET', `/api/chat/conversations/${c.id}/shares`, { token: other.token })).body.data).toEqual([]);
  expect((await call(t.app, 'DELETE', `/api/chat/shares/${mine.id}`, { token: other.token })).body).toMatchObject({ errorCode: 'NOT_FOUND' });
  expect((await shared(mine.token)).statusCode).toBe(200);
  // out-of-range choices are refused on their field
  const bad = await call(t.app, 'POST', `/api/chat/conversations/${c.id}/shares`, {
    token: owner.token,
    body: { message_id: a2.id, audience: 'anyone', expires_days: 0 },
  });
  expect(bad.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'expires_days' });
  // deleting the conversation ends its links
  await call(t.app, 'DELETE', `/api/chat/conversations/${c.id}`, { token: owner.token });
  expect((await shared(mine.token)).statusCode).toBe(404);
});
