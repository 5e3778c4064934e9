/**
 * Every stats page's API at BENCH_STAT_EVENTS raw events (default 10,000,000) over 90 days, on a
 * throwaway embedded PostgreSQL: the events written with COPY (bench/stat-data.ts), the rollups
 * brought up to date by the job (timed), 20,000 top-up orders, then the server in its own process
 * answers each page's requests as the page makes them on opening:
 *  - cold: right after PostgreSQL and the server restarted (empty shared buffers; the OS file
 *    cache stays), each filter asked for the first time;
 *  - warm: the same requests asked again.
 * p50 / p95 per page over several filters (apps, 7 / 30 / 90-day ranges, a platform); target
 * p95 < 300 ms each. `npm run bench -- stat-pages` runs only this one.
 *
 * BENCH_STAT_DATA_DIR=<folder> keeps the database there: a later run on the same folder skips
 * writing the events and orders, and keeps the rollups unless BENCH_STAT_REBUILD=1 (after a
 * change to the rollups).
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
import { addDays, statDay } from '../shared/stat';
import { freePort } from '../tests/support/free-port';
import { pct, startServer } from './processes';
import { BENCH_APPS, writeStatEvents } from './stat-data';

const EVENTS = Number(process.env.BENCH_STAT_EVENTS || 10_000_000);
const DAYS = 90;
const TARGET_MS = 300;
const silent = { error: (o: unknown, m: string) => console.error(m, o) } as never;

type Q = Record<string, string | number | undefined>;
/** a page: the requests it makes on opening (a later request may need an earlier answer) */
interface PageSpec {
  page: string;
  requests: (f: Q, get: (p: string, q: Q) => Promise<any>) => Promise<void>;
}

const one =
  (p: string, extra: Q = {}) =>
  async (f: Q, get: (p: string, q: Q) => Promise<any>) => {
    await get(p, { ...f, ...extra });
  };
const subject = (s: 'devices' | 'users'): PageSpec[] => [
  { page: `${s}/overview`, requests: one(`/api/stat/${s}/overview`) },
  { page: `${s}/activity`, requests: one(`/api/stat/${s}/activity`) },
  { page: `${s}/trend`, requests: one(`/api/stat/${s}/trend`, { granularity: 'day' }) },
  { page: `${s}/retention`, requests: one(`/api/stat/${s}/retention`, { mode: 'new' }) },
  { page: `${s}/comparison`, requests: one(`/api/stat/${s}/comparison`) },
  { page: `${s}/stickiness`, requests: one(`/api/stat/${s}/stickiness`) },
];
/** a list, then the trend (or values) of its first row, as the page shows both */
const listThen = (list: string, then: string, keyOf: (row: any) => Q) => async (f: Q, get: (p: string, q: Q) => Promise<any>) => {
  const rows = (await get(list, { ...f, current: 1, pageSize: 20 })) as any[];
  if (rows?.[0]) await get(then, { ...f, ...keyOf(rows[0]) });
};

const PAGES: PageSpec[] = [
  ...subject('devices'),
  ...subject('users'),
  { page: 'page-res', requests: listThen('/api/stat/pages', '/api/stat/pages/trend', (r) => ({ path: r.path })) },
  { page: 'page-ent', requests: one('/api/stat/entry-pages', { current: 1, pageSize: 20 }) },
  { page: 'scene', requests: listThen('/api/stat/scenes', '/api/stat/scenes/trend', (r) => ({ key: r.scene ?? r.key })) },
  { page: 'channel', requests: listThen('/api/stat/channels', '/api/stat/channels/trend', (r) => ({ key: r.channel ?? r.key })) },
  { page: 'event', requests: listThen('/api/stat/events', '/api/stat/events/values', (r) => ({ key: r.key })) },
  {
    page: 'error/js',
    requests: async (f, get) => {
      await Promise.all([get('/api/stat/errors', { ...f, current: 1, pageSize: 20 }), get('/api/stat/errors/summary', f)]);
    },
  },
  {
    page: 'error/js/detail',
    requests: async (f, get) => {
      const rows = (await get('/api/stat/errors', { ...f, current: 1, pageSize: 1 })) as any[];
      if (rows?.[0]) await get(`/api/stat/errors/${encodeURIComponent(rows[0].hash)}`, f);
    },
  },
  {
    page: 'error/app',
    requests: async (f, get) => {
      await Promise.all([
        get('/api/stat/crashes', { ...f, current: 1, pageSize: 20 }),
        get('/api/stat/crashes/summary', f),
        get('/api/stat/crashes/groups', { ...f, current: 1, pageSize: 20 }),
      ]);
    },
  },
  { page: 'pay-order/overview', requests: one('/api/stat/pay/overview') },
  { page: 'pay-order/list', requests: one('/api/stat/pay/orders', { current: 1, pageSize: 20 }) },
  { page: 'pay-order/funnel', requests: one('/api/stat/pay/funnel', { unit: 'day' }) },
  { page: 'pay-order/ranking', requests: one('/api/stat/pay/ranking', { current: 1, pageSize: 20 }) },
];

