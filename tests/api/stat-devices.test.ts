/**
 * Device and user reports over hand-seeded rollup rows: the overview's figures and their day
 * before, exact DAU / WAU / MAU, retention percentages, stickiness buckets, the hourly trend in
 * UTC+8, comparisons, and the refusals (no READ_UNI_STAT, a bad range or parameter).
 */
import { sql } from 'drizzle-orm';
import { addDays, DEPTH_BUCKETS, DURATION_BUCKETS, statDay, statDayStart } from '../../shared/stat';
import { call, makeRole, registerAdmin } from '../support/accounts';
import { chatUser } from '../support/chat';
import { keepActivity } from '../support/stat-events';
import { createTestApp } from '../support/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let reader: string;
let outsider: string;

beforeAll(async () => {
  t = await createTestApp();
  await registerAdmin(t.app);
  await makeRole(t.db, 'stat_reader', ['READ_UNI_STAT']);
  reader = (await chatUser(t.app, t.db, 'stat_dev_reader', 0, ['stat_reader'])).token;
  outsider = (await chatUser(t.app, t.db, 'stat_dev_outsider', 0)).token;
  // a fresh migrated database and two password hashes: slow on a busy machine
}, 120_000);
afterAll(async () => {
  await t?.close();
});

interface Dims {
  platform?: string;
  channel?: string;
  version?: string;
}
const dimsOf = (d: Dims) => [d.platform ?? 'web', d.channel ?? '', d.version ?? '1.0.0'] as const;

async function device(app: string, id: string, firstDay: string, d: Dims & { firstTs?: string } = {}) {
  const [p, c, v] = dimsOf(d);
  const firstTs = d.firstTs ?? `${firstDay}T02:00:00Z`;
  await t.db.execute(sql`INSERT INTO stat_devices (app_id, device_id, first_ts, first_day, last_day, platform, channel, version)
    VALUES (${app}, ${id}, ${firstTs}::timestamptz, ${firstDay}::date, ${firstDay}::date, ${p}, ${c}, ${v})`);
}
/** a device's day, its figures added to the day's (stat_daily), as the rollup writes both */
async function deviceDay(app: string, day: string, id: string, m: Dims & { sessions?: number; pv?: number; dur?: number; uid?: string } = {}) {
  const [p, c, v] = dimsOf(m);
  const [sessions, pv, dur] = [m.sessions ?? 1, m.pv ?? 1, m.dur ?? 10];
  await t.db.execute(sql`INSERT INTO stat_device_days (app_id, day, device_id, platform, channel, version, uid, sessions, page_views, duration_s)
    VALUES (${app}, ${day}::date, ${id}, ${p}, ${c}, ${v}, ${m.uid ?? null}, ${sessions}, ${pv}, ${dur})`);
  await t.db.execute(sql`INSERT INTO stat_daily (day, app_id, platform, channel, version, sessions, page_views, duration_s, active_devices)
    VALUES (${day}::date, ${app}, ${p}, ${c}, ${v}, ${sessions}, ${pv}, ${dur}, 1)
    ON CONFLICT (app_id, day, platform, channel, version) DO UPDATE SET sessions = stat_daily.sessions + EXCLUDED.sessions,
      page_views = stat_daily.page_views + EXCLUDED.page_views, duration_s = stat_daily.duration_s + EXCLUDED.duration_s,
      active_devices = stat_daily.active_devices + 1`);
}
async function user(app: string, uid: string, firstDay: string, d: Dims = {}) {
  const [p, c, v] = dimsOf(d);
  await t.db.execute(sql`INSERT INTO stat_users (app_id, uid, first_ts, first_day, last_day, platform, channel, version)
    VALUES (${app}, ${uid}, ${`${firstDay}T02:00:00Z`}::timestamptz, ${firstDay}::date, ${firstDay}::date, ${p}, ${c}, ${v})`);
}
async function userDay(app: string, day: string, uid: string, m: Dims & { sessions?: number; pv?: number; dur?: number } = {}) {
  const [p, c, v] = dimsOf(m);
  await t.db.execute(sql`INSERT INTO stat_user_days (app_id, day, uid, platform, channel, version, sessions, page_views, duration_s)
    VALUES (${app}, ${day}::date, ${uid}, ${p}, ${c}, ${v}, ${m.sessions ?? 1}, ${m.pv ?? 1}, ${m.dur ?? 10})`);
}
let sid = 0;
async function session(app: string, day: string, deviceId: string, pages: number, durationS: number, m: Dims & { uid?: string } = {}) {
  const [p, c, v] = dimsOf(m);
  const start = `${day}T01:00:00Z`;
  await t.db.execute(sql`INSERT INTO stat_sessions (app_id, day, sid, device_id, uid, platform, channel, version, scene, started_at, ended_at,
      entry_page, exit_page, page_count, event_count, duration_s, first_visit)
    VALUES (${app}, ${day}::date, ${`sid-${++sid}`}, ${deviceId}, ${m.uid ?? null}, ${p}, ${c}, ${v}, '', ${start}::timestamptz,
      ${start}::timestamptz + make_interval(secs => ${durationS}), 'pages/index', 'pages/index', ${pages}, 0, ${durationS}, false)`);
}
/**
 * A day's sessions as the rollup keeps them for stickiness: each device's (user's) day with the
 * masks of the buckets its sessions fell in, and the day's sessions per bucket in stat_daily.
 */
