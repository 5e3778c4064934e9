/**
 * The statistics connections, apart from the main pool so ingest and dashboards never starve
 * each other or the rest of the server: `write` (the ingest flush and the rollup job) and `read`
 * (the stats pages' queries, with a statement timeout so a heavy query gives up instead of
 * holding a connection).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Db, guardPool, schema } from '../../db';

export interface StatPools {
  write: Db;
  read: Db;
  end(): Promise<void>;
}

/** a dashboard query taking longer than this is cancelled (a 5xx-free STAT error is the caller's job) */
export const STAT_QUERY_TIMEOUT_MS = 15_000;

export function statPools(main: Db, sizes = { write: 3, read: 4 }): StatPools {
  const base = (main.$client as pg.Pool & { options: pg.PoolConfig }).options;
  const make = (max: number, options?: string) => {
    // connections of these pools serve bursts (a flush, a job, a page's requests): an idle one
    // goes after 2 s instead of pg's 10, so an idle server keeps no PostgreSQL backends for them
    const pool = guardPool(new pg.Pool({ ...base, max, idleTimeoutMillis: 2_000, ...(options ? { options } : {}) }));
    return drizzle(pool, { schema, casing: 'snake_case' }) as Db;
  };
  const write = make(sizes.write);
  const read = make(sizes.read, `-c statement_timeout=${STAT_QUERY_TIMEOUT_MS}`);
  return {
    write,
    read,
    async end() {
      await Promise.all([write.$client.end(), read.$client.end()]);
    },
  };
}
