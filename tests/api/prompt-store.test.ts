/**
 * The prompt store: browsing (keyword incl. Chinese, filters, sorts, featured first), favourites
 * with exact counts, copies into own templates, uses counted through a real chat send, the
 * publish -> review -> store flow with reasons the author sees, the search index kept in step,
 * and curation closed to plain users.
 */
import { exportRows } from './system-support';
import { sql } from 'drizzle-orm';
import { call, makeRole, registerAdmin } from '../support/accounts';
import { addModel, ask, chatUser, newConversation } from '../support/chat';
import type { Standin } from '../support/llm-standin';
import { startOpenAiStandin } from '../support/openai-standin';
import { createTestApp } from '../support/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let openai: Standin;
let admin: string;
let editor: { id: string; token: string };
let alice: { id: string; token: string };
let bob: { id: string; token: string };

beforeAll(async () => {
  [t, openai] = await Promise.all([createTestApp(), startOpenAiStandin()]);
  admin = (await registerAdmin(t.app)).token;
  await makeRole(t.db, 'content_editor', ['MANAGE_CONTENT']);
  editor = await chatUser(t.app, t.db, 'store_editor', 0, ['content_editor']);
  alice = await chatUser(t.app, t.db, 'store_alice', 1000);
  bob = await chatUser(t.app, t.db, 'store_bob', 0);
});
afterAll(async () => {
  await Promise.all([t.close(), openai.close()]);
});