async function stickyDay(app: string, day: string, sessions: Array<{ device: string; pages: number; dur: number; uid?: string }>) {
  const bucket = (v: number, buckets: readonly { min: number; max: number | null }[]) => buckets.findIndex((b) => v >= b.min && (b.max === null || v <= b.max));
  const masks = new Map<string, { depth: number; duration: number; n: number; user: boolean }>();
  const counts = {
    depth: DEPTH_BUCKETS.map(() => 0),
    duration: DURATION_BUCKETS.map(() => 0),
    depthUsers: DEPTH_BUCKETS.map(() => 0),
    durationUsers: DURATION_BUCKETS.map(() => 0),
  };
  const mark = (key: string, user: boolean, s: { pages: number; dur: number }) => {
    const m = masks.get(key) ?? { depth: 0, duration: 0, n: 0, user };
    if (s.pages >= 1) m.depth |= 1 << bucket(s.pages, DEPTH_BUCKETS);
    m.duration |= 1 << bucket(s.dur, DURATION_BUCKETS);
    m.n++;
    masks.set(key, m);
  };
  for (const s of sessions) {
    mark(`d:${s.device}`, false, s);
    if (s.uid) mark(`u:${s.uid}`, true, s);
    if (s.pages >= 1) counts.depth[bucket(s.pages, DEPTH_BUCKETS)]++;
    counts.duration[bucket(s.dur, DURATION_BUCKETS)]++;
    if (s.uid && s.pages >= 1) counts.depthUsers[bucket(s.pages, DEPTH_BUCKETS)]++;
    if (s.uid) counts.durationUsers[bucket(s.dur, DURATION_BUCKETS)]++;
  }
  for (const [key, m] of masks) {
    const table = m.user ? sql`stat_user_days (app_id, day, uid` : sql`stat_device_days (app_id, day, device_id`;
    await t.db.execute(sql`INSERT INTO ${table}, platform, channel, version, sessions, page_views, duration_s, depth_mask, duration_mask)
      VALUES (${app}, ${day}::date, ${key.slice(2)}, 'web', '', '1.0.0', ${m.n}, 1, 10, ${m.depth}, ${m.duration})`);
  }
  const arr = (xs: number[]) => sql`${`{${xs.join(',')}}`}::int[]`;
  await t.db
    .execute(sql`INSERT INTO stat_daily (day, app_id, platform, channel, version, sessions, depth_sessions, duration_sessions, depth_user_sessions, duration_user_sessions)
    VALUES (${day}::date, ${app}, 'web', '', '1.0.0', ${sessions.length}, ${arr(counts.depth)}, ${arr(counts.duration)}, ${arr(counts.depthUsers)}, ${arr(counts.durationUsers)})`);
}
async function retention(app: string, subject: string, mode: string, cohortDay: string, n: number, cohort: number, retained: number, d: Dims = {}) {
  const [p, c, v] = dimsOf(d);
  await t.db.execute(sql`INSERT INTO stat_retention (app_id, subject, mode, cohort_day, n, platform, channel, version, cohort, retained)
    VALUES (${app}, ${subject}, ${mode}, ${cohortDay}::date, ${n}, ${p}, ${c}, ${v}, ${cohort}, ${retained})`);
}
async function hourly(app: string, hour: string, m: { sessions: number; active: number; users?: number; dur: number }) {
  await t.db.execute(sql`INSERT INTO stat_hourly (hour, app_id, platform, channel, version, sessions, page_views, active_devices, active_users, duration_s)
    VALUES (${hour}::timestamptz, ${app}, 'web', '', '1.0.0', ${m.sessions}, ${m.sessions}, ${m.active}, ${m.users ?? 0}, ${m.dur})`);
}
async function pageDay(app: string, day: string, path: string, views: number) {
  await t.db
    .execute(sql`INSERT INTO stat_pages (day, app_id, platform, channel, version, path, title, views, visitors, entries, exits, bounces, duration_s, entry_duration_s)
    VALUES (${day}::date, ${app}, 'web', '', '1.0.0', ${path}, ${`Title ${path}`}, ${views}, 1, 1, 1, 0, ${views * 10}, 0)`);
}