/** the filters each page is opened with */
function filters(today: string): Q[] {
  const out: Q[] = [];
  for (const app of BENCH_APPS) {
    out.push({ app_id: app.appid, start: addDays(today, -29), end: today });
    out.push({ app_id: app.appid, start: addDays(today, -6), end: today });
  }
  out.push({ app_id: BENCH_APPS[0].appid, start: addDays(today, -89), end: today });
  out.push({ app_id: BENCH_APPS[0].appid, start: addDays(today, -29), end: today, platform: 'android' });
  return out;
}

export async function runStatPagesBench(): Promise<void> {
  console.log(`\nstatistics pages: ${EVENTS.toLocaleString('en')} raw events over ${DAYS} days (BENCH_STAT_EVENTS)`);
  const kept = process.env.BENCH_STAT_DATA_DIR ? path.resolve(process.env.BENCH_STAT_DATA_DIR) : undefined;
  const dataDir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-statpages-'));
  fs.mkdirSync(dataDir, { recursive: true });
  fs.chmodSync(dataDir, 0o777);
  const marker = path.join(dataDir, 'bench-prepared.json');
  const prepared = kept && fs.existsSync(marker) ? (JSON.parse(fs.readFileSync(marker, 'utf8')) as { events: number; today: string }) : undefined;
  const rebuild = !prepared || process.env.BENCH_STAT_REBUILD === '1';
  const port = await freePort();
  let pg = await startEmbedded({ dataDir, port });
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    const db = connect(pg.url, 5);
    await applyMigrations(db);
    if (prepared) console.log(`  ${prepared.events.toLocaleString('en')} events kept in ${dataDir} (written for ${prepared.today})`);
    const history = prepared
      ? { events: prepared.events, seconds: 0 }
      : await writeStatEvents(db.$client, { events: EVENTS, days: DAYS, log: (l) => console.log(l) });
    if (!prepared) console.log(`  wrote ${history.events.toLocaleString('en')} events in ${history.seconds.toFixed(1)} s (COPY)`);
    if (!prepared) {
      // top-up orders over the 90 days, for the pay-order pages
      await db.execute(sql`INSERT INTO pay_orders (order_no, user_id, provider, method, subject, amount_cents, credits, status, expires_at, created_at, paid_at, platform, channel)
        SELECT 'B' || g, 'bench-user-' || (g % 3000), CASE WHEN g % 3 = 0 THEN 'wxpay' ELSE 'alipay' END, CASE WHEN g % 3 = 0 THEN 'wxpay_native' ELSE 'alipay_qr' END,
          'credits', 100 * (1 + g % 50), 100 * (1 + g % 50), CASE WHEN g % 5 = 0 THEN 'expired' ELSE 'credited' END,
          t + interval '2 hours', t, CASE WHEN g % 5 = 0 THEN NULL ELSE t + interval '1 minute' END,
          (ARRAY['web','android','ios','mp-weixin'])[1 + g % 4], (ARRAY['','google','huawei'])[1 + g % 3]
        FROM generate_series(1, 20000) g, LATERAL (SELECT now() - (g % ${DAYS}) * interval '1 day' - (g % 86400) * interval '1 second' AS t) x`);
    }
    await db.execute(sql`ANALYZE`);

    const pools = statPools(db);
    const stats = new StatService(pgStatStore(pools), pools, new SettingsStore(db), new DayZone(new SettingsStore(db)));
    if (rebuild) {
      const t0 = performance.now();
      await stats.store.rollup.rebuild(STAT_DEFAULT_TZ_MINUTES);
      let days = 0;
      for (;;) {
        const run = await runRollup(stats, silent, { lock: true, budgetMs: 60_000 });
        days += run?.done ?? 0;
        if ((await stats.store.rollup.dirty(0)).total === 0) break;
      }
      const rollupS = (performance.now() - t0) / 1000;
      console.log(
        `  rollups from scratch: ${days} app-days in ${rollupS.toFixed(0)} s (${(rollupS / (history.events / 1e6)).toFixed(1)} s per million events)`,
      );
      await db.execute(sql`VACUUM ANALYZE`);
    }
    if (kept && !prepared) fs.writeFileSync(marker, JSON.stringify({ events: history.events, today: new Date().toISOString().slice(0, 10) }));
    await pools.end();
    await db.$client.end();

    // cold: PostgreSQL and the server start afresh
    await pg.stop();
    pg = await startEmbedded({ dataDir, port });
    server = await startServer(pg.url, dataDir, false, {}, undefined);
    const base = server.base;
    const post = async (url: string, body: unknown) =>
      (await (await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as {
        data: any;
      };
    const admin = { username: 'bench_admin', password: 'Bench#2026' };
    // a kept folder has its admin already
    const token = ((await post('/api/auth/register-admin', { ...admin, password2: admin.password })).data ?? (await post('/api/auth/login', admin)).data)
      .token as string;
    let failures = 0;
    const get = async (p: string, q: Q) => {
      const qs = new URLSearchParams(
        Object.entries(q)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      );
      const r = await fetch(`${base}${p}?${qs}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await r.json()) as { data?: unknown; errorCode?: string };
      if (!r.ok) {
        failures++;
        if (failures <= 5) console.log(`  ${p}: ${r.status} ${body.errorCode}`);
      }
      return body.data;
    };
    const today = statDay(Date.now(), STAT_DEFAULT_TZ_MINUTES);
    const fs_ = filters(today);
    const time = async (spec: PageSpec, f: Q) => {
      const s = performance.now();
      await spec.requests(f, get);
      return performance.now() - s;
    };
    const cold = new Map<string, number[]>();
    const warm = new Map<string, number[]>();
    for (const f of fs_) for (const spec of PAGES) cold.set(spec.page, [...(cold.get(spec.page) ?? []), await time(spec, f)]);
    for (let round = 0; round < 3; round++)
      for (const f of fs_) for (const spec of PAGES) warm.set(spec.page, [...(warm.get(spec.page) ?? []), await time(spec, f)]);

    console.log(
      `\n  each page opened with ${fs_.length} filters (3 apps x 30 / 7 days, 90 days, a platform); cold = first time after a restart, warm = 3 more rounds`,
    );
    console.log('| page | cold p50 | cold p95 | warm p50 | warm p95 | p95 / target (300 ms) |');
    console.log('|---|---|---|---|---|---|');
    let worst = 0;
    for (const spec of PAGES) {
      const c = cold.get(spec.page)!;
      const w = warm.get(spec.page)!;
      const p95 = Math.max(pct(c, 95), pct(w, 95));
      worst = Math.max(worst, p95);
      console.log(
        `| ${spec.page} | ${pct(c, 50).toFixed(0)} ms | ${pct(c, 95).toFixed(0)} ms | ${pct(w, 50).toFixed(0)} ms | ${pct(w, 95).toFixed(0)} ms | ${(p95 / TARGET_MS).toFixed(2)}x |`,
      );
    }
    console.log(`  worst p95 ${worst.toFixed(0)} ms = ${(worst / TARGET_MS).toFixed(2)}x of the target; ${failures} failed requests`);
    console.log(
      `  ${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? ''}; node ${process.version}; load average: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
  } finally {
    server?.c.kill('SIGTERM');
    await pg.stop();
    if (!kept) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
