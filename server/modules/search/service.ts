/**
 * The search index (search_entries): the modules that own searchable things put and remove their
 * entries here, in their own transactions, so the index never disagrees with what it points at.
 * Text is indexed with the 'simple' configuration over shared/search-text.ts (CJK in pairs).
 */
import { sql } from 'drizzle-orm';
import { indexText } from '../../../shared/search-text';
import { textArray, type Tx } from '../../core/sql';
import type { Db } from '../../db';

export const SEARCH_KINDS = ['doc', 'store-prompt', 'prompt', 'message', 'article'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

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

/** what is kept of a body for snippets; the index itself covers more */
const BODY_KEPT = 20_000;
const BODY_INDEXED = 200_000;

export class SearchIndex {
  constructor(private db: Db) {}

  /** adds or replaces entries (same kind and ref id) */
  async put(tx: Db | Tx, entries: SearchEntry | SearchEntry[]): Promise<void> {
    const list = Array.isArray(entries) ? entries : [entries];
    for (const e of list) {
      const title = e.title.slice(0, 1000);
      await tx.execute(sql`INSERT INTO search_entries (kind, ref_id, owner_id, locale, title, body, url, tsv, updated_at)
        VALUES (${e.kind}, ${e.refId}, ${e.ownerId}, ${e.locale ?? null}, ${title}, ${e.body.slice(0, BODY_KEPT)}, ${e.url},
          setweight(to_tsvector('simple', ${indexText(title)}), 'A') || setweight(to_tsvector('simple', ${indexText(e.body.slice(0, BODY_INDEXED))}), 'B'), now())
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
    await tx.execute(sql`DELETE FROM search_entries WHERE kind = ${kind} AND ref_id LIKE ${refIdPrefix.replace(/[\\%_]/g, '\\$&') + '%'}`);
  }
}
