/**
 * Prompt templates: a user's own CRUD, every save kept as a version and restorable, others' ids
 * answering NOT_FOUND, field-named validation, the JSON export and the all-or-nothing import, and
 * the list's search, filters and xlsx export.
 */
import { sql } from 'drizzle-orm';
import { call, registerAdmin } from '../support/accounts';
import { addModel, chatUser } from '../support/chat';
import { createTestApp } from '../support/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let alice: { id: string; token: string };
let bob: { id: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await registerAdmin(t.app)).token;
  alice = await chatUser(t.app, t.db, 'prompt_alice', 0);
  bob = await chatUser(t.app, t.db, 'prompt_bob', 0);
});
afterAll(async () => {
  await t.close();
});

const BODY = 'Write a {{tone:select:formal|casual}} note of {{length:number}} words about {{topic}}.\n{{notes:textarea}} {{topic}}';

test('a template is created, read, saved as new versions, restored, and deleted', async () => {
  const c = await call(t.app, 'POST', '/api/prompts', {
    token: alice.token,
    body: { title: ' Note ', body: BODY, category: 'writing', tags: ['mail', 'mail', 'work'] },
  });
  expect(c.status).toBe(200);
  expect(c.body.data).toMatchObject({ title: 'Note', category: 'writing', tags: ['mail', 'work'], model_id: null, version: 1 });
  const id = c.body.data.id as string;

  const u1 = await call(t.app, 'PUT', `/api/prompts/${id}`, { token: alice.token, body: { title: 'Note v2', body: 'Hello {{name}}' } });
  expect(u1.body.data).toMatchObject({ title: 'Note v2', body: 'Hello {{name}}', category: '', tags: [], version: 2 });
  await call(t.app, 'PUT', `/api/prompts/${id}`, { token: alice.token, body: { title: 'Note v3', body: 'Bye' } });

  const versions = await call(t.app, 'GET', `/api/prompts/${id}/versions`, { token: alice.token });
  expect(versions.body.data.map((v: { version: number; title: string }) => [v.version, v.title])).toEqual([
    [3, 'Note v3'],
    [2, 'Note v2'],
    [1, 'Note'],
  ]);

  const r = await call(t.app, 'POST', `/api/prompts/${id}/versions/1/restore`, { token: alice.token });
  expect(r.body.data).toMatchObject({ title: 'Note', body: BODY, category: 'writing', tags: ['mail', 'work'], version: 4 });
  expect((await call(t.app, 'GET', `/api/prompts/${id}/versions`, { token: alice.token })).body.data).toHaveLength(4);
  expect((await call(t.app, 'POST', `/api/prompts/${id}/versions/9/restore`, { token: alice.token })).body).toMatchObject({ errorCode: 'NOT_FOUND' });

  expect((await call(t.app, 'DELETE', `/api/prompts/${id}`, { token: alice.token })).status).toBe(200);
  expect((await call(t.app, 'GET', `/api/prompts/${id}`, { token: alice.token })).status).toBe(404);
  // the versions went with it
  const left = await t.db.execute(sql`SELECT count(*)::int AS n FROM prompt_template_versions WHERE template_id = ${id}`);
  expect(left.rows[0].n).toBe(0);
});

test("another user's template answers NOT_FOUND everywhere and is never listed", async () => {
  const mine = (await call(t.app, 'POST', '/api/prompts', { token: alice.token, body: { title: 'Private', body: 'secret' } })).body.data.id as string;
  for (const [method, url, body] of [
    ['GET', `/api/prompts/${mine}`],
    ['PUT', `/api/prompts/${mine}`, { title: 'x', body: 'y' }],
    ['DELETE', `/api/prompts/${mine}`],
    ['GET', `/api/prompts/${mine}/versions`],
    ['POST', `/api/prompts/${mine}/versions/1/restore`],
  ] as const) {
    const r = await call(t.app, method, url, { token: bob.token, body });
    expect([method, url, r.status, r.body.errorCode]).toEqual([method, url, 404, 'NOT_FOUND']);
  }
  expect((await call(t.app, 'DELETE', '/api/prompts', { token: bob.token, body: { ids: [mine] } })).body.data).toEqual({ deleted: 0 });
  expect((await call(t.app, 'GET', '/api/prompts?keyword=Private', { token: bob.token })).body.total).toBe(0);
  expect((await call(t.app, 'GET', `/api/prompts/${mine}`, { token: alice.token })).body.data.title).toBe('Private');
  expect((await call(t.app, 'GET', '/api/prompts')).status).toBe(401);
});

test('bad input is refused on its field with the reason', async () => {
  const post = (body: unknown) => call(t.app, 'POST', '/api/prompts', { token: alice.token, body });
  expect((await post({ title: '', body: 'x' })).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'title' });
  expect((await post({ title: 'x'.repeat(101), body: 'x' })).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'title' });
  expect((await post({ title: 'x', body: 'x'.repeat(20_001) })).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'body' });
  const unclosed = await post({ title: 'x', body: 'Hi {{name' });
  expect(unclosed.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'body' });
  expect(unclosed.body.errorMessage).toContain('unclosed at 3');
  expect((await post({ title: 'x', body: '{{a:color}}' })).body.errorMessage).toContain('bad-type at 0');
  expect((await post({ title: 'x', body: '{{a:select}}' })).body.errorMessage).toContain('no-options at 0');
  expect((await post({ title: 'x', body: 'x', model_id: 'no-such-model' })).body).toMatchObject({ errorCode: 'MODEL_NOT_AVAILABLE', field: 'model_id' });
});

