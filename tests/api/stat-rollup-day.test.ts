/**
 * Statistics rollups of a small hand-made day on a real PostgreSQL, figure by figure: sessions,
 * page paths and durations, bounces, entry and exit pages, error de-duplication, new and returning
 * devices and users, retention.
 */
import { sql } from 'drizzle-orm';
import { addDays, STAT_KINDS } from '../../shared/stat';
import { rollupDatabase } from '../support/rollup-db';
import { insertEvents, pagePath, type RawEvent, rawEvent } from '../support/stat-events';

const K = STAT_KINDS;
const { pool, rows, drain } = rollupDatabase(Date.parse('2026-11-20T00:00:00Z'));

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
