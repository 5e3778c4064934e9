/**
 * A statistics rollup test's database: a test database of its own, the statistics pools and a
 * rollup store whose "now" is fixed, made before the file's tests and dropped after them.
 */
import type { sql } from 'drizzle-orm';
import { statPools, type StatPools } from '../../server/modules/stats/pools';
import { PgRollupStore } from '../../server/modules/stats/store/rollup';
import { createTestDatabase } from './test-app';

export function rollupDatabase(now: number) {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pools: StatPools;
  let store: PgRollupStore;
  beforeAll(async () => {
    database = await createTestDatabase();
    pools = statPools(database.db);
    store = new PgRollupStore(pools, () => now);
  });
  afterAll(async () => {
    await pools?.end();
    await database?.drop();
  });
  const h = {
    get database() {
      return database;
    },
    get pools() {
      return pools;
    },
    get store() {
      return store;
    },
    pool: () => database.db.$client,
    rows: async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => (await database.db.execute(q)).rows as T[],
    /** runs the rollup until nothing is dirty; answers the app-days done */
    async drain(tz: number, s = store): Promise<number> {
      let done = 0;
      for (let n = -1; n !== 0; done += n) n = await s.rollupDirty(tz, 100);
      return done;
    },
  };
  return h;
}
