/**
 * Help documents: the seeded tree in each language with its fallback, prev/next in reading order,
 * the page's search in English and Chinese, an editor's writes reaching readers and the search
 * index in the same transaction, 403 for plain users, and bad input named on its field.
 */
import { sql } from 'drizzle-orm';
import { DocService } from '../../server/modules/docs/service';
import { SearchIndex } from '../../server/modules/search/service';
import { call, makeRole } from '../support/accounts';
import { chatUser } from '../support/chat';
import { createTestApp } from '../support/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let editor: { id: string; token: string };
let reader: { id: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  await makeRole(t.db, 'doc_editor', ['MANAGE_CONTENT']);
  editor = await chatUser(t.app, t.db, 'doc_editor', 0, ['doc_editor']);
  reader = await chatUser(t.app, t.db, 'doc_reader', 0);
});
afterAll(async () => {
  await t.close();
});

type Item = { id: string; slug: string; title: string; depth: number; locale: string; has_children: boolean };
const tree = async (locale?: string, lang?: string) =>
  (await call(t.app, 'GET', `/api/docs/tree${locale ? `?locale=${locale}` : ''}`, { token: reader.token, lang })).body.data as Item[];
const entries = async (prefix: string) =>
  (
    await t.db.execute<{ ref_id: string; title: string; locale: string; url: string; body: string }>(
      sql`SELECT ref_id, title, locale, url, body FROM search_entries WHERE kind = 'doc' AND ref_id LIKE ${prefix + '%'} ORDER BY ref_id`,
    )
  ).rows;

test('the seeded documents form a tree in reading order, titled in each language', async () => {
  const en = await tree('en-US');
  expect(en.map((d) => [d.slug, d.depth])).toEqual([
    ['getting-started', 0],
    ['sign-in', 1],
    ['chat', 0],
    ['credits', 0],
    ['prompt-templates', 0],
    ['workspace', 0],
  ]);
  expect(en.map((d) => d.title)).toEqual(['Getting started', 'Signing in', 'AI chat', 'Credits', 'Prompt templates', 'Tasks, search and audio']);
  expect(en[0].has_children).toBe(true);
  expect((await tree('zh-CN')).map((d) => d.title)).toEqual(['快速入门', '登录', 'AI 对话', '积分', '提示词模板', '任务、搜索和音频']);
  expect((await tree('zh-TW')).map((d) => d.title)).toEqual(['快速入門', '登入', 'AI 對話', '積分', '提示詞範本', '任務、搜尋和音訊']);
  // without ?locale the Accept-Language header decides
  expect((await tree(undefined, 'zh-TW,zh;q=0.9'))[0].title).toBe('快速入門');
  // every seeded text is in the index, under its language, leading to the page
  const indexed = await entries(en[1].id);
  expect(indexed.map((e) => [e.locale, e.title])).toEqual([
    ['en-US', 'Signing in'],
    ['zh-CN', '登录'],
    ['zh-TW', '登入'],
  ]);
  expect(indexed[0].url).toBe(`/pages/assistant/document/document?id=${en[1].id}`);
  expect(indexed[0].body).not.toContain('##');
});

