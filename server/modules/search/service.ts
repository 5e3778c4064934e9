/**
 * The search index (search_entries): the modules that own searchable things put and remove their
 * entries here, in their own transactions, so the index never disagrees with what it points at.
 * Text is indexed with the 'simple' configuration over shared/search-text.ts (CJK in pairs).
 * Searching: what the caller may see, ranked by ts_rank_cd (title A above body B) then recency.
 */
import { sql } from 'drizzle-orm';
import { snippetOf, markRanges, type MarkRange, termPattern } from '../../../shared/search-snippet';
import { indexText, toTsQuery } from '../../../shared/search-text';
import { cutText, textLength } from '../../../shared/text';
import { AppError } from '../../core/errors';
import { query, textArray, type Tx } from '../../core/sql';
import type { Db } from '../../db';

export const SEARCH_KINDS = ['doc', 'store-prompt', 'prompt', 'message', 'article'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];
export const SEARCH_LOCALES = ['en-US', 'zh-CN', 'zh-TW'] as const;
export type SearchLocale = (typeof SEARCH_LOCALES)[number];

export interface SearchEntry {
  kind: SearchKind;
  refId: string;
  /** who may find it; null: everyone signed in */
  ownerId: string | null;
  /** the language of a help document's text; null: any */
  locale?: string | null;
  title: string;
  body: string;
  /** where the result leads in the console */
  url: string;
}

export interface SearchHit {
  kind: SearchKind;
  ref_id: string;
  title: string;
  title_marks: MarkRange[];
  snippet: string;
  snippet_marks: MarkRange[];
  url: string;
  locale: string | null;
  updated_at: string;
}

/** characters kept of a body for snippets; the index itself covers more */
const BODY_KEPT = 20_000;
const BODY_INDEXED = 200_000;
const TITLE_KEPT = 1000;
/** matches ranked at most, of everyone's entries and of the caller's own each (see search()) */
export const MATCHES_RANKED = 1000;
/** a query longer than this is refused (INVALID_PARAM), not cut */
export const QUERY_MAX = 200;

const tsvOf = (title: string, body: string) =>
  sql`setweight(to_tsvector('simple', ${indexText(title)}), 'A') || setweight(to_tsvector('simple', ${indexText(body)}), 'B')`;

/** answers up to `limit` entries the index lacks (fewer: none left after them) */
export type MissingEntries = (limit: number) => Promise<SearchEntry[]>;

export class SearchIndex {
  /** where the backfill job looks for entries written before their module indexed them */
  readonly backfillSources: MissingEntries[] = [];

  constructor(private db: Db) {}

  /** a module whose entries may predate its indexing names where to find the missing ones */
  backfillFrom(source: MissingEntries) {
    this.backfillSources.push(source);
  }

  /** adds or replaces entries (same kind and ref id) */
  async put(tx: Db | Tx, entries: SearchEntry | SearchEntry[]): Promise<void> {
    const list = Array.isArray(entries) ? entries : [entries];
    for (const e of list) {
      const title = cutText(e.title, TITLE_KEPT);
      await tx.execute(sql`INSERT INTO search_entries (kind, ref_id, owner_id, locale, title, body, url, tsv, updated_at)
        VALUES (${e.kind}, ${e.refId}, ${e.ownerId}, ${e.locale ?? null}, ${title}, ${cutText(e.body, BODY_KEPT)}, ${e.url},
          ${tsvOf(title, cutText(e.body, BODY_INDEXED))}, now())
        ON CONFLICT (kind, ref_id) DO UPDATE SET owner_id = EXCLUDED.owner_id, locale = EXCLUDED.locale, title = EXCLUDED.title,
          body = EXCLUDED.body, url = EXCLUDED.url, tsv = EXCLUDED.tsv, updated_at = now()`);
    }
  }

  async remove(tx: Db | Tx, kind: SearchKind, refIds: string[]): Promise<void> {
    if (!refIds.length) return;
    await tx.execute(sql`DELETE FROM search_entries WHERE kind = ${kind} AND ref_id = ANY(${textArray(refIds)})`);
  }

  /** every entry of an owner's of one kind (an account deleted, a conversation's messages) */
  async removeWhere(tx: Db | Tx, kind: SearchKind, refIdPrefix: string): Promise<void> {
    await tx.execute(sql`DELETE FROM search_entries WHERE kind = ${kind} AND ref_id LIKE ${prefixPattern(refIdPrefix)}`);
  }

  /** every entry these users own (their accounts are deleted) */
  async removeOwners(tx: Db | Tx, ownerIds: string[]): Promise<void> {
    if (!ownerIds.length) return;
    await tx.execute(sql`DELETE FROM search_entries WHERE owner_id = ANY(${textArray(ownerIds)})`);
  }

  /**
   * A new title for every entry whose ref id starts with the prefix (a renamed conversation):
   * the title's words are indexed again, the body's (weight B) kept as they are.
   */
  async retitle(tx: Db | Tx, kind: SearchKind, refIdPrefix: string, title: string): Promise<void> {
    const t = cutText(title, TITLE_KEPT);
    await tx.execute(sql`UPDATE search_entries SET title = ${t},
        tsv = setweight(to_tsvector('simple', ${indexText(t)}), 'A') || ts_filter(tsv, '{b}')
      WHERE kind = ${kind} AND ref_id LIKE ${prefixPattern(refIdPrefix)} AND title <> ${t}`);
  }

