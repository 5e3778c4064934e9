/**
 * Help documents: a tree of sections and pages, each with its text per console language; readers
 * get the tree, a document with its neighbours in tree order, and a keyword search, all in their
 * language (else en-US, else any). Every text write updates its search entry in the same transaction.
 */
import { claimSeed } from '../../db/seed-marks';
import { sql } from 'drizzle-orm';
import { around, textLength, wellFormed } from '../../../shared/text';
import { AppError } from '../../core/errors';
import { likePattern, query, textArray, type Tx, uniqueViolation } from '../../core/sql';
import type { Lang } from '../../core/i18n';
import type { Db } from '../../db';
import type { SearchEntry, SearchIndex } from '../search/service';
import { INITIAL_DOCUMENTS } from './initial-documents';
import { LOCKS, xactLock } from '../../core/locks';
import type { DocumentTexts, DocumentView, SearchHit, TreeItem } from './schemas';

export const DOC_LOCALES = ['en-US', 'zh-CN', 'zh-TW'] as const;
export type DocLocale = (typeof DOC_LOCALES)[number];
export const DOC_LIMITS = { SLUG: 80, TITLE: 200, BODY: 100_000, KEYWORD: 100, RESULTS: 20, SORT: 1_000_000 } as const;
const SLUG = /^[a-z0-9][a-z0-9-]*$/;

/** the document language of the console language a request asks in */
export const localeOfLang = (lang: Lang): DocLocale => (lang === 'zh-Hans' ? 'zh-CN' : lang === 'zh-Hant' ? 'zh-TW' : 'en-US');

export const docUrl = (id: string) => `/pages/assistant/document/document?id=${encodeURIComponent(id)}`;

export interface TextInput {
  locale: DocLocale;
  title: string;
  body: string;
}

export interface CreateInput {
  parent_id?: string | null;
  slug: string;
  sort?: number;
  texts: TextInput[];
}

export interface MoveInput {
  parent_id?: string | null;
  slug?: string;
  sort?: number;
}

/**
 * markdown reduced to its words: what the search index and the snippets read. Each pattern fails
 * fast where it cannot match (no run of lines or of brackets is scanned again from every start),
 * so its time stays linear whatever the text: 100,000 blank lines took 19 s with `^\s*` here.
 */