const get = async (path: string, q: Record<string, string>, token = reader) => call(t.app, 'GET', `${path}?${new URLSearchParams(q)}`, { token });
const report = async (path: string, q: Record<string, string>) => {
  const r = await get(path, q);
  expect(r.status).toBe(200);
  return r.body.data;
};

test('the overview: the last day against the day before, totals so far, the trend, top pages and platforms', async () => {
  const A = '__UNI__OVERVIEW';
  await device(A, 'dev-0', '2026-03-01');
  await device(A, 'dev-1', '2026-03-30');
  await device(A, 'dev-2', '2026-03-31');
  await device(A, 'dev-3', '2026-03-31', { platform: 'ios' });
  await deviceDay(A, '2026-03-30', 'dev-0', { sessions: 1, pv: 1, dur: 10 });
  await deviceDay(A, '2026-03-30', 'dev-1', { sessions: 1, pv: 2, dur: 30 });
  await deviceDay(A, '2026-03-31', 'dev-1', { sessions: 2, pv: 5, dur: 100 });
  await deviceDay(A, '2026-03-31', 'dev-2', { sessions: 1, pv: 1, dur: 20 });
  await deviceDay(A, '2026-03-31', 'dev-3', { sessions: 1, pv: 3, dur: 60, platform: 'ios' });
  for (const [day, dev, pages] of [
    ['2026-03-30', 'dev-0', 1],
    ['2026-03-30', 'dev-1', 1],
    ['2026-03-31', 'dev-1', 2],
    ['2026-03-31', 'dev-1', 3],
    ['2026-03-31', 'dev-2', 1],
  ] as const)
    await session(A, day, dev, pages, 30);
  await session(A, '2026-03-31', 'dev-3', 3, 60, { platform: 'ios' });
  await pageDay(A, '2026-03-30', 'pages/index', 4);
  await pageDay(A, '2026-03-31', 'pages/index', 5);
  await pageDay(A, '2026-03-31', 'pages/me', 7);
  await keepActivity(t.db, A, ['2026-03-30', '2026-03-31']);

  const o = await report('/api/stat/devices/overview', { app_id: A, start: '2026-03-30', end: '2026-03-31' });
  expect(o.day).toBe('2026-03-31');
  expect(o.today).toEqual({ new: 2, active: 3, sessions: 4, page_views: 9, duration_s: 180, avg_session_s: 45, avg_subject_s: 60, bounce_rate: 25, total: 4 });
  expect(o.previous).toEqual({
    new: 1,
    active: 2,
    sessions: 2,
    page_views: 3,
    duration_s: 40,
    avg_session_s: 20,
    avg_subject_s: 20,
    bounce_rate: 100,
    total: 2,
  });
  expect(o.trend).toEqual([
    { day: '2026-03-30', new: 1, active: 2, sessions: 2 },
    { day: '2026-03-31', new: 2, active: 3, sessions: 4 },
  ]);
  // views summed over the days, most viewed first
  expect(o.top_pages.map((p: { path: string; views: number }) => [p.path, p.views])).toEqual([
    ['pages/index', 9],
    ['pages/me', 7],
  ]);
  expect(o.platforms).toEqual([
    { platform: 'web', active: 3 },
    { platform: 'ios', active: 1 },
  ]);

  // one platform: its own figures
  const ios = await report('/api/stat/devices/overview', { app_id: A, start: '2026-03-30', end: '2026-03-31', platform: 'ios' });
  expect(ios.today).toMatchObject({ new: 1, active: 1, sessions: 1, total: 1, bounce_rate: 0 });
  expect(ios.previous).toMatchObject({ new: 0, active: 0, total: 0 });

  // users: the signed-in ids of stat_user_days / stat_users
  await user(A, 'u-1', '2026-03-31');
  await userDay(A, '2026-03-31', 'u-1', { sessions: 2, dur: 50 });
  const u = await report('/api/stat/users/overview', { app_id: A, start: '2026-03-30', end: '2026-03-31' });
  expect(u.today).toMatchObject({ new: 1, active: 1, sessions: 2, duration_s: 50, total: 1 });
  expect(u.platforms).toEqual([{ platform: 'web', active: 1 }]);
});

