/**
 * The pay-order statistics pages in Chromium, for a user holding READ_UNI_STAT through a role:
 * the console app's overview (its own top-ups: today so far against the same hours of yesterday,
 * today marked as not over), a platform tab narrowing it and carried to the next page, an empty
 * range's empty state; the order list searched and switched to paid dates; the funnels per day and
 * month; the ranking re-sorted on the server; another app's figures from the payments it reported,
 * per version. Screenshots in English, in Chinese and on the green theme.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { APP_ID } from '../../shared/app-info';
import { addDays, statDay, statDayStart } from '../../shared/stat';
import { e2eSession, screenshot } from './browser';
import { keepStatActivity, makeRole, makeUser, withDb } from './fixtures';

const READER = { username: 'stat_pay_reader', password: 'Reader#2026' };
/** the console's own top-ups are the console app's orders */
const APP = APP_ID;
/** an app whose payments come from its reports (stat.pay) */
const SHOP = '__UNI__E2EPAY';
const BASE_PATH = '/pages/uni-stat/pay-order';
const OVERVIEW = `${BASE_PATH}/overview/overview`;
const LIST = `${BASE_PATH}/list/list`;
const FUNNEL = `${BASE_PATH}/funnel/funnel`;
const RANKING = `${BASE_PATH}/ranking/ranking`;

