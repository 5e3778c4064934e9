/**
 * Starter items (help documents, store prompts) are put in once: the first start claims each
 * item's mark, and an item whose mark is already claimed is never added again, even if deleted.
 */
import { sql } from 'drizzle-orm';
import { query, type Tx } from '../core/sql';

/** true when this call claimed the mark (the item is to be added now) */
export async function claimSeed(tx: Tx, key: string): Promise<boolean> {
  const rows = await query(tx, sql`INSERT INTO seed_marks (key) VALUES (${key}) ON CONFLICT (key) DO NOTHING RETURNING key`);
  return rows.length > 0;
}