test('DAU, WAU and MAU are distinct over the trailing 1, 7 and 30 days', async () => {
  const A = '__UNI__ACTIVITY';
  await deviceDay(A, '2026-03-31', 'a');
  await deviceDay(A, '2026-03-30', 'a');
  await deviceDay(A, '2026-03-28', 'b');
  await deviceDay(A, '2026-03-21', 'c', { platform: 'ios' });
  await deviceDay(A, '2026-03-02', 'd');
  await deviceDay(A, '2026-03-01', 'd');
  await deviceDay(A, '2026-03-01', 'e');
  await keepActivity(t.db, A, ['2026-03-01', '2026-03-31']);
  const r = await report('/api/stat/devices/activity', { app_id: A, start: '2026-03-30', end: '2026-03-31' });
  expect(r.days).toEqual([
    // 03-01 .. 03-30: a, b, c, d, e (d twice counts once)
    { day: '2026-03-30', dau: 1, wau: 2, mau: 5, dau_wau: 50, dau_mau: 20 },
    // 03-02 .. 03-31: e dropped out
    { day: '2026-03-31', dau: 1, wau: 2, mau: 4, dau_wau: 50, dau_mau: 25 },
  ]);
  const web = await report('/api/stat/devices/activity', { app_id: A, start: '2026-03-31', end: '2026-03-31', platform: 'web' });
  expect(web.days).toEqual([{ day: '2026-03-31', dau: 1, wau: 2, mau: 3, dau_wau: 50, dau_mau: 33.3 }]);
  // a channel (or a version) is counted from the device days, with the same answer
  const counted = await report('/api/stat/devices/activity', { app_id: A, start: '2026-03-30', end: '2026-03-31', channel: '', version: '1.0.0' });
  expect(counted.days).toEqual(r.days);
  // days after the last activity: a (03-31) leaves the WAU after 7 days; a, b and c stay in the MAU
  const later = await report('/api/stat/devices/activity', { app_id: A, start: '2026-04-06', end: '2026-04-07' });
  expect(later.days.map((d: { wau: number; mau: number }) => [d.wau, d.mau])).toEqual([
    [1, 3],
    [0, 3],
  ]);

  await userDay(A, '2026-03-31', 'u1');
  await userDay(A, '2026-03-25', 'u2');
  await keepActivity(t.db, A, ['2026-03-25', '2026-03-31']);
  const users = await report('/api/stat/users/activity', { app_id: A, start: '2026-03-31', end: '2026-03-31' });
  expect(users.days).toEqual([{ day: '2026-03-31', dau: 1, wau: 2, mau: 2, dau_wau: 50, dau_mau: 50 }]);
});

