/**
 * The search backfill: what was written before its module indexed it (conversations, own prompt
 * templates) is put into the index in batches, one transaction each, until nothing is missing.
 */
import type { Db } from '../../db';
import type { MissingEntries, SearchIndex } from './service';

const BATCH = 500;

/** returns how many entries were put */
export async function backfillSearch(db: Db, search: SearchIndex, sources: MissingEntries[]): Promise<number> {
  let put = 0;
  for (const missing of sources) {
    for (;;) {
      const entries = await missing(BATCH);
      if (!entries.length) break;
      await db.transaction((tx) => search.put(tx, entries));
      put += entries.length;
      if (entries.length < BATCH) break;
    }
  }
  return put;
}
