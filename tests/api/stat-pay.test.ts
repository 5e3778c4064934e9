/**
 * Pay-order statistics of the console app (/api/stat/pay/...: its own top-up orders; apps'
 * reported payments: stat-pay-apps.test.ts): exact figures per local day in UTC+8 with orders right
 * at local midnight (16:00Z), refunds summed from the refunds (not the order totals), net = paid -
 * refunded, the funnels and their rates, the ranking's order, the order list's filters, and 403
 * without READ_UNI_STAT.
 */
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { APP_ID } from '../../shared/app-info';
import { addDays, statDay, statDayStart } from '../../shared/stat';
import { periodStarts } from '../../server/modules/payments/stats';
import { call, login, makeRole, makeUser } from '../support/accounts';
import { keepActivity } from '../support/stat-events';
import { createTestApp } from '../support/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let reader: string;
let outsider: string;
const ids: Record<'alice' | 'bob' | 'carol', string> = { alice: '', bob: '', carol: '' };

const TZ = 480;
/** the console's own orders are the console app's */
const APP = APP_ID;
const today = statDay(Date.now(), TZ);
const yesterday = addDays(today, -1);
const dayBefore = addDays(today, -2);
/** local midnight today in UTC+8: 16:00Z the day before */
const T0 = statDayStart(today, TZ).getTime();
const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

interface Seed {
  no: string;
  user: keyof typeof ids;
  cents: number;
  provider: 'alipay' | 'wxpay';
  method: string;
  platform: string;
  channel: string | null;
  status: string;
  created: number;
  paid?: number;
  credited?: boolean;
  trade?: string;
}

const ORDERS: Seed[] = [
  // created yesterday, paid exactly at today's local midnight
  {
    no: 'PS01',
    user: 'alice',
    cents: 1000,
    provider: 'alipay',
    method: 'alipay_qr',
    platform: 'web',
    channel: 'store',
    status: 'credited',
    created: T0 - 5 * MIN,
    paid: T0,
    credited: true,
  },
  // paid one millisecond before midnight: yesterday's; paid, the credits not posted (status paid)
  {
    no: 'PS02',
    user: 'bob',
    cents: 2000,
    provider: 'wxpay',
    method: 'wxpay_native',
    platform: 'web',
    channel: null,
    status: 'paid',
    created: T0 - 30 * MIN,
    paid: T0 - 1,
  },
  {
    no: 'PS03',
    user: 'alice',
    cents: 500,
    provider: 'alipay',
    method: 'alipay_page',
    platform: 'android',
    channel: 'store',
    status: 'refunded',
    created: T0 + HOUR,
    paid: T0 + HOUR + MIN,
    credited: true,
  },
  {
    no: 'PS04',
    user: 'carol',
    cents: 3000,
    provider: 'wxpay',
    method: 'wxpay_native',
    platform: 'android',
    channel: 'ads',
    status: 'credited',
    created: T0 - 2 * DAY + HOUR,
    paid: T0 - 2 * DAY + 2 * HOUR,
    credited: true,
  },
  { no: 'PS05', user: 'carol', cents: 800, provider: 'alipay', method: 'alipay_qr', platform: 'web', channel: '', status: 'created', created: T0 + 10 * MIN },
  {
    no: 'PS06',
    user: 'bob',
    cents: 1500,
    provider: 'wxpay',
    method: 'wxpay_native',
    platform: 'web',
    channel: null,
    status: 'expired',
    created: T0 - DAY + 2 * HOUR,
  },
  {
    no: 'PS07',
    user: 'alice',
    cents: 4000,
    provider: 'alipay',
    method: 'alipay_qr',
    platform: 'web',
    channel: 'store',
    status: 'credited',
    created: T0 - 40 * DAY,
    paid: T0 - 40 * DAY + MIN,
    credited: true,
    trade: 'TRADE-FORTY',
  },
];
/** [order, cents, status, at]: o3 refunded in full today, o4 in part today, a failed one on o7 */
const REFUNDS: Array<[string, number, string, number]> = [
  ['PS03', 500, 'succeeded', T0 + 2 * HOUR],
  ['PS04', 700, 'succeeded', T0 + 3 * HOUR],
  ['PS07', 100, 'failed', T0 + 4 * HOUR],
];
const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());

