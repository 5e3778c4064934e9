/**
 * The page, entry page, scene, channel and custom event reports over seeded rollup rows: the
 * figures an analyst reads (exit and bounce rates, shares, average durations), sorting, paging and
 * search, a key's value breakdown, display names saved and shown, and who may read and rename.
 */
import { sql } from 'drizzle-orm';
import { call, makeRole } from '../support/accounts';
import { chatUser } from '../support/chat';
import { insertEvents, rawEvent } from '../support/stat-events';
import { createTestApp } from '../support/test-app';
import { STAT_KINDS } from '../../shared/stat';

let t: Awaited<ReturnType<typeof createTestApp>>;
let reader: string;
let manager: string;
let nobody: string;

const APP = '__UNI__PAGES';
const RANGE = `app_id=${APP}&start=2026-11-01&end=2026-11-03`;

async function seed() {
  const x = (q: ReturnType<typeof sql>) => t.db.execute(q);
  // day, platform, channel, version, path, title, views, visitors, entries, exits, bounces, duration, entry duration
  const pages: [string, string, string, number, number, number, number, number, number, number][] = [
    ['2026-11-01', 'web', '/home', 10, 5, 6, 4, 3, 100, 90],
    ['2026-11-02', 'web', '/home', 10, 5, 2, 1, 1, 50, 30],
    ['2026-11-01', 'android', '/list', 20, 8, 0, 5, 0, 200, 0],
    ['2026-11-02', 'web', '/detail', 10, 10, 2, 10, 2, 30, 12],
  ];
  const titles: Record<string, string[]> = { '/home': ['Home', 'Home page'], '/list': ['List'], '/detail': ['Detail'] };
  const seen: Record<string, number> = {};
  for (const [day, platform, path, views, visitors, entries, exits, bounces, dur, entryDur] of pages) {
    const title = titles[path][(seen[path] = (seen[path] ?? -1) + 1)];
    await x(sql`INSERT INTO stat_pages (day, app_id, platform, channel, version, path, title, views, visitors, entries, exits, bounces, duration_s, entry_duration_s)
      VALUES (${day}, ${APP}, ${platform}, '', '1.0', ${path}, ${title}, ${views}, ${visitors}, ${entries}, ${exits}, ${bounces}, ${dur}, ${entryDur})`);
  }
  // another app's page never shows
  await x(sql`INSERT INTO stat_pages (day, app_id, platform, channel, version, path, views) VALUES ('2026-11-01', 'other', 'web', '', '', '/home', 99)`);

  // sid, day, device, platform, scene, page count, duration, first visit
  const sessions: [string, string, string, string, string, number, number, boolean][] = [
    ['s1', '2026-11-01', 'd1', 'mp-weixin', '1001', 1, 10, true],
    ['s2', '2026-11-01', 'd1', 'mp-weixin', '1001', 3, 30, false],
    ['s3', '2026-11-02', 'd2', 'mp-weixin', '1001', 2, 20, true],
    ['s4', '2026-11-02', 'd3', 'mp-weixin', '1089', 1, 5, false],
    ['s5', '2026-11-02', 'd4', 'web', '', 2, 7, true],
  ];
  for (const [sid, day, device, platform, scene, pages, dur, first] of sessions) {
    await x(sql`INSERT INTO stat_sessions (app_id, day, sid, device_id, platform, channel, version, scene, started_at, ended_at, entry_page, exit_page, page_count, duration_s, first_visit)
      VALUES (${APP}, ${day}, ${sid}, ${device}, ${platform}, '', '1.0', ${scene}, ${`${day}T01:00:00Z`}, ${`${day}T01:01:00Z`}, '/a', '/b', ${pages}, ${dur}, ${first})`);
  }

  // channels: day, channel, sessions, page views, duration, bounces
  const daily: [string, string, number, number, number, number][] = [
    ['2026-11-01', 'huawei', 10, 30, 300, 4],
    ['2026-11-02', 'huawei', 10, 20, 100, 1],
    ['2026-11-01', '', 4, 4, 40, 4],
  ];
  for (const [day, channel, sessions, pv, dur, bounces] of daily) {
    await x(sql`INSERT INTO stat_daily (day, app_id, platform, channel, version, sessions, page_views, duration_s, bounces, active_devices)
      VALUES (${day}, ${APP}, 'android', ${channel}, '1.0', ${sessions}, ${pv}, ${dur}, ${bounces}, 1)`);
  }
  for (const [day, device, channel] of [
    ['2026-11-01', 'c1', 'huawei'],
    ['2026-11-02', 'c1', 'huawei'],
    ['2026-11-01', 'c2', 'huawei'],
    ['2026-11-01', 'c3', ''],
  ]) {
    await x(
      sql`INSERT INTO stat_device_days (app_id, day, device_id, platform, channel, version) VALUES (${APP}, ${day}, ${device}, 'android', ${channel}, '1.0')`,
    );
  }
  for (const [device, first, channel] of [
    ['c1', '2026-11-01', 'huawei'],
    ['c2', '2026-10-20', 'huawei'],
    ['c3', '2026-11-01', ''],
  ]) {
    await x(sql`INSERT INTO stat_devices (app_id, device_id, first_ts, first_day, last_day, platform, channel, version)
      VALUES (${APP}, ${device}, ${`${first}T02:00:00Z`}, ${first}, '2026-11-02', 'android', ${channel}, '1.0')`);
  }

  // events: day, key, value, count, devices
  const events: [string, string, string, number, number][] = [
    ['2026-11-01', 'buy', 'red', 6, 3],
    ['2026-11-01', 'buy', 'blue', 2, 2],
    ['2026-11-02', 'buy', 'red', 2, 1],
    ['2026-11-02', 'share', '', 10, 4],
  ];
  for (const [day, key, value, count, devices] of events) {
    await x(sql`INSERT INTO stat_event_days (day, app_id, platform, channel, version, key, value, count, devices)
      VALUES (${day}, ${APP}, 'web', '', '1.0', ${key}, ${value}, ${count}, ${devices})`);
  }
}

