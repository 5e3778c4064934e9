/**
 * Pay-order statistics of what apps report: payments sent to the receiver (the SDK's stat.pay)
 * are counted per app once rolled up, per platform, channel and version, an order reported twice
 * once; the console app's figures are its own top-up orders, and neither shows the other's.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { APP_ID } from '../../shared/app-info';
import { addDays, statDay } from '../../shared/stat';
import { call, registerAdmin } from '../support/accounts';
import { createTestApp } from '../support/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;

const TZ = 480;
const SHOP = '__UNI__PAYSHOP';
const NEWS = '__UNI__PAYNEWS';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const NOW = Date.now();
const MIN = 60_000;
const DAY = 86_400_000;
const today = statDay(NOW, TZ);

interface Pay {
  app: string;
  device: string;
  uid?: string;
  platform: string;
  channel: string;
  version: string;
  order: string;
  cents: number;
  at: number;
}
const PAYS: Pay[] = [
  {
    app: SHOP,
    device: 'shop-device-000000001',
    uid: 'u-1',
    platform: 'web',
    channel: 'store',
    version: '1.0.0',
    order: 'A-1',
    cents: 1000,
    at: NOW - 10 * MIN,
  },
  { app: SHOP, device: 'shop-device-000000001', uid: 'u-1', platform: 'web', channel: 'store', version: '1.0.0', order: 'A-2', cents: 990, at: NOW - 2 * DAY },
  { app: SHOP, device: 'shop-device-000000002', platform: 'android', channel: 'huawei', version: '1.1.0', order: 'A-3', cents: 2500, at: NOW - DAY },
  {
    app: SHOP,
    device: 'shop-device-000000003',
    uid: 'u-2',
    platform: 'android',
    channel: 'xiaomi',
    version: '1.1.0',
    order: 'A-4',
    cents: 4900,
    at: NOW - 5 * MIN,
  },
  {
    app: SHOP,
    device: 'shop-device-000000003',
    uid: 'u-2',
    platform: 'android',
    channel: 'xiaomi',
    version: '1.1.0',
    order: 'A-5',
    cents: 100,
    at: NOW - 40 * DAY,
  },
  {
    app: NEWS,
    device: 'news-device-000000001',
    uid: 'n-1',
    platform: 'ios',
    channel: 'appstore',
    version: '2.0.0',
    order: 'N-1',
    cents: 30000,
    at: NOW - 20 * MIN,
  },
];
const dayOf = (p: Pay) => statDay(p.at, TZ);
const sum = (ps: Pay[]) => ps.reduce((s, p) => s + p.cents, 0);

async function report(p: Pay, id = `pay-${randomBytes(6).toString('hex')}`) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/stat/report',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
    payload: JSON.stringify({
      appid: p.app,
      device_id: p.device,
      ...(p.uid ? { uid: p.uid } : {}),
      platform: p.platform,
      channel: p.channel,
      version: p.version,
      records: [
        { id: `launch-${id}`, ts: p.at - 1000, kind: 'launch', sid: `sid-${p.order}-x` },
        { id, ts: p.at, kind: 'pay', sid: `sid-${p.order}-x`, order_no: p.order, amount_cents: p.cents },
      ],
    }),
  });
  expect(res.json()).toMatchObject({ success: true, data: { accepted: 2, rejected: [] } });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await registerAdmin(t.app)).token;
  for (const app of [SHOP, NEWS]) await t.db.execute(sql`INSERT INTO apps (appid, name) VALUES (${app}, ${app})`);
  for (const p of PAYS) await report(p);
  // the same order sent again (a new record id, a minute later): one order still
  await report({ ...PAYS[0], at: PAYS[0].at + MIN });
  // the console's own top-up today: the console app's order, no app's
  const [u] = (await t.db.execute<{ id: string }>(sql`INSERT INTO users (username) VALUES ('console_payer') RETURNING id`)).rows;
  await t.db
    .execute(sql`INSERT INTO pay_orders (order_no, user_id, provider, method, subject, amount_cents, credits, status, platform, channel, expires_at, paid_at, credited_at, created_at)
    VALUES ('C-1', ${u.id}, 'alipay', 'alipay_qr', 'credits', 700, 700, 'credited', 'web', '', now() + interval '1 hour', now() - interval '1 minute', now() - interval '1 minute', now() - interval '2 minutes')`);
  for (let i = 0; i < 10; i++) {
    const r = await call(t.app, 'POST', '/api/stat/rollup/run', { token: admin, body: {} });
    expect(r.status).toBe(200);
    if (r.body.data.dirty === 0) break;
  }
}, 90_000);
afterAll(async () => {
  await t?.close();
});

const start = addDays(today, -59);
const get = async (path: string, params: Record<string, string | number | undefined>) => {
  const qs = new URLSearchParams(Object.entries({ start, end: today, ...params }).filter(([, v]) => v !== undefined) as [string, string][]);
  const r = await call(t.app, 'GET', `/api/stat/pay/${path}?${qs}`, { token: admin });
  expect(r.status).toBe(200);
  return r.body;
};
const periodsOf = (data: { periods: Array<{ period: string }> }) => Object.fromEntries(data.periods.map((p) => [p.period, p])) as Record<string, any>;

describe("an app's reported payments", () => {
  const shop = PAYS.filter((p) => p.app === SHOP);

  it('the overview counts them per app: paid when reported, an order sent twice once, no refunds', async () => {
    const { data } = await get('overview', { app_id: SHOP });
    expect(data.source).toBe('app');
    const p = periodsOf(data);
    const todays = shop.filter((x) => dayOf(x) === today);
    expect(p.today).toMatchObject({
      paid_cents: sum(todays),
      paid_orders: todays.length,
      created_cents: sum(todays),
      refunded_cents: 0,
      net_cents: sum(todays),
    });
    expect(p.all).toMatchObject({ paid_cents: sum(shop), paid_orders: 5, paying_users: 2, paying_devices: 3 });
    expect(p.range).toMatchObject({ paid_cents: sum(shop), paid_orders: 5 });
    // the other app's payment is its own
    expect(periodsOf((await get('overview', { app_id: NEWS })).data).all).toMatchObject({ paid_cents: 30000, paid_orders: 1, paying_users: 1 });
    // every day of the range, each payment on its local day
    const byDay = new Map(data.trend.map((d: { day: string; paid_cents: number }) => [d.day, d.paid_cents]));
    expect(data.trend).toHaveLength(60);
    for (const x of shop) expect(byDay.get(dayOf(x))).toBe(sum(shop.filter((y) => dayOf(y) === dayOf(x))));
    expect(data.by_method).toEqual([]);
    expect(data.by_version).toEqual([
      { version: '1.1.0', paid_cents: 7500, paid_orders: 3 },
      { version: '1.0.0', paid_cents: 1990, paid_orders: 2 },
    ]);
    expect(data.by_channel.map((c: { channel: string }) => c.channel)).toEqual(['xiaomi', 'huawei', 'store']);
    expect(data.by_platform).toEqual([
      { platform: 'android', paid_cents: 7500, paid_orders: 3 },
      { platform: 'web', paid_cents: 1990, paid_orders: 2 },
    ]);
  });

  it('platform, channel and version narrow every figure', async () => {
    const all = (params: Record<string, string>) => get('overview', { app_id: SHOP, ...params }).then((b) => periodsOf(b.data).all);
    expect(await all({ platform: 'android' })).toMatchObject({ paid_cents: 7500, paid_orders: 3, paying_devices: 2 });
    expect(await all({ channel: 'huawei' })).toMatchObject({ paid_cents: 2500, paid_orders: 1, paying_users: 0, paying_devices: 1 });
    expect(await all({ version: '1.0.0' })).toMatchObject({ paid_cents: 1990, paid_orders: 2 });
    expect(await all({ platform: 'ios' })).toMatchObject({ paid_cents: 0, paid_orders: 0 });
  });

  it("the console app's figures are its own top-ups, not the apps' payments", async () => {
    const { data } = await get('overview', { app_id: APP_ID });
    expect(data.source).toBe('console');
    expect(periodsOf(data).all).toMatchObject({ paid_cents: 700, paid_orders: 1, paying_devices: null });
    expect(data.by_method).toEqual([{ provider: 'alipay', method: 'alipay_qr', paid_cents: 700, paid_orders: 1 }]);
    expect(periodsOf((await get('overview', { app_id: SHOP })).data).all.paid_cents).toBe(sum(shop));
  });

  it('the order list shows each reported order with its device and version, searched by device', async () => {
    const list = await get('orders', { app_id: SHOP });
    expect(list.total).toBe(5);
    expect(list.data.map((o: { order_no: string }) => o.order_no)).toEqual(['A-4', 'A-1', 'A-3', 'A-2', 'A-5']);
    expect(list.data[1]).toMatchObject({
      order_no: 'A-1',
      amount_cents: 1000,
      status: 'paid',
      platform: 'web',
      channel: 'store',
      version: '1.0.0',
      device_id: PAYS[0].device,
      user_id: 'u-1',
    });
    // the first report's time, not the repeat's
    expect(Date.parse(list.data[1].paid_at)).toBe(PAYS[0].at);
    const byDevice = await get('orders', { app_id: SHOP, keyword: 'shop-device-000000003' });
    expect(byDevice.data.map((o: { order_no: string }) => o.order_no)).toEqual(['A-4', 'A-5']);
    expect(
      (await get('orders', { app_id: SHOP, version: '1.0.0', sortField: 'amount_cents', sortOrder: 'descend' })).data.map(
        (o: { order_no: string }) => o.order_no,
      ),
    ).toEqual(['A-1', 'A-2']);
    expect((await get('orders', { app_id: APP_ID })).data.map((o: { order_no: string }) => o.order_no)).toEqual(['C-1']);
  });

  it('the ranking ranks the app user ids, and devices where nobody signed in', async () => {
    const { data, total } = await get('ranking', { app_id: SHOP });
    expect(total).toBe(3);
    expect(
      data.map((r: { user_id: string; device_id: string | null; paid_cents: number; orders: number }) => [r.user_id, r.device_id, r.paid_cents, r.orders]),
    ).toEqual([
      ['u-2', null, 5000, 2],
      ['', 'shop-device-000000002', 2500, 1],
      ['u-1', null, 1990, 2],
    ]);
  });

  it('the funnel: no order stages for an app, its paying users among its active users', async () => {
    const { data } = await get('funnel', { app_id: SHOP, start: today, end: today });
    expect(data.stages).toBeNull();
    const paidToday = new Set(shop.filter((x) => dayOf(x) === today && x.uid).map((x) => x.uid));
    expect(data.activity).toEqual([expect.objectContaining({ period: today, paying_users: paidToday.size })]);
    expect(data.activity[0].active_devices).toBeGreaterThanOrEqual(paidToday.size);
  });
});
