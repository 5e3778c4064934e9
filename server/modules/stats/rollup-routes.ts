/** The rollup job's routes: bring the statistics up to date now (analysts' "refresh"), and redo an app's days (managers). */
import { Type } from '@sinclair/typebox';
import { addDays, statDay } from '../../../shared/stat';
import { Day, ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { ACCESS } from '../../core/access';
import { parseFilter } from './filter';
import { runRollup } from './rollup-job';

/** a request recomputes for at most this long; what is left stays dirty for the job */
const REQUEST_BUDGET_MS = 10_000;

const RollupRunT = Type.Object(
  {
    /** app-days recomputed by this request */
    done: Type.Integer(),
    /** app-days that failed (they stay dirty; the job tries again) */
    failed: Type.Integer(),
    /** app-days still waiting */
    dirty: Type.Integer(),
    /** the oldest of them (at most 100) */
    dirty_days: Type.Array(Type.Object({ app_id: Type.String(), day: Type.String() })),
  },
  { $id: 'StatRollupRun' },
);

export async function rollupRoutes(ctx: ModuleContext) {
  const { app, stats } = ctx;
  const tags = ['stat'];

  const answer = async (done: number, failed: number) => {
    const left = await stats.store.rollup.dirty(100);
    return ok({ done, failed, dirty: left.total, dirty_days: left.days.map((d) => ({ app_id: d.appId, day: d.day })) });
  };

  app.post('/api/stat/rollup/run', {
    config: { access: ACCESS.readStats },
    schema: {
      tags,
      summary: 'brings the statistics up to date now: recomputes the app-days with new events (for up to 10 s)',
      response: { 200: Ok(RollupRunT) },
    },
    handler: async (req) => {
      const run = await runRollup(stats, req.log, { budgetMs: REQUEST_BUDGET_MS });
      return answer(run?.done ?? 0, run?.failed ?? 0);
    },
  });

  app.post('/api/stat/rollup/recompute', {
    config: { access: ACCESS.manageStats },
    schema: {
      tags,
      summary:
        "recomputes an app's statistics for a range of days from the raw events (for up to 10 s; the rest is left to the job); days older than the raw events are kept are left as they are",
      body: Type.Object({
        app_id: Type.String({ minLength: 1, maxLength: 64 }),
        /** first local day (YYYY-MM-DD) */
        start: Day(),
        /** last local day, inclusive */
        end: Day(),
      }),
      response: { 200: Ok(RollupRunT) },
    },
    handler: async (req) => {
      const { tz_offset_minutes: tz, raw_retention_days: keptDays } = await stats.settings();
      const f = parseFilter({ app_id: req.body.app_id, start: req.body.start, end: req.body.end }, tz);
      // a day whose raw events are (partly) gone would be recomputed from what is left: its rollups stay
      const oldestKept = addDays(statDay(Date.now(), tz), -(keptDays - 1));
      const start = f.start < oldestKept ? oldestKept : f.start;
      let failed = 0;
      if (start > f.end) return answer(0, 0);
      const done = await stats.store.rollup.recompute(f.appId, start, f.end, tz, {
        deadline: Date.now() + REQUEST_BUDGET_MS,
        onError: (e, at) => {
          failed++;
          req.log.error({ err: e, appId: at.appId, day: at.day }, 'statistics recompute of an app-day failed; it stays dirty');
        },
      });
      return answer(done, failed);
    },
  });
}