const indexed = async (kind: string, refId: string) =>
  (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM search_entries WHERE kind = ${kind} AND ref_id = ${refId}`)).rows[0].n;

async function staffPrompt(body: Record<string, unknown>) {
  const r = await call(t.app, 'POST', '/api/store-prompts', { token: editor.token, body });
  expect(r.status).toBe(200);
  return r.body.data as { id: string; status: string };
}

const browse = async (token: string, qs: string) => (await call(t.app, 'GET', `/api/prompt-store?${qs}`, { token })).body;

test('the store opens with approved starter prompts, indexed for search', async () => {
  const all = await browse(alice.token, 'pageSize=100');
  expect(all.total).toBeGreaterThanOrEqual(6);
  expect(all.data.map((p: { title: string }) => p.title)).toEqual(expect.arrayContaining(['Code review', '中英互译']));
  expect(await indexed('store-prompt', 'seed-code-review')).toBe(1);
});

test('browse: keyword over title, description, body and tags (Chinese too), category and tag filters, sorts, featured first', async () => {
  const a = await staffPrompt({
    title: 'Zebra poem',
    description: 'a poem about stripes',
    body: 'Write a poem about {{animal}}',
    category: 'StoreTest',
    tags: ['poetry'],
  });
  const b = await staffPrompt({ title: '量子物理入门', description: '解释量子纠缠', body: '请解释{{主题}}', category: 'StoreTest', tags: ['科学'] });
  const c = await staffPrompt({ title: 'Plain one', body: 'Tell me about stripes', category: 'StoreTest', tags: ['poetry', 'misc'], featured: true });

  expect((await browse(bob.token, 'keyword=zebra')).data.map((p: { id: string }) => p.id)).toEqual([a.id]);
  expect((await browse(bob.token, `keyword=${encodeURIComponent('量子纠缠')}`)).data.map((p: { id: string }) => p.id)).toEqual([b.id]);
  expect((await browse(bob.token, `keyword=${encodeURIComponent('量子')}`)).data.map((p: { id: string }) => p.id)).toEqual([b.id]);
  const stripes = (await browse(bob.token, 'keyword=stripes')).data.map((p: { id: string }) => p.id);
  expect(stripes.sort()).toEqual([a.id, c.id].sort());
  expect((await browse(bob.token, `keyword=${encodeURIComponent('科学')}`)).data.map((p: { id: string }) => p.id)).toEqual([b.id]);

  expect((await browse(bob.token, 'category=StoreTest')).total).toBe(3);
  expect((await browse(bob.token, 'category=StoreTest&tag=poetry')).data.map((p: { id: string }) => p.id).sort()).toEqual([a.id, c.id].sort());
  // newest first by default
  expect((await browse(bob.token, 'category=StoreTest')).data.map((p: { id: string }) => p.id)).toEqual([c.id, b.id, a.id]);

  // a is used twice, b favourited once
  await t.db.execute(sql`UPDATE store_prompts SET use_count = 2 WHERE id = ${a.id}`);
  await call(t.app, 'PUT', `/api/prompt-store/${b.id}/favourite`, { token: bob.token, body: { favourite: true } });
  expect((await browse(bob.token, 'category=StoreTest&sort=used')).data[0].id).toBe(a.id);
  expect((await browse(bob.token, 'category=StoreTest&sort=favourited')).data[0].id).toBe(b.id);
  expect((await browse(bob.token, 'category=StoreTest&sort=used&featured_first=true')).data.map((p: { id: string }) => p.id)).toEqual([c.id, a.id, b.id]);
  // paging
  const p2 = await browse(bob.token, 'category=StoreTest&pageSize=2&current=2');
  expect([p2.total, p2.data.length]).toEqual([3, 1]);

  const facets = (await call(t.app, 'GET', '/api/prompt-store/facets', { token: bob.token })).body.data;
  expect(facets.categories).toEqual(expect.arrayContaining([{ name: 'StoreTest', count: 3 }]));
  expect(facets.tags).toEqual(expect.arrayContaining([{ name: 'poetry', count: 2 }]));
});

test('favourites: counts stay exact however often the same user clicks; the detail says whether the caller favourited', async () => {
  const p = await staffPrompt({ title: 'Fav target', body: 'Hello' });
  const fav = (token: string, on: boolean) => call(t.app, 'PUT', `/api/prompt-store/${p.id}/favourite`, { token, body: { favourite: on } });
  await Promise.all([fav(alice.token, true), fav(alice.token, true), fav(alice.token, true)]);
  expect((await fav(bob.token, true)).body.data).toEqual({ favourited: true, favourite_count: 2 });
  expect((await call(t.app, 'GET', `/api/prompt-store/${p.id}`, { token: alice.token })).body.data).toMatchObject({ favourited: true, favourite_count: 2 });
  expect((await fav(alice.token, false)).body.data).toEqual({ favourited: false, favourite_count: 1 });
  expect((await fav(alice.token, false)).body.data).toEqual({ favourited: false, favourite_count: 1 });
  expect((await call(t.app, 'GET', `/api/prompt-store/${p.id}`, { token: alice.token })).body.data.favourited).toBe(false);
});

test("copy to my templates makes an own template with the same body, found in the owner's search entries", async () => {
  const p = await staffPrompt({ title: 'Copy me', body: 'Write about {{topic}}', category: 'Writing', tags: ['x'] });
  const r = await call(t.app, 'POST', `/api/prompt-store/${p.id}/copy`, { token: bob.token });
  expect(r.body.data).toMatchObject({ title: 'Copy me', body: 'Write about {{topic}}', category: 'Writing', tags: ['x'], version: 1 });
  const mine = await call(t.app, 'GET', '/api/prompts?keyword=Copy%20me', { token: bob.token });
  expect(mine.body.total).toBe(1);
  const entry = (await t.db.execute(sql`SELECT owner_id, url FROM search_entries WHERE kind = 'prompt' AND ref_id = ${r.body.data.id}`)).rows[0];
  expect(entry).toEqual({ owner_id: bob.id, url: `/pages/assistant/prompts/prompts?id=${r.body.data.id}` });
  await call(t.app, 'DELETE', `/api/prompts/${r.body.data.id}`, { token: bob.token });
  expect(await indexed('prompt', r.body.data.id)).toBe(0);
});

test('a question sent to the chat with a store prompt counts one use; a refused send counts none', async () => {
  await addModel(t.app, admin, { name: 'Echo', base_url: openai.baseUrl, provider_model: 'echo' });
  const p = await staffPrompt({ title: 'Used prompt', body: 'Explain {{x}}' });
  const conv = await newConversation(t.app, alice.token);
  const send = (token: string, conversationId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/chat/conversations/${conversationId}/messages`,
      headers: { authorization: `Bearer ${token}` },
      payload: { content: 'Explain gravity', parent_id: null, store_prompt_id: p.id },
    });
  const r = await send(alice.token, conv.id);
  expect(r.statusCode).toBe(200);
  expect(r.payload).toContain('Echo: Explain gravity');
  // bob has no credits: the send is refused and nothing is counted
  const bobConv = await newConversation(t.app, bob.token);
  expect((await send(bob.token, bobConv.id)).json()).toMatchObject({ errorCode: 'INSUFFICIENT_CREDITS' });
  // a plain send is not a use
  await ask(t.app, alice.token, conv.id, 'again');
  expect((await call(t.app, 'GET', `/api/prompt-store/${p.id}`, { token: alice.token })).body.data.use_count).toBe(1);
  const uses = (await t.db.execute(sql`SELECT user_id, conversation_id FROM store_prompt_uses WHERE prompt_id = ${p.id}`)).rows;
  expect(uses).toEqual([{ user_id: alice.id, conversation_id: conv.id }]);
});