test('retention: each cohort with its size and the retained share on day n; days to come stay empty', async () => {
  const A = '__UNI__RETENTION';
  for (const [id, platform] of [
    ['r1', 'web'],
    ['r2', 'web'],
    ['r3', 'ios'],
    ['r4', 'ios'],
  ])
    await device(A, id, '2026-03-01', { platform });
  await retention(A, 'device', 'new', '2026-03-01', 1, 2, 1);
  await retention(A, 'device', 'new', '2026-03-01', 1, 2, 1, { platform: 'ios' });
  await retention(A, 'device', 'new', '2026-03-01', 7, 2, 1);
  await retention(A, 'device', 'new', '2026-03-01', 7, 2, 0, { platform: 'ios' });
  // another mode and subject do not mix in
  await retention(A, 'device', 'active', '2026-03-01', 1, 9, 9);
  await retention(A, 'user', 'new', '2026-03-01', 1, 9, 9);

  const r = await report('/api/stat/devices/retention', { app_id: A, start: '2026-03-01', end: '2026-03-01', mode: 'new' });
  expect(r.days).toEqual([1, 2, 3, 4, 5, 6, 7, 14, 30]);
  expect(r.rows).toHaveLength(1);
  const row = r.rows[0];
  expect(row).toMatchObject({ cohort_day: '2026-03-01', cohort: 4 });
  const cell = (n: number) => row.cells.find((c: { n: number }) => c.n === n);
  expect(cell(1)).toEqual({ n: 1, retained: 2, pct: 50 });
  expect(cell(7)).toEqual({ n: 7, retained: 1, pct: 25 });
  expect(cell(14)).toEqual({ n: 14, retained: null, pct: null });

  const ios = await report('/api/stat/devices/retention', { app_id: A, start: '2026-03-01', end: '2026-03-01', platform: 'ios' });
  expect(ios.rows[0].cohort).toBe(2);
  expect(ios.rows[0].cells.slice(0, 1)).toEqual([{ n: 1, retained: 1, pct: 50 }]);
  expect(ios.rows[0].cells[6]).toEqual({ n: 7, retained: 0, pct: 0 });
});

test('retention by week and by month: the ids new in a week (month) seen again in the n-th one after', async () => {
  const A = '__UNI__RETENTION_WEEKS';
  // 2026-03-02 is a Monday: d1 and d2 are new that week, d3 the next
  await device(A, 'w1', '2026-03-02');
  await device(A, 'w2', '2026-03-04');
  await device(A, 'w3', '2026-03-09');
  for (const [day, id] of [
    ['2026-03-02', 'w1'],
    ['2026-03-04', 'w2'],
    ['2026-03-09', 'w3'],
    ['2026-03-10', 'w1'],
    ['2026-03-12', 'w1'],
    ['2026-03-18', 'w2'],
    ['2026-04-20', 'w3'],
  ])
    await deviceDay(A, day, id);
  const w = await report('/api/stat/devices/retention', { app_id: A, start: '2026-03-02', end: '2026-03-15', mode: 'new', unit: 'week' });
  expect(w).toMatchObject({ unit: 'week', days: [1, 2, 3, 4, 5, 6, 7, 8, 9] });
  expect(w.rows.map((r: { cohort_day: string; cohort: number }) => [r.cohort_day, r.cohort])).toEqual([
    ['2026-03-09', 1],
    ['2026-03-02', 2],
  ]);
  const first = w.rows[1].cells;
  // week 1: w1 (twice, counted once); week 2: w2
  expect(first.slice(0, 3)).toEqual([
    { n: 1, retained: 1, pct: 50 },
    { n: 2, retained: 1, pct: 50 },
    { n: 3, retained: 0, pct: 0 },
  ]);
  const m = await report('/api/stat/devices/retention', { app_id: A, start: '2026-03-01', end: '2026-03-31', mode: 'new', unit: 'month' });
  expect(m.rows).toEqual([expect.objectContaining({ cohort_day: '2026-03-01', cohort: 3 })]);
  expect(m.rows[0].cells[0]).toEqual({ n: 1, retained: 1, pct: 33.33 });
  expect((await get('/api/stat/devices/retention', { app_id: A, start: '2026-03-01', end: '2026-03-31', unit: 'year' })).status).toBe(400);
});