beforeAll(async () => {
  t = await createTestApp();
  await makeRole(t.db, 'stat_reader', ['READ_UNI_STAT']);
  await makeUser(t.db, { username: 'stat_reader_1', password: 'Reader#2026', role: ['stat_reader'] });
  await makeUser(t.db, { username: 'no_stats', password: 'Plain#2026' });
  reader = (await login(t.app, 'stat_reader_1', 'Reader#2026')).body.data.token;
  outsider = (await login(t.app, 'no_stats', 'Plain#2026')).body.data.token;
  for (const name of Object.keys(ids) as (keyof typeof ids)[]) {
    // payers never sign in here: no password to hash
    const [u] = await t.db
      .execute<{ id: string }>(sql`INSERT INTO users (username, nickname) VALUES (${`payer_${name}`}, ${name[0].toUpperCase() + name.slice(1)}) RETURNING id`)
      .then((r) => r.rows);
    ids[name] = u.id;
  }
  for (const o of ORDERS) {
    const refunded = REFUNDS.filter(([no, , st]) => no === o.no && st !== 'failed').reduce((s, r) => s + r[1], 0);
    await t.db.execute(sql`INSERT INTO pay_orders (order_no, user_id, provider, method, subject, amount_cents, credits, status, trade_no, platform, channel,
        refunded_cents, expires_at, paid_at, credited_at, created_at)
      VALUES (${o.no}, ${ids[o.user]}, ${o.provider}, ${o.method}, 'credits', ${o.cents}, ${o.cents}, ${o.status}, ${o.trade ?? (o.paid ? `T-${o.no}` : null)},
        ${o.platform}, ${o.channel}, ${refunded}, ${iso(o.created + 30 * MIN)}, ${iso(o.paid)}, ${o.credited ? iso(o.paid) : null}, ${iso(o.created)})`);
  }
  let n = 0;
  for (const [no, cents, status, at] of REFUNDS) {
    await t.db.execute(sql`INSERT INTO pay_refunds (order_id, refund_no, amount_cents, credits, status, reason, actor_id, created_at)
      SELECT id, ${`RS${++n}`}, ${cents}, 0, ${status}, 'test', ${ids.alice}, ${iso(at)} FROM pay_orders WHERE order_no = ${no}`);
  }
  // the app's active devices and users: four devices and two users today, two devices (the same) and one user yesterday
  const device = (day: string, id: string, uid: string | null) =>
    t.db.execute(
      sql`INSERT INTO stat_device_days (app_id, day, device_id, platform, channel, version, uid) VALUES (${APP}, ${day}, ${id}, 'web', '', '1.0.0', ${uid})`,
    );
  const user = (day: string, uid: string) =>
    t.db.execute(sql`INSERT INTO stat_user_days (app_id, day, uid, platform, channel, version) VALUES (${APP}, ${day}, ${uid}, 'web', '', '1.0.0')`);
  for (const d of ['dev-0000000000000001', 'dev-0000000000000002', 'dev-0000000000000003', 'dev-0000000000000004']) await device(today, d, null);
  for (const d of ['dev-0000000000000001', 'dev-0000000000000002']) await device(yesterday, d, null);
  await user(today, ids.alice);
  await user(today, ids.bob);
  await user(yesterday, ids.bob);
  await keepActivity(t.db, APP, [yesterday, today]);
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const q = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries({ app_id: APP, ...params }).filter(([, v]) => v !== undefined) as [string, string][]).toString();
const get = async (path: string, params: Record<string, string | number | undefined>, token = reader) => {
  const r = await call(t.app, 'GET', `/api/stat/pay/${path}?${q(params)}`, { token });
  return r;
};
const ok = async (path: string, params: Record<string, string | number | undefined>) => {
  const r = await get(path, params);
  expect(r.status).toBe(200);
  return r.body;
};
const threeDays = { start: dayBefore, end: today };

describe('overview', () => {
  it('counts each local day exactly: an order paid at local midnight is today, one a millisecond earlier is yesterday', async () => {
    const { data } = await ok('overview', threeDays);
    const p = Object.fromEntries(data.periods.map((x: { period: string }) => [x.period, x]));
    // today: created o3 + o5; paid o1 (at midnight) + o3; refunds 500 (o3) + 700 (o4), the failed one left out
    expect(p.today).toEqual({
      period: 'today',
      created_cents: 1300,
      created_orders: 2,
      paid_cents: 1500,
      paid_orders: 2,
      refunded_cents: 1200,
      net_cents: 300,
      paying_users: 1,
      paying_devices: null,
    });
    expect(p.yesterday).toEqual({
      period: 'yesterday',
      created_cents: 4500,
      created_orders: 3,
      paid_cents: 2000,
      paid_orders: 1,
      refunded_cents: 0,
      net_cents: 2000,
      paying_users: 1,
      paying_devices: null,
    });
    expect(p.day_before).toMatchObject({ created_cents: 3000, created_orders: 1, paid_cents: 3000, paying_users: 1, net_cents: 3000 });
    expect(p.all).toEqual({
      period: 'all',
      created_cents: 12800,
      created_orders: 7,
      paid_cents: 10500,
      paid_orders: 5,
      refunded_cents: 1200,
      net_cents: 9300,
      paying_users: 3,
      paying_devices: null,
    });
    // the refunds are summed, not the refunded orders' totals (the reference's bug would give 3500)
    expect(p.range).toMatchObject({ paid_cents: 6500, refunded_cents: 1200, net_cents: 5300, paying_users: 3, created_orders: 6 });
    // this month: what was paid since the 1st of this month (local), refunds the same
    const monthStart = statDayStart(`${today.slice(0, 7)}-01`, TZ).getTime();
    const paidInMonth = ORDERS.filter((o) => o.paid !== undefined && o.paid >= monthStart);
    expect(p.month).toMatchObject({ paid_cents: paidInMonth.reduce((s, o) => s + o.cents, 0), paid_orders: paidInMonth.length, refunded_cents: 1200 });
    expect(p.year.paid_cents).toBeGreaterThanOrEqual(p.quarter.paid_cents);
    expect(p.quarter.paid_cents).toBeGreaterThanOrEqual(p.month.paid_cents);
    expect(p.week.paid_cents).toBeGreaterThanOrEqual(p.today.paid_cents);
  });

  it('a range of one day stops at its local midnight; the trend lists every day', async () => {
    const one = (await ok('overview', { start: today, end: today })).data;
    expect(one.periods.find((x: { period: string }) => x.period === 'range')).toMatchObject({ paid_cents: 1500, paid_orders: 2 });
    expect(one.trend).toEqual([{ day: today, orders: 2, created_cents: 1300, paid_orders: 2, paid_cents: 1500, refunded_cents: 1200, net_cents: 300 }]);
    const { data } = await ok('overview', threeDays);
    expect(
      data.trend.map((d: { day: string; paid_cents: number; refunded_cents: number; orders: number }) => [d.day, d.paid_cents, d.refunded_cents, d.orders]),
    ).toEqual([
      [dayBefore, 3000, 0, 1],
      [yesterday, 2000, 0, 3],
      [today, 1500, 1200, 2],
    ]);
    expect(data.by_method).toEqual([
      { provider: 'wxpay', method: 'wxpay_native', paid_cents: 5000, paid_orders: 2 },
      { provider: 'alipay', method: 'alipay_qr', paid_cents: 1000, paid_orders: 1 },
      { provider: 'alipay', method: 'alipay_page', paid_cents: 500, paid_orders: 1 },
    ]);
    expect(data.by_platform).toEqual([
      { platform: 'android', paid_cents: 3500, paid_orders: 2 },
      { platform: 'web', paid_cents: 3000, paid_orders: 2 },
    ]);
    // paid in the range by channel (none given counts as ''); the console's orders have no app version
    expect(data.by_channel).toEqual([
      { channel: 'ads', paid_cents: 3000, paid_orders: 1 },
      { channel: '', paid_cents: 2000, paid_orders: 1 },
      { channel: 'store', paid_cents: 1500, paid_orders: 2 },
    ]);
    expect(data.by_version).toEqual([]);
  });

  it('the platform and channel filters apply to every figure', async () => {
    const android = (await ok('overview', { ...threeDays, platform: 'android' })).data;
    const today_ = android.periods.find((x: { period: string }) => x.period === 'today');
    expect(today_).toMatchObject({ created_cents: 500, paid_cents: 500, refunded_cents: 1200, net_cents: -700 });
    const store = (await ok('overview', { ...threeDays, channel: 'store' })).data;
    expect(store.periods.find((x: { period: string }) => x.period === 'all')).toMatchObject({ paid_cents: 5500, paid_orders: 3, refunded_cents: 500 });
  });

  it('a bad range is refused with its field', async () => {
    const r = await get('overview', { start: today, end: yesterday });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errorCode: 'STAT_RANGE_INVALID', field: 'end' });
  });
});