beforeAll(async () => {
  t = await createTestApp();
  await makeRole(t.db, 'stat_reader', ['READ_UNI_STAT']);
  await makeRole(t.db, 'stat_manager', ['READ_UNI_STAT', 'MANAGE_UNI_STAT']);
  reader = (await chatUser(t.app, t.db, 'sp_reader', 0, ['stat_reader'])).token;
  manager = (await chatUser(t.app, t.db, 'sp_manager', 0, ['stat_manager'])).token;
  nobody = (await chatUser(t.app, t.db, 'sp_nobody', 0)).token;
  await seed();
  // a fresh migrated database and three password hashes: slow on a busy machine
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, token = reader) => {
  const r = await call(t.app, 'GET', url, { token });
  expect(r.status).toBe(200);
  return r.body;
};

describe('visited pages', () => {
  it('answers views, visitors, exits, the exit rate, durations and shares per path, most viewed first', async () => {
    const r = await get(`/api/stat/pages?${RANGE}`);
    expect(r.total).toBe(3);
    // /home and /list tie on views: the later path first in a descending sort
    expect(r.data).toEqual([
      { path: '/list', title: 'List', views: 20, visitors: 8, exits: 5, exit_rate: 25, duration_s: 200, avg_visit_s: 10, avg_visitor_s: 25, share: 40 },
      { path: '/home', title: 'Home page', views: 20, visitors: 10, exits: 5, exit_rate: 25, duration_s: 150, avg_visit_s: 7.5, avg_visitor_s: 15, share: 40 },
      { path: '/detail', title: 'Detail', views: 10, visitors: 10, exits: 10, exit_rate: 100, duration_s: 30, avg_visit_s: 3, avg_visitor_s: 3, share: 20 },
    ]);
  });

  it('filters by platform (shares of the filtered views), sorts, pages and searches path and title', async () => {
    const web = await get(`/api/stat/pages?${RANGE}&platform=web`);
    expect(web.data.map((p: { path: string; share: number }) => [p.path, p.share])).toEqual([
      ['/home', 66.67],
      ['/detail', 33.33],
    ]);
    const byExit = await get(`/api/stat/pages?${RANGE}&sortField=exit_rate&sortOrder=ascend`);
    expect(byExit.data.map((p: { path: string }) => p.path)).toEqual(['/home', '/list', '/detail']);
    const page2 = await get(`/api/stat/pages?${RANGE}&sortField=avg_visit_s&sortOrder=descend&pageSize=2&current=2`);
    expect(page2).toMatchObject({ total: 3, data: [{ path: '/detail' }] });
    const found = await get(`/api/stat/pages?${RANGE}&keyword=home%20PAGE`);
    expect(found).toMatchObject({ total: 1, data: [{ path: '/home' }] });
    expect((await get(`/api/stat/pages?${RANGE}&keyword=deta`)).data.map((p: { path: string }) => p.path)).toEqual(['/detail']);
    // a day with nothing
    expect(await get(`/api/stat/pages?app_id=${APP}&start=2026-11-03&end=2026-11-03`)).toMatchObject({ total: 0, data: [] });
  });

  it("answers a path's figures for every day of the range", async () => {
    const r = await get(`/api/stat/pages/trend?${RANGE}&path=/home`);
    expect(r.data).toEqual([
      { day: '2026-11-01', views: 10, visitors: 5, exits: 4, entries: 6, duration_s: 100 },
      { day: '2026-11-02', views: 10, visitors: 5, exits: 1, entries: 2, duration_s: 50 },
      { day: '2026-11-03', views: 0, visitors: 0, exits: 0, entries: 0, duration_s: 0 },
    ]);
  });
});

describe('entry pages', () => {
  it('answers entries, the bounce rate and entry durations of the pages sessions start on', async () => {
    const r = await get(`/api/stat/entry-pages?${RANGE}`);
    expect(r).toMatchObject({ total: 2 });
    expect(r.data).toEqual([
      { path: '/home', title: 'Home page', entries: 8, bounces: 4, bounce_rate: 50, entry_duration_s: 120, avg_entry_s: 15, share: 80 },
      { path: '/detail', title: 'Detail', entries: 2, bounces: 2, bounce_rate: 100, entry_duration_s: 12, avg_entry_s: 6, share: 20 },
    ]);
    const byBounce = await get(`/api/stat/entry-pages?${RANGE}&sortField=bounce_rate&sortOrder=descend`);
    expect(byBounce.data.map((p: { path: string }) => p.path)).toEqual(['/detail', '/home']);
  });
});

describe('scenes', () => {
  it('answers sessions, devices, new devices, page views, durations and the bounce rate per scene', async () => {
    const r = await get(`/api/stat/scenes?${RANGE}`);
    expect(r.data).toEqual([
      {
        scene: '1001',
        name: '',
        sessions: 3,
        devices: 2,
        new_devices: 2,
        page_views: 6,
        duration_s: 60,
        avg_session_s: 20,
        bounces: 1,
        bounce_rate: 33.33,
        share: 75,
      },
      {
        scene: '1089',
        name: '',
        sessions: 1,
        devices: 1,
        new_devices: 0,
        page_views: 1,
        duration_s: 5,
        avg_session_s: 5,
        bounces: 1,
        bounce_rate: 100,
        share: 25,
      },
    ]);
    const trend = await get(`/api/stat/scenes/trend?${RANGE}&key=1001`);
    expect(trend.data.map((d: { sessions: number; devices: number; new_devices: number }) => [d.sessions, d.devices, d.new_devices])).toEqual([
      [2, 1, 1],
      [1, 1, 1],
      [0, 0, 0],
    ]);
  });
});

describe('channels', () => {
  it('answers new and active devices (distinct over the range), launches, durations and the bounce rate per channel', async () => {
    const r = await get(`/api/stat/channels?${RANGE}`);
    expect(r.data).toEqual([
      {
        channel: 'huawei',
        name: '',
        new_devices: 1,
        active_devices: 2,
        sessions: 20,
        page_views: 50,
        duration_s: 400,
        avg_session_s: 20,
        bounces: 5,
        bounce_rate: 25,
      },
      { channel: '', name: '', new_devices: 1, active_devices: 1, sessions: 4, page_views: 4, duration_s: 40, avg_session_s: 10, bounces: 4, bounce_rate: 100 },
    ]);
    const bySessions = await get(`/api/stat/channels?${RANGE}&sortField=sessions&sortOrder=ascend`);
    expect(bySessions.data.map((c: { channel: string }) => c.channel)).toEqual(['', 'huawei']);
    const trend = await get(`/api/stat/channels/trend?${RANGE}&key=huawei`);
    expect(trend.data.map((d: { new_devices: number; active_devices: number; sessions: number }) => [d.new_devices, d.active_devices, d.sessions])).toEqual([
      [1, 2, 10],
      [0, 1, 10],
      [0, 0, 0],
    ]);
    // '' (no channel reported) is a channel of its own
    const none = await get(`/api/stat/channels/trend?${RANGE}&key=`);
    expect(none.data[0]).toMatchObject({ new_devices: 1, active_devices: 1, sessions: 4 });
  });
});

describe('custom events', () => {
  it('answers each key with its count, devices, values and share; a key with its values and days', async () => {
    const r = await get(`/api/stat/events?${RANGE}&sortField=key&sortOrder=ascend`);
    expect(r.data).toEqual([
      { key: 'buy', name: '', count: 10, devices: 6, values: 2, share: 50 },
      { key: 'share', name: '', count: 10, devices: 4, values: 1, share: 50 },
    ]);
    const v = await get(`/api/stat/events/values?${RANGE}&key=buy`);
    expect(v.data).toEqual({
      total: 10,
      values: [
        { value: 'red', count: 8, devices: 4, share: 80 },
        { value: 'blue', count: 2, devices: 2, share: 20 },
      ],
      others: 0,
      trend: [
        { day: '2026-11-01', count: 8, devices: 5 },
        { day: '2026-11-02', count: 2, devices: 1 },
        { day: '2026-11-03', count: 0, devices: 0 },
      ],
    });
  });

  it('saves display names (MANAGE_UNI_STAT), shows them in the lists and searches them', async () => {
    const put = (token: string, body: Record<string, string>) => call(t.app, 'PUT', '/api/stat/names', { token, body: { app_id: APP, ...body } });
    expect((await put(reader, { kind: 'event', key: 'buy', name: 'Purchase' })).status).toBe(403);
    const long = await put(manager, { kind: 'event', key: 'buy', name: 'x'.repeat(65) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'name' });
    expect((await put(manager, { kind: 'sticker', key: 'buy', name: 'x' })).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'kind' });

    expect((await put(manager, { kind: 'event', key: 'buy', name: '  Purchase ' })).body.data).toEqual({ key: 'buy', name: 'Purchase' });
    expect((await put(manager, { kind: 'channel', key: 'huawei', name: 'Huawei store' })).status).toBe(200);
    expect((await get(`/api/stat/names?app_id=${APP}&kind=event`)).data).toEqual([{ key: 'buy', name: 'Purchase' }]);
    const events = await get(`/api/stat/events?${RANGE}&keyword=purch`);
    expect(events.data).toEqual([{ key: 'buy', name: 'Purchase', count: 10, devices: 6, values: 2, share: 50 }]);
    expect((await get(`/api/stat/channels?${RANGE}`)).data[0]).toMatchObject({ channel: 'huawei', name: 'Huawei store' });

    // renamed again, then the name removed
    await put(manager, { kind: 'event', key: 'buy', name: 'Order' });
    expect((await get(`/api/stat/events?${RANGE}&sortField=key&sortOrder=ascend`)).data[0].name).toBe('Order');
    await put(manager, { kind: 'event', key: 'buy', name: '' });
    expect((await get(`/api/stat/names?app_id=${APP}&kind=event`)).data).toEqual([]);
  });
});

