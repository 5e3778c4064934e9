/**
 * The CMS: the HTML allow-list (scripts, event handlers, javascript: urls, styles and frames
 * never stored), drafts and publishing with their dates and ips, take down, covers checked
 * against the cover mode, category counts exact under concurrent writes, the category delete
 * rule, readers of published articles, the search index in step, and 2-hour preview links.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { previewKey, signPreview } from '../../server/modules/cms/service';
import { loadSanitizer, sanitizeArticleHtml } from '../../server/modules/cms/sanitize';
import { call, makeRole, registerAdmin } from '../support/accounts';
import { exportRows } from './system-support';
import { chatUser } from '../support/chat';
import { createTestApp } from '../support/test-app';

const SECRET = 'cms-test-secret-cms-test-secret-0123';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-api-'));
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let editor: { id: string; token: string };
let reader: { id: string; token: string };

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  t = await createTestApp({ jwtSecret: SECRET, dataDir });
  admin = (await registerAdmin(t.app)).token;
  await makeRole(t.db, 'cms_editor', ['MANAGE_CONTENT']);
  editor = await chatUser(t.app, t.db, 'cms_editor_user', 0, ['cms_editor']);
  reader = await chatUser(t.app, t.db, 'cms_reader', 0);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Article = Record<string, any>;

async function category(name: string) {
  const r = await call(t.app, 'POST', '/api/cms/categories', { token: editor.token, body: { name, description: `${name} things`, sort: 1 } });
  expect(r.status).toBe(200);
  return r.body.data as { id: string; article_count: number };
}
async function article(body: Record<string, unknown>, ip?: string) {
  const r = await call(t.app, 'POST', '/api/cms/articles', { token: editor.token, body, ip });
  expect(r.body).toMatchObject({ success: true });
  return r.body.data as Article;
}
const countOf = async (id: string) => (await call(t.app, 'GET', `/api/cms/categories/${id}`, { token: editor.token })).body.data.article_count as number;
const realCount = async (id: string) =>
  (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM cms_articles WHERE category_id = ${id}`)).rows[0].n;
const indexed = async (id: string) =>
  (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM search_entries WHERE kind = 'article' AND ref_id = ${id}`)).rows[0].n;

describe('the HTML allow-list', () => {
  test('removes scripts, event handlers, javascript: urls, styles, frames and foreign image sources', async () => {
    const dirty = [
      '<h2 onclick="x()">Title</h2><p style="color:red">Hello <strong>bold</strong> <em>it</em> <u>u</u> <s>s</s></p>',
      '<script>window.pwned = 1</script><style>body{display:none}</style><iframe src="https://evil.example"></iframe>',
      '<img src="x" onerror="window.pwned = 1"><img src="/api/files/abc-123" onload="alert(1)" alt="ok">',
      '<img src="http://plain.example/a.png"><img src="data:image/png;base64,AAAA"><img src="https://cdn.example/b.png">',
      '<a href="javascript:alert(1)">bad</a> <a href="https://good.example" target="_blank">good</a> <a href="mailto:a@b.c">mail</a>',
      '<pre><code class="language-ts hacker">const a = 1</code></pre><blockquote>q</blockquote><ul><li>one</li></ul><svg onload="x()"><circle/></svg>',
    ].join('');
    await loadSanitizer();
    const clean = sanitizeArticleHtml(dirty);
    expect(clean).not.toMatch(/script|pwned|onerror|onload|onclick|style|iframe|javascript:|svg|data:|http:\/\/plain/i);
    expect(clean).toContain('<h2>Title</h2>');
    expect(clean).toContain('<p>Hello <strong>bold</strong> <em>it</em> <u>u</u> <s>s</s></p>');
    expect(clean).toContain('<img alt="ok" src="/api/files/abc-123" />');
    expect(clean).toContain('<img src="https://cdn.example/b.png" />');
    expect(clean).toContain('<a rel="noopener noreferrer nofollow">bad</a>');
    expect(clean).toContain('<a rel="noopener noreferrer nofollow" href="https://good.example" target="_blank">good</a>');
    expect(clean).toContain('href="mailto:a@b.c"');
    expect(clean).toContain('<pre><code class="language-ts">const a = 1</code></pre>');
    expect(clean).toContain('<blockquote>q</blockquote><ul><li>one</li></ul>');
  });

  test('the API stores the sanitized HTML, never what was sent', async () => {
    const a = await article({ title: 'Unsafe', content: '<p>Hi</p><script>alert(1)</script><img src="/api/files/f1" onerror="alert(2)">' });
    expect(a.content).toBe('<p>Hi</p><img src="/api/files/f1" />');
    const stored = (await t.db.execute<{ content: string }>(sql`SELECT content FROM cms_articles WHERE id = ${a.id}`)).rows[0].content;
    expect(stored).toBe('<p>Hi</p><img src="/api/files/f1" />');
  });
});

describe('articles', () => {
  test('a draft, then published: publish date and ip stamped once, excerpt taken from the text when none is given', async () => {
    const draft = await article({ title: 'Spring notes', content: '<p>The first <b>warm</b> day of the year.</p>' }, '10.1.1.1');
    expect(draft).toMatchObject({
      article_status: 0,
      publish_date: null,
      publish_ip: null,
      last_modify_ip: '10.1.1.1',
      excerpt: 'The first warm day of the year.',
    });
    const r = await call(t.app, 'PUT', `/api/cms/articles/${draft.id}`, { token: editor.token, body: { article_status: 1 }, ip: '10.2.2.2' });
    expect(r.body.data).toMatchObject({ article_status: 1, publish_ip: '10.2.2.2', last_modify_ip: '10.2.2.2', author_name: 'cms_editor_user' });
    const published = r.body.data.publish_date as string;
    expect(published).toBeTruthy();
    // a later edit keeps the publish stamp and moves the modify stamp
    const edited = await call(t.app, 'PUT', `/api/cms/articles/${draft.id}`, { token: editor.token, body: { title: 'Spring notes, edited' }, ip: '10.3.3.3' });
    expect(edited.body.data).toMatchObject({ publish_date: published, publish_ip: '10.2.2.2', last_modify_ip: '10.3.3.3', title: 'Spring notes, edited' });
  });

  test('a title is required; publishing needs content; a draft may be empty', async () => {
    const noTitle = await call(t.app, 'POST', '/api/cms/articles', { token: editor.token, body: { title: '  ', content: '<p>x</p>' } });
    expect([noTitle.status, noTitle.body.errorCode, noTitle.body.field]).toEqual([400, 'INVALID_PARAM', 'title']);
    const empty = await call(t.app, 'POST', '/api/cms/articles', {
      token: editor.token,
      body: { title: 'Empty', content: '<p><script>x</script></p>', article_status: 1 },
    });
    expect([empty.status, empty.body.errorCode, empty.body.field]).toEqual([400, 'INVALID_PARAM', 'content']);
    expect((await article({ title: 'Empty draft' })).article_status).toBe(0);
  });

  test('covers: none, one or three images, from the file service or https; the count must match the mode', async () => {
    const three = ['/api/files/a1', '/api/files/a2', 'https://cdn.example/3.png'];
    const ok = await article({ title: 'Three covers', content: '<p>x</p>', cover_mode: 'three', thumbnail: three });
    expect(ok).toMatchObject({ cover_mode: 'three', thumbnail: three });
    for (const [mode, thumbnail, count] of [
      ['one', [], 0],
      ['three', ['/api/files/a1'], 1],
      ['none', ['/api/files/a1'], 1],
    ] as const) {
      const r = await call(t.app, 'POST', '/api/cms/articles', { token: editor.token, body: { title: 'Bad covers', cover_mode: mode, thumbnail } });
      expect([r.status, r.body.errorCode, r.body.field]).toEqual([400, 'CMS_COVER_COUNT_INVALID', 'thumbnail']);
      expect(r.body.errorMessage).toContain(String(count));
    }
    const foreign = await call(t.app, 'POST', '/api/cms/articles', {
      token: editor.token,
      body: { title: 'Bad cover', cover_mode: 'one', thumbnail: ['javascript:alert(1)'] },
    });
    expect([foreign.status, foreign.body.errorCode, foreign.body.field]).toEqual([400, 'INVALID_PARAM', 'thumbnail.0']);
    // switching to none drops the images
    const r = await call(t.app, 'PUT', `/api/cms/articles/${ok.id}`, { token: editor.token, body: { cover_mode: 'none' } });
    expect(r.body.data).toMatchObject({ cover_mode: 'none', thumbnail: [] });
  });

  test('a cover uploaded to the cms folder of the file service is readable by any signed-in reader', async () => {
    const fd = new FormData();
    fd.append('cloudPath', `cms/${Date.now()}-cover.png`);
    fd.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'cover.png');
    const encoded = new Response(fd);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')!, authorization: `Bearer ${editor.token}` },
    });
    expect(up.statusCode).toBe(200);
    const url = up.json().data.url as string;
    const a = await article({ title: 'With a cover', content: '<p>x</p>', cover_mode: 'one', thumbnail: [url], article_status: 1 });
    expect(a.thumbnail).toEqual([url]);
    const img = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${reader.token}` } });
    expect([img.statusCode, img.headers['content-type']]).toEqual([200, 'image/png']);
  });

  test('take down: published only; the article leaves the reader and the search', async () => {
    const a = await article({ title: 'Harbour lights', content: '<p>Ships at night in the harbour</p>', article_status: 1 });
    expect(await indexed(a.id)).toBe(1);
    const down = await call(t.app, 'POST', `/api/cms/articles/${a.id}/take-down`, { token: editor.token });
    expect(down.body.data.article_status).toBe(0);
    expect(await indexed(a.id)).toBe(0);
    expect((await call(t.app, 'GET', `/api/cms/articles/${a.id}/read`, { token: reader.token })).status).toBe(404);
    const again = await call(t.app, 'POST', `/api/cms/articles/${a.id}/take-down`, { token: editor.token });
    expect([again.status, again.body.errorCode]).toEqual([409, 'CMS_ARTICLE_NOT_PUBLISHED']);
  });

  test('the list: search over title and excerpt, status filter, export, batch delete', async () => {
    const a = await article({ title: 'Quokka facts', content: '<p>Small marsupials</p>', excerpt: 'All about a happy animal' });
    const b = await article({ title: 'Other', content: '<p>nothing</p>', excerpt: 'mentions quokka too', article_status: 1 });
    const list = async (qs: string) => (await call(t.app, 'GET', `/api/cms/articles?${qs}`, { token: editor.token })).body;
    expect((await list('keyword=quokka')).data.map((r: Article) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect((await list('keyword=marsupials')).total).toBe(0);
    expect((await list('keyword=quokka&article_status=1')).data.map((r: Article) => r.id)).toEqual([b.id]);
    const xlsx = await exportRows(t.app, '/api/cms/articles/export?keyword=quokka&sortField=title&sortOrder=ascend', editor.token, 'zh-CN');
    expect(xlsx.rows[0].slice(0, 5)).toEqual(['标题', '摘要', '作者', '分类', '状态']);
    expect(xlsx.rows.slice(1).map((r) => [r[0], r[4]])).toEqual([
      ['Other', '已发布'],
      ['Quokka facts', '草稿'],
    ]);
    const del = await call(t.app, 'DELETE', '/api/cms/articles', { token: editor.token, body: { ids: [a.id, b.id] } });
    expect(del.body.data.deleted).toBe(2);
    expect(await indexed(b.id)).toBe(0);
  });
});

describe('categories', () => {
  test('article_count stays exact through creates, moves and deletes, also under concurrent writes', async () => {
    const [news, tips] = [await category('News'), await category('Tips')];
    expect(news.article_count).toBe(0);
    const made = await Promise.all(Array.from({ length: 12 }, (_, i) => article({ title: `Concurrent ${i}`, category_id: news.id })));
    expect(await countOf(news.id)).toBe(12);
    // moves in both directions at once
    await Promise.all([
      ...made.slice(0, 4).map((a) => call(t.app, 'PUT', `/api/cms/articles/${a.id}`, { token: editor.token, body: { category_id: tips.id } })),
      article({ title: 'Tip A', category_id: tips.id }).then((a) =>
        call(t.app, 'PUT', `/api/cms/articles/${a.id}`, { token: editor.token, body: { category_id: news.id } }),
      ),
    ]);
    expect([await countOf(news.id), await countOf(tips.id)]).toEqual([9, 4]);
    await Promise.all([
      call(t.app, 'DELETE', '/api/cms/articles', { token: editor.token, body: { ids: made.slice(4, 7).map((a) => a.id) } }),
      call(t.app, 'DELETE', `/api/cms/articles/${made[7].id}`, { token: editor.token }),
      call(t.app, 'PUT', `/api/cms/articles/${made[8].id}`, { token: editor.token, body: { category_id: null } }),
    ]);
    expect(await countOf(news.id)).toBe(await realCount(news.id));
    expect(await countOf(news.id)).toBe(4);
    expect(await countOf(tips.id)).toBe(await realCount(tips.id));
  });

  test('an unknown category is refused on its field', async () => {
    const r = await call(t.app, 'POST', '/api/cms/articles', { token: editor.token, body: { title: 'Lost', category_id: 'no-such-category' } });
    expect([r.status, r.body.errorCode, r.body.field]).toEqual([400, 'REFERENCE_NOT_FOUND', 'category_id']);
  });

  test('a category holding articles cannot be deleted; an empty one can', async () => {
    const c = await category('Holding');
    const a = await article({ title: 'Inside', category_id: c.id });
    const r = await call(t.app, 'DELETE', `/api/cms/categories/${c.id}`, { token: editor.token });
    expect([r.status, r.body.errorCode, r.body.field]).toEqual([409, 'CMS_CATEGORY_NOT_EMPTY', 'id']);
    expect(r.body.errorMessage).toContain('Holding');
    await call(t.app, 'DELETE', `/api/cms/articles/${a.id}`, { token: editor.token });
    expect((await call(t.app, 'DELETE', `/api/cms/categories/${c.id}`, { token: editor.token })).body.data.deleted).toBe(1);
  });

  test('name required; list sorted by sort then searchable', async () => {
    const bad = await call(t.app, 'POST', '/api/cms/categories', { token: editor.token, body: { name: ' ' } });
    expect([bad.status, bad.body.errorCode, bad.body.field]).toEqual([400, 'INVALID_PARAM', 'name']);
    await call(t.app, 'POST', '/api/cms/categories', { token: editor.token, body: { name: 'Zeta first', sort: -5 } });
    const list = (await call(t.app, 'GET', '/api/cms/categories', { token: editor.token })).body;
    expect(list.data[0].name).toBe('Zeta first');
    expect((await call(t.app, 'GET', '/api/cms/categories?keyword=zeta', { token: editor.token })).body.total).toBe(1);
  });
});

describe('readers, search and access', () => {
  test('a plain user cannot manage, but reads published articles (each read counts a view) and never drafts', async () => {
    const pub = await article({ title: 'Open letter', content: '<p>Dear readers</p>', article_status: 1, is_sticky: true });
    const draft = await article({ title: 'Secret plan', content: '<p>Not yet</p>' });
    for (const [m, url] of [
      ['GET', '/api/cms/articles'],
      ['POST', '/api/cms/articles'],
      ['GET', `/api/cms/articles/${pub.id}`],
      ['PUT', `/api/cms/articles/${pub.id}`],
      ['POST', `/api/cms/articles/${pub.id}/take-down`],
      ['POST', `/api/cms/articles/${pub.id}/preview-link`],
      ['DELETE', `/api/cms/articles/${pub.id}`],
      ['POST', '/api/cms/categories'],
      ['GET', '/api/cms/categories'],
    ] as const) {
      const r = await call(t.app, m, url, { token: reader.token, body: m === 'GET' || m === 'DELETE' ? undefined : { title: 'x', name: 'x' } });
      expect([url, r.status]).toEqual([url, 403]);
    }
    const browse = (await call(t.app, 'GET', '/api/cms/published?pageSize=100', { token: reader.token })).body;
    const ids = browse.data.map((a: Article) => a.id);
    expect(ids).toContain(pub.id);
    expect(ids).not.toContain(draft.id);
    expect(browse.data[0].id).toBe(pub.id); // sticky first
    expect(browse.data.every((a: Article) => a.article_status === 1 && !('content' in a) && !('publish_ip' in a))).toBe(true);
    const read1 = await call(t.app, 'GET', `/api/cms/articles/${pub.id}/read`, { token: reader.token });
    expect(read1.body.data).toMatchObject({ title: 'Open letter', content: '<p>Dear readers</p>', view_count: 1 });
    expect(read1.body.data.publish_ip).toBeUndefined();
    expect((await call(t.app, 'GET', `/api/cms/articles/${pub.id}/read`, { token: reader.token })).body.data.view_count).toBe(2);
    expect((await call(t.app, 'GET', `/api/cms/articles/${draft.id}/read`, { token: reader.token })).status).toBe(404);
    expect((await call(t.app, 'GET', `/api/cms/articles/${pub.id}/read`)).status).toBe(401);
  });

  test('the assistant search finds a published article (leading to its reader) and not a draft', async () => {
    const pub = await article({ title: 'Lighthouse keeper diary', content: '<p>The lamp of the lighthouse turns all night</p>', article_status: 1 });
    const draft = await article({ title: 'Lighthouse budget draft', content: '<p>lighthouse costs</p>' });
    const hits = (await call(t.app, 'GET', `/api/search?q=lighthouse&kind=article`, { token: reader.token })).body.data as Array<{
      ref_id: string;
      url: string;
    }>;
    expect(hits.map((h) => h.ref_id)).toEqual([pub.id]);
    expect(hits[0].url).toBe(`/uni_modules/uni-cms/pages/article/list/list?id=${pub.id}`);
    expect(await indexed(draft.id)).toBe(0);
    // a renamed category: its published articles are found under the new name
    const c = await category('Coastline');
    await call(t.app, 'PUT', `/api/cms/articles/${pub.id}`, { token: editor.token, body: { category_id: c.id } });
    await call(t.app, 'PUT', `/api/cms/categories/${c.id}`, { token: editor.token, body: { name: 'Seafaring' } });
    const renamed = (await call(t.app, 'GET', '/api/search?q=seafaring&kind=article', { token: reader.token })).body.data as Array<{ ref_id: string }>;
    expect(renamed.map((h) => h.ref_id)).toEqual([pub.id]);
    // publishing the draft makes it findable in the same write
    await call(t.app, 'PUT', `/api/cms/articles/${draft.id}`, { token: editor.token, body: { article_status: 1 } });
    expect(await indexed(draft.id)).toBe(1);
  });

  test('a preview link opens a draft for 2 hours; a forged, expired or revoked one is refused', async () => {
    const draft = await article({ title: 'Preview me', content: '<p>Draft body</p>' });
    const link = (await call(t.app, 'POST', `/api/cms/articles/${draft.id}/preview-link`, { token: editor.token })).body.data;
    const hours = (Date.parse(link.expires_at) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(1.99);
    expect(hours).toBeLessThanOrEqual(2);
    const seen = await call(t.app, 'GET', `/api/cms/preview/${link.token}`, { token: reader.token });
    expect(seen.body.data).toMatchObject({ title: 'Preview me', content: '<p>Draft body</p>', article_status: 0, view_count: 0 });

    const [id, exp, mac] = (link.token as string).split('.');
    const refused = async (token: string) => {
      const r = await call(t.app, 'GET', `/api/cms/preview/${encodeURIComponent(token)}`, { token: reader.token });
      expect([r.status, r.body.errorCode]).toEqual([410, 'CMS_PREVIEW_INVALID']);
    };
    // a longer life written into the link breaks its signature
    await refused(`${id}.${Number(exp) + 3600}.${mac}`);
    await refused(`${id}.${exp}.${mac.slice(0, -2)}AA`);
    await refused('not-a-token');
    const secret = (await t.db.execute<{ s: string }>(sql`SELECT preview_secret AS s FROM cms_articles WHERE id = ${draft.id}`)).rows[0].s;
    // correctly signed but past its time
    await refused(signPreview(previewKey(SECRET), draft.id, Math.floor(Date.now() / 1000) - 1, secret));
    // signed with another server's secret
    await refused(signPreview(previewKey('another-secret'), draft.id, Math.floor(Date.now() / 1000) + 600, secret));
    expect((await call(t.app, 'GET', `/api/cms/preview/${link.token}`)).status).toBe(401);
  });

  test('an admin manages too', async () => {
    const r = await call(t.app, 'POST', '/api/cms/articles', { token: admin, body: { title: 'By the admin' } });
    expect(r.status).toBe(200);
  });
});