test("today's overview compares today so far with yesterday up to the same time of day", async () => {
  const A = '__UNI__PARTIAL';
  const TZ = 480;
  const now = Date.now();
  const today = statDay(now, TZ);
  const yesterday = addDays(today, -1);
  const elapsed = now - statDayStart(today, TZ).getTime();
  const at = (day: string, ms: number) => new Date(statDayStart(day, TZ).getTime() + ms).toISOString();
  const visit = async (id: string, day: string, ms: number, pages: number) => {
    await device(A, id, day, { firstTs: at(day, ms) });
    await deviceDay(A, day, id);
    await t.db.execute(sql`INSERT INTO stat_sessions (app_id, day, sid, device_id, platform, channel, version, scene, started_at, ended_at,
        entry_page, exit_page, page_count, event_count, duration_s, first_visit)
      VALUES (${A}, ${day}::date, ${`sid-${++sid}`}, ${id}, 'web', '', '1.0.0', '', ${at(day, ms)}::timestamptz, ${at(day, ms)}::timestamptz,
        'pages/index', 'pages/index', ${pages}, 0, 10, true)`);
  };
  // yesterday: one visit before this time of day, two after it; today: one so far
  await visit('p-y1', yesterday, elapsed / 2, 1);
  await visit('p-y2', yesterday, elapsed + (86_400_000 - elapsed) / 3, 2);
  await visit('p-y3', yesterday, elapsed + (2 * (86_400_000 - elapsed)) / 3, 2);
  await visit('p-t1', today, elapsed / 2, 3);
  await keepActivity(t.db, A, [yesterday, today]);

  const o = await report('/api/stat/devices/overview', { app_id: A, start: yesterday, end: today });
  expect(o).toMatchObject({ day: today, partial: true });
  expect(Math.abs(Date.parse(o.as_of) - now)).toBeLessThan(60_000);
  expect(o.today).toMatchObject({ new: 1, active: 1, sessions: 1, page_views: 3 });
  // like for like: yesterday's one visit before this time, not its whole day of three
  expect(o.previous).toMatchObject({ new: 1, active: 1, sessions: 1, page_views: 1 });
  // a past day is whole
  const past = await report('/api/stat/devices/overview', { app_id: A, start: yesterday, end: yesterday });
  expect(past).toMatchObject({ partial: false, as_of: null });
  expect(past.today).toMatchObject({ new: 3, active: 3 });
});