  /** the ref ids among these that have no entry yet (the backfill's question) */
  async missing(kind: SearchKind, refIds: string[]): Promise<string[]> {
    if (!refIds.length) return [];
    const rows = await query<{ id: string }>(
      this.db,
      sql`SELECT x.id FROM unnest(${textArray(refIds)}) AS x(id)
      WHERE NOT EXISTS (SELECT 1 FROM search_entries s WHERE s.kind = ${kind} AND s.ref_id = x.id)`,
    );
    return rows.map((r) => r.id);
  }

  /**
   * What the caller may see that matches the query: their own entries and everyone's, a help
   * document once (in the caller's language when it has that text, else in the languages it has),
   * ranked, with the counts per kind for the filter tabs. A query without words finds nothing.
   * Every word must match, the last one also as a prefix; `anyWord`: any of them.
   */
  async search(
    userId: string,
    input: { q: string; kind?: SearchKind | null; locale?: SearchLocale | null; current?: number; pageSize?: number; snippetSize?: number; anyWord?: boolean },
  ): Promise<{ data: SearchHit[]; total: number; counts: Record<SearchKind, number>; more: boolean }> {
    const counts = Object.fromEntries(SEARCH_KINDS.map((k) => [k, 0])) as Record<SearchKind, number>;
    if (textLength(input.q) > QUERY_MAX) throw new AppError('INVALID_PARAM', { field: 'q', params: { reason: `at most ${QUERY_MAX} characters` } });
    const all = toTsQuery(input.q);
    // a question asked in words ("how are credits billed"): any of them, the best covered first
    const tsq = all && input.anyWord ? all.split(' & ').join(' | ') : all;
    if (!tsq) return { data: [], total: 0, counts, more: false };
    const size = input.pageSize ?? 10;
    const offset = ((input.current ?? 1) - 1) * size;
    const locale = input.locale ?? 'en-US';
    const q = sql`to_tsquery('simple', ${tsq})`;
    const kind = input.kind ? sql`AND h.kind = ${input.kind}` : sql``;
    // Everyone's entries through the partial GIN index of public entries, the caller's own through
    // the owner index (never scanning other users' messages), each stopping at MATCHES_RANKED: a
    // word found nearly everywhere costs the same as a rarer one; its counts then say "or more".
    const [r] = await query<{ counts: Record<string, number> | null; more: boolean; page: PageRow[] | null }>(
      this.db,
      sql`WITH hits AS MATERIALIZED (
          (SELECT s.kind, s.ref_id, s.updated_at, true AS public, ts_rank_cd(s.tsv, ${q}) AS rank FROM search_entries s
            WHERE s.owner_id IS NULL AND s.tsv @@ ${q}
              AND (s.kind <> 'doc' OR s.locale IS NULL OR s.locale = ${locale} OR NOT EXISTS (
                SELECT 1 FROM search_entries d WHERE d.kind = 'doc' AND d.ref_id = split_part(s.ref_id, ':', 1) || ':' || ${locale}))
            LIMIT ${MATCHES_RANKED + 1})
          UNION ALL
          (SELECT s.kind, s.ref_id, s.updated_at, false, ts_rank_cd(s.tsv, ${q}) FROM search_entries s
            WHERE s.owner_id = ${userId} AND s.tsv @@ ${q} LIMIT ${MATCHES_RANKED + 1})
        )
        SELECT (SELECT json_object_agg(kind, n) FROM (SELECT kind, count(*) AS n FROM hits GROUP BY kind) c) AS counts,
          (SELECT count(*) FILTER (WHERE public) > ${MATCHES_RANKED} OR count(*) FILTER (WHERE NOT public) > ${MATCHES_RANKED} FROM hits) AS more,
          (SELECT json_agg(p) FROM (
            SELECT h.kind, h.ref_id, e.title, e.body, e.url, e.locale, h.updated_at FROM hits h JOIN search_entries e ON e.kind = h.kind AND e.ref_id = h.ref_id
            WHERE true ${kind} ORDER BY h.rank DESC, h.updated_at DESC, h.kind, h.ref_id LIMIT ${size} OFFSET ${offset}) p) AS page`,
    );
    for (const [k, n] of Object.entries(r.counts ?? {})) if (k in counts) counts[k as SearchKind] = Number(n);
    const rows = r.page ?? [];
    const pattern = termPattern(input.q);
    const data = rows.map((r) => {
      const snip = snippetOf(r.body, pattern, input.snippetSize);
      return {
        kind: r.kind,
        ref_id: r.ref_id,
        title: r.title,
        title_marks: markRanges(r.title, pattern),
        snippet: snip.text,
        snippet_marks: snip.marks,
        url: r.url,
        locale: r.locale,
        updated_at: new Date(r.updated_at).toISOString(),
      };
    });
    const total = input.kind ? counts[input.kind] : Object.values(counts).reduce((a, b) => a + b, 0);
    return { data, total, counts, more: r.more };
  }
}

interface PageRow {
  kind: SearchKind;
  ref_id: string;
  title: string;
  body: string;
  url: string;
  locale: string | null;
  updated_at: string;
}

const prefixPattern = (prefix: string) => prefix.replace(/[\\%_]/g, '\\$&') + '%';
