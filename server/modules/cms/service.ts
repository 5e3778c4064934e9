/**
 * The CMS rules: categories (article_count kept exact in the transactions that move articles),
 * articles (draft / published, take down, covers, sanitized HTML, publish and modify ip), the
 * reader of published articles, the search index in step, and signed 2-hour preview links.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { cutText, textLength } from '../../../shared/text';
import { AppError } from '../../core/errors';
import { t } from '../../core/i18n';
import type { ListSpec } from '../../core/list/query';
import { clean, fetchRow } from '../../core/resource';
import { likePattern, plain, query, textArray, type Tx } from '../../core/sql';
import type { Db } from '../../db';
import type { SearchIndex } from '../search/service';
import { isImageUrl, loadSanitizer, sanitizeArticleHtml, textOfHtml } from './sanitize';
import type { Article, CategoryRow, PublishedArticle, ReadArticle } from './schemas';

export const CMS_LIMITS = { TITLE: 200, EXCERPT: 500, CONTENT: 500_000, URL: 1000, NAME: 64, DESCRIPTION: 500, ICON: 500, PAGE: 100 } as const;
export const COVER_MODES = ['none', 'one', 'three'] as const;
export type CoverMode = (typeof COVER_MODES)[number];
/** the images each cover mode shows */
export const COVER_IMAGES: Record<CoverMode, number> = { none: 0, one: 1, three: 3 };
export const ARTICLE_STATUS = { draft: 0, published: 1 } as const;
/** how long a preview link opens a draft */
export const PREVIEW_TTL_S = 2 * 3600;
/** an excerpt taken from the text when none is given */
const AUTO_EXCERPT = 120;

export const readerUrl = (id: string) => `/uni_modules/uni-cms/pages/article/list/list?id=${encodeURIComponent(id)}`;

// ------------------------------------------------------------------------------------------
// categories

export const categoryList: ListSpec = {
  resource: 'cms-categories',
  from: sql`cms_categories c`,
  alias: 'c',
  columns: sql`c.id, c.name, c.description, c.icon, c.sort, c.article_count, c.create_date`,
  search: [sql`c.name`, sql`c.description`],
  filters: { create_date: { kind: 'range', column: sql`c.create_date` } },
  sorts: { sort: sql`c.sort`, name: sql`c.name`, article_count: sql`c.article_count`, create_date: sql`c.create_date` },
  defaultSort: { field: 'sort', order: 'ascend' },
  tiebreak: sql`c.id`,
  exportColumns: [
    { key: 'name', width: 24 },
    { key: 'description', width: 40 },
    { key: 'sort', width: 8 },
    { key: 'article_count', width: 12 },
    { key: 'create_date', date: true, width: 20 },
  ],
};

export interface CategoryInput {
  name?: string;
  description?: string | null;
  icon?: string | null;
  sort?: number;
}

// ------------------------------------------------------------------------------------------
// articles

const articleFrom = sql`cms_articles a LEFT JOIN cms_categories c ON c.id = a.category_id LEFT JOIN users u ON u.id = a.user_id`;
const listColumns = sql`a.id, a.title, a.excerpt, a.user_id, coalesce(nullif(u.nickname, ''), u.username) AS author_name,
  a.category_id, c.name AS category_name, a.article_status, a.cover_mode, a.thumbnail, a.view_count, a.like_count, a.comment_count,
  a.is_sticky, a.is_essence, a.comment_status, a.publish_date, a.last_modify_date, a.create_date`;