test('a document reads in the asked language with its neighbours, and falls back to en-US, then any', async () => {
  const en = await tree('en-US');
  const signIn = await call(t.app, 'GET', `/api/docs/${en[1].id}?locale=zh-CN`, { token: reader.token });
  expect(signIn.status).toBe(200);
  expect(signIn.body.data).toMatchObject({
    slug: 'sign-in',
    locale: 'zh-CN',
    title: '登录',
    path: [{ id: en[0].id, title: '快速入门' }],
    prev: { id: en[0].id, title: '快速入门' },
    next: { id: en[2].id, title: 'AI 对话' },
  });
  expect(signIn.body.data.body).toContain('30 天');
  // by slug too; the first has no previous one, the last no next one
  expect((await call(t.app, 'GET', '/api/docs/getting-started', { token: reader.token })).body.data).toMatchObject({ id: en[0].id, prev: null });
  expect((await call(t.app, 'GET', '/api/docs/workspace', { token: reader.token })).body.data).toMatchObject({
    next: null,
    prev: { title: 'Prompt templates' },
  });

  // a page written only in zh-TW shows in zh-TW to everyone; once it has en-US, zh-CN readers get that
  const c = await call(t.app, 'POST', '/api/docs', {
    token: editor.token,
    body: { parent_id: en[2].id, slug: 'only-tw', texts: [{ locale: 'zh-TW', title: '只有繁體', body: '內容' }] },
  });
  expect(c.status).toBe(200);
  const id = c.body.data.id as string;
  expect((await call(t.app, 'GET', `/api/docs/${id}?locale=zh-CN`, { token: reader.token })).body.data).toMatchObject({ locale: 'zh-TW', title: '只有繁體' });
  await call(t.app, 'PUT', `/api/docs/${id}/texts/en-US`, { token: editor.token, body: { title: 'Only English', body: 'text' } });
  expect((await call(t.app, 'GET', `/api/docs/${id}?locale=zh-CN`, { token: reader.token })).body.data).toMatchObject({
    locale: 'en-US',
    title: 'Only English',
  });
  const zh = await tree('zh-CN');
  expect(zh.find((d) => d.id === id)).toMatchObject({ locale: 'en-US', title: 'Only English', depth: 1 });
  // it sits under the chat section, so it comes between chat and credits
  expect(zh.map((d) => d.slug).slice(2, 5)).toEqual(['chat', 'only-tw', 'credits']);
  await call(t.app, 'DELETE', `/api/docs/${id}`, { token: editor.token });
});

test('the search finds English and Chinese words, title matches first, with a snippet', async () => {
  const en = await call(t.app, 'GET', '/api/docs/search?keyword=refresh%20token&locale=en-US', { token: reader.token });
  expect(en.body.data.map((h: { title: string }) => h.title)).toEqual(['Signing in']);
  expect(en.body.data[0].snippet.toLowerCase()).toContain('refresh token');

  const credits = await call(t.app, 'GET', `/api/docs/search?keyword=${encodeURIComponent('credits')}&locale=en-US`, { token: reader.token });
  const titles = credits.body.data.map((h: { title: string }) => h.title);
  // the document titled "Credits" before those that only mention them
  expect(titles[0]).toBe('Credits');
  expect(titles).toEqual(expect.arrayContaining(['AI chat']));

  const zh = await call(t.app, 'GET', `/api/docs/search?keyword=${encodeURIComponent('冻结')}&locale=zh-CN`, { token: reader.token });
  expect(zh.body.data.map((h: { title: string }) => h.title)).toEqual(['积分']);
  expect(zh.body.data[0].snippet).toContain('冻结');
  const tw = await call(t.app, 'GET', `/api/docs/search?keyword=${encodeURIComponent('範本 變數')}&locale=zh-TW`, { token: reader.token });
  expect(tw.body.data.map((h: { title: string }) => h.title)).toEqual(['提示詞範本']);
  expect((await call(t.app, 'GET', '/api/docs/search?keyword=nothing-like-this&locale=en-US', { token: reader.token })).body.data).toEqual([]);
  // LIKE's wildcards are plain characters
  expect((await call(t.app, 'GET', '/api/docs/search?keyword=%25&locale=en-US', { token: reader.token })).body.data).toEqual([]);
});