test('publish -> pending (not in the store) -> reject with a reason the author sees -> publish again -> approve -> in the store and the index', async () => {
  const tpl = (
    await call(t.app, 'POST', '/api/prompts', { token: alice.token, body: { title: 'Alice haiku', body: 'A haiku about {{season}}', category: 'Poems' } })
  ).body.data;
  const pub = await call(t.app, 'POST', `/api/prompts/${tpl.id}/publish`, { token: alice.token, body: { description: 'seasonal haiku' } });
  expect(pub.body.data).toMatchObject({ source_template_id: tpl.id, status: 'pending', reason: null });
  const sid = pub.body.data.id as string;
  expect((await browse(bob.token, 'keyword=haiku')).total).toBe(0);
  expect((await call(t.app, 'GET', `/api/prompt-store/${sid}`, { token: bob.token })).status).toBe(404);
  expect(await indexed('store-prompt', sid)).toBe(0);
  // someone else cannot publish alice's template
  expect((await call(t.app, 'POST', `/api/prompts/${tpl.id}/publish`, { token: bob.token, body: {} })).status).toBe(404);

  const pending = await call(t.app, 'GET', '/api/store-prompts?status=pending', { token: editor.token });
  expect(pending.body.data.map((r: { id: string }) => r.id)).toContain(sid);

  expect((await call(t.app, 'POST', '/api/store-prompts/reject', { token: editor.token, body: { ids: [sid], reason: ' ' } })).body).toMatchObject({
    errorCode: 'INVALID_PARAM',
    field: 'reason',
  });
  expect((await call(t.app, 'POST', '/api/store-prompts/reject', { token: editor.token, body: { ids: [sid], reason: 'Too short' } })).body.data).toEqual({
    changed: 1,
  });
  const mine = (await call(t.app, 'GET', '/api/prompt-store/submissions', { token: alice.token })).body.data;
  expect(mine).toEqual([expect.objectContaining({ id: sid, source_template_id: tpl.id, status: 'rejected', reason: 'Too short' })]);

  await call(t.app, 'PUT', `/api/prompts/${tpl.id}`, {
    token: alice.token,
    body: { title: 'Alice haiku', body: 'Three haiku about {{season}}, each with a kigo', category: 'Poems' },
  });
  const again = await call(t.app, 'POST', `/api/prompts/${tpl.id}/publish`, { token: alice.token, body: {} });
  expect(again.body.data).toMatchObject({ id: sid, status: 'pending', reason: null });

  expect((await call(t.app, 'POST', '/api/store-prompts/approve', { token: editor.token, body: { ids: [sid] } })).body.data).toEqual({ changed: 1 });
  const found = await browse(bob.token, 'keyword=haiku');
  expect(found.data).toEqual([
    expect.objectContaining({
      id: sid,
      body: 'Three haiku about {{season}}, each with a kigo',
      description: 'seasonal haiku',
      author_name: expect.any(String),
    }),
  ]);
  expect(await indexed('store-prompt', sid)).toBe(1);
  expect((await call(t.app, 'GET', '/api/prompt-store/submissions', { token: alice.token })).body.data[0]).toMatchObject({ id: sid, status: 'approved' });
});

test('take down: gone from the store and the search index, the reason kept; delete removes it', async () => {
  const p = await staffPrompt({ title: 'Short lived', body: 'x {{y}}' });
  expect(await indexed('store-prompt', p.id)).toBe(1);
  expect((await call(t.app, 'POST', '/api/store-prompts/take-down', { token: editor.token, body: { ids: [p.id], reason: 'Outdated' } })).body.data).toEqual({
    changed: 1,
  });
  expect((await call(t.app, 'GET', `/api/prompt-store/${p.id}`, { token: bob.token })).status).toBe(404);
  expect((await browse(bob.token, 'keyword=Short%20lived')).total).toBe(0);
  expect(await indexed('store-prompt', p.id)).toBe(0);
  expect((await call(t.app, 'GET', `/api/store-prompts/${p.id}`, { token: editor.token })).body.data).toMatchObject({
    status: 'taken_down',
    reason: 'Outdated',
    featured: false,
  });

  await call(t.app, 'POST', '/api/store-prompts/approve', { token: editor.token, body: { ids: [p.id] } });
  expect(await indexed('store-prompt', p.id)).toBe(1);
  expect((await call(t.app, 'DELETE', '/api/store-prompts', { token: editor.token, body: { ids: [p.id] } })).body.data).toEqual({ deleted: 1 });
  expect(await indexed('store-prompt', p.id)).toBe(0);
});

