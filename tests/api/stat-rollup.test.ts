/**
 * Statistics rollups from raw events on a real PostgreSQL: incremental runs (batches, late events,
 * a device first seen late) equal a plain-JS recomputation and a rebuild from scratch; a second
 * run changes nothing; local-day boundaries and a time-zone change; exact figures of a small
 * hand-made case; two runners at once; the refresh and redo routes and who may call them.
 */
import { sql } from 'drizzle-orm';
import { addDays, DEPTH_BUCKETS, DURATION_BUCKETS, STAT_KINDS, statDay } from '../../shared/stat';
import { parseFilter } from '../../server/modules/stats/filter';
import { PgDeviceReports } from '../../server/modules/stats/store/devices';
import { statPools, type StatPools } from '../../server/modules/stats/pools';
import { PgRollupStore } from '../../server/modules/stats/store/rollup';
import { call, login, makeRole, makeUser, registerAdmin } from '../support/accounts';
import { generateEvents, insertEvents, pagePath, type RawEvent, rawEvent } from '../support/stat-events';
import { createTestApp, createTestDatabase } from '../support/test-app';

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

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pools: StatPools;
let store: PgRollupStore;

beforeAll(async () => {
  database = await createTestDatabase();
  pools = statPools(database.db);
  store = new PgRollupStore(pools, () => NOW);
});
afterAll(async () => {
  await pools?.end();
  await database?.drop();
});

const pool = () => database.db.$client;
const rows = async <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => (await database.db.execute(q)).rows as T[];

/** runs the rollup until nothing is dirty; answers the app-days done */
async function drain(tz: number, s = store): Promise<number> {
  let done = 0;
  for (let n = -1; n !== 0; done += n) n = await s.rollupDirty(tz, 100);
  return done;
}

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
  await store.rebuild(TZ);
  await drain(TZ);
  const rebuilt = await snapshot('app-a');
  for (const t of TABLES) expect({ table: t, rows: rebuilt[t] }).toEqual({ table: t, rows: incremental[t] });

  // running again, or redoing the days, changes nothing
  expect(await store.rollupDirty(TZ)).toBe(0);
  const days = [...new Set(everything.map((e) => statDay(e.ts, TZ)))].sort();
  expect(await store.recompute('app-a', days[0], days[days.length - 1], TZ)).toBe(days.length);
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

  const reports = new PgDeviceReports(pools);
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
  const pools2 = statPools(database.db);
  try {
    const second = new PgRollupStore(pools2, () => NOW);
    const [a, b] = await Promise.all([store.rollupDirty(TZ, 100), second.rollupDirty(TZ, 100)]);
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
  await database.db.execute(sql`INSERT INTO stat_dirty (app_id, day) VALUES (${app}, '2026-06-01')`);
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
    expect(await store.rollupDirty(TZ, 5)).toBe(1);
    expect(await rows(sql`SELECT page_views FROM stat_daily WHERE app_id = ${app}`)).toEqual([{ page_views: 1 }]);
    await ingest.query('COMMIT');
  } finally {
    ingest.release();
  }
  // still dirty: the next run takes it again
  expect(await rows(sql`SELECT 1 AS dirty FROM stat_dirty WHERE app_id = ${app}`)).toEqual([{ dirty: 1 }]);
  expect(await store.rollupDirty(TZ, 5)).toBe(1);
  expect(await rows(sql`SELECT page_views FROM stat_daily WHERE app_id = ${app}`)).toEqual([{ page_views: 2 }]);
  expect(await rows(sql`SELECT 1 FROM stat_dirty WHERE app_id = ${app}`)).toEqual([]);
});