describe('access and input', () => {
  it('refuses an account without READ_UNI_STAT', async () => {
    for (const url of [
      `/api/stat/pages?${RANGE}`,
      `/api/stat/entry-pages?${RANGE}`,
      `/api/stat/scenes?${RANGE}`,
      `/api/stat/channels?${RANGE}`,
      `/api/stat/events?${RANGE}`,
      `/api/stat/events/values?${RANGE}&key=buy`,
      `/api/stat/pages/trend?${RANGE}&path=/home`,
      `/api/stat/names?app_id=${APP}&kind=event`,
    ]) {
      expect((await call(t.app, 'GET', url, { token: nobody })).status).toBe(403);
    }
  });

  it('refuses a range that ends before it starts, and a field nobody may sort on', async () => {
    const r = await call(t.app, 'GET', `/api/stat/pages?app_id=${APP}&start=2026-11-03&end=2026-11-01`, { token: reader });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errorCode: 'STAT_RANGE_INVALID', field: 'end' });
    const bad = await call(t.app, 'GET', `/api/stat/events?${RANGE}&sortField=secret`, { token: reader });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('sortField');
  });
});

describe('individual events', () => {
  it("lists the range's events newest first with their value, platform and device, by key and by device", async () => {
    const at = (iso: string) => new Date(iso);
    const ev = (ts: string, device: string, key: string, value: string | null, platform = 'web') =>
      rawEvent({
        ts: at(ts),
        app_id: APP,
        device_id: device,
        sid: `sid-${device}`,
        kind: STAT_KINDS.event,
        platform,
        ev_key: key,
        ev_value: value,
        device_model: 'Pixel 8',
      });
    await insertEvents(
      t.db.$client,
      [
        ev('2026-11-01T02:00:00Z', 'ev-device-1', 'buy', 'red'),
        ev('2026-11-02T03:00:00Z', 'ev-device-2', 'buy', '{"sku":"A1"}', 'android'),
        ev('2026-11-02T04:00:00Z', 'ev-device-1', 'share', null),
        // outside the range (2026-11-04 in UTC+8), and another app's
        ev('2026-11-03T17:00:00Z', 'ev-device-1', 'buy', 'late'),
        { ...ev('2026-11-02T05:00:00Z', 'ev-device-1', 'buy', 'other'), app_id: '__UNI__OTHER' },
      ],
      480,
    );
    const all = await get(`/api/stat/events/raw?${RANGE}`);
    expect(all).toMatchObject({ total: 3, capped: false });
    expect(all.data.map((e: { key: string; value: string | null; platform: string; device_id: string }) => [e.key, e.value, e.platform, e.device_id])).toEqual([
      ['share', null, 'web', 'ev-device-1'],
      ['buy', '{"sku":"A1"}', 'android', 'ev-device-2'],
      ['buy', 'red', 'web', 'ev-device-1'],
    ]);
    expect(all.data[2]).toMatchObject({ ts: '2026-11-01T02:00:00.000Z', device_model: 'Pixel 8' });
    expect((await get(`/api/stat/events/raw?${RANGE}&key=buy`)).total).toBe(2);
    expect((await get(`/api/stat/events/raw?${RANGE}&device_id=ev-device-1`)).data.map((e: { key: string }) => e.key)).toEqual(['share', 'buy']);
    expect((await get(`/api/stat/events/raw?${RANGE}&platform=android`)).total).toBe(1);
    const page2 = await get(`/api/stat/events/raw?${RANGE}&pageSize=2&current=2`);
    expect(page2).toMatchObject({ total: 3, data: [{ value: 'red' }] });
    expect((await call(t.app, 'GET', `/api/stat/events/raw?${RANGE}`, { token: nobody })).status).toBe(403);
  });
});
