/**
 * The list cache: pages of cached lists kept per database, valid while the change counters of
 * the tables they read stand still. COUNTED_TABLES is the one list of those tables.
 */
import type { Db } from '../../db';
import type { ListQuery, ListResult, ListSpec } from './query';
import { runList } from './query';

/**
 * The tables whose changes change_counters counts (the triggers of migration 0005). A cached
 * list may read these and nothing else; a new table needs its trigger first.
 */
export const COUNTED_TABLES: readonly string[] = ['users', 'roles', 'tags'];

/**
 * Refuses, at start, a cached list that reads a table the counters do not see: its pages
 * would be served stale after a change to that table.
 */
export function assertCacheable(spec: ListSpec): void {
  if (!spec.cached) return;
  const uncounted = (spec.reads ?? []).filter((t) => !COUNTED_TABLES.includes(t));
  if (!spec.reads?.length || uncounted.length) {
    throw new Error(
      `list "${spec.resource}" is cached but ${spec.reads?.length ? `reads ${uncounted.join(', ')}, which change_counters does not count` : 'declares no reads'}` +
        ` (counted: ${COUNTED_TABLES.join(', ')}): its pages would go stale. Drop cached, or add a change_counters trigger for the table and list it in COUNTED_TABLES.`,
    );
  }
}

/**
 * Pages of cached lists (ListSpec.cached), keyed by the resource and the exact query, each with
 * the data version it was computed under: the sum of change_counters, which a deferred trigger
 * raises at the commit of every transaction that changed users, roles or tags, from whatever
 * wrote (migration 0005). The version comes with the per-request token check
 * (AccountService.assertTokenStands, same round trip), read before the page's query runs, so an
 * entry never holds data older than its version: a page is served from here only when nothing it
 * depends on changed since, on any instance. Access is checked before, on every request.
 * Bounded by entries and rows, least recently used first out.
 */
class ListCache {
  private entries = new Map<string, { version: bigint; result: ListResult }>();
  private rows = 0;
  constructor(
    private maxEntries = 1000,
    private maxRows = 20_000,
  ) {}

  static keyOf(spec: ListSpec, q: ListQuery): string {
    return JSON.stringify([
      spec.resource,
      ...Object.keys(q)
        .sort()
        .map((k) => [k, q[k]]),
    ]);
  }

  get(key: string, version: string): ListResult | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    if (e.version !== BigInt(version)) {
      this.rows -= e.result.data.length;
      return undefined;
    }
    this.entries.set(key, e); // most recently used last
    return e.result;
  }

  set(key: string, version: string, result: ListResult) {
    const v = BigInt(version);
    const old = this.entries.get(key);
    // a slower request that read an older version must not replace a newer page
    if (old && old.version > v) return;
    if (old) {
      this.entries.delete(key);
      this.rows -= old.result.data.length;
    }
    if (result.data.length > this.maxRows) return;
    this.entries.set(key, { version: v, result });
    this.rows += result.data.length;
    while (this.entries.size > this.maxEntries || this.rows > this.maxRows) {
      const [k, e] = this.entries.entries().next().value!;
      this.entries.delete(k);
      this.rows -= e.result.data.length;
    }
  }
}

/** LIST_CACHE=off: every page from the database (the bench measures both ways) */
const LIST_CACHE_OFF = process.env.LIST_CACHE === 'off';

/** one cache per database (tests run several apps, each on its own database, in one process) */
const caches = new WeakMap<Db, ListCache>();
function listCacheOf(db: Db): ListCache {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new ListCache()));
  return c;
}

/**
 * runList through the list cache when the spec allows it and the request's token check read
 * the data version (every signed-in request does)
 */
export async function cachedList(db: Db, spec: ListSpec, q: ListQuery, version: string | undefined): Promise<ListResult> {
  if (!spec.cached || !version || LIST_CACHE_OFF) return runList(db, spec, q);
  // registerListRoutes refuses such a spec at start; a direct caller is held to the same rule
  assertCacheable(spec);
  const cache = listCacheOf(db);
  const key = ListCache.keyOf(spec, q);
  const hit = cache.get(key, version);
  if (hit) return hit;
  const result = await runList(db, spec, q);
  cache.set(key, version, result);
  return result;
}