describe('funnel', () => {
  it('created -> paid -> credited by channel with the rates', async () => {
    const { data } = await ok('funnel', threeDays);
    expect(data.stages.total).toEqual({ created: 6, paid: 4, credited: 3, paid_rate: 66.67, credited_rate: 75 });
    expect(data.stages.by_channel).toEqual([
      { channel: '', created: 3, paid: 1, credited: 0, paid_rate: 33.33, credited_rate: 0 },
      { channel: 'store', created: 2, paid: 2, credited: 2, paid_rate: 100, credited_rate: 100 },
      { channel: 'ads', created: 1, paid: 1, credited: 1, paid_rate: 100, credited_rate: 100 },
    ]);
    expect(data.stages.by_platform.map((x: { platform: string; created: number }) => [x.platform, x.created])).toEqual([
      ['web', 4],
      ['android', 2],
    ]);
  });

  it('active devices -> active users -> paying users per day, and distinct over a week or month', async () => {
    const { data } = await ok('funnel', threeDays);
    expect(data.activity).toEqual([
      { period: dayBefore, active_devices: 0, active_users: 0, paying_users: 1, user_rate: 0, paying_rate: 0 },
      { period: yesterday, active_devices: 2, active_users: 1, paying_users: 1, user_rate: 50, paying_rate: 100 },
      { period: today, active_devices: 4, active_users: 2, paying_users: 1, user_rate: 50, paying_rate: 50 },
    ]);
    for (const unit of ['week', 'month'] as const) {
      const got = (await ok('funnel', { ...threeDays, unit })).data.activity;
      expect(got.map((x: { period: string }) => x.period)).toEqual(periodStarts(dayBefore, today, unit));
      const last = got[got.length - 1];
      // the devices and users seen yesterday are today's too: counted once, never summed per day
      expect(last).toMatchObject({ active_devices: 4, active_users: 2 });
      // carol paid the day before, bob yesterday, alice today: those days inside the last period
      const payers = [dayBefore, yesterday, today].filter((d) => d >= last.period).length;
      expect(last.paying_users).toBe(payers);
    }
  });
});