test('stickiness: launches and devices (users) by visit depth and by duration', async () => {
  const A = '__UNI__STICKY';
  await stickyDay(A, '2026-03-31', [
    { device: 's-a', pages: 1, dur: 1, uid: 'u1' },
    { device: 's-a', pages: 1, dur: 4, uid: 'u1' },
    { device: 's-b', pages: 2, dur: 100 },
    { device: 's-c', pages: 5, dur: 101, uid: 'u2' },
    { device: 's-d', pages: 12, dur: 30 },
  ]);
  await stickyDay(A, '2026-03-29', [{ device: 's-e', pages: 3, dur: 3 }]); // outside the range
  const r = await report('/api/stat/devices/stickiness', { app_id: A, start: '2026-03-30', end: '2026-03-31' });
  expect(r.total_sessions).toBe(5);
  expect(r.depth).toEqual([
    { key: '1', sessions: 2, subjects: 1 },
    { key: '2', sessions: 1, subjects: 1 },
    { key: '3', sessions: 0, subjects: 0 },
    { key: '4', sessions: 0, subjects: 0 },
    { key: '5-10', sessions: 1, subjects: 1 },
    { key: '>10', sessions: 1, subjects: 1 },
  ]);
  expect(r.duration.map((b: { key: string; sessions: number }) => [b.key, b.sessions])).toEqual([
    ['0-2', 1],
    ['3-5', 1],
    ['6-10', 0],
    ['11-20', 0],
    ['21-30', 1],
    ['31-50', 0],
    ['51-100', 1],
    ['>100', 1],
  ]);
  const users = await report('/api/stat/users/stickiness', { app_id: A, start: '2026-03-30', end: '2026-03-31' });
  expect(users.total_sessions).toBe(3);
  expect(users.depth[0]).toEqual({ key: '1', sessions: 2, subjects: 1 });
  expect(users.depth[4]).toEqual({ key: '5-10', sessions: 1, subjects: 1 });
});

test('the trend of one day is by hour in UTC+8; by week, active devices are distinct over the week', async () => {
  const A = '__UNI__TREND';
  await hourly(A, '2026-03-30T15:00:00Z', { sessions: 9, active: 9, dur: 9 }); // 03-30 23:00 local: the day before
  await hourly(A, '2026-03-30T16:00:00Z', { sessions: 3, active: 2, dur: 40 }); // 03-31 00:00 local
  await hourly(A, '2026-03-31T01:00:00Z', { sessions: 5, active: 4, users: 1, dur: 70 }); // 09:00 local
  await device(A, 't1', '2026-03-31', { firstTs: '2026-03-31T01:30:00Z' });
  await session(A, '2026-03-31', 't1', 2, 25, { uid: 'u1' }); // starts 01:00 UTC = 09:00 local
  const r = await report('/api/stat/devices/trend', { app_id: A, start: '2026-03-31', end: '2026-03-31' });
  expect(r.granularity).toBe('hour');
  expect(r.rows).toHaveLength(24);
  expect(r.rows[0]).toEqual({ bucket: '2026-03-31 00:00', new: 0, active: 2, sessions: 3, duration_s: 40 });
  expect(r.rows[9]).toEqual({ bucket: '2026-03-31 09:00', new: 1, active: 4, sessions: 5, duration_s: 70 });
  expect(r.rows[23].bucket).toBe('2026-03-31 23:00');
  const u = await report('/api/stat/users/trend', { app_id: A, start: '2026-03-31', end: '2026-03-31', granularity: 'hour' });
  expect(u.rows[9]).toEqual({ bucket: '2026-03-31 09:00', new: 0, active: 1, sessions: 1, duration_s: 25 });

  // week of Monday 03-23 and of Monday 03-30: w1 on three days counts once
  for (const day of ['2026-03-24', '2026-03-25', '2026-03-30']) await deviceDay(A, day, 'w1', { sessions: 2 });
  await deviceDay(A, '2026-03-25', 'w2');
  await keepActivity(t.db, A, ['2026-03-24', '2026-03-30']);
  const w = await report('/api/stat/devices/trend', { app_id: A, start: '2026-03-24', end: '2026-03-31', granularity: 'week' });
  expect(w.rows).toEqual([
    { bucket: '2026-03-23', new: 0, active: 2, sessions: 5, duration_s: 30 },
    { bucket: '2026-03-30', new: 1, active: 1, sessions: 2, duration_s: 10 },
  ]);
  const d = await report('/api/stat/devices/trend', { app_id: A, start: '2026-03-24', end: '2026-03-25', granularity: 'day' });
  expect(d.rows.map((x: { bucket: string; active: number }) => [x.bucket, x.active])).toEqual([
    ['2026-03-24', 1],
    ['2026-03-25', 2],
  ]);
});

