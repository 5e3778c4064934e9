/**
 * Site messages: each audience (everyone, a role, a tag, chosen users) reaches exactly its users,
 * a scheduled message appears at its time, withdrawing takes it out of inboxes but keeps reads,
 * mark read / all read and the unread count, who read it on the staff's side, validation errors
 * on their field, and the staff routes closed to everyone without the permission.
 */
import { sql } from 'drizzle-orm';
import { call, makeRole, registerAdmin } from '../support/accounts';
import { chatUser } from '../support/chat';
import { createTestApp } from '../support/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
type User = { id: string; token: string };
let staff: User;
let alice: User;
let bob: User;
let carol: User;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await registerAdmin(t.app)).token;
  await makeRole(t.db, 'msg_staff', ['MANAGE_SITE_MESSAGE']);
  await makeRole(t.db, 'msg_vip', []);
  await t.db.execute(sql`INSERT INTO tags (tagid, name) VALUES ('msg_beta', 'Beta testers') ON CONFLICT DO NOTHING`);
  staff = await chatUser(t.app, t.db, 'msg_staff_user', 0, ['msg_staff']);
  alice = await chatUser(t.app, t.db, 'msg_alice', 0, ['msg_vip']);
  bob = await chatUser(t.app, t.db, 'msg_bob', 0);
  carol = await chatUser(t.app, t.db, 'msg_carol', 0);
  await t.db.execute(sql`UPDATE users SET tags = ARRAY['msg_beta'] WHERE id = ${bob.id}`);
});
afterAll(async () => {
  await t.close();
});

async function write(body: Record<string, unknown>) {
  const r = await call(t.app, 'POST', '/api/site-messages', { token: staff.token, body });
  expect(r.status).toBe(200);
  return r.body.data as { id: string; status: string; audience_count: number; read_count: number };
}

const inbox = async (u: User, qs = '') => {
  const r = await call(t.app, 'GET', `/api/messages?pageSize=100${qs}`, { token: u.token });
  expect(r.status).toBe(200);
  return r.body as { data: Array<{ id: string; title: string; read_at: string | null }>; total: number };
};
const titles = async (u: User) => (await inbox(u)).data.map((m) => m.title);
const unread = async (u: User) => (await call(t.app, 'GET', '/api/messages/unread-count', { token: u.token })).body.data.unread as number;

test('each audience reaches exactly its users; nobody sees a message meant for another', async () => {
  await write({ title: 'To everyone', body: 'Hello **all**', audience: 'everyone', publish: 'now' });
  const vip = await write({ title: 'To VIPs', body: 'vip body', audience: 'roles', audience_ids: ['msg_vip'], publish: 'now' });
  await write({ title: 'To beta testers', body: 'beta body', audience: 'tags', audience_ids: ['msg_beta'], publish: 'now' });
  await write({ title: 'To Carol', body: 'just you', audience: 'users', audience_ids: [carol.id], publish: 'now' });
  await write({ title: 'A draft', body: 'not yet', audience: 'everyone' });

  expect((await titles(alice)).sort()).toEqual(['To VIPs', 'To everyone']);
  expect((await titles(bob)).sort()).toEqual(['To beta testers', 'To everyone']);
  expect((await titles(carol)).sort()).toEqual(['To Carol', 'To everyone']);
  // the staff see the everyone message in their own inbox, no more
  expect(await titles(staff)).toEqual(['To everyone']);
  expect(await unread(alice)).toBe(2);

  // someone else's message cannot be marked read either
  const toCarol = (await inbox(carol)).data.find((m) => m.title === 'To Carol')!;
  expect((await call(t.app, 'POST', `/api/messages/${toCarol.id}/read`, { token: bob.token })).status).toBe(404);

  // the audience is matched when the inbox is read: a role given later counts at once
  await t.db.execute(sql`UPDATE users SET role = ARRAY['msg_vip'] WHERE id = ${carol.id}`);
  expect(await titles(carol)).toContain('To VIPs');
  const d = (await call(t.app, 'GET', `/api/site-messages/${vip.id}`, { token: staff.token })).body.data;
  expect([d.audience_count, d.audience_names]).toEqual([2, ['msg_vip']]);
  await t.db.execute(sql`UPDATE users SET role = '{}' WHERE id = ${carol.id}`);
});