test('the default model must be one the user may use', async () => {
  const m = await addModel(t.app, admin, { name: 'Open', base_url: 'http://127.0.0.1:9', provider_model: 'echo' });
  const c = await call(t.app, 'POST', '/api/prompts', { token: alice.token, body: { title: 'With model', body: 'x', model_id: m.id } });
  expect(c.body.data.model_id).toBe(m.id);
  await t.db.execute(sql`UPDATE ai_models SET enabled = false WHERE id = ${m.id}`);
  const u = await call(t.app, 'PUT', `/api/prompts/${c.body.data.id}`, { token: alice.token, body: { title: 'With model', body: 'y', model_id: m.id } });
  expect(u.body).toMatchObject({ errorCode: 'MODEL_NOT_AVAILABLE', field: 'model_id' });
});

test('export gives every own template with its variables; import adds them all or none', async () => {
  const carol = await chatUser(t.app, t.db, 'prompt_carol', 0);
  await call(t.app, 'POST', '/api/prompts', { token: carol.token, body: { title: 'One', body: BODY, category: 'c1', tags: ['t'] } });
  await call(t.app, 'POST', '/api/prompts', { token: carol.token, body: { title: 'Two', body: '{{名字}} hi' } });
  const ex = await call(t.app, 'GET', '/api/prompts/export', { token: carol.token });
  expect(ex.body.data.templates).toHaveLength(2);
  const one = ex.body.data.templates.find((x: { title: string }) => x.title === 'One');
  expect(one).toEqual({
    title: 'One',
    body: BODY,
    category: 'c1',
    tags: ['t'],
    model_id: null,
    variables: [
      { name: 'tone', type: 'select', options: ['formal', 'casual'] },
      { name: 'length', type: 'number' },
      { name: 'topic', type: 'text' },
      { name: 'notes', type: 'textarea' },
    ],
  });

  const dave = await chatUser(t.app, t.db, 'prompt_dave', 0);
  const count = async () => (await call(t.app, 'GET', '/api/prompts', { token: dave.token })).body.total as number;
  const bad = await call(t.app, 'POST', '/api/prompts/import', {
    token: dave.token,
    body: { templates: [...ex.body.data.templates, { title: 'Bad', body: '{{oops' }] },
  });
  expect(bad.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'templates.2.body' });
  const empty = await call(t.app, 'POST', '/api/prompts/import', {
    token: dave.token,
    body: { templates: [ex.body.data.templates[0], { title: '', body: 'x' }] },
  });
  expect(empty.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'templates.1.title' });
  const tooMany = await call(t.app, 'POST', '/api/prompts/import', { token: dave.token, body: { templates: Array(201).fill({ title: 'x', body: 'y' }) } });
  expect(tooMany.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'templates' });
  expect(await count()).toBe(0);

  const ok = await call(t.app, 'POST', '/api/prompts/import', { token: dave.token, body: ex.body.data });
  expect(ok.body.data).toEqual({ imported: 2 });
  const again = await call(t.app, 'GET', '/api/prompts/export', { token: dave.token });
  expect(again.body.data.templates.map((x: { title: string }) => x.title).sort()).toEqual(['One', 'Two']);
  expect((await call(t.app, 'GET', '/api/prompts/export', { token: carol.token })).body.data.templates).toHaveLength(2);
});

test('the list searches title and body, filters by category and tag, sorts, pages and exports xlsx', async () => {
  const erin = await chatUser(t.app, t.db, 'prompt_erin', 0);
  const add = (title: string, body: string, category: string, tags: string[]) =>
    call(t.app, 'POST', '/api/prompts', { token: erin.token, body: { title, body, category, tags } });
  await add('Alpha mail', 'dear {{name}}', 'mail', ['work']);
  await add('Beta code', 'review this diff', 'code', ['work', 'dev']);
  await add('Gamma', 'a friendly mail', 'mail', ['home']);
  const list = async (q: string) => (await call(t.app, 'GET', `/api/prompts?${q}`, { token: erin.token })).body;
  expect((await list('keyword=mail')).data.map((r: { title: string }) => r.title).sort()).toEqual(['Alpha mail', 'Gamma']);
  expect((await list('category=code')).data.map((r: { title: string }) => r.title)).toEqual(['Beta code']);
  expect((await list('tag=work&sortField=title&sortOrder=ascend')).data.map((r: { title: string }) => r.title)).toEqual(['Alpha mail', 'Beta code']);
  const page = await list('pageSize=2&current=2&sortField=title&sortOrder=descend');
  expect(page.total).toBe(3);
  expect(page.data.map((r: { title: string }) => r.title)).toEqual(['Alpha mail']);
  const x = await t.app.inject({ method: 'GET', url: '/api/prompts/export.xlsx?category=mail', headers: { authorization: `Bearer ${erin.token}` } });
  expect(x.statusCode).toBe(200);
  expect(x.headers['content-type']).toContain('spreadsheetml');
  expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
});