const TZ = 480;
const today = statDay(Date.now(), TZ);
const T0 = statDayStart(today, TZ).getTime();
const HOUR = 3_600_000;
const DAY = 86_400_000;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const session = e2eSession('stat-pay', async () => {
  await makeRole('stat_pay_role', ['READ_UNI_STAT']);
  await makeUser(READER.username, READER.password, ['stat_pay_role']);
  for (const name of ['alice', 'bob', 'carol']) await makeUser(`payer_${name}`, 'Payer#2026');
  await withDb(async (c) => {
    const ids: Record<string, string> = {};
    for (const name of ['alice', 'bob', 'carol']) {
      const { rows } = await c.query('UPDATE users SET nickname = $2 WHERE username = $1 RETURNING id', [
        `payer_${name}`,
        name[0].toUpperCase() + name.slice(1),
      ]);
      ids[name] = rows[0].id;
    }
    await c.query(`INSERT INTO apps (appid, name) VALUES ($1, 'Pay stats app')`, [SHOP]);
    // the shop's reported payments as the rollup keeps them: today 12.00 + 8.00 (2.1.0), the day before 30.00 (2.0.0)
    for (const [no, device, uid, version, cents, at] of [
      ['SHOP-1', 'shop-device-0000001', 'shop-user-1', '2.1.0', 1200, T0 + HOUR / 4],
      ['SHOP-2', 'shop-device-0000002', null, '2.1.0', 800, T0 + HOUR / 2],
      ['SHOP-3', 'shop-device-0000001', 'shop-user-1', '2.0.0', 3000, T0 - 2 * DAY],
    ] as const) {
      await c.query(
        `INSERT INTO stat_pay_orders (app_id, order_no, ts, day, device_id, uid, platform, channel, version, amount_cents)
          VALUES ($1, $2, $3, $4, $5, $6, 'ios', 'appstore', $7, $8)`,
        [SHOP, no, iso(at), statDay(at, TZ), device, uid, version, cents],
      );
    }
    for (const version of ['2.0.0', '2.1.0']) {
      await c.query(`INSERT INTO stat_daily (app_id, day, platform, channel, version) VALUES ($1, $2, 'ios', 'appstore', $3)`, [SHOP, today, version]);
    }
    // the filter bar's platforms and channels come from the app's rollups
    for (const [platform, channel] of [
      ['web', 'store'],
      ['android', 'store'],
      ['android', 'ads'],
    ]) {
      await c.query(`INSERT INTO stat_daily (app_id, day, platform, channel, version) VALUES ($1, $2, $3, $4, '1.0.0')`, [APP, today, platform, channel]);
    }
    for (const d of ['e2e-device-00000001', 'e2e-device-00000002', 'e2e-device-00000003']) {
      await c.query(`INSERT INTO stat_device_days (app_id, day, device_id, platform, channel, version) VALUES ($1, $2, $3, 'web', 'store', '1.0.0')`, [
        APP,
        today,
        d,
      ]);
    }
    for (const u of [ids.alice, ids.bob]) {
      await c.query(`INSERT INTO stat_user_days (app_id, day, uid, platform, channel, version) VALUES ($1, $2, $3, 'web', 'store', '1.0.0')`, [APP, today, u]);
    }
    const orders: Array<[string, string, number, string, string, string, string, string, number, number | null, boolean]> = [
      // no, user, cents, provider, method, platform, channel, status, created, paid, credited
      ['PSE01', 'alice', 1000, 'alipay', 'alipay_qr', 'web', 'store', 'credited', T0 + HOUR / 2, T0 + HOUR, true],
      ['PSE02', 'bob', 2000, 'wxpay', 'wxpay_native', 'web', 'store', 'credited', T0 - 3 * HOUR, T0 - 2 * HOUR, true],
      ['PSE03', 'alice', 500, 'alipay', 'alipay_page', 'android', 'ads', 'refunded', T0 + HOUR, T0 + 2 * HOUR, true],
      ['PSE04', 'carol', 3000, 'wxpay', 'wxpay_native', 'android', 'store', 'credited', T0 - 3 * DAY, T0 - 3 * DAY + HOUR, true],
      ['PSE05', 'carol', 800, 'alipay', 'alipay_qr', 'web', 'store', 'expired', T0 + 2 * HOUR, null, false],
    ];
    for (const [no, user, cents, provider, method, platform, channel, status, created, paid, credited] of orders) {
      await c.query(
        `INSERT INTO pay_orders (order_no, user_id, provider, method, subject, amount_cents, credits, status, trade_no, platform, channel,
            refunded_cents, expires_at, paid_at, credited_at, created_at)
          VALUES ($1, $2, $3, $4, 'credits', $5, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
        [
          no,
          ids[user],
          provider,
          method,
          cents,
          status,
          paid ? `TRADE-${no}` : null,
          platform,
          channel,
          no === 'PSE03' ? 500 : 0,
          iso(created + HOUR),
          iso(paid),
          credited ? iso(paid) : null,
          iso(created),
        ],
      );
    }
    await c.query(
      `INSERT INTO pay_refunds (order_id, refund_no, amount_cents, credits, status, reason, actor_id, created_at)
        SELECT id, 'RSE1', 500, 0, 'succeeded', 'e2e', user_id, $1 FROM pay_orders WHERE order_no = 'PSE03'`,
      [iso(T0 + 3 * HOUR)],
    );
  });
  await keepStatActivity(APP, [today]);
  await keepStatActivity(SHOP, [today]);
});
const { go, signIn } = session;
let page: Page;
beforeAll(async () => {
  page = session.page();
  await signIn(READER.username, READER.password);
});

/** the whole page, the charts below the fold included */
async function fullShot(name: string) {
  const dir = path.resolve(__dirname, '../../tmp/screens');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

const figure = (key: string) => page.getByTestId(`figure-${key}`).locator('.ant-statistic-content');
const panelState = (testId: string, state: string) => page.locator(`[data-testid="${testId}"][data-state="${state}"]`).waitFor();
const rowNames = (sel: string) => page.locator(`${sel} .ant-table-row`).allTextContents();

describe('pay-order statistics', () => {
  it('the overview shows the figures of today and each period; a platform tab narrows them', async () => {
    // the first statistics page of the session: its scripts, as sent (compressed), before and after its figures show
    const scripts: Array<{ url: string; bytes: Promise<number>; at: number }> = [];
    const onResponse = (r: Response) => {
      if (/\.js(\?|$)/.test(r.url()))
        scripts.push({
          url: r.url(),
          bytes: r
            .request()
            .sizes()
            .then((x) => x.responseBodySize),
          at: Date.now(),
        });
    };
    page.on('response', onResponse);
    await go(`${OVERVIEW}?app_id=${APP}`);
    await figure('paid_cents').getByText('¥15.00').waitFor();
    const contentAt = Date.now();
    await page.getByTestId('chart-pay-money').locator('canvas').first().waitFor();
    page.off('response', onResponse);
    const sized = await Promise.all(scripts.map(async (x) => ({ ...x, bytes: await x.bytes })));
    const kB = (xs: typeof sized) => Math.round(xs.reduce((n, x) => n + x.bytes, 0) / 100) / 10;
    const charts = sized.filter((x) => /\/stat-charts\.[0-9a-f]+\.async\.js/.test(x.url));
    // the chart library is a chunk of its own, fetched for the charts, not with the page
    expect(charts).toHaveLength(1);
    fs.mkdirSync(path.resolve(__dirname, '../../tmp'), { recursive: true });
    fs.writeFileSync(
      path.resolve(__dirname, '../../tmp/stat-first-page-js.json'),
      JSON.stringify(
        {
          beforeFigures_kB: kB(sized.filter((x) => x.at <= contentAt && !charts.includes(x))),
          charts_kB: kB(charts),
          all_kB: kB(sized),
          files: sized.map((x) => [x.url.split('/').pop(), x.bytes]),
        },
        null,
        1,
      ),
    );
    await figure('refunded_cents').getByText('¥5.00').waitFor();
    await page.getByTestId('pay-scope').getByText("this service's own top-ups").waitFor();
    // today is not over: it compares with yesterday up to this time, and the trends mark it
    await page
      .getByTestId('pay-compare-note')
      .getByText(/^Today so far, against yesterday up to \d\d:\d\d$/)
      .waitFor();
    await page.getByTestId('chart-pay-money').getByTestId('partial-day-note').getByText(`${today} is not over yet`, { exact: false }).waitFor();
    await figure('net_cents').getByText('¥10.00').waitFor();
    const todayRow = page.getByTestId('pay-periods').locator('.ant-table-row', { hasText: 'Today' });
    expect((await todayRow.locator('td').allTextContents()).slice(1)).toEqual(['¥23.00', '3', '¥15.00', '2', '¥5.00', '¥10.00', '1']);
    const allRow = page.getByTestId('pay-periods').locator('.ant-table-row', { hasText: 'All time' });
    expect(await allRow.locator('td').nth(3).textContent()).toBe('¥65.00');
    await page.getByTestId('chart-pay-money').locator('canvas').first().waitFor();
    await page.getByTestId('chart-pay-orders').locator('canvas').first().waitFor();
    await page.getByTestId('pay-by-method').getByText('WeChat Pay (scan QR code)').waitFor();
    await page.getByTestId('pay-by-platform').getByText('Android').waitFor();
    await page.waitForTimeout(600); // the charts' entry animation, for the screenshot
    await fullShot('stat-pay-overview-en');

    await page.getByTestId('stat-filter').locator('.ant-segmented').getByText('Android', { exact: true }).click();
    await figure('paid_cents').getByText('¥5.00').waitFor();
    await figure('net_cents').getByText('¥0.00').waitFor();
    expect(await allRow.locator('td').nth(3).textContent()).toBe('¥35.00');

    // the date picker offers no day after today
    await page.getByTestId('stat-filter').locator('.ant-picker-range').click();
    const tomorrow = addDays(today, 1);
    await page.locator(`.ant-picker-dropdown td[title="${tomorrow}"].ant-picker-cell-disabled`).first().waitFor();
    expect(await page.locator(`.ant-picker-dropdown td[title="${today}"].ant-picker-cell-disabled`).count()).toBe(0);
    await page.keyboard.press('Escape');

    // the next statistics page opened from the menu keeps the platform
    await go(RANKING);
    await page.waitForFunction(() => location.hash.includes('platform=android'));
    await page.getByTestId('stat-filter').locator('.ant-segmented-item-selected', { hasText: 'Android' }).waitFor();
    await page.locator('.ant-pro-table').getByText('Carol (payer_carol)').waitFor();
    expect(await page.locator('.ant-pro-table').getByText('Bob (payer_bob)').count()).toBe(0);
    await page.getByTestId('stat-filter').locator('.ant-segmented').getByText('All platforms', { exact: true }).click();
    await page.waitForFunction(() => !location.hash.includes('platform='));
  });

  it('a range without orders shows the empty state', async () => {
    await go(`${OVERVIEW}?app_id=${APP}&start=2020-01-01&end=2020-01-07`);
    await panelState('pay-trend', 'empty');
    await page.getByTestId('pay-trend').getByText('No data in this range').waitFor();
    await panelState('pay-by-method', 'empty');
    await screenshot(page, 'stat-pay-overview-empty-en');
    // the next pages open on their default ranges, not this one carried
    await page.evaluate(() => sessionStorage.clear());
  });

  it('the order list: the range, a search, and the paid dates', async () => {
    await go(LIST);
    const table = page.locator('.ant-pro-table');
    await table.getByText('PSE01', { exact: true }).waitFor();
    // created in the last 7 days: all but none older than the range
    expect((await rowNames('.ant-pro-table')).length).toBe(5);
    await table.locator('tr', { hasText: 'PSE03' }).getByText('¥5.00').first().waitFor();
    await screenshot(page, 'stat-pay-list-en');
    await page.getByLabel('Order number, trade number, user or device').fill('payer_carol');
    await page.getByLabel('Order number, trade number, user or device').press('Enter');
    await table.locator('tr', { hasText: 'PSE04' }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.ant-pro-table .ant-table-row').length === 2);
    await page.getByLabel('Order number, trade number, user or device').fill('');
    await page.getByLabel('Order number, trade number, user or device').press('Enter');
    await page.getByTestId('stat-filter').locator('.ant-segmented-item', { hasText: 'Paid' }).click();
    // paid in the range: PSE05 expired unpaid
    await page.waitForFunction(() => document.querySelectorAll('.ant-pro-table .ant-table-row').length === 4);
    expect(await table.getByText('PSE05', { exact: true }).count()).toBe(0);
  });

  it('the funnels: orders by stage and channel, active devices to paying users per day and month', async () => {
    await go(FUNNEL);
    await page.getByTestId('chart-pay-funnel').locator('canvas').first().waitFor();
    // created 5, paid 4, credited 4
    await page.getByTestId('pay-funnel-rates').getByText('Paid / created 80% · Credited / paid 100%').waitFor();
    const store = page.getByTestId('pay-funnel-channels').locator('.ant-table-row', { hasText: 'store' });
    expect((await store.locator('td').allTextContents()).slice(1)).toEqual(['4', '3', '3', '75%', '100%']);
    const todayRow = page.getByTestId('pay-activity').locator('.ant-table-row', { hasText: today });
    expect((await todayRow.locator('td').allTextContents()).slice(1)).toEqual(['3', '2', '1', '66.67%', '50%']);
    await page.waitForTimeout(600);
    await fullShot('stat-pay-funnel-en');
    await page.getByTestId('pay-activity').locator('.ant-segmented-item', { hasText: 'Month' }).click();
    await page
      .getByTestId('pay-activity')
      .locator('.ant-table-row', { hasText: `${today.slice(0, 7)}-01` })
      .waitFor();
  });

  it('the ranking: paid first, sorted again on the server by net', async () => {
    await go(RANKING);
    const table = page.locator('.ant-pro-table');
    await table.getByText('Carol (payer_carol)').waitFor();
    const names = async () => (await table.locator('.ant-table-row td:nth-child(2)').allTextContents()).map((s) => s.split(' ')[0]);
    expect(await names()).toEqual(['Carol', 'Bob', 'Alice']);
    await screenshot(page, 'stat-pay-ranking-en');
    const asked = page.waitForResponse((r) => r.url().includes('/api/stat/pay/ranking?') && r.url().includes('sortField=net_cents'));
    await table.getByRole('columnheader', { name: 'Net' }).click();
    await asked;
    // ascending: Alice (10.00 net), Bob (20.00), Carol (30.00)
    await page.waitForFunction(() => document.querySelector('.ant-pro-table .ant-table-row td:nth-child(2)')?.textContent?.startsWith('Alice'));
    expect(await names()).toEqual(['Alice', 'Bob', 'Carol']);
  });

  it("another app's figures are the payments it reported, per version; its funnel has no order stages", async () => {
    await go(`${OVERVIEW}?app_id=${SHOP}`);
    await figure('paid_cents').getByText('¥20.00').waitFor();
    await page.getByTestId('pay-scope').getByText('the payments it reported').waitFor();
    const allRow = page.getByTestId('pay-periods').locator('.ant-table-row', { hasText: 'All time' });
    // created = paid (reported once paid), no refunds, 1 paying user, 2 paying devices
    expect((await allRow.locator('td').allTextContents()).slice(1)).toEqual(['¥50.00', '3', '¥50.00', '3', '¥0.00', '¥50.00', '1', '2']);
    const v21 = page.getByTestId('pay-by-version').locator('.ant-table-row', { hasText: '2.1.0' });
    expect((await v21.locator('td').allTextContents()).slice(1, 3)).toEqual(['¥20.00', '2']);
    expect(await page.getByTestId('pay-by-method').count()).toBe(0);
    await page.waitForTimeout(600); // the charts' entry animation, for the screenshot
    await fullShot('stat-pay-overview-app-en');

    // the version filter narrows it
    await page.getByTestId('stat-filter').locator('.ant-select[aria-label="Version"]').click();
    await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: '2.0.0' }).click();
    await figure('paid_cents').getByText('¥0.00').waitFor();
    expect(await allRow.locator('td').nth(3).textContent()).toBe('¥30.00');
    await page.evaluate(() => sessionStorage.clear());

    await go(`${LIST}?app_id=${SHOP}`);
    const row = page.locator('.ant-pro-table tr', { hasText: 'SHOP-2' });
    await row.getByText('shop-device-0000002').waitFor();
    await row.getByText('2.1.0').waitFor();
    await go(`${FUNNEL}?app_id=${SHOP}`);
    await page.getByTestId('pay-funnel-app').waitFor();
    expect(await page.getByTestId('pay-funnel-channels').count()).toBe(0);
    await go(`${RANKING}?app_id=${SHOP}`);
    await page.locator('.ant-pro-table').getByText('Device shop-device-0000002').waitFor();
    // back to the console app for the next pages
    await go(`${OVERVIEW}?app_id=${APP}`);
    await figure('paid_cents').getByText('¥15.00').waitFor();
  });

  it('in Chinese, and on the green theme', async () => {
    await page.evaluate(() => (localStorage.setItem('umi_locale', 'zh-CN'), localStorage.setItem('theme', 'default')));
    await go(OVERVIEW);
    await page.reload();
    await page.getByText('支付概况').first().waitFor();
    await figure('paid_cents').getByText('¥15.00').waitFor();
    await page.getByTestId('pay-periods').getByText('今日').waitFor();
    await page.waitForTimeout(600);
    await fullShot('stat-pay-overview-zh-CN');
    await go(FUNNEL);
    await page.getByTestId('pay-activity').getByText('活跃设备').first().waitFor();
    await page.waitForTimeout(600);
    await screenshot(page, 'stat-pay-funnel-zh-CN');
    await page.evaluate(() => (localStorage.setItem('umi_locale', 'en-US'), localStorage.setItem('theme', 'green')));
    await go(OVERVIEW);
    await page.reload();
    await figure('paid_cents').getByText('¥15.00').waitFor();
    // the charts' legend swatch takes the green theme's primary colour (a green, whatever its shade)
    await page.waitForFunction(() => {
      const swatch = document.querySelector('[data-testid="chart-pay-money"] ul li span');
      const [r, g, b] = (swatch ? (getComputedStyle(swatch).backgroundColor.match(/\d+/g) ?? []) : []).map(Number);
      return g > r + 40 && g > b + 40;
    });
    await page.waitForTimeout(600);
    await fullShot('stat-pay-overview-green-en');
    await page.evaluate(() => localStorage.setItem('theme', 'default'));
  });
});