export function plainText(md: string): string {
  return md
    .replace(/^[ \t]*(```|~~~).*$/gm, ' ')
    .replace(/!?\[([^[\]]{0,1000})\]\([^()]{0,2000}\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * About `size` characters of `text` around the first of the words found in it (the whole phrase
 * first), on whole characters. Found case-insensitively in the text itself: a lower-cased copy
 * can differ in length ('İ' is two units lower-cased), and its offsets would point elsewhere.
 */
export function snippetOf(text: string, words: string[], size = 140): string {
  const find = (pattern: string) => new RegExp(pattern, 'iu').exec(text)?.index ?? -1;
  let at = find(words.map(escapeRe).join(' '));
  if (at < 0) at = find(words.map(escapeRe).join('|'));
  const [start, end] = around(text, Math.max(0, at), Math.floor(size / 3), size);
  return `${start > 0 ? '…' : ''}${wellFormed(text.slice(start, end))}${end < text.length ? '…' : ''}`;
}

/** a help_documents row as the driver gives it (times as Dates) */
type HelpDocument = { id: string; parent_id: string | null; slug: string; sort: number; created_at: Date; updated_at: Date };

const iso = (v: unknown) => new Date(v as string | Date).toISOString();
const docRow = (r: HelpDocument) => ({
  id: r.id,
  parent_id: r.parent_id ?? null,
  slug: r.slug,
  sort: r.sort,
  updated_at: iso(r.updated_at),
});

export class DocService {
  constructor(
    private db: Db,
    private search: SearchIndex,
  ) {}

  /** each document's text in `locale`, else en-US, else the first there is */
  private resolvedTexts(db: Db | Tx, locale: DocLocale) {
    return query<{ document_id: string; locale: string; title: string; body: string; updated_at: string | Date }>(
      db,
      sql`SELECT DISTINCT ON (document_id) document_id, locale, title, body, updated_at FROM help_document_texts
        ORDER BY document_id, (locale = ${locale}) DESC, (locale = 'en-US') DESC, locale`,
    );
  }

  /** the whole tree in reading order (depth first, siblings by sort then slug) */
  async tree(locale: DocLocale, db: Db | Tx = this.db): Promise<TreeItem[]> {
    const docs = await query<{ id: string; parent_id: string | null; slug: string; sort: number }>(
      db,
      sql`SELECT id, parent_id, slug, sort FROM help_documents`,
    );
    const texts = new Map((await this.resolvedTexts(db, locale)).map((t) => [t.document_id, t]));
    const children = new Map<string | null, typeof docs>();
    for (const d of docs) children.set(d.parent_id, [...(children.get(d.parent_id) ?? []), d]);
    const out: TreeItem[] = [];
    const walk = (parent: string | null, depth: number) => {
      const list = (children.get(parent) ?? []).sort((a, b) => a.sort - b.sort || a.slug.localeCompare(b.slug));
      for (const d of list) {
        const t = texts.get(d.id);
        out.push({
          id: d.id,
          parent_id: d.parent_id,
          slug: d.slug,
          sort: d.sort,
          locale: t?.locale ?? locale,
          title: t?.title ?? d.slug,
          depth,
          has_children: children.has(d.id),
        });
        walk(d.id, depth + 1);
      }
    };
    walk(null, 0);
    return out;
  }

  private async find(db: Db | Tx, idOrSlug: string): Promise<HelpDocument> {
    const [r] = await query<HelpDocument>(
      db,
      sql`SELECT * FROM help_documents WHERE id = ${idOrSlug} OR slug = ${idOrSlug} ORDER BY (id = ${idOrSlug}) DESC LIMIT 1`,
    );
    if (!r) throw new AppError('NOT_FOUND');
    return r;
  }

  /** a document (by id or slug) in `locale` with its neighbours in the tree's reading order */
  async read(idOrSlug: string, locale: DocLocale): Promise<DocumentView> {
    const d = await this.find(this.db, idOrSlug);
    const tree = await this.tree(locale);
    const at = tree.findIndex((x) => x.id === d.id);
    const [text] = await query<{ locale: string; title: string; body: string; updated_at: string | Date }>(
      this.db,
      sql`SELECT locale, title, body, updated_at FROM help_document_texts WHERE document_id = ${d.id}
        ORDER BY (locale = ${locale}) DESC, (locale = 'en-US') DESC, locale LIMIT 1`,
    );
    const near = (i: number) => (tree[i] ? { id: tree[i].id, title: tree[i].title } : null);
    return {
      ...docRow(d),
      locale: text?.locale ?? locale,
      title: text?.title ?? d.slug,
      body: text?.body ?? '',
      text_updated_at: text ? new Date(text.updated_at).toISOString() : null,
      /** the sections above it, outermost first */
      path: this.ancestors(tree, d.id).map((x) => ({ id: x.id, title: x.title })),
      prev: near(at - 1),
      next: near(at + 1),
    };
  }

  private ancestors(tree: TreeItem[], id: string): TreeItem[] {
    const byId = new Map(tree.map((x) => [x.id, x]));
    const out: TreeItem[] = [];
    for (let p = byId.get(id)?.parent_id; p; p = byId.get(p)?.parent_id) out.unshift(byId.get(p)!);
    return out;
  }

  /** every language's text of a document, for its editors */
  async texts(id: string): Promise<DocumentTexts> {
    const d = await this.find(this.db, id);
    const rows = await query<{ locale: string; title: string; body: string; updated_at: Date }>(
      this.db,
      sql`SELECT locale, title, body, updated_at FROM help_document_texts WHERE document_id = ${d.id} ORDER BY locale`,
    );
    return {
      ...docRow(d),
      texts: rows.map((r) => ({ locale: r.locale, title: r.title, body: r.body, updated_at: iso(r.updated_at) })),
    };
  }

  /**
   * The page's own search: every word in the title or the text (ILIKE, so Chinese needs no
   * splitting), over the texts readers see in `locale`; title matches first, with a snippet.
   */
  async searchDocs(keyword: string, locale: DocLocale): Promise<SearchHit[]> {
    const words = keyword.trim().split(/\s+/).filter(Boolean).slice(0, 8);
    if (!words.length) return [];
    const texts = await this.resolvedTexts(this.db, locale);
    const ids = texts.map((t) => t.document_id);
    if (!ids.length) return [];
    const all = (col: string) =>
      sql.join(
        words.map((w) => sql`${sql.raw(col)} ILIKE ${likePattern(w)}`),
        sql` AND `,
      );
    const either = sql.join(
      words.map((w) => sql`(t.title ILIKE ${likePattern(w)} OR t.body ILIKE ${likePattern(w)})`),
      sql` AND `,
    );
    const hits = await query<{ id: string; locale: string; title: string; body: string; in_title: boolean }>(
      this.db,
      sql`SELECT t.document_id AS id, t.locale, t.title, t.body, (${all('t.title')}) AS in_title
        FROM help_document_texts t JOIN unnest(${textArray(ids)}, ${textArray(texts.map((x) => x.locale))}) AS r(id, locale)
          ON r.id = t.document_id AND r.locale = t.locale
        WHERE ${either}
        ORDER BY in_title DESC, t.title LIMIT ${DOC_LIMITS.RESULTS}`,
    );
    return hits.map((h) => ({ id: h.id, locale: h.locale, title: h.title, snippet: snippetOf(plainText(h.body), words), in_title: h.in_title }));
  }

  private checkSlug(slug: string): string {
    const s = slug.trim();
    if (!s || textLength(s) > DOC_LIMITS.SLUG || !SLUG.test(s))
      throw new AppError('INVALID_PARAM', { field: 'slug', params: { reason: `a-z 0-9 -, 1..${DOC_LIMITS.SLUG}` } });
    return s;
  }

  private checkText(t: TextInput, prefix = ''): TextInput {
    const title = (t.title ?? '').trim();
    if (!title || textLength(title) > DOC_LIMITS.TITLE)
      throw new AppError('INVALID_PARAM', { field: `${prefix}title`, params: { reason: `1..${DOC_LIMITS.TITLE}` } });
    const body = t.body ?? '';
    if (textLength(body) > DOC_LIMITS.BODY) throw new AppError('INVALID_PARAM', { field: `${prefix}body`, params: { reason: `0..${DOC_LIMITS.BODY}` } });
    return { locale: t.locale, title, body };
  }

  /** the parent must exist and, for a move, not be the document itself or lie under it */
  private async checkParent(tx: Db | Tx, parentId: string | null, movingId?: string) {
    if (!parentId) return;
    const [p] = await query(tx, sql`SELECT id FROM help_documents WHERE id = ${parentId}`);
    if (!p) throw new AppError('REFERENCE_NOT_FOUND', { field: 'parent_id' });
    if (!movingId) return;
    const [cycle] = await query(
      tx,
      sql`WITH RECURSIVE up AS (SELECT id, parent_id FROM help_documents WHERE id = ${parentId}
          UNION ALL SELECT d.id, d.parent_id FROM help_documents d JOIN up ON d.id = up.parent_id)
        SELECT 1 FROM up WHERE id = ${movingId} LIMIT 1`,
    );
    if (cycle) throw new AppError('INVALID_PARAM', { field: 'parent_id', params: { reason: 'inside the document itself' } });
  }

  private entry(id: string, t: TextInput): SearchEntry {
    return { kind: 'doc', refId: `${id}:${t.locale}`, ownerId: null, locale: t.locale, title: t.title, body: plainText(t.body), url: docUrl(id) };
  }

  private async writeText(tx: Tx, id: string, t: TextInput, userId: string | null) {
    await tx.execute(sql`INSERT INTO help_document_texts (document_id, locale, title, body, updated_by) VALUES (${id}, ${t.locale}, ${t.title}, ${t.body}, ${userId})
      ON CONFLICT (document_id, locale) DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body, updated_by = EXCLUDED.updated_by, updated_at = now()`);
    await tx.execute(sql`UPDATE help_documents SET updated_at = now() WHERE id = ${id}`);
    await this.search.put(tx, this.entry(id, t));
  }

  private async nextSort(tx: Tx, parentId: string | null) {
    const [r] = await query<{ n: number }>(
      tx,
      sql`SELECT coalesce(max(sort), 0) + 10 AS n FROM help_documents WHERE parent_id IS NOT DISTINCT FROM ${parentId}`,
    );
    return r.n;
  }

  /** a new section or page with at least one language's text */
  async create(userId: string, input: CreateInput): Promise<DocumentTexts> {
    const slug = this.checkSlug(input.slug);
    if (!input.texts.length) throw new AppError('INVALID_PARAM', { field: 'texts', params: { reason: 'at least one' } });
    const seen = new Set<string>();
    const texts = input.texts.map((t, i) => {
      if (seen.has(t.locale)) throw new AppError('INVALID_PARAM', { field: `texts.${i}.locale`, params: { reason: 'twice' } });
      seen.add(t.locale);
      return this.checkText(t, `texts.${i}.`);
    });
    const parentId = input.parent_id || null;
    const id = await this.db
      .transaction(async (tx) => {
        await this.checkParent(tx, parentId);
        const sort = input.sort ?? (await this.nextSort(tx, parentId));
        const [r] = await query<{ id: string }>(
          tx,
          sql`INSERT INTO help_documents (parent_id, slug, sort) VALUES (${parentId}, ${slug}, ${sort}) RETURNING id`,
        );
        for (const t of texts) await this.writeText(tx, r.id, t, userId);
        return r.id;
      })
      .catch((e: unknown) => uniqueViolation(e, { help_documents_slug_unique: { field: 'slug' } }));
    return this.texts(id);
  }

  /** writes one language's title and text (adds the language when it had none) */
  async saveText(userId: string, id: string, input: TextInput): Promise<DocumentTexts> {
    const t = this.checkText(input);
    const d = await this.find(this.db, id);
    await this.db.transaction(async (tx) => this.writeText(tx, d.id, t, userId));
    return this.texts(d.id);
  }

  /** removes one language's text; the last one stays (delete the document instead) */
  async removeText(id: string, locale: DocLocale): Promise<DocumentTexts> {
    const d = await this.find(this.db, id);
    await this.db.transaction(async (tx) => {
      // the document's row lock: two removals at once cannot take its last two texts
      await tx.execute(sql`SELECT id FROM help_documents WHERE id = ${d.id} FOR UPDATE`);
      const [n] = await query<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM help_document_texts WHERE document_id = ${d.id}`);
      const r = await tx.execute(sql`DELETE FROM help_document_texts WHERE document_id = ${d.id} AND locale = ${locale}`);
      if (!r.rowCount) throw new AppError('NOT_FOUND', { field: 'locale' });
      if (n.n <= 1) throw new AppError('INVALID_PARAM', { field: 'locale', params: { reason: 'the last text of a document' } });
      await this.search.remove(tx, 'doc', [`${d.id}:${locale}`]);
    });
    return this.texts(d.id);
  }

  /** a move (parent, place among siblings) or a new slug */
  async move(id: string, input: MoveInput): Promise<DocumentTexts> {
    const d = await this.find(this.db, id);
    const slug = input.slug === undefined ? d.slug : this.checkSlug(input.slug);
    const parentId = input.parent_id === undefined ? (d.parent_id ?? null) : input.parent_id || null;
    await this.db
      .transaction(async (tx) => {
        await this.checkParent(tx, parentId, d.id);
        const sort = input.sort ?? (parentId === (d.parent_id ?? null) ? d.sort : await this.nextSort(tx, parentId));
        await tx.execute(sql`UPDATE help_documents SET parent_id = ${parentId}, slug = ${slug}, sort = ${sort}, updated_at = now() WHERE id = ${d.id}`);
      })
      .catch((e: unknown) => uniqueViolation(e, { help_documents_slug_unique: { field: 'slug' } }));
    return this.texts(d.id);
  }

  /**
   * Deletes a document. One with children is refused (INVALID_PARAM on `cascade`) unless
   * `cascade` is set: then its whole subtree goes, with every search entry, in one transaction.
   */
  async remove(id: string, cascade: boolean): Promise<number> {
    const d = await this.find(this.db, id);
    return this.db.transaction(async (tx) => {
      const ids = (
        await query<{ id: string }>(
          tx,
          sql`WITH RECURSIVE sub AS (SELECT id FROM help_documents WHERE id = ${d.id}
              UNION ALL SELECT c.id FROM help_documents c JOIN sub ON c.parent_id = sub.id)
            SELECT id FROM sub`,
        )
      ).map((r) => r.id);
      if (ids.length > 1 && !cascade) throw new AppError('INVALID_PARAM', { field: 'cascade', params: { reason: `${ids.length - 1} documents inside` } });
      const texts = await query<{ document_id: string; locale: string }>(
        tx,
        sql`SELECT document_id, locale FROM help_document_texts WHERE document_id = ANY(${textArray(ids)})`,
      );
      await this.search.remove(
        tx,
        'doc',
        texts.map((t) => `${t.document_id}:${t.locale}`),
      );
      await tx.execute(sql`DELETE FROM help_documents WHERE id = ANY(${textArray(ids)})`);
      return ids.length;
    });
  }

  /**
   * The documents every console starts with, added by slug when missing (an edited or deleted
   * one is left as it is: a deleted one comes back only if its slug is free at the next start).
   */
  async seed(): Promise<number> {
    return this.db.transaction(async (tx) => {
      // one instance at a time: several starting together would race on the same slugs
      await tx.execute(xactLock(LOCKS.HELP_SEED));
      const have = new Set((await query<{ slug: string }>(tx, sql`SELECT slug FROM help_documents`)).map((r) => r.slug));
      let added = 0;
      const ids = new Map<string, string>();
      for (const r of await query<{ id: string; slug: string }>(tx, sql`SELECT id, slug FROM help_documents`)) ids.set(r.slug, r.id);
      for (const doc of INITIAL_DOCUMENTS) {
        // a document put in once and since deleted by an editor stays deleted
        const claimed = await claimSeed(tx, `help-doc:${doc.slug}`);
        if (have.has(doc.slug) || !claimed) continue;
        const parentId = doc.parent ? (ids.get(doc.parent) ?? null) : null;
        if (doc.parent && !parentId) continue;
        const [r] = await query<{ id: string }>(
          tx,
          sql`INSERT INTO help_documents (parent_id, slug, sort) VALUES (${parentId}, ${doc.slug}, ${doc.sort}) RETURNING id`,
        );
        ids.set(doc.slug, r.id);
        for (const locale of DOC_LOCALES) await this.writeText(tx, r.id, { locale, ...doc.texts[locale] }, null);
        added++;
      }
      return added;
    });
  }
}
