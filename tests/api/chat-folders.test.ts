/**
 * Conversation folders: a user adds, renames and deletes their own folders (names unique per user,
 * 1 to 40 characters, at most 50 folders), files a conversation in one of them or in none, and
 * lists a folder's conversations or the unfiled ones; a deleted folder's conversations stay,
 * unfiled; nobody sees or uses another user's folders.
 */
import { call } from '../support/accounts';
import { chatUser, newConversation } from '../support/chat';
import { createTestApp } from '../support/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const titles = async (token: string, query = '') =>
  ((await call(t.app, 'GET', `/api/chat/conversations?${query}`, { token })).body.data as { title: string }[]).map((c) => c.title).sort();

test('folders hold conversations; a folder lists its own, "none" the unfiled; deleting a folder unfiles them', async () => {
  const u = await chatUser(t.app, t.db, 'filer', 0);
  const work = (await call(t.app, 'POST', '/api/chat/folders', { token: u.token, body: { name: '  Work  ' } })).body.data;
  expect(work).toMatchObject({ name: 'Work', count: 0 });
  const home = (await call(t.app, 'POST', '/api/chat/folders', { token: u.token, body: { name: '家 🏠' } })).body.data;
  const a = await newConversation(t.app, u.token, { title: 'Report' });
  const b = await newConversation(t.app, u.token, { title: 'Recipes' });
  await newConversation(t.app, u.token, { title: 'Loose' });

  const filed = await call(t.app, 'PUT', `/api/chat/conversations/${a.id}`, { token: u.token, body: { folder_id: work.id } });
  expect(filed.body.data).toMatchObject({ folder_id: work.id, title: 'Report' });
  await call(t.app, 'PUT', `/api/chat/conversations/${b.id}`, { token: u.token, body: { folder_id: home.id } });
  expect(await titles(u.token, `folder_id=${work.id}`)).toEqual(['Report']);
  expect(await titles(u.token, 'folder_id=none')).toEqual(['Loose']);
  expect(await titles(u.token)).toEqual(['Loose', 'Recipes', 'Report']);
  // by name, with their counts
  expect((await call(t.app, 'GET', '/api/chat/folders', { token: u.token })).body.data).toEqual([
    { id: work.id, name: 'Work', count: 1 },
    { id: home.id, name: '家 🏠', count: 1 },
  ]);

  const renamed = await call(t.app, 'PUT', `/api/chat/folders/${work.id}`, { token: u.token, body: { name: 'Office' } });
  expect(renamed.body.data).toEqual({ id: work.id, name: 'Office', count: 1 });
  // moved back out of any folder
  await call(t.app, 'PUT', `/api/chat/conversations/${b.id}`, { token: u.token, body: { folder_id: null } });
  expect(await titles(u.token, 'folder_id=none')).toEqual(['Loose', 'Recipes']);

  expect((await call(t.app, 'DELETE', `/api/chat/folders/${work.id}`, { token: u.token })).status).toBe(200);
  expect(await titles(u.token, 'folder_id=none')).toEqual(['Loose', 'Recipes', 'Report']);
  expect((await call(t.app, 'GET', '/api/chat/folders', { token: u.token })).body.data.map((f: { name: string }) => f.name)).toEqual(['家 🏠']);
});

test('names: unique per user, 1 to 40 characters (counted as characters, not UTF-16 units), at most 50 folders', async () => {
  const u = await chatUser(t.app, t.db, 'namer', 0);
  const add = (name: string) => call(t.app, 'POST', '/api/chat/folders', { token: u.token, body: { name } });
  expect((await add('Ideas')).status).toBe(200);
  expect((await add('Ideas')).body).toMatchObject({ success: false, errorCode: 'ID_EXISTS', field: 'name' });
  expect((await add('   ')).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'name' });
  expect((await add('𠮷'.repeat(40))).status).toBe(200);
  expect((await add('x'.repeat(41))).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'name' });
  // another user may use the same name
  const v = await chatUser(t.app, t.db, 'namer2', 0);
  expect((await call(t.app, 'POST', '/api/chat/folders', { token: v.token, body: { name: 'Ideas' } })).status).toBe(200);

  for (let i = 0; i < 48; i++) expect((await add(`f${i}`)).status).toBe(200);
  expect((await add('one too many')).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'name' });
});

test("another user's folder cannot be used, renamed, deleted or listed", async () => {
  const owner = await chatUser(t.app, t.db, 'folder_owner', 0);
  const other = await chatUser(t.app, t.db, 'folder_other', 0);
  const f = (await call(t.app, 'POST', '/api/chat/folders', { token: owner.token, body: { name: 'Private' } })).body.data;
  const c = await newConversation(t.app, other.token, { title: 'Mine' });
  expect((await call(t.app, 'PUT', `/api/chat/conversations/${c.id}`, { token: other.token, body: { folder_id: f.id } })).body).toMatchObject({
    errorCode: 'NOT_FOUND',
    field: 'folder_id',
  });
  expect((await call(t.app, 'PUT', `/api/chat/folders/${f.id}`, { token: other.token, body: { name: 'Taken' } })).body).toMatchObject({
    errorCode: 'NOT_FOUND',
  });
  expect((await call(t.app, 'DELETE', `/api/chat/folders/${f.id}`, { token: other.token })).body).toMatchObject({ errorCode: 'NOT_FOUND' });
  expect((await call(t.app, 'GET', '/api/chat/folders', { token: other.token })).body.data).toEqual([]);
  expect(await titles(other.token, `folder_id=${f.id}`)).toEqual([]);
  expect((await call(t.app, 'GET', '/api/chat/folders')).status).toBe(401);
});