describe('ranking', () => {
  it('per user paid, refunded, net and orders, paid first; sortable; exported; a refund-only user is listed', async () => {
    const { data, total } = await ok('ranking', threeDays);
    expect(total).toBe(3);
    expect(
      data.map((r: { nickname: string; paid_cents: number; refunded_cents: number; net_cents: number; orders: number }) => [
        r.nickname,
        r.paid_cents,
        r.refunded_cents,
        r.net_cents,
        r.orders,
      ]),
    ).toEqual([
      ['Carol', 3000, 700, 2300, 1],
      ['Bob', 2000, 0, 2000, 1],
      ['Alice', 1500, 500, 1000, 2],
    ]);
    expect(data[2].username).toBe('payer_alice');
    expect(Date.parse(data[2].last_paid_at)).toBe(T0 + HOUR + MIN);
    const byNet = (await ok('ranking', { ...threeDays, sortField: 'net_cents', sortOrder: 'ascend' })).data;
    expect(byNet.map((r: { nickname: string }) => r.nickname)).toEqual(['Alice', 'Bob', 'Carol']);
    const paged = await ok('ranking', { ...threeDays, pageSize: 1, current: 2 });
    expect(paged.total).toBe(3);
    expect(paged.data.map((r: { nickname: string }) => r.nickname)).toEqual(['Bob']);
    const res = await t.app.inject({ method: 'GET', url: `/api/stat/pay/ranking/export?${q(threeDays)}`, headers: { authorization: `Bearer ${reader}` } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows.slice(1).map((r) => [r[0], r[2], r[4]])).toEqual([
      ['payer_carol', 3000, 2300],
      ['payer_bob', 2000, 2000],
      ['payer_alice', 1500, 1000],
    ]);
    // today only: Carol paid nothing today but was refunded 700 today
    const day = (await ok('ranking', { start: today, end: today })).data;
    expect(day.map((r: { nickname: string; net_cents: number }) => [r.nickname, r.net_cents])).toEqual([
      ['Alice', 1000],
      ['Carol', -700],
    ]);
  });
});

describe('order list', () => {
  const nos = (body: { data: Array<{ order_no: string }> }) => body.data.map((r) => r.order_no).sort();
  it('the orders created in the range, filtered, searched, sorted and paged', async () => {
    const all = await ok('orders', threeDays);
    expect(all.total).toBe(6);
    expect(nos(all)).toEqual(['PS01', 'PS02', 'PS03', 'PS04', 'PS05', 'PS06']);
    expect(all.data.find((r: { order_no: string }) => r.order_no === 'PS01')).toMatchObject({
      username: 'payer_alice',
      channel: 'store',
      platform: 'web',
      amount_cents: 1000,
    });
    expect(nos(await ok('orders', { ...threeDays, status: 'credited' }))).toEqual(['PS01', 'PS04']);
    expect(nos(await ok('orders', { ...threeDays, provider: 'wxpay' }))).toEqual(['PS02', 'PS04', 'PS06']);
    expect(nos(await ok('orders', { ...threeDays, method: 'alipay_page' }))).toEqual(['PS03']);
    expect(nos(await ok('orders', { ...threeDays, platform: 'android' }))).toEqual(['PS03', 'PS04']);
    expect(nos(await ok('orders', { ...threeDays, channel: 'store' }))).toEqual(['PS01', 'PS03']);
    expect(nos(await ok('orders', { ...threeDays, keyword: 'payer_carol' }))).toEqual(['PS04', 'PS05']);
    expect(nos(await ok('orders', { ...threeDays, keyword: 'T-PS02' }))).toEqual(['PS02']);
    // paid today (from local midnight), not created today
    expect(nos(await ok('orders', { start: today, end: today, date_field: 'paid' }))).toEqual(['PS01', 'PS03']);
    // the 40-day-old order is found by its trade number once the range holds it
    expect(nos(await ok('orders', { start: addDays(today, -60), end: today, keyword: 'TRADE-FORTY' }))).toEqual(['PS07']);
    const sorted = await ok('orders', { ...threeDays, sortField: 'amount_cents', sortOrder: 'descend', pageSize: 2 });
    expect(sorted.total).toBe(6);
    expect(sorted.data.map((r: { order_no: string }) => r.order_no)).toEqual(['PS04', 'PS02']);
  });

  it('exports the matching orders as xlsx', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/stat/pay/orders/export?${q({ ...threeDays, provider: 'wxpay' })}`,
      headers: { authorization: `Bearer ${reader}` },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows.length).toBe(4);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['PS02', 'PS04', 'PS06']);
  });
});

it('every pay statistics route needs READ_UNI_STAT', async () => {
  for (const path of ['overview', 'funnel', 'orders', 'orders/export', 'ranking', 'ranking/export']) {
    const r = await get(path, threeDays, outsider);
    expect([path, r.status]).toEqual([path, 403]);
  }
});