/** the management list: every article, drafts too */
export const articleList: ListSpec = {
  resource: 'cms-articles',
  from: articleFrom,
  columns: sql`${listColumns}, a.publish_ip, a.last_modify_ip`,
  search: [sql`a.title`, sql`a.excerpt`],
  filters: {
    article_status: { kind: 'eq', column: sql`a.article_status`, type: 'int' },
    category_id: { kind: 'eq', column: sql`a.category_id` },
    is_sticky: { kind: 'eq', column: sql`a.is_sticky`, type: 'bool' },
    is_essence: { kind: 'eq', column: sql`a.is_essence`, type: 'bool' },
    publish_date: { kind: 'range', column: sql`a.publish_date` },
  },
  sorts: {
    create_date: sql`a.create_date`,
    last_modify_date: sql`a.last_modify_date`,
    publish_date: sql`a.publish_date`,
    title: sql`a.title`,
    view_count: sql`a.view_count`,
  },
  nullable: ['publish_date'],
  defaultSort: { field: 'create_date', order: 'descend' },
  tiebreak: sql`a.id`,
  exportColumns: [
    { key: 'title', width: 30 },
    { key: 'excerpt', width: 40 },
    { key: 'author_name', width: 16 },
    { key: 'category_name', width: 16 },
    {
      key: 'article_status',
      width: 10,
      value: (r, lang) => t(lang, r.article_status === ARTICLE_STATUS.published ? 'field.article_published' : 'field.article_draft'),
    },
    { key: 'view_count', width: 10 },
    { key: 'publish_date', date: true, width: 20 },
  ],
};

export interface ArticleInput {
  title?: string;
  content?: string;
  excerpt?: string | null;
  category_id?: string | null;
  /** 0 draft, 1 published */
  article_status?: number;
  cover_mode?: CoverMode;
  thumbnail?: string[];
  is_sticky?: boolean;
  is_essence?: boolean;
  comment_status?: number;
}

interface Checked {
  title: string;
  content: string;
  excerpt: string;
  categoryId: string | null;
  status: number;
  coverMode: CoverMode;
  thumbnail: string[];
  isSticky: boolean;
  isEssence: boolean;
  commentStatus: number;
}

/** the stored values of an input over the current article (or the defaults of a new one) */
function check(input: ArticleInput, cur?: Checked): Checked {
  const title = (input.title ?? cur?.title ?? '').trim();
  if (!title || textLength(title) > CMS_LIMITS.TITLE) throw new AppError('INVALID_PARAM', { field: 'title', params: { reason: `1..${CMS_LIMITS.TITLE}` } });
  if (input.content !== undefined && textLength(input.content) > CMS_LIMITS.CONTENT)
    throw new AppError('INVALID_PARAM', { field: 'content', params: { reason: `at most ${CMS_LIMITS.CONTENT} characters` } });
  const content = input.content === undefined ? (cur?.content ?? '') : sanitizeArticleHtml(input.content);
  const status = input.article_status ?? cur?.status ?? ARTICLE_STATUS.draft;
  if (status !== ARTICLE_STATUS.draft && status !== ARTICLE_STATUS.published)
    throw new AppError('INVALID_PARAM', { field: 'article_status', params: { reason: '0 or 1' } });
  // a draft may be empty; what is published has something to read
  if (status === ARTICLE_STATUS.published && !textOfHtml(content) && !/<img\s/i.test(content))
    throw new AppError('INVALID_PARAM', { field: 'content', params: { reason: 'required' } });
  const given = input.excerpt === undefined ? cur?.excerpt : (input.excerpt ?? '').trim();
  if (given && textLength(given) > CMS_LIMITS.EXCERPT)
    throw new AppError('INVALID_PARAM', { field: 'excerpt', params: { reason: `0..${CMS_LIMITS.EXCERPT}` } });
  const excerpt = given || cutText(textOfHtml(content), AUTO_EXCERPT);
  const coverMode = input.cover_mode ?? cur?.coverMode ?? 'none';
  if (!COVER_MODES.includes(coverMode)) throw new AppError('INVALID_PARAM', { field: 'cover_mode', params: { reason: COVER_MODES.join(' | ') } });
  const thumbnail = (input.thumbnail ?? (input.cover_mode === 'none' ? [] : (cur?.thumbnail ?? []))).map((u) => u.trim());
  if (thumbnail.length !== COVER_IMAGES[coverMode])
    throw new AppError('CMS_COVER_COUNT_INVALID', { field: 'thumbnail', params: { expected: COVER_IMAGES[coverMode], count: thumbnail.length } });
  const bad = thumbnail.findIndex((u) => textLength(u) > CMS_LIMITS.URL || !isImageUrl(u));
  if (bad >= 0) throw new AppError('INVALID_PARAM', { field: `thumbnail.${bad}`, params: { reason: 'an image of the file service or an https address' } });
  const commentStatus = input.comment_status ?? cur?.commentStatus ?? 1;
  if (commentStatus !== 0 && commentStatus !== 1) throw new AppError('INVALID_PARAM', { field: 'comment_status', params: { reason: '0 or 1' } });
  return {
    title,
    content,
    excerpt,
    categoryId: input.category_id === undefined ? (cur?.categoryId ?? null) : (clean(input.category_id) ?? null),
    status,
    coverMode,
    thumbnail,
    isSticky: input.is_sticky ?? cur?.isSticky ?? false,
    isEssence: input.is_essence ?? cur?.isEssence ?? false,
    commentStatus,
  };
}