test('comparison: per platform, against the previous range or another app', async () => {
  const A = '__UNI__COMPARE';
  const B = '__UNI__COMPARE_B';
  await t.db.execute(sql`INSERT INTO apps (appid, name) VALUES (${B}, 'Compare B')`);
  await device(A, 'c1', '2026-03-31');
  await deviceDay(A, '2026-03-31', 'c1', { sessions: 3, dur: 90 });
  await deviceDay(A, '2026-03-30', 'c2', { platform: 'ios', sessions: 1, dur: 5 });
  await deviceDay(A, '2026-03-29', 'c2', { platform: 'ios', sessions: 4, dur: 40 });
  await deviceDay(A, '2026-03-28', 'c3');
  await deviceDay(B, '2026-03-31', 'b1');
  await deviceDay(B, '2026-03-31', 'b2');
  await keepActivity(t.db, A, ['2026-03-28', '2026-03-31']);
  await keepActivity(t.db, B, ['2026-03-31']);

  const r = await report('/api/stat/devices/comparison', { app_id: A, start: '2026-03-30', end: '2026-03-31' });
  expect(r.platforms).toEqual([
    { platform: 'ios', new: 0, active: 1, sessions: 1, duration_s: 5 },
    { platform: 'web', new: 1, active: 1, sessions: 3, duration_s: 90 },
  ]);
  expect(r.current.totals).toEqual({ new: 1, active: 2, sessions: 4, duration_s: 95 });
  expect(r.current.days).toEqual([
    { day: '2026-03-30', new: 0, active: 1, sessions: 1 },
    { day: '2026-03-31', new: 1, active: 1, sessions: 3 },
  ]);
  expect(r.other).toMatchObject({ app_id: A, start: '2026-03-28', end: '2026-03-29', totals: { new: 0, active: 2, sessions: 5, duration_s: 50 } });
  expect(r.other.days.map((d: { day: string }) => d.day)).toEqual(['2026-03-28', '2026-03-29']);

  const apps = await report('/api/stat/devices/comparison', { app_id: A, start: '2026-03-30', end: '2026-03-31', other_app_id: B });
  expect(apps.other).toMatchObject({ app_id: B, start: '2026-03-30', totals: { active: 2, sessions: 2 } });
  expect((await get('/api/stat/devices/comparison', { app_id: A, start: '2026-03-30', end: '2026-03-31', other_app_id: '__UNI__NOPE' })).body).toMatchObject({
    errorCode: 'STAT_APP_UNKNOWN',
    field: 'other_app_id',
  });
});

test('refusals: no READ_UNI_STAT, a bad range, a bad granularity or mode', async () => {
  const q = { app_id: '__UNI__X', start: '2026-03-01', end: '2026-03-07' };
  for (const subject of ['devices', 'users'])
    for (const r of ['overview', 'activity', 'trend', 'retention', 'comparison', 'stickiness']) {
      const res = await get(`/api/stat/${subject}/${r}`, q, outsider);
      expect(res.status).toBe(403);
    }
  const backwards = await get('/api/stat/devices/overview', { ...q, start: '2026-03-08' });
  expect(backwards.status).toBe(400);
  expect(backwards.body).toMatchObject({ errorCode: 'STAT_RANGE_INVALID', field: 'end' });
  expect((await get('/api/stat/users/activity', { ...q, start: '2024-01-01' })).body).toMatchObject({ errorCode: 'STAT_RANGE_INVALID', field: 'start' });
  expect((await get('/api/stat/devices/trend', { ...q, granularity: 'year' })).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'granularity' });
  expect((await get('/api/stat/devices/trend', { ...q, start: '2026-02-01', granularity: 'hour' })).body).toMatchObject({
    errorCode: 'INVALID_PARAM',
    field: 'granularity',
  });
  expect((await get('/api/stat/users/retention', { ...q, mode: 'old' })).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'mode' });
  expect((await get('/api/stat/devices/overview', { ...q, start: 'yesterday' })).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'start' });
});