test('a small hand-made day: sessions, page paths and durations, bounces, entry and exit pages, error de-duplication, new and returning devices, retention', async () => {
  const TZ = 0;
  const D = '2026-08-10';
  const at = (day: string, time: string) => new Date(`${day}T${time}Z`);
  const app = 'app-hand';
  const A = { app_id: app, device_id: 'device-A-0000000001', platform: 'web', channel: 'google', version: '2.0.0' };
  const B = { app_id: app, device_id: 'device-B-0000000002', platform: 'android', channel: 'huawei', version: '2.0.0', device_model: 'Mate 60' };
  const ev = (dev: typeof A, day: string, time: string, sid: string, kind: number, extra: Partial<RawEvent> = {}) =>
    rawEvent({ ...dev, ts: at(day, time), sid, kind, ...extra });
  const err = { err_hash: 'h1', err_msg: 'TypeError: x is undefined', err_stack: 'at f (app.js:1:1)' };
  const events = [
    // A was first seen the day before
    ev(A, addDays(D, -1), '10:00:00', 'a0', K.page, { url: 'https://h.example.com/about?q=1' }),
    // s1: two page views (hash routes), a custom event, signed in from the event on
    ev(A, D, '10:00:00', 's1', K.launch),
    ev(A, D, '10:00:05', 's1', K.page, { url: 'https://h.example.com/#/pages/home?x=1', title: 'Home' }),
    ev(A, D, '10:00:35', 's1', K.event, { ev_key: 'click', ev_value: 'buy', uid: 'u1' }),
    ev(A, D, '10:01:05', 's1', K.page, { url: 'https://h.example.com/#/pages/detail', title: 'Detail', uid: 'u1' }),
    ev(A, D, '10:01:45', 's1', K.hide, { uid: 'u1' }),
    // s2: B's first session, one page view and nothing else: a bounce of 1 s
    ev(B, D, '11:00:00', 's2', K.page, { url: 'pages/index/index?from=share', title: 'Index' }),
    // A's errors: the second is 110 s after the first, the third 240 s after the second (both
    // dropped), the fourth 360 s after the third (counted)
    ev(A, D, '12:00:00', 'e1', K.error, err),
    ev(A, D, '12:01:50', 'e1', K.error, err),
    ev(A, D, '12:05:50', 'e1', K.error, err),
    ev(A, D, '12:11:50', 'e1', K.error, { ...err, err_stack: 'at f (app.js:1:2)' }),
    // B: the same error once (another device: counted), then a crash
    ev(B, D, '12:00:30', 'e2', K.error, err),
    ev(B, D, '12:00:40', 'e2', K.crash, { err_hash: 'c1', err_msg: 'OutOfMemoryError' }),
    // later days: A on D+6, B on D+1 and D+7, u1 on D+6
    ev(B, addDays(D, 1), '09:00:00', 'b1', K.page, { url: 'pages/index/index' }),
    ev(A, addDays(D, 6), '09:00:00', 'a6', K.page, { url: 'https://h.example.com/#/pages/home', uid: 'u1' }),
    ev(B, addDays(D, 7), '09:00:00', 'b7', K.page, { url: 'pages/index/index' }),
  ];
  // page paths by the contract's rule
  expect(events.map((e) => pagePath(e.url)).filter(Boolean)).toEqual([
    '/about',
    '/pages/home',
    '/pages/detail',
    'pages/index/index',
    'pages/index/index',
    '/pages/home',
    'pages/index/index',
  ]);
  await insertEvents(pool(), events, TZ);
  await drain(TZ);

  const daily =
    await rows(sql`SELECT platform, channel, version, sessions, page_views, active_devices, active_users, duration_s::int AS duration_s, bounces, events, errors, crashes
    FROM stat_daily WHERE app_id = ${app} AND day = ${D} ORDER BY platform`);
  expect(daily).toEqual([
    {
      platform: 'android',
      channel: 'huawei',
      version: '2.0.0',
      sessions: 2,
      page_views: 1,
      active_devices: 1,
      active_users: 0,
      duration_s: 1 + 10,
      bounces: 1,
      events: 0,
      errors: 1,
      crashes: 1,
    },
    {
      platform: 'web',
      channel: 'google',
      version: '2.0.0',
      sessions: 2,
      page_views: 2,
      active_devices: 1,
      active_users: 1,
      duration_s: 105 + 710,
      bounces: 0,
      events: 1,
      errors: 2,
      crashes: 0,
    },
  ]);
  const hourly = await rows(sql`SELECT to_char(hour AT TIME ZONE 'UTC', 'HH24') AS h, platform, sessions, page_views, errors FROM stat_hourly
    WHERE app_id = ${app} AND hour >= ${`${D}T00:00:00Z`}::timestamptz AND hour < ${`${addDays(D, 1)}T00:00:00Z`}::timestamptz ORDER BY 1, 2`);
  expect(hourly).toEqual([
    { h: '10', platform: 'web', sessions: 1, page_views: 2, errors: 0 },
    { h: '11', platform: 'android', sessions: 1, page_views: 1, errors: 0 },
    { h: '12', platform: 'android', sessions: 1, page_views: 0, errors: 1 },
    { h: '12', platform: 'web', sessions: 1, page_views: 0, errors: 2 },
  ]);

  const sessions = await rows(sql`SELECT sid, device_id, uid, entry_page, exit_page, page_count, event_count, duration_s, first_visit
    FROM stat_sessions WHERE app_id = ${app} AND day = ${D} ORDER BY sid`);
  expect(sessions).toEqual([
    { sid: 'e1', device_id: A.device_id, uid: null, entry_page: '', exit_page: '', page_count: 0, event_count: 0, duration_s: 710, first_visit: false },
    { sid: 'e2', device_id: B.device_id, uid: null, entry_page: '', exit_page: '', page_count: 0, event_count: 0, duration_s: 10, first_visit: false },
    {
      sid: 's1',
      device_id: A.device_id,
      uid: 'u1',
      entry_page: '/pages/home',
      exit_page: '/pages/detail',
      page_count: 2,
      event_count: 1,
      duration_s: 105,
      first_visit: false,
    },
    {
      sid: 's2',
      device_id: B.device_id,
      uid: null,
      entry_page: 'pages/index/index',
      exit_page: 'pages/index/index',
      page_count: 1,
      event_count: 0,
      duration_s: 1,
      first_visit: true,
    },
  ]);

  const pages =
    await rows(sql`SELECT platform, path, title, views, visitors, entries, exits, bounces, duration_s::int AS duration_s, entry_duration_s::int AS entry_duration_s
    FROM stat_pages WHERE app_id = ${app} AND day = ${D} ORDER BY path`);
  expect(pages).toEqual([
    // home: to the next event of its session (the custom event 30 s later); detail, the last page view: to the session's last event (40 s)
    { platform: 'web', path: '/pages/detail', title: 'Detail', views: 1, visitors: 1, entries: 0, exits: 1, bounces: 0, duration_s: 40, entry_duration_s: 0 },
    { platform: 'web', path: '/pages/home', title: 'Home', views: 1, visitors: 1, entries: 1, exits: 0, bounces: 0, duration_s: 30, entry_duration_s: 105 },
    // the session's only event: 0 s on the page
    {
      platform: 'android',
      path: 'pages/index/index',
      title: 'Index',
      views: 1,
      visitors: 1,
      entries: 1,
      exits: 1,
      bounces: 1,
      duration_s: 0,
      entry_duration_s: 1,
    },
  ]);
  expect(await rows(sql`SELECT key, value, count, devices FROM stat_event_days WHERE app_id = ${app}`)).toEqual([
    { key: 'click', value: 'buy', count: 1, devices: 1 },
  ]);

  expect(await rows(sql`SELECT hash, kind, platform, device_model, count, devices FROM stat_error_days WHERE app_id = ${app} ORDER BY hash, platform`)).toEqual(
    [
      { hash: 'c1', kind: 'crash', platform: 'android', device_model: 'Mate 60', count: 1, devices: 1 },
      { hash: 'h1', kind: 'js', platform: 'android', device_model: 'Mate 60', count: 1, devices: 1 },
      { hash: 'h1', kind: 'js', platform: 'web', device_model: '', count: 2, devices: 1 },
    ],
  );
  expect(
    await rows(sql`SELECT hash, kind, message, stack, first_ts = ${at(D, '12:00:00').toISOString()}::timestamptz AS first_ok,
      last_ts = ${at(D, '12:11:50').toISOString()}::timestamptz AS last_ok FROM stat_error_groups WHERE app_id = ${app} AND hash = 'h1'`),
  ).toEqual([{ hash: 'h1', kind: 'js', message: err.err_msg, stack: 'at f (app.js:1:2)', first_ok: true, last_ok: true }]);

  // new vs returning: A is new the day before, B on D
  expect(
    await rows(sql`SELECT device_id, first_day::text AS first_day, last_day::text AS last_day FROM stat_devices WHERE app_id = ${app} ORDER BY device_id`),
  ).toEqual([
    { device_id: A.device_id, first_day: addDays(D, -1), last_day: addDays(D, 6) },
    { device_id: B.device_id, first_day: D, last_day: addDays(D, 7) },
  ]);
  expect(
    await rows(
      sql`SELECT device_id, uid, sessions, page_views, duration_s::int AS duration_s FROM stat_device_days WHERE app_id = ${app} AND day = ${D} ORDER BY device_id`,
    ),
  ).toEqual([
    { device_id: A.device_id, uid: 'u1', sessions: 2, page_views: 2, duration_s: 815 },
    { device_id: B.device_id, uid: null, sessions: 2, page_views: 1, duration_s: 11 },
  ]);

  const retention = async (subject: string, mode: string, cohort: string, n: number) =>
    rows(sql`SELECT platform, cohort, retained FROM stat_retention WHERE app_id = ${app} AND subject = ${subject} AND mode = ${mode}
      AND cohort_day = ${cohort} AND n = ${n} ORDER BY platform`);
  // new devices of D-1 (A): back on D (n=1) and on D+6 (n=7)
  expect(await retention('device', 'new', addDays(D, -1), 1)).toEqual([{ platform: 'web', cohort: 1, retained: 1 }]);
  expect(await retention('device', 'new', addDays(D, -1), 7)).toEqual([{ platform: 'web', cohort: 1, retained: 1 }]);
  // new devices of D (B): back on D+1 and D+7
  expect(await retention('device', 'new', D, 1)).toEqual([{ platform: 'android', cohort: 1, retained: 1 }]);
  expect(await retention('device', 'new', D, 7)).toEqual([{ platform: 'android', cohort: 1, retained: 1 }]);
  // active devices of D (A and B, each under its own platform): only B is back on D+1 and on D+7
  expect(await retention('device', 'active', D, 1)).toEqual([
    { platform: 'android', cohort: 1, retained: 1 },
    { platform: 'web', cohort: 1, retained: 0 },
  ]);
  expect(await retention('device', 'active', D, 7)).toEqual([
    { platform: 'android', cohort: 1, retained: 1 },
    { platform: 'web', cohort: 1, retained: 0 },
  ]);
  expect(await retention('device', 'active', D, 2)).toEqual([
    { platform: 'android', cohort: 1, retained: 0 },
    { platform: 'web', cohort: 1, retained: 0 },
  ]);
  // users: u1 is new on D, back on D+6 only
  expect(await retention('user', 'new', D, 1)).toEqual([{ platform: 'web', cohort: 1, retained: 0 }]);
  expect(await retention('user', 'new', D, 6)).toEqual([{ platform: 'web', cohort: 1, retained: 1 }]);
  expect(await rows(sql`SELECT uid, first_day::text AS first_day, last_day::text AS last_day FROM stat_users WHERE app_id = ${app}`)).toEqual([
    { uid: 'u1', first_day: D, last_day: addDays(D, 6) },
  ]);
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

  await store.rebuild(0);
  await drain(0);
  expect(await days()).toEqual([{ day: '2026-07-10', sessions: 2, page_views: 2, active_devices: 1 }]);
  expect(await hours()).toEqual([
    { hour: '2026-07-10 15', page_views: 1 },
    { hour: '2026-07-10 16', page_views: 1 },
  ]);
  expect(await rows(sql`SELECT first_day::text AS first_day FROM stat_devices WHERE app_id = ${app}`)).toEqual([{ first_day: '2026-07-10' }]);

  await store.rebuild(480);
  await drain(480);
  expect((await days()).map((d) => d.day)).toEqual(['2026-07-10', '2026-07-11']);
});