test('a scheduled message appears at its time', async () => {
  const at = new Date(Date.now() + 1500).toISOString();
  const m = await write({ title: 'Later', body: 'in a moment', audience: 'users', audience_ids: [alice.id], publish: 'at', publish_at: at });
  expect(m.status).toBe('scheduled');
  const before = await unread(alice);
  expect(await titles(alice)).not.toContain('Later');
  await new Promise((r) => setTimeout(r, 1700));
  expect(await titles(alice)).toContain('Later');
  expect(await unread(alice)).toBe(before + 1);
  expect((await call(t.app, 'GET', `/api/site-messages/${m.id}`, { token: staff.token })).body.data.status).toBe('published');
});

test('unread first; mark read lowers the count and keeps the first time; mark all read', async () => {
  const u = await chatUser(t.app, t.db, 'msg_dora', 0);
  const m1 = await write({ title: 'Dora one', body: 'x', audience: 'users', audience_ids: [u.id], publish: 'now' });
  await write({ title: 'Dora two', body: 'y', audience: 'users', audience_ids: [u.id], publish: 'now' });
  const n = await unread(u);
  const first = await call(t.app, 'POST', `/api/messages/${m1.id}/read`, { token: u.token });
  expect(first.body.data.unread).toBe(n - 1);
  expect(await unread(u)).toBe(n - 1);
  const list = (await inbox(u)).data;
  // the read one comes after every unread one
  expect(list[list.length - 1].id).toBe(m1.id);
  const readAt = list[list.length - 1].read_at;
  expect(readAt).toBeTruthy();
  await call(t.app, 'POST', `/api/messages/${m1.id}/read`, { token: u.token });
  expect((await inbox(u)).data.find((m) => m.id === m1.id)!.read_at).toBe(readAt);
  expect((await inbox(u, '&unread=true')).data.map((m) => m.id)).not.toContain(m1.id);

  const all = await call(t.app, 'POST', '/api/messages/read-all', { token: u.token });
  expect(all.body.data).toEqual({ marked: n - 1, unread: 0 });
  expect(await unread(u)).toBe(0);

  // the staff see who read it and when, searchable
  const reads = (await call(t.app, 'GET', `/api/site-messages/${m1.id}/reads?keyword=dora`, { token: staff.token })).body;
  expect(reads.total).toBe(1);
  expect(reads.data[0]).toMatchObject({ user_id: u.id, username: 'msg_dora', read_at: readAt });
  expect((await call(t.app, 'GET', `/api/site-messages/${m1.id}/reads?keyword=nobody`, { token: staff.token })).body.total).toBe(0);
  expect((await call(t.app, 'GET', `/api/site-messages/${m1.id}`, { token: staff.token })).body.data).toMatchObject({ read_count: 1, audience_count: 1 });
});

test('withdrawing takes a message out of every inbox and keeps its reads; publishing again brings it back', async () => {
  const m = await write({ title: 'Oops', body: 'wrong', audience: 'everyone', publish: 'now' });
  await call(t.app, 'POST', `/api/messages/${m.id}/read`, { token: bob.token });
  const before = await unread(alice);
  const w = await call(t.app, 'POST', `/api/site-messages/${m.id}/withdraw`, { token: staff.token });
  expect(w.body.data).toMatchObject({ status: 'withdrawn', read_count: 1 });
  expect(await titles(alice)).not.toContain('Oops');
  expect(await titles(bob)).not.toContain('Oops');
  expect(await unread(alice)).toBe(before - 1);
  expect((await call(t.app, 'POST', `/api/messages/${m.id}/read`, { token: alice.token })).status).toBe(404);

  const listed = (await call(t.app, 'GET', '/api/site-messages?status=withdrawn&keyword=Oops', { token: staff.token })).body;
  expect(listed.data.map((r: { id: string }) => r.id)).toEqual([m.id]);

  const again = await call(t.app, 'PUT', `/api/site-messages/${m.id}`, { token: staff.token, body: { body: 'right', publish: 'now' } });
  expect(again.body.data.status).toBe('published');
  expect(await titles(alice)).toContain('Oops');
});