// ------------------------------------------------------------------------------------------
// preview links: <id>.<expiry s>.<HMAC of id, expiry and the article's preview secret>

export function signPreview(key: Buffer, id: string, expires: number, previewSecret: string): string {
  const mac = createHmac('sha256', key).update(`${id}\n${expires}\n${previewSecret}`).digest('base64url');
  return `${id}.${expires}.${mac}`;
}

export const previewKey = (serverSecret: string) => createHmac('sha256', serverSecret).update('cms-preview').digest();

export class CmsService {
  constructor(
    private db: Db,
    private search: SearchIndex,
    private previewKey: Buffer,
    /** the clock (seconds) preview links are checked against */
    private nowS: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  // ---- categories -------------------------------------------------------------------------

  async getCategory(id: string, tx: Db | Tx = this.db): Promise<CategoryRow> {
    return fetchRow<CategoryRow>(tx, categoryList, sql`c.id`, id);
  }

  private categoryValues(input: CategoryInput, cur?: CategoryRow) {
    const name = input.name === undefined ? cur?.name : input.name.trim();
    if (!name || textLength(name) > CMS_LIMITS.NAME) throw new AppError('INVALID_PARAM', { field: 'name', params: { reason: `1..${CMS_LIMITS.NAME}` } });
    const description = input.description === undefined ? (cur?.description ?? '') : (input.description ?? '').trim();
    if (textLength(description) > CMS_LIMITS.DESCRIPTION)
      throw new AppError('INVALID_PARAM', { field: 'description', params: { reason: `0..${CMS_LIMITS.DESCRIPTION}` } });
    const icon = input.icon === undefined ? (cur?.icon ?? '') : (input.icon ?? '').trim();
    if (textLength(icon) > CMS_LIMITS.ICON) throw new AppError('INVALID_PARAM', { field: 'icon', params: { reason: `0..${CMS_LIMITS.ICON}` } });
    const sort = input.sort ?? cur?.sort ?? 0;
    return { name, description, icon, sort };
  }

  async createCategory(input: CategoryInput): Promise<CategoryRow> {
    const v = this.categoryValues(input);
    const [{ id }] = await query<{ id: string }>(
      this.db,
      sql`INSERT INTO cms_categories (name, description, icon, sort) VALUES (${v.name}, ${v.description}, ${v.icon}, ${v.sort}) RETURNING id`,
    );
    return this.getCategory(id);
  }

  async updateCategory(id: string, input: CategoryInput): Promise<CategoryRow> {
    const cur = await this.getCategory(id);
    const v = this.categoryValues(input, cur);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE cms_categories SET name = ${v.name}, description = ${v.description}, icon = ${v.icon}, sort = ${v.sort} WHERE id = ${id}`);
      // the published articles of a renamed category are found under the new name
      if (v.name !== cur.name) {
        const ids = await query<{ id: string }>(tx, sql`SELECT id FROM cms_articles WHERE category_id = ${id} AND article_status = 1`);
        await this.syncIndex(
          tx,
          ids.map((r) => r.id),
        );
      }
      return this.getCategory(id, tx);
    });
  }

  /** refused while a category holds articles (CMS_CATEGORY_NOT_EMPTY): move or delete them first */
  deleteCategories(ids: string[]): Promise<number> {
    const unique = [...new Set(ids)];
    if (!unique.length) return Promise.resolve(0);
    return this.db.transaction(async (tx) => {
      // the lock keeps an article from moving in between the check and the delete
      const rows = await query<{ id: string; name: string; article_count: number }>(
        tx,
        sql`SELECT id, name, article_count FROM cms_categories WHERE id = ANY(${textArray(unique)}) ORDER BY id FOR UPDATE`,
      );
      const full = rows.find((r) => r.article_count > 0);
      if (full) throw new AppError('CMS_CATEGORY_NOT_EMPTY', { field: 'id', params: { name: full.name, count: full.article_count } });
      const r = await tx.execute(sql`DELETE FROM cms_categories WHERE id = ANY(${textArray(unique)})`);
      return r.rowCount ?? 0;
    });
  }

  /** a category's count moves by `by` (the caller's transaction holds the article change) */
  private async count(tx: Tx, categoryId: string | null, by: number) {
    if (!categoryId || !by) return;
    const r = await tx.execute(sql`UPDATE cms_categories SET article_count = article_count + ${by} WHERE id = ${categoryId}`);
    if (!r.rowCount) throw new AppError('REFERENCE_NOT_FOUND', { field: 'category_id', params: { value: categoryId } });
  }

  // ---- articles ---------------------------------------------------------------------------

  private async current(tx: Db | Tx, id: string, lock = false): Promise<Checked & { previewSecret: string; publishDate: unknown }> {
    const [r] = await query(
      tx,
      sql`SELECT title, content, excerpt, category_id, article_status, cover_mode, thumbnail, is_sticky, is_essence, comment_status, preview_secret, publish_date
        FROM cms_articles WHERE id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`,
    );
    if (!r) throw new AppError('NOT_FOUND');
    return {
      title: r.title as string,
      content: r.content as string,
      excerpt: r.excerpt as string,
      categoryId: r.category_id as string | null,
      status: r.article_status as number,
      coverMode: r.cover_mode as CoverMode,
      thumbnail: r.thumbnail as string[],
      isSticky: r.is_sticky as boolean,
      isEssence: r.is_essence as boolean,
      commentStatus: r.comment_status as number,
      previewSecret: r.preview_secret as string,
      publishDate: r.publish_date,
    };
  }

  /** one article with its content (management) */
  async getArticle(id: string, tx: Db | Tx = this.db): Promise<Article> {
    const [r] = await query<Article>(tx, sql`SELECT ${listColumns}, a.publish_ip, a.last_modify_ip, a.content FROM ${articleFrom} WHERE a.id = ${id}`);
    if (!r) throw new AppError('NOT_FOUND');
    return plain(r);
  }

  /** puts the published ones of `ids` in the search index and takes the others out */
  private async syncIndex(tx: Tx, ids: string[]) {
    await loadSanitizer();
    if (!ids.length) return;
    const rows = await query(
      tx,
      sql`SELECT a.id, a.title, a.excerpt, a.content, a.article_status, c.name AS category_name
        FROM cms_articles a LEFT JOIN cms_categories c ON c.id = a.category_id WHERE a.id = ANY(${textArray(ids)})`,
    );
    const published = rows.filter((r) => r.article_status === ARTICLE_STATUS.published);
    await this.search.put(
      tx,
      published.map((r) => ({
        kind: 'article' as const,
        refId: r.id as string,
        ownerId: null,
        title: r.title as string,
        body: [r.category_name, r.excerpt, textOfHtml(r.content as string)].filter(Boolean).join('\n'),
        url: readerUrl(r.id as string),
      })),
    );
    const found = new Set(published.map((r) => r.id as string));
    await this.search.remove(
      tx,
      'article',
      ids.filter((id) => !found.has(id)),
    );
  }

  async createArticle(userId: string, ip: string, input: ArticleInput): Promise<Article> {
    await loadSanitizer();
    const v = check(input);
    return this.db.transaction(async (tx) => {
      await this.count(tx, v.categoryId, 1);
      const published = v.status === ARTICLE_STATUS.published;
      const [{ id }] = await query<{ id: string }>(
        tx,
        sql`INSERT INTO cms_articles (user_id, category_id, title, content, excerpt, article_status, cover_mode, thumbnail, is_sticky, is_essence,
            comment_status, publish_date, publish_ip, last_modify_ip, preview_secret)
          VALUES (${userId}, ${v.categoryId}, ${v.title}, ${v.content}, ${v.excerpt}, ${v.status}, ${v.coverMode}, ${textArray(v.thumbnail)},
            ${v.isSticky}, ${v.isEssence}, ${v.commentStatus}, ${published ? sql`now()` : null}, ${published ? ip : null}, ${ip}, ${randomBytes(16).toString('hex')})
          RETURNING id`,
      );
      await this.syncIndex(tx, [id]);
      return this.getArticle(id, tx);
    });
  }

  async updateArticle(id: string, ip: string, input: ArticleInput): Promise<Article> {
    await loadSanitizer();
    return this.db.transaction(async (tx) => {
      const cur = await this.current(tx, id, true);
      const v = check(input, cur);
      if (v.categoryId !== cur.categoryId) {
        // in id order, so two moves between the same categories never wait on each other
        const moves: Array<[string | null, number]> = [
          [cur.categoryId, -1],
          [v.categoryId, 1],
        ];
        for (const [cat, by] of moves.sort(([a], [b]) => (a ?? '').localeCompare(b ?? ''))) await this.count(tx, cat, by);
      }
      // publishing (again) stamps the publish date and ip; an edit of a published article keeps them
      const publishes = v.status === ARTICLE_STATUS.published && cur.status !== ARTICLE_STATUS.published;
      await tx.execute(sql`UPDATE cms_articles SET category_id = ${v.categoryId}, title = ${v.title}, content = ${v.content}, excerpt = ${v.excerpt},
          article_status = ${v.status}, cover_mode = ${v.coverMode}, thumbnail = ${textArray(v.thumbnail)}, is_sticky = ${v.isSticky},
          is_essence = ${v.isEssence}, comment_status = ${v.commentStatus}, last_modify_date = now(), last_modify_ip = ${ip}
          ${publishes ? sql`, publish_date = now(), publish_ip = ${ip}` : sql``}
        WHERE id = ${id}`);
      await this.syncIndex(tx, [id]);
      return this.getArticle(id, tx);
    });
  }

  /** a published article back to draft: out of the reader and the search */
  async takeDown(id: string, ip: string): Promise<Article> {
    return this.db.transaction(async (tx) => {
      const cur = await this.current(tx, id, true);
      if (cur.status !== ARTICLE_STATUS.published) throw new AppError('CMS_ARTICLE_NOT_PUBLISHED', { field: 'id' });
      await tx.execute(sql`UPDATE cms_articles SET article_status = 0, last_modify_date = now(), last_modify_ip = ${ip} WHERE id = ${id}`);
      await this.syncIndex(tx, [id]);
      return this.getArticle(id, tx);
    });
  }

  deleteArticles(ids: string[]): Promise<number> {
    const unique = [...new Set(ids)];
    if (!unique.length) return Promise.resolve(0);
    return this.db.transaction(async (tx) => {
      const gone = await query<{ id: string; category_id: string | null }>(
        tx,
        sql`DELETE FROM cms_articles WHERE id = ANY(${textArray(unique)}) RETURNING id, category_id`,
      );
      const byCategory = new Map<string, number>();
      for (const g of gone) if (g.category_id) byCategory.set(g.category_id, (byCategory.get(g.category_id) ?? 0) + 1);
      // in id order, so two deletes never wait on each other's category rows
      for (const [cat, n] of [...byCategory].sort(([a], [b]) => a.localeCompare(b))) await this.count(tx, cat, -n);
      await this.search.remove(
        tx,
        'article',
        gone.map((g) => g.id),
      );
      return gone.length;
    });
  }

  // ---- reading ----------------------------------------------------------------------------

  /** published articles for readers: sticky first, then newest; keyword over title and excerpt */
  async browse(q: { keyword?: string; category_id?: string; current?: number; pageSize?: number }): Promise<{ data: PublishedArticle[]; total: number }> {
    const where: SQL[] = [sql`a.article_status = 1`];
    const kw = q.keyword?.trim();
    if (kw) where.push(sql`(a.title ILIKE ${likePattern(kw)} OR a.excerpt ILIKE ${likePattern(kw)})`);
    if (q.category_id) where.push(sql`a.category_id = ${q.category_id}`);
    const cond = sql.join(where, sql` AND `);
    const pageSize = Math.min(q.pageSize ?? 20, CMS_LIMITS.PAGE);
    const current = q.current ?? 1;
    const [rows, [{ n }]] = await Promise.all([
      query<PublishedArticle>(
        this.db,
        sql`SELECT ${listColumns} FROM ${articleFrom} WHERE ${cond}
          ORDER BY a.is_sticky DESC, a.publish_date DESC NULLS LAST, a.id LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}`,
      ),
      query<{ n: number }>(this.db, sql`SELECT count(*)::int AS n FROM cms_articles a WHERE ${cond}`),
    ]);
    return { data: rows.map(plain), total: n };
  }

  private async readerRow(tx: Db | Tx, id: string, cond: SQL): Promise<ReadArticle> {
    const [r] = await query<ReadArticle>(tx, sql`SELECT ${listColumns}, a.content FROM ${articleFrom} WHERE a.id = ${id} AND ${cond}`);
    if (!r) throw new AppError('NOT_FOUND');
    return plain(r);
  }

  /** a published article for a reader; each read counts a view */
  async read(id: string): Promise<ReadArticle> {
    const r = await this.db.execute(sql`UPDATE cms_articles SET view_count = view_count + 1 WHERE id = ${id} AND article_status = 1`);
    if (!r.rowCount) throw new AppError('NOT_FOUND');
    return this.readerRow(this.db, id, sql`a.article_status = 1`);
  }

  /** a link that opens the article, draft or not, for PREVIEW_TTL_S seconds */
  async previewLink(id: string): Promise<{ token: string; expires_at: string }> {
    const cur = await this.current(this.db, id);
    const expires = this.nowS() + PREVIEW_TTL_S;
    return { token: signPreview(this.previewKey, id, expires, cur.previewSecret), expires_at: new Date(expires * 1000).toISOString() };
  }

  /** the article a preview link opens (no view counted); a forged or expired link: CMS_PREVIEW_INVALID */
  async preview(token: string): Promise<ReadArticle> {
    const m = /^([A-Za-z0-9-]{1,64})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    const invalid = () => new AppError('CMS_PREVIEW_INVALID', { field: 'token' });
    if (!m) throw invalid();
    const [, id, exp] = m;
    const [row] = await query<{ preview_secret: string }>(this.db, sql`SELECT preview_secret FROM cms_articles WHERE id = ${id}`);
    if (!row) throw invalid();
    const expected = Buffer.from(signPreview(this.previewKey, id, Number(exp), row.preview_secret));
    const given = Buffer.from(token);
    if (expected.length !== given.length || !timingSafeEqual(expected, given) || Number(exp) <= this.nowS()) throw invalid();
    return { ...(await this.readerRow(this.db, id, sql`true`)), preview_expires_at: new Date(Number(exp) * 1000).toISOString() };
  }
}