test("an editor's change shows to readers and lands in the search index; a deleted page leaves it", async () => {
  const en = await tree('en-US');
  const credits = en.find((d) => d.slug === 'credits')!;
  const c = await call(t.app, 'POST', '/api/docs', {
    token: editor.token,
    body: {
      parent_id: credits.id,
      slug: 'top-up',
      texts: [
        { locale: 'en-US', title: 'Topping up', body: '## Cards\nPay with a zebracard.' },
        { locale: 'zh-CN', title: '充值', body: '用斑马卡支付。' },
      ],
    },
  });
  expect(c.status).toBe(200);
  const id = c.body.data.id as string;
  expect((await entries(id)).map((e) => [e.ref_id, e.locale, e.title])).toEqual([
    [`${id}:en-US`, 'en-US', 'Topping up'],
    [`${id}:zh-CN`, 'zh-CN', '充值'],
  ]);

  const save = await call(t.app, 'PUT', `/api/docs/${id}/texts/en-US`, { token: editor.token, body: { title: ' Top-ups ', body: 'Pay with a lionpass now.' } });
  expect(save.status).toBe(200);
  const read = await call(t.app, 'GET', `/api/docs/${id}?locale=en-US`, { token: reader.token });
  expect(read.body.data).toMatchObject({ title: 'Top-ups', body: 'Pay with a lionpass now.', path: [{ title: 'Credits' }], prev: { title: 'Credits' } });
  expect((await entries(`${id}:en-US`))[0]).toMatchObject({ title: 'Top-ups', body: 'Pay with a lionpass now.' });
  expect(
    (await call(t.app, 'GET', '/api/docs/search?keyword=lionpass&locale=en-US', { token: reader.token })).body.data.map((h: { id: string }) => h.id),
  ).toEqual([id]);
  expect((await call(t.app, 'GET', '/api/docs/search?keyword=zebracard&locale=en-US', { token: reader.token })).body.data).toEqual([]);

  // a language's text goes with its entry; the last one stays
  await call(t.app, 'DELETE', `/api/docs/${id}/texts/zh-CN`, { token: editor.token });
  expect((await entries(id)).map((e) => e.locale)).toEqual(['en-US']);
  expect((await call(t.app, 'DELETE', `/api/docs/${id}/texts/en-US`, { token: editor.token })).body).toMatchObject({
    errorCode: 'INVALID_PARAM',
    field: 'locale',
  });

  // the credits section now has a page: deleting it needs cascade, which takes both with their entries
  const refused = await call(t.app, 'DELETE', `/api/docs/${credits.id}`, { token: editor.token });
  expect(refused.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'cascade' });
  expect((await call(t.app, 'GET', `/api/docs/${id}`, { token: reader.token })).status).toBe(200);
  const gone = await call(t.app, 'DELETE', `/api/docs/${credits.id}?cascade=true`, { token: editor.token });
  expect(gone.body.data).toEqual({ deleted: 2 });
  expect((await call(t.app, 'GET', `/api/docs/${id}`, { token: reader.token })).status).toBe(404);
  expect(await entries(id)).toEqual([]);
  expect(await entries(credits.id)).toEqual([]);
  expect((await tree('en-US')).map((d) => d.slug)).toEqual(['getting-started', 'sign-in', 'chat', 'prompt-templates', 'workspace']);
});

test('a move changes the reading order; a document cannot go inside itself', async () => {
  const en = await tree('en-US');
  const start = en.find((d) => d.slug === 'getting-started')!;
  const signIn = en.find((d) => d.slug === 'sign-in')!;
  const moved = await call(t.app, 'PUT', `/api/docs/${signIn.id}`, { token: editor.token, body: { parent_id: null, sort: 1 } });
  expect(moved.status).toBe(200);
  expect((await tree('en-US')).slice(0, 2).map((d) => [d.slug, d.depth])).toEqual([
    ['sign-in', 0],
    ['getting-started', 0],
  ]);
  await call(t.app, 'PUT', `/api/docs/${signIn.id}`, { token: editor.token, body: { parent_id: start.id, sort: 10 } });
  expect((await call(t.app, 'PUT', `/api/docs/${start.id}`, { token: editor.token, body: { parent_id: signIn.id } })).body).toMatchObject({
    errorCode: 'INVALID_PARAM',
    field: 'parent_id',
  });
  expect((await call(t.app, 'PUT', `/api/docs/${start.id}`, { token: editor.token, body: { parent_id: start.id } })).body).toMatchObject({
    errorCode: 'INVALID_PARAM',
    field: 'parent_id',
  });
  expect((await tree('en-US')).slice(0, 2).map((d) => [d.slug, d.depth])).toEqual([
    ['getting-started', 0],
    ['sign-in', 1],
  ]);
});