test('the staff list filters by status and sorts; delete removes a message with its reads', async () => {
  const d = await write({ title: 'Zz draft list', body: 'b', audience: 'everyone' });
  const s = await write({
    title: 'Zz scheduled list',
    body: 'b',
    audience: 'everyone',
    publish: 'at',
    publish_at: new Date(Date.now() + 3_600_000).toISOString(),
  });
  const list = async (qs: string) =>
    (await call(t.app, 'GET', `/api/site-messages?keyword=Zz&${qs}`, { token: staff.token })).body.data.map((r: { id: string }) => r.id);
  expect(await list('status=draft')).toEqual([d.id]);
  expect(await list('status=scheduled')).toEqual([s.id]);
  expect(await list('status=draft&status=scheduled&sortField=title&sortOrder=ascend')).toEqual([d.id, s.id]);
  const bad = await call(t.app, 'GET', '/api/site-messages?status=lost', { token: staff.token });
  expect([bad.status, bad.body.field]).toEqual([400, 'status']);

  expect((await call(t.app, 'DELETE', `/api/site-messages/${d.id}`, { token: staff.token })).body.data.deleted).toBe(1);
  expect((await call(t.app, 'GET', `/api/site-messages/${d.id}`, { token: staff.token })).status).toBe(404);
  expect((await call(t.app, 'DELETE', '/api/site-messages', { token: admin, body: { ids: [s.id] } })).body.data.deleted).toBe(1);
});

test.each([
  [{ title: ' ', body: 'b', audience: 'everyone' }, 'title', 'INVALID_PARAM'],
  [{ title: 't', body: '  ', audience: 'everyone' }, 'body', 'INVALID_PARAM'],
  [{ title: 't', body: 'b', audience: 'roles', audience_ids: [] }, 'audience_ids', 'INVALID_PARAM'],
  [{ title: 't', body: 'b', audience: 'roles', audience_ids: ['no_such_role'] }, 'audience_ids', 'REFERENCE_NOT_FOUND'],
  [{ title: 't', body: 'b', audience: 'tags', audience_ids: ['no_such_tag'] }, 'audience_ids', 'REFERENCE_NOT_FOUND'],
  [{ title: 't', body: 'b', audience: 'users', audience_ids: ['no-such-user'] }, 'audience_ids', 'REFERENCE_NOT_FOUND'],
  [{ title: 't', body: 'b', audience: 'everyone', publish: 'at' }, 'publish_at', 'INVALID_PARAM'],
  [{ title: 't', body: 'b', audience: 'everyone', publish: 'at', publish_at: 'tomorrow' }, 'publish_at', 'INVALID_PARAM'],
  [{ title: 't', body: 'b', audience: 'everyone', publish: 'at', publish_at: '2020-01-01T00:00:00Z' }, 'publish_at', 'INVALID_PARAM'],
])('a bad message is refused on its field: %j', async (body, field, code) => {
  const r = await call(t.app, 'POST', '/api/site-messages', { token: staff.token, body });
  expect([r.status, r.body.errorCode, r.body.field]).toEqual([400, code, field]);
});

test('the audience pickers list roles, tags and users (searched) to managers without rights to those pages', async () => {
  expect((await call(t.app, 'GET', '/api/system/roles', { token: staff.token })).status).toBe(403);
  const roles = (await call(t.app, 'GET', '/api/site-messages/audience/roles?keyword=msg_vip', { token: staff.token })).body;
  expect(roles.data).toEqual([{ id: 'msg_vip', name: 'msg_vip' }]);
  const tags = (await call(t.app, 'GET', '/api/site-messages/audience/tags?keyword=beta', { token: staff.token })).body;
  expect(tags.data).toEqual([{ id: 'msg_beta', name: 'Beta testers' }]);
  const users = (await call(t.app, 'GET', '/api/site-messages/audience/users?keyword=msg_carol', { token: staff.token })).body;
  expect(users.data).toEqual([{ id: carol.id, name: 'msg_carol' }]);
});

test('managing is closed to users without the permission; the inbox is open to every signed-in user', async () => {
  const m = await write({ title: 'Locked', body: 'b', audience: 'everyone' });
  for (const [method, url, body] of [
    ['GET', '/api/site-messages', undefined],
    ['GET', `/api/site-messages/${m.id}`, undefined],
    ['GET', `/api/site-messages/${m.id}/reads`, undefined],
    ['GET', '/api/site-messages/audience/users', undefined],
    ['POST', '/api/site-messages', { title: 't', body: 'b', audience: 'everyone' }],
    ['PUT', `/api/site-messages/${m.id}`, { title: 'x' }],
    ['POST', `/api/site-messages/${m.id}/withdraw`, undefined],
    ['DELETE', `/api/site-messages/${m.id}`, undefined],
  ] as const) {
    const r = await call(t.app, method, url, { token: alice.token, body });
    expect([url, r.status]).toEqual([url, 403]);
  }
  expect((await call(t.app, 'GET', '/api/messages/unread-count', {})).status).toBe(401);
  expect((await call(t.app, 'GET', `/api/site-messages/${m.id}`, { token: admin })).status).toBe(200);
});
