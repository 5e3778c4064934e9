/**
 * The statistics rollups on a throwaway embedded PostgreSQL: BENCH_STAT_EVENTS raw events
 * (default 10,000,000) over 90 days written with COPY (bench/stat-data.ts), then
 *  - the full rebuild (every app-day recomputed from scratch): seconds, and seconds per million events;
 *  - one more day of events (~1/90 of them) on top: the job's time to bring the rollups up to date.
 *
 * `npm run bench -- stat-rollup` runs only this one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DayZone } from '../server/core/day-zone';
import { SettingsStore } from '../server/core/settings';
import { applyMigrations, connect } from '../server/db';
import { startEmbedded } from '../server/db/embedded';
import { statPools } from '../server/modules/stats/pools';
import { runRollup } from '../server/modules/stats/rollup-job';
import { StatService } from '../server/modules/stats/service';
import { pgStatStore } from '../server/modules/stats/store';
import { DAY_ZONE_DEFAULT_MINUTES as STAT_DEFAULT_TZ_MINUTES } from '../shared/day-zone';
import { freePort } from '../tests/support/free-port';
import { writeStatEvents } from './stat-data';

const EVENTS = Number(process.env.BENCH_STAT_EVENTS || 10_000_000);
const DAYS = 90;

const silent = { error: (o: unknown, m: string) => console.error(m, o) } as never;

export async function runStatRollupBench(): Promise<void> {
  console.log(`\nstatistics rollups: ${EVENTS.toLocaleString('en')} raw events over ${DAYS} days (BENCH_STAT_EVENTS)`);
  console.log(
    `  load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-stat-'));
  fs.chmodSync(dataDir, 0o777);
  const pg = await startEmbedded({ dataDir, port: await freePort() });
  try {
    const db = connect(pg.url, 5);
    await applyMigrations(db);
    const pools = statPools(db);
    const stats = new StatService(pgStatStore(pools), pools, new SettingsStore(db), new DayZone(new SettingsStore(db)));
    const tz = STAT_DEFAULT_TZ_MINUTES;
    const log = (l: string) => console.log(l);

    // 89 days of history
    const history = await writeStatEvents(db.$client, { events: EVENTS, days: DAYS, only: [0, DAYS - 1], log });
    console.log(
      `  wrote ${history.events.toLocaleString('en')} events in ${history.seconds.toFixed(1)} s (${Math.round(history.events / history.seconds).toLocaleString('en')} rows/s, COPY)`,
    );
    await db.execute(sql`ANALYZE stat_events`);

    // full rebuild: wipe, mark every app-day, recompute them all
    let t0 = performance.now();
    await stats.store.rollup.rebuild(tz);
    const marked = (await stats.store.rollup.dirty(0)).total;
    let done = 0;
    for (;;) {
      const run = await runRollup(stats, silent, { lock: true, budgetMs: 60_000 });
      done += run?.done ?? 0;
      const left = (await stats.store.rollup.dirty(0)).total;
      if (left === 0) break;
      console.log(`  rebuild: ${done} app-days done, ${left} left, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
    const rebuildS = (performance.now() - t0) / 1000;
    console.log(
      `  full rebuild: ${marked} app-days (${done} recomputed) in ${rebuildS.toFixed(1)} s: ${(rebuildS / (history.events / 1e6)).toFixed(1)} s per million events, ` +
        `${((rebuildS / done) * 1000).toFixed(0)} ms per app-day`,
    );

    // one more day arrives; the job brings the rollups up to date
    const today = await writeStatEvents(db.$client, { events: EVENTS, days: DAYS, only: [DAYS - 1, DAYS], markDirtyTz: tz });
    const dirty = (await stats.store.rollup.dirty(0)).total;
    t0 = performance.now();
    const run = await runRollup(stats, silent, { lock: true, budgetMs: 3_600_000 });
    const jobS = (performance.now() - t0) / 1000;
    console.log(
      `  one more day: ${today.events.toLocaleString('en')} events (${today.seconds.toFixed(1)} s to write), ${dirty} app-days dirty; ` +
        `the job brought the rollups up to date in ${jobS.toFixed(2)} s (${run?.done ?? 0} app-days, ${run?.failed ?? 0} failed)`,
    );

    const sizes = (
      await db.execute<{
        t: string;
        n: string;
        size: string;
      }>(sql`SELECT relname AS t, n_live_tup::text AS n, pg_size_pretty(pg_total_relation_size(relid)) AS size
      FROM pg_stat_user_tables WHERE relname LIKE 'stat\_%' AND relname NOT LIKE 'stat\_events\_p%' ORDER BY pg_total_relation_size(relid) DESC`)
    ).rows;
    const [{ raw }] = (
      await db.execute<{
        raw: string;
      }>(sql`SELECT pg_size_pretty(sum(pg_total_relation_size(c.oid))) AS raw FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'stat_events'::regclass`)
    ).rows;
    console.log(`  raw events: ${raw}; rollups: ${sizes.map((s) => `${s.t} ${s.size}`).join(', ')}`);
    console.log(
      `  ${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? ''}; node ${process.version}; load average after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
    await pools.end();
    await db.$client.end();
  } finally {
    await pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
