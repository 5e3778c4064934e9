/**
 * Statistics rollups from raw events on a real PostgreSQL: incremental runs (batches, late events,
 * a device first seen late) equal a plain-JS recomputation and a rebuild from scratch; a second
 * run changes nothing; local-day boundaries and a time-zone change; two runners at once. The exact
 * figures of a small hand-made day are in stat-rollup-day, the routes in stat-rollup-routes.
 */
import { sql } from 'drizzle-orm';
import { addDays, DEPTH_BUCKETS, DURATION_BUCKETS, STAT_KINDS, statDay } from '../../shared/stat';
import { parseFilter } from '../../server/modules/stats/filter';
import { PgDeviceReports } from '../../server/modules/stats/store/devices';
import { statPools } from '../../server/modules/stats/pools';
import { PgRollupStore } from '../../server/modules/stats/store/rollup';
import { generateEvents, insertEvents, type RawEvent, rawEvent } from '../support/stat-events';
import { rollupDatabase } from '../support/rollup-db';

const K = STAT_KINDS;
/** "now" for the store: after every day the tests write, so every retention offset is due */
const NOW = Date.parse('2026-11-20T00:00:00Z');
const TABLES = [
  'stat_hourly',
  'stat_daily',
  'stat_device_days',
  'stat_devices',
  'stat_user_days',
  'stat_users',
  'stat_sessions',
  'stat_pages',
  'stat_event_days',
  'stat_error_groups',
  'stat_error_days',
  'stat_retention',
  'stat_activity',
];

const h = rollupDatabase(NOW);
const { pool, rows, drain } = h;