describe('routes', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: string;
  let reader: string;
  let nobody: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await registerAdmin(t.app)).token;
    await makeRole(t.db, 'stat_reader', ['READ_UNI_STAT']);
    await makeUser(t.db, { username: 'stat_reader', password: 'Passw0rd!', role: ['stat_reader'] });
    reader = (await login(t.app, 'stat_reader', 'Passw0rd!')).body.data.token;
    await makeUser(t.db, { username: 'stat_nobody', password: 'Passw0rd!' });
    nobody = (await login(t.app, 'stat_nobody', 'Passw0rd!')).body.data.token;
  });
  afterAll(async () => {
    await t?.close();
  });

  test('an analyst refreshes: the new events are rolled up and nothing is left dirty; a user without the statistics permission is refused', async () => {
    const events = generateEvents({ appId: 'app-r', seed: 3, from: Date.parse('2026-10-05T00:00:00Z'), days: 2, devices: 4 });
    // the server's time zone (the settings' default, UTC+8)
    await insertEvents(t.db.$client, events, 480);
    const days = new Set(events.map((e) => statDay(e.ts, 480)));
    expect((await call(t.app, 'POST', '/api/stat/rollup/run', { token: nobody })).status).toBe(403);
    const r = await call(t.app, 'POST', '/api/stat/rollup/run', { token: reader });
    expect(r.status).toBe(200);
    // the job may have taken some of the days first
    expect(r.body.data.done).toBeLessThanOrEqual(days.size);
    expect(r.body.data).toMatchObject({ failed: 0, dirty: 0, dirty_days: [] });
    const [{ pv }] = (await t.db.execute<{ pv: number }>(sql`SELECT sum(page_views)::int AS pv FROM stat_daily WHERE app_id = 'app-r'`)).rows;
    expect(pv).toBe(events.filter((e) => e.kind === K.page).length);
  });

  test('a manager redoes a range of days; a bad range is refused on its field; an analyst may not redo', async () => {
    const body = { app_id: 'app-r', start: '2026-10-05', end: '2026-10-07' };
    expect((await call(t.app, 'POST', '/api/stat/rollup/recompute', { token: reader, body })).status).toBe(403);
    const bad = await call(t.app, 'POST', '/api/stat/rollup/recompute', { token: admin, body: { ...body, start: '2026-10-08' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errorCode: 'STAT_RANGE_INVALID' });
    const before = (await t.db.execute(sql`SELECT to_jsonb(d)::text AS j FROM stat_daily d WHERE app_id = 'app-r' ORDER BY 1`)).rows;
    const r = await call(t.app, 'POST', '/api/stat/rollup/recompute', { token: admin, body });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ done: 3, failed: 0, dirty: 0 });
    expect((await t.db.execute(sql`SELECT to_jsonb(d)::text AS j FROM stat_daily d WHERE app_id = 'app-r' ORDER BY 1`)).rows).toEqual(before);

    // days older than the raw events are kept (raw_retention_days) keep their rollups
    const old = addDays(statDay(Date.now(), 480), -150);
    await t.db.execute(sql`INSERT INTO stat_daily (day, app_id, platform, channel, version, sessions) VALUES (${old}, 'app-r', 'web', '', '1.0.0', 42)`);
    const kept = await call(t.app, 'POST', '/api/stat/rollup/recompute', { token: admin, body: { app_id: 'app-r', start: old, end: addDays(old, 2) } });
    expect(kept.body.data).toMatchObject({ done: 0, dirty: 0 });
    expect((await t.db.execute(sql`SELECT sessions FROM stat_daily WHERE app_id = 'app-r' AND day = ${old}`)).rows).toEqual([{ sessions: 42 }]);
  });
});