test('curation: edit, feature, filters and export; a body with a template error is refused on body', async () => {
  const p = await staffPrompt({ title: 'Editable', body: 'Hi {{name}}' });
  expect((await call(t.app, 'PUT', `/api/store-prompts/${p.id}`, { token: editor.token, body: { body: 'Hi {{name' } })).body).toMatchObject({
    errorCode: 'INVALID_PARAM',
    field: 'body',
  });
  expect((await call(t.app, 'POST', '/api/store-prompts', { token: editor.token, body: { title: 'Bad', body: 'Hi {{' } })).body).toMatchObject({
    errorCode: 'INVALID_PARAM',
    field: 'body',
  });
  const u = await call(t.app, 'PUT', `/api/store-prompts/${p.id}`, { token: editor.token, body: { title: 'Edited title', tags: ['a'] } });
  expect(u.body.data).toMatchObject({ title: 'Edited title', body: 'Hi {{name}}', tags: ['a'], status: 'approved' });
  expect((await call(t.app, 'PUT', `/api/store-prompts/${p.id}/featured`, { token: editor.token, body: { featured: true } })).body.data.featured).toBe(true);
  const featured = await call(t.app, 'GET', '/api/store-prompts?featured=true&keyword=Edited', { token: editor.token });
  expect(featured.body.data.map((r: { id: string }) => r.id)).toEqual([p.id]);
  const x = await exportRows(t.app, '/api/store-prompts/export?keyword=Edited', editor.token, 'zh-CN');
  expect(x.status).toBe(200);
  expect(x.headers['content-type']).toContain('spreadsheetml');
  // the header row names the columns in the reader's language
  expect(x.rows[0]).toEqual(expect.arrayContaining(['标题', '使用次数', '收藏数']));
  expect(x.rows).toHaveLength(2);
});

test('batch approve and take down act on every selected prompt in one go', async () => {
  const ids: string[] = [];
  for (const title of ['Batch one', 'Batch two']) {
    const tpl = (await call(t.app, 'POST', '/api/prompts', { token: bob.token, body: { title, body: `${title} {{x}}` } })).body.data;
    ids.push((await call(t.app, 'POST', `/api/prompts/${tpl.id}/publish`, { token: bob.token, body: {} })).body.data.id);
  }
  expect((await call(t.app, 'POST', '/api/store-prompts/approve', { token: editor.token, body: { ids } })).body.data).toEqual({ changed: 2 });
  expect((await browse(alice.token, 'keyword=Batch')).total).toBe(2);
  expect((await call(t.app, 'POST', '/api/store-prompts/take-down', { token: editor.token, body: { ids, reason: 'Duplicates' } })).body.data).toEqual({
    changed: 2,
  });
  expect((await browse(alice.token, 'keyword=Batch')).total).toBe(0);
  const mine = (await call(t.app, 'GET', '/api/prompt-store/submissions', { token: bob.token })).body.data;
  expect(mine.filter((m: { id: string }) => ids.includes(m.id)).map((m: { status: string; reason: string }) => [m.status, m.reason])).toEqual([
    ['taken_down', 'Duplicates'],
    ['taken_down', 'Duplicates'],
  ]);
});

test('a plain user gets 403 on every curation route', async () => {
  const p = await staffPrompt({ title: 'Guarded', body: 'x' });
  for (const [method, url, body] of [
    ['GET', '/api/store-prompts'],
    ['GET', `/api/store-prompts/${p.id}`],
    ['GET', '/api/store-prompts/export'],
    ['POST', '/api/store-prompts', { title: 'x', body: 'y' }],
    ['PUT', `/api/store-prompts/${p.id}`, { title: 'x' }],
    ['POST', '/api/store-prompts/approve', { ids: [p.id] }],
    ['POST', '/api/store-prompts/reject', { ids: [p.id], reason: 'no' }],
    ['POST', '/api/store-prompts/take-down', { ids: [p.id], reason: 'no' }],
    ['PUT', `/api/store-prompts/${p.id}/featured`, { featured: true }],
    ['DELETE', `/api/store-prompts/${p.id}`],
    ['DELETE', '/api/store-prompts', { ids: [p.id] }],
  ] as const) {
    const r = await call(t.app, method, url, { token: bob.token, body });
    expect([method, url, r.status]).toEqual([method, url, 403]);
  }
  expect((await call(t.app, 'GET', `/api/store-prompts/${p.id}`, { token: editor.token })).body.data.title).toBe('Guarded');
});