/** every rollup row of an app, table by table, in a stable order */
async function snapshot(appId: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of TABLES) {
    const got = await rows<{ j: string }>(sql`SELECT to_jsonb(x)::text AS j FROM ${sql.raw(t)} x WHERE app_id = ${appId}`);
    out[t] = got.map((r) => r.j).sort();
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// the rollups' figures recomputed in plain JS from the raw rows

interface DailyRow {
  day: string;
  platform: string;
  channel: string;
  version: string;
  sessions: number;
  page_views: number;
  active_devices: number;
  active_users: number;
  duration_s: number;
  bounces: number;
  events: number;
  errors: number;
  crashes: number;
}

function byTime(events: RawEvent[]) {
  return [...events].sort((a, b) => a.ts.getTime() - b.ts.getTime() || (a.eid < b.eid ? -1 : a.eid > b.eid ? 1 : 0));
}

function expectedDaily(events: RawEvent[], tz: number): DailyRow[] {
  const out = new Map<string, DailyRow & { devices: Set<string>; users: Set<string> }>();
  const row = (day: string, e: { platform: string; channel: string; version: string }) => {
    const key = [day, e.platform, e.channel, e.version].join('|');
    let r = out.get(key);
    if (!r) {
      r = {
        day,
        platform: e.platform,
        channel: e.channel,
        version: e.version,
        sessions: 0,
        page_views: 0,
        active_devices: 0,
        active_users: 0,
        duration_s: 0,
        bounces: 0,
        events: 0,
        errors: 0,
        crashes: 0,
        devices: new Set(),
        users: new Set(),
      };
      out.set(key, r);
    }
    return r;
  };
  const sessions = new Map<string, RawEvent[]>();
  const lastError = new Map<string, number>();
  for (const e of byTime(events)) {
    const day = statDay(e.ts, tz);
    const r = row(day, e);
    r.devices.add(e.device_id);
    if (e.uid) r.users.add(e.uid);
    if (e.kind === K.page) r.page_views++;
    if (e.kind === K.event) r.events++;
    if (e.kind === K.crash) r.crashes++;
    if (e.kind === K.error || e.kind === K.crash) {
      const k = `${e.device_id}|${e.err_hash}`;
      const prev = lastError.get(k);
      if (e.kind === K.error && (prev === undefined || e.ts.getTime() - prev >= 300_000)) r.errors++;
      lastError.set(k, e.ts.getTime());
    }
    const sk = `${day}|${e.sid}`;
    sessions.set(sk, [...(sessions.get(sk) ?? []), e]);
  }
  for (const [sk, evs] of sessions) {
    const r = row(sk.split('|')[0], evs[0]);
    r.sessions++;
    r.duration_s += Math.max(1, Math.round((evs[evs.length - 1].ts.getTime() - evs[0].ts.getTime()) / 1000));
    if (evs.filter((e) => e.kind === K.page).length === 1) r.bounces++;
  }
  return [...out.values()]
    .map(({ devices, users, ...r }) => ({ ...r, active_devices: devices.size, active_users: users.size }))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

function expectedDevices(events: RawEvent[], tz: number) {
  const out = new Map<
    string,
    { device_id: string; first_ts: string; first_day: string; last_day: string; platform: string; channel: string; version: string }
  >();
  for (const e of byTime(events)) {
    const day = statDay(e.ts, tz);
    const d = out.get(e.device_id);
    if (!d)
      out.set(e.device_id, {
        device_id: e.device_id,
        first_ts: e.ts.toISOString(),
        first_day: day,
        last_day: day,
        platform: e.platform,
        channel: e.channel,
        version: e.version,
      });
    else d.last_day = day;
  }
  return [...out.values()].sort((a, b) => a.device_id.localeCompare(b.device_id));
}

async function dailyOf(appId: string): Promise<DailyRow[]> {
  const got = await rows<DailyRow>(sql`SELECT day::text AS day, platform, channel, version, sessions, page_views, active_devices, active_users,
      duration_s::int AS duration_s, bounces, events, errors, crashes FROM stat_daily WHERE app_id = ${appId}`);
  return got.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

async function devicesOf(appId: string) {
  return rows(sql`SELECT device_id, to_char(first_ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS first_ts, first_day::text AS first_day,
      last_day::text AS last_day, platform, channel, version FROM stat_devices WHERE app_id = ${appId} ORDER BY device_id COLLATE "C"`);
}

// ---------------------------------------------------------------------------------------------

test('incremental runs over batches, late events and a device first seen late equal a recomputation from the raw events', async () => {
  const TZ = 480;
  const from = Date.parse('2026-10-01T00:00:00Z');
  const all = generateEvents({ appId: 'app-a', seed: 7, from, days: 5, devices: 14 });
  const lateDevice = generateEvents({ appId: 'app-a', seed: 8, from, days: 5, devices: 1, devicePrefix: 'late-device' });
  const split = from + 2 * 86_400_000;
  // the late device reports its first days only after the later days are rolled up
  expect(lateDevice.some((e) => e.ts.getTime() < split) && lateDevice.some((e) => e.ts.getTime() >= split)).toBe(true);
  const late = [...lateDevice.filter((e) => e.ts.getTime() < split), ...all.filter((e, i) => e.ts.getTime() < split && i % 10 === 0)];
  const lateIds = new Set(late.map((e) => e.eid));
  const rest = [...all, ...lateDevice].filter((e) => !lateIds.has(e.eid));
  const early = rest.filter((e) => e.ts.getTime() < split);
  const later = rest.filter((e) => e.ts.getTime() >= split);
  const everything = [...all, ...lateDevice];
  expect(everything.length).toBeGreaterThan(500);
  expect(new Set(everything.map((e) => e.kind))).toEqual(new Set([K.launch, K.hide, K.page, K.event, K.error, K.crash]));

  await insertEvents(pool(), early, TZ);
  expect(await drain(TZ)).toBeGreaterThan(0);
  await insertEvents(pool(), later.slice(0, later.length / 2), TZ);
  await drain(TZ);
  await insertEvents(pool(), later.slice(later.length / 2), TZ);
  await drain(TZ);
  const firstSeenBefore = await rows<{ first_day: string }>(sql`SELECT first_day::text AS first_day FROM stat_devices WHERE device_id LIKE 'late-device%'`);
  expect(firstSeenBefore[0].first_day >= statDay(split, TZ)).toBe(true);
  await insertEvents(pool(), late, TZ);
  await drain(TZ);

  // the figures a plain recomputation gives
  expect(await dailyOf('app-a')).toEqual(expectedDaily(everything, TZ));
  expect(await devicesOf('app-a')).toEqual(expectedDevices(everything, TZ));
  const lateFirst = expectedDevices(lateDevice, TZ)[0];
  const [firstSession] = await rows<{ day: string; first_visit: boolean }>(sql`SELECT day::text AS day, first_visit FROM stat_sessions
    WHERE device_id = ${lateFirst.device_id} AND first_visit`);
  expect(firstSession.day).toBe(lateFirst.first_day);
  expect((await rows(sql`SELECT 1 FROM stat_sessions WHERE device_id = ${lateFirst.device_id} AND first_visit`)).length).toBe(1);

  // every rollup table equals a rebuild from scratch
  const incremental = await snapshot('app-a');
  expect(incremental.stat_retention.length).toBeGreaterThan(0);
  expect(incremental.stat_error_days.length).toBeGreaterThan(0);
  await h.store.rebuild(TZ);
  await drain(TZ);
  const rebuilt = await snapshot('app-a');
  for (const t of TABLES) expect({ table: t, rows: rebuilt[t] }).toEqual({ table: t, rows: incremental[t] });

  // running again, or redoing the days, changes nothing
  expect(await h.store.rollupDirty(TZ)).toBe(0);
  const days = [...new Set(everything.map((e) => statDay(e.ts, TZ)))].sort();
  expect(await h.store.recompute('app-a', days[0], days[days.length - 1], TZ)).toBe(days.length);
  expect(await snapshot('app-a')).toEqual(incremental);
});

test('the kept DAU / WAU / MAU and the stickiness buckets equal a plain-JS count of the raw events', async () => {
  const TZ = 480;
  const app = 'app-kept';
  const events = generateEvents({ appId: app, seed: 31, from: Date.parse('2026-07-01T00:00:00Z'), days: 40, devices: 12 });
  // in two goes: the second's days change the first's WAU / MAU
  const cut = Date.parse('2026-07-20T00:00:00Z');
  await insertEvents(
    pool(),
    events.filter((e) => e.ts.getTime() < cut),
    TZ,
  );
  await drain(TZ);
  await insertEvents(
    pool(),
    events.filter((e) => e.ts.getTime() >= cut),
    TZ,
  );
  await drain(TZ);
  expect(await rows(sql`SELECT 1 FROM stat_activity_dirty`)).toEqual([]);

  const reports = new PgDeviceReports(h.pools);
  const start = '2026-07-01';
  const end = '2026-08-15';
  // active days per device (user), by local day
  const activeDays = (key: (e: RawEvent) => string | null, platform?: string) => {
    const out = new Map<string, Set<string>>();
    for (const e of byTime(events)) {
      const k = key(e);
      if (!k || (platform && e.platform !== platform)) continue;
      const day = statDay(e.ts, TZ);
      out.set(day, (out.get(day) ?? new Set()).add(k));
    }
    return out;
  };
  const expectActivity = (active: Map<string, Set<string>>) => {
    const days: { day: string; dau: number; wau: number; mau: number }[] = [];
    for (let d = start; d <= end; d = addDays(d, 1)) {
      const within = (n: number) => new Set(Array.from({ length: n }, (_, i) => [...(active.get(addDays(d, -i)) ?? [])]).flat()).size;
      days.push({ day: d, dau: within(1), wau: within(7), mau: within(30) });
    }
    return days;
  };
  const strip = (r: { days: { day: string; dau: number; wau: number; mau: number }[] }) => r.days.map(({ day, dau, wau, mau }) => ({ day, dau, wau, mau }));
  const f = parseFilter({ app_id: app, start, end }, TZ);
  expect(strip(await reports.activity('device', f))).toEqual(expectActivity(activeDays((e) => e.device_id)));
  expect(strip(await reports.activity('device', { ...f, platform: 'android' }))).toEqual(expectActivity(activeDays((e) => e.device_id, 'android')));
  expect(strip(await reports.activity('user', f))).toEqual(expectActivity(activeDays((e) => e.uid)));

  // stickiness: a session's part of a day, its pages and duration; its device, and its last signed-in user
  const parts = new Map<string, RawEvent[]>();
  for (const e of byTime(events)) {
    const key = `${statDay(e.ts, TZ)}|${e.sid}`;
    parts.set(key, [...(parts.get(key) ?? []), e]);
  }
  const bucket = (v: number, buckets: readonly { min: number; max: number | null }[]) => buckets.findIndex((b) => v >= b.min && (b.max === null || v <= b.max));
  const sticky = (users: boolean) => {
    const depth = DEPTH_BUCKETS.map(() => ({ sessions: 0, ids: new Set<string>() }));
    const duration = DURATION_BUCKETS.map(() => ({ sessions: 0, ids: new Set<string>() }));
    for (const evs of parts.values()) {
      const uid = [...evs].reverse().find((e) => e.uid)?.uid ?? null;
      const id = users ? uid : evs[0].device_id;
      if (!id) continue;
      const pages = evs.filter((e) => e.kind === K.page).length;
      const secs = Math.max(1, Math.round((evs[evs.length - 1].ts.getTime() - evs[0].ts.getTime()) / 1000));
      if (pages >= 1) {
        depth[bucket(pages, DEPTH_BUCKETS)].sessions++;
        depth[bucket(pages, DEPTH_BUCKETS)].ids.add(id);
      }
      duration[bucket(secs, DURATION_BUCKETS)].sessions++;
      duration[bucket(secs, DURATION_BUCKETS)].ids.add(id);
    }
    const rowsOf = (bs: typeof depth, keys: readonly { key: string }[]) => bs.map((b, i) => ({ key: keys[i].key, sessions: b.sessions, subjects: b.ids.size }));
    const d = rowsOf(depth, DEPTH_BUCKETS);
    const u = rowsOf(duration, DURATION_BUCKETS);
    return { total_sessions: u.reduce((n, b) => n + b.sessions, 0), depth: d, duration: u };
  };
  const devices = await reports.stickiness('device', f);
  expect(devices).toEqual(sticky(false));
  expect(devices.depth.filter((b) => b.sessions > 0).length).toBeGreaterThan(2);
  expect(await reports.stickiness('user', f)).toEqual(sticky(true));
});

test('two runners at once take each app-day once and count everything once', async () => {
  const TZ = 480;
  const events = generateEvents({ appId: 'app-c', seed: 21, from: Date.parse('2026-09-01T00:00:00Z'), days: 6, devices: 10 });
  const other = generateEvents({ appId: 'app-c2', seed: 22, from: Date.parse('2026-09-01T00:00:00Z'), days: 6, devices: 6 });
  await insertEvents(pool(), [...events, ...other], TZ);
  const pools2 = statPools(h.database.db);
  try {
    const second = new PgRollupStore(pools2, () => NOW);
    const [a, b] = await Promise.all([h.store.rollupDirty(TZ, 100), second.rollupDirty(TZ, 100)]);
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    await drain(TZ);
  } finally {
    await pools2.end();
  }
  expect(await dailyOf('app-c')).toEqual(expectedDaily(events, TZ));
  expect(await dailyOf('app-c2')).toEqual(expectedDaily(other, TZ));
  expect(await devicesOf('app-c')).toEqual(expectedDevices(events, TZ));
});

test('events the ingest commits while their day is being recomputed are rolled up too: the day stays dirty for the next run', async () => {
  const TZ = 480;
  const app = 'app-race';
  const dev = { app_id: app, device_id: 'device-race-00000001', platform: 'web', channel: '', version: '1.0.0' };
  const page = (time: string, sid: string) =>
    rawEvent({ ...dev, ts: new Date(`2026-06-01T${time}Z`), sid, kind: K.page, url: 'https://h.example.com/#/pages/a' });
  await insertEvents(pool(), [page('02:00:00', 'r1')], TZ);
  await drain(TZ);
  await h.database.db.execute(sql`INSERT INTO stat_dirty (app_id, day) VALUES (${app}, '2026-06-01')`);
  // the ingest's transaction: a new row and its own mark, not committed yet
  const ingest = await pool().connect();
  try {
    await ingest.query('BEGIN');
    const late = page('03:00:00', 'r2');
    await ingest.query('INSERT INTO stat_events SELECT * FROM json_populate_recordset(NULL::stat_events, $1::json)', [
      JSON.stringify([{ ...late, received_at: new Date() }]),
    ]);
    await ingest.query(`INSERT INTO stat_dirty (app_id, day) VALUES ($1, '2026-06-01')`, [app]);
    // the rollup neither waits for the ingest nor sees its row, and deletes only the mark it read
    expect(await h.store.rollupDirty(TZ, 5)).toBe(1);
    expect(await rows(sql`SELECT page_views FROM stat_daily WHERE app_id = ${app}`)).toEqual([{ page_views: 1 }]);
    await ingest.query('COMMIT');
  } finally {
    ingest.release();
  }
  // still dirty: the next run takes it again
  expect(await rows(sql`SELECT 1 AS dirty FROM stat_dirty WHERE app_id = ${app}`)).toEqual([{ dirty: 1 }]);
  expect(await h.store.rollupDirty(TZ, 5)).toBe(1);
  expect(await rows(sql`SELECT page_views FROM stat_daily WHERE app_id = ${app}`)).toEqual([{ page_views: 2 }]);
  expect(await rows(sql`SELECT 1 FROM stat_dirty WHERE app_id = ${app}`)).toEqual([]);
});

test('local days: 15:59:59Z and 16:00:00Z are two days in UTC+8 and one in UTC+0; a time-zone change rebuilds them', async () => {
  const app = 'app-tz';
  const dev = { app_id: app, device_id: 'device-tz-000000001', platform: 'web', channel: '', version: '1.0.0' };
  const events = [
    rawEvent({ ...dev, ts: new Date('2026-07-10T15:59:59Z'), sid: 'tz-s1', kind: K.page, url: 'https://h.example.com/#/pages/a' }),
    rawEvent({ ...dev, ts: new Date('2026-07-10T16:00:00Z'), sid: 'tz-s2', kind: K.page, url: 'https://h.example.com/#/pages/b' }),
  ];
  await insertEvents(pool(), events, 480);
  await drain(480);
  const days = () => rows(sql`SELECT day::text AS day, sessions, page_views, active_devices FROM stat_daily WHERE app_id = ${app} ORDER BY day`);
  const hours = () =>
    rows(sql`SELECT to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24') AS hour, page_views FROM stat_hourly WHERE app_id = ${app} ORDER BY hour`);
  expect(await days()).toEqual([
    { day: '2026-07-10', sessions: 1, page_views: 1, active_devices: 1 },
    { day: '2026-07-11', sessions: 1, page_views: 1, active_devices: 1 },
  ]);
  expect(await hours()).toEqual([
    { hour: '2026-07-10 15', page_views: 1 },
    { hour: '2026-07-10 16', page_views: 1 },
  ]);

  await h.store.rebuild(0);
  await drain(0);
  expect(await days()).toEqual([{ day: '2026-07-10', sessions: 2, page_views: 2, active_devices: 1 }]);
  expect(await hours()).toEqual([
    { hour: '2026-07-10 15', page_views: 1 },
    { hour: '2026-07-10 16', page_views: 1 },
  ]);
  expect(await rows(sql`SELECT first_day::text AS first_day FROM stat_devices WHERE app_id = ${app}`)).toEqual([{ first_day: '2026-07-10' }]);

  await h.store.rebuild(480);
  await drain(480);
  expect((await days()).map((d) => d.day)).toEqual(['2026-07-10', '2026-07-11']);
});