test('a plain user reads but every write answers 403; anonymous gets 401', async () => {
  const id = (await tree('en-US'))[0].id;
  for (const [method, url, body] of [
    ['POST', '/api/docs', { slug: 'x', texts: [{ locale: 'en-US', title: 'x', body: '' }] }],
    ['PUT', `/api/docs/${id}`, { sort: 3 }],
    ['PUT', `/api/docs/${id}/texts/en-US`, { title: 'Hacked', body: '' }],
    ['DELETE', `/api/docs/${id}/texts/zh-CN`],
    ['DELETE', `/api/docs/${id}?cascade=true`],
    ['GET', `/api/docs/${id}/texts`],
  ] as const) {
    const r = await call(t.app, method, url, { token: reader.token, body });
    expect([method, url, r.status]).toEqual([method, url, 403]);
  }
  expect((await tree('en-US'))[0].title).toBe('Getting started');
  expect((await call(t.app, 'GET', '/api/docs/tree')).status).toBe(401);
  expect((await call(t.app, 'GET', `/api/docs/${id}/texts`, { token: editor.token })).body.data.texts).toHaveLength(3);
});

test('bad input is refused on its field', async () => {
  const post = (body: unknown) => call(t.app, 'POST', '/api/docs', { token: editor.token, body });
  const text = { locale: 'en-US', title: 'A page', body: 'x' };
  expect((await post({ slug: 'empty-title', texts: [{ ...text, title: '  ' }] })).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'texts.0.title' });
  expect((await post({ slug: 'chat', texts: [text] })).body).toMatchObject({ errorCode: 'ID_EXISTS', field: 'slug' });
  expect((await post({ slug: 'orphan', parent_id: 'no-such-document', texts: [text] })).body).toMatchObject({
    errorCode: 'REFERENCE_NOT_FOUND',
    field: 'parent_id',
  });
  expect((await post({ slug: 'Bad Slug', texts: [text] })).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'slug' });
  expect((await post({ slug: 'no-text', texts: [] })).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'texts' });
  expect((await post({ slug: 'twice', texts: [text, text] })).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'texts.1.locale' });
  expect((await post({ slug: 'long', texts: [{ ...text, title: 'x'.repeat(201) }] })).body).toMatchObject({
    errorCode: 'INVALID_PARAM',
    field: 'texts.0.title',
  });
  const id = (await tree('en-US'))[0].id;
  expect((await call(t.app, 'PUT', `/api/docs/${id}/texts/en-US`, { token: editor.token, body: { title: '', body: 'x' } })).body).toMatchObject({
    errorCode: 'INVALID_PARAM',
    field: 'title',
  });
  expect((await call(t.app, 'PUT', `/api/docs/${id}`, { token: editor.token, body: { slug: 'chat' } })).body).toMatchObject({
    errorCode: 'ID_EXISTS',
    field: 'slug',
  });
  expect((await call(t.app, 'PUT', `/api/docs/${id}`, { token: editor.token, body: { parent_id: 'missing' } })).body).toMatchObject({
    errorCode: 'REFERENCE_NOT_FOUND',
    field: 'parent_id',
  });
  expect((await call(t.app, 'GET', '/api/docs/no-such-doc', { token: reader.token })).status).toBe(404);
  expect((await call(t.app, 'PUT', `/api/docs/${id}/texts/fr-FR`, { token: editor.token, body: { title: 'x', body: '' } })).status).toBe(400);
  // nothing of the refused writes was kept
  expect((await tree('en-US')).map((d) => d.slug)).not.toContain('orphan');
});

test('the seed keeps edits and never brings back what an editor deleted; a starter document never put in is added once', async () => {
  const id = (await tree('en-US'))[0].id;
  await call(t.app, 'PUT', `/api/docs/${id}/texts/en-US`, { token: editor.token, body: { title: 'Start here', body: 'Edited.' } });
  const seed = () => new DocService(t.db, new SearchIndex(t.db)).seed();
  const slugs = async () => (await tree('en-US')).map((d) => d.slug);
  // the credits section deleted above stays deleted
  expect(await seed()).toBe(0);
  expect(await slugs()).not.toContain('credits');
  // as if a newer version brought a document this database never had: added, once
  await t.db.execute(sql`DELETE FROM seed_marks WHERE key = 'help-doc:credits'`);
  expect(await seed()).toBe(1);
  expect(await seed()).toBe(0);
  expect(await slugs()).toContain('credits');
  expect((await tree('en-US'))[0].title).toBe('Start here');
});
