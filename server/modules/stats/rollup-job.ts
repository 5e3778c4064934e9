/**
 * The statistics rollup job: brings the rollups up to date with the raw events, one dirty
 * app-day at a time, on one instance at a time (an advisory lock), within a time budget per run.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { StatService } from './service';
import { LOCKS } from '../../core/locks';

/** a run stops starting new app-days after this long (the next run, ~30 s later, goes on) */
export const ROLLUP_BUDGET_MS = 20_000;
/** app-days taken per call of the store (the budget is checked between app-days) */
const BATCH = 20;

export interface RollupRun {
  /** app-days recomputed */
  done: number;
  /** app-days that failed (they stay dirty) */
  failed: number;
}

/**
 * Recomputes dirty app-days until none is left or the budget is used. Without `lock` (an
 * analyst's refresh) it runs beside the job: each app-day is taken by one runner only.
 */
export async function runRollup(stats: StatService, log: FastifyBaseLogger, opts: { budgetMs?: number; lock?: boolean } = {}): Promise<RollupRun | null> {
  const client = opts.lock ? await stats.pools.write.$client.connect() : null;
  try {
    if (client) {
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [LOCKS.STAT_ROLLUP]);
      if (!rows[0].ok) return null;
    }
    try {
      const tz = await stats.tz();
      const deadline = Date.now() + (opts.budgetMs ?? ROLLUP_BUDGET_MS);
      const run: RollupRun = { done: 0, failed: 0 };
      const onError = (e: unknown, at: { appId: string; day: string }) => {
        run.failed++;
        log.error({ err: e, appId: at.appId, day: at.day }, 'statistics rollup of an app-day failed; it stays dirty and is tried again next run');
      };
      for (;;) {
        const n = await stats.store.rollup.rollupDirty(tz, BATCH, { deadline, onError });
        run.done += n;
        // fewer than asked: nothing dirty is left that this run may take
        if (n < BATCH || Date.now() >= deadline) break;
      }
      return run;
    } finally {
      if (client) await client.query('SELECT pg_advisory_unlock($1)', [LOCKS.STAT_ROLLUP]);
    }
  } finally {
    client?.release();
  }
}

/** the periodic job (server/app.ts): one instance at a time */
export const rollupJob = (stats: StatService, log: FastifyBaseLogger) => () => runRollup(stats, log, { lock: true });
