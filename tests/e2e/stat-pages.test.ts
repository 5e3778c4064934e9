/**
 * The visited pages, entry pages, scenes, channels and custom events pages in Chromium over
 * seeded rollup rows: an analyst (READ_UNI_STAT through a role) opens each with its rows and
 * chart, a platform tab changes the rows, a range without data shows the empty state; a manager
 * (MANAGE_UNI_STAT) renames an event; screenshots in English, traditional Chinese and the green theme.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ensurePartitions, utcDay } from '../../server/modules/stats/store/partitions';
import { addDays, STAT_KINDS, statDay } from '../../shared/stat';
import { rawEvent } from '../support/stat-events';
import { api, e2eSession } from './browser';
import { makeRole, makeUser, withDb } from './fixtures';

const ADMIN = { username: 'sp_admin', password: 'Admin#2026' };
const ANALYST = { username: 'sp_analyst', password: 'Analyst#2026' };
const MANAGER = { username: 'sp_manager', password: 'Manager#2026' };
const APP = '__UNI__E2ESTAT';
const BASE = '/pages/uni-stat';

// the server's default stats time zone is UTC+8
const today = statDay(Date.now(), 480);
const yesterday = addDays(today, -1);

async function seed() {
  await withDb(async (c) => {
    // two events as reported, for the list of individual events (raw events, stored as the ingest does)
    const events = [
      rawEvent({
        ts: new Date(Date.now() - 120_000),
        app_id: APP,
        device_id: 'dev-and-000000001',
        sid: 'raw-s1',
        kind: STAT_KINDS.event,
        platform: 'android',
        channel: 'huawei',
        ev_key: 'add_cart',
        ev_value: 'red',
      }),
      rawEvent({
        ts: new Date(Date.now() - 60_000),
        app_id: APP,
        device_id: 'dev-web-000000001',
        sid: 'raw-s2',
        kind: STAT_KINDS.event,
        platform: 'web',
        ev_key: 'share',
        ev_value: null,
      }),
    ];
    await ensurePartitions(
      c,
      events.map((e) => utcDay(e.ts)),
    );
    await c.query('INSERT INTO stat_events SELECT * FROM json_populate_recordset(NULL::stat_events, $1::json)', [
      JSON.stringify(events.map((e) => ({ ...e, received_at: e.ts }))),
    ]);
    await c.query(`INSERT INTO apps (appid, name) VALUES ($1, 'E2E Shop')`, [APP]);
    const q = (text: string, values: unknown[]) => c.query(text, values);
    // the filter bar's platforms and channels come from the daily rows
    for (const [day, platform, channel, sessions, pv, dur, bounces] of [
      [today, 'web', '', 12, 40, 600, 3],
      [today, 'android', 'huawei', 20, 50, 900, 5],
      [yesterday, 'android', 'xiaomi', 6, 9, 120, 4],
      [today, 'mp-weixin', '', 5, 9, 150, 2],
    ] as const) {
      await q(
        `INSERT INTO stat_daily (day, app_id, platform, channel, version, sessions, page_views, duration_s, bounces, active_devices) VALUES ($1, $2, $3, $4, '1.0.0', $5, $6, $7, $8, 1)`,
        [day, APP, platform, channel, sessions, pv, dur, bounces],
      );
    }
    for (const [day, device, platform, channel] of [
      [today, 'dev-web-000000001', 'web', ''],
      [today, 'dev-and-000000001', 'android', 'huawei'],
      [today, 'dev-and-000000002', 'android', 'huawei'],
      [yesterday, 'dev-and-000000003', 'android', 'xiaomi'],
    ]) {
      await q(`INSERT INTO stat_device_days (app_id, day, device_id, platform, channel, version) VALUES ($1, $2, $3, $4, $5, '1.0.0')`, [
        APP,
        day,
        device,
        platform,
        channel,
      ]);
      await q(
        `INSERT INTO stat_devices (app_id, device_id, first_ts, first_day, last_day, platform, channel, version) VALUES ($1, $2, now(), $3, $3, $4, $5, '1.0.0') ON CONFLICT DO NOTHING`,
        [APP, device, day, platform, channel],
      );
    }
    for (const [day, platform, p, title, views, visitors, entries, exits, bounces, dur] of [
      [today, 'web', '/pages/index/index', 'Home', 30, 12, 10, 6, 3, 450],
      [today, 'android', '/pages/cart/cart', 'Cart', 8, 4, 2, 5, 1, 160],
      [yesterday, 'web', '/pages/detail/detail', 'Detail', 10, 5, 0, 4, 0, 90],
    ] as const) {
      await q(
        `INSERT INTO stat_pages (day, app_id, platform, channel, version, path, title, views, visitors, entries, exits, bounces, duration_s, entry_duration_s)
          VALUES ($1, $2, $3, '', '1.0.0', $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
        [day, APP, platform, p, title, views, visitors, entries, exits, bounces, dur],
      );
    }
    for (const [sid, scene, device, pages, first] of [
      ['sess-0000001', '1001', 'dev-mp-0000000001', 1, true],
      ['sess-0000002', '1001', 'dev-mp-0000000002', 4, false],
      ['sess-0000003', '1047', 'dev-mp-0000000002', 2, false],
    ] as const) {
      await q(
        `INSERT INTO stat_sessions (app_id, day, sid, device_id, platform, channel, version, scene, started_at, ended_at, entry_page, exit_page, page_count, duration_s, first_visit)
          VALUES ($1, $2, $3, $4, 'mp-weixin', '', '1.0.0', $5, now(), now(), '/pages/index/index', '/pages/index/index', $6, 30, $7)`,
        [APP, today, sid, device, scene, pages, first],
      );
    }
    for (const [day, platform, key, value, count, devices] of [
      [today, 'web', 'add_cart', 'red', 7, 3],
      [today, 'web', 'add_cart', 'blue', 3, 2],
      [yesterday, 'android', 'share', '', 4, 4],
    ] as const) {
      await q(
        `INSERT INTO stat_event_days (day, app_id, platform, channel, version, key, value, count, devices) VALUES ($1, $2, $3, '', '1.0.0', $4, $5, $6, $7)`,
        [day, APP, platform, key, value, count, devices],
      );
    }
  });
}

const session = e2eSession('e2e-stat-pages', async () => {
  await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password });
  await makeRole('sp_analyst_role', ['READ_UNI_STAT']);
  await makeRole('sp_manager_role', ['READ_UNI_STAT', 'MANAGE_UNI_STAT']);
  await makeUser(ANALYST.username, ANALYST.password, ['sp_analyst_role']);
  await makeUser(MANAGER.username, MANAGER.password, ['sp_manager_role']);
  await seed();
});
const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

async function shot(name: string) {
  const dir = path.resolve(__dirname, '../../tmp/screens');
  fs.mkdirSync(dir, { recursive: true });
  await page.waitForTimeout(600); // the charts' entry animation
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

const table = (id: string) => page.getByTestId(id).locator('.ant-table-tbody');
const row = (id: string, text: string) => table(id).locator('tr.ant-table-row', { hasText: text });
const platformTab = (name: string) => page.getByTestId('stat-filter').locator('.ant-segmented-item', { hasText: name });
const chartDrawn = (id: string) => page.getByTestId(id).locator('canvas').first().waitFor();

describe('stats pages', () => {
  it('visited pages: rows and the chart, a platform tab narrows the rows, an empty range', async () => {
    await signIn(ANALYST.username, ANALYST.password);
    await go(`${BASE}/page-res/page-res`);
    await row('table-pages', '/pages/index/index').waitFor();
    // 30 views of 48: exit rate 6/30, share 62.5 %, 450 s over 30 views = 15 s a view
    const home = row('table-pages', '/pages/index/index');
    for (const text of ['30', '20%', '62.5%', '15 s']) await home.getByText(text, { exact: true }).first().waitFor();
    await row('table-pages', '/pages/detail/detail').waitFor();
    await chartDrawn('trend-page');
    await page.getByTestId('trend-page').getByText('/pages/index/index by day').waitFor();
    await shot('stat-pages-page-res-en');

    // the export: every row of the query, most viewed first, figures as numbers
    const download = page.waitForEvent('download');
    await page
      .getByTestId('table-pages')
      .getByRole('button', { name: /Export CSV/ })
      .click();
    const csv = fs.readFileSync((await (await download).path())!, 'utf8').replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')).toEqual([
      'Page path,Title,Views,Visitors,Exits,Exit rate,Total time,Time per view,Time per visitor,Share',
      '/pages/index/index,Home,30,12,6,20,450,15,37.5,62.5',
      '/pages/detail/detail,Detail,10,5,4,40,90,9,18,20.83',
      '/pages/cart/cart,Cart,8,4,5,62.5,160,20,40,16.67',
      '',
    ]);

    await platformTab('Android').click();
    await row('table-pages', '/pages/cart/cart').waitFor();
    await row('table-pages', '/pages/index/index').waitFor({ state: 'detached' });
    expect(await table('table-pages').locator('tr.ant-table-row').count()).toBe(1);

    await go(`${BASE}/page-res/page-res?app_id=${APP}&start=2020-01-01&end=2020-01-07`);
    await page.getByTestId('table-pages').getByText('No data in this range').waitFor();
    await page.getByTestId('trend-page').getByText('No data in this range').waitFor();
    expect(await page.getByTestId('trend-page').getAttribute('data-state')).toBe('empty');
    // the next pages open on their own ranges, not this one carried from page to page
    await page.evaluate(() => sessionStorage.clear());
  });

  it('entry pages: entries and bounce rates; scenes: mini programs only', async () => {
    await go(`${BASE}/page-ent/page-ent`);
    const home = row('table-entry-pages', '/pages/index/index');
    // 3 bounces of 10 entries; 10 of the 12 entries
    for (const text of ['10', '30%', '83.33%']) await home.getByText(text, { exact: true }).first().waitFor();
    expect(await row('table-entry-pages', '/pages/detail/detail').count()).toBe(0);
    await chartDrawn('trend-entry');

    await go(`${BASE}/scene/scene`);
    const scene = row('table-scenes', '1001');
    // two launches, one of them a bounce
    for (const text of ['2', '50%', '66.67%']) await scene.getByText(text, { exact: true }).first().waitFor();
    // a scene reads by its standard name, its code beside it
    await scene.getByText('Mini Programs entry in Discover', { exact: true }).waitFor();
    await row('table-scenes', '1047').getByText('Scanned mini program code', { exact: true }).waitFor();
    await chartDrawn('trend-scene');
    await platformTab('WeChat mini program').waitFor();
    expect(await platformTab('Web').count()).toBe(0);
    expect(await page.getByTestId('stat-filter').locator('.ant-select[aria-label="Channel"]').count()).toBe(0);
  });

  it('channels: per channel figures, a platform tab changes them; events: values of a key', async () => {
    await go(`${BASE}/channel/channel`);
    const huawei = row('table-channels', 'huawei');
    // 2 new and active devices, 20 launches, 5 bounces of 20
    for (const text of ['2', '20', '25%']) await huawei.getByText(text, { exact: true }).first().waitFor();
    await row('table-channels', 'xiaomi').waitFor();
    await row('table-channels', '(no channel)').waitFor();
    await chartDrawn('trend-channel');
    expect(await page.getByTestId('stat-filter').locator('.ant-select[aria-label="Channel"]').count()).toBe(0);
    await platformTab('Web').click();
    await row('table-channels', 'huawei').waitFor({ state: 'detached' });
    await row('table-channels', '(no channel)').waitFor();

    // the platform picked on the channels page would be carried here
    await page.evaluate(() => sessionStorage.clear());
    await go(`${BASE}/event/event`);
    const addCart = row('table-events', 'add_cart');
    for (const text of ['10', '71.43%']) await addCart.getByText(text, { exact: true }).first().waitFor();
    await row('table-events', 'share').waitFor();
    await page.getByTestId('event-values').getByText('red', { exact: true }).waitFor();
    await page.getByTestId('event-values').getByText('70%', { exact: true }).waitFor();
    await chartDrawn('trend-event');
    // reading is not renaming
    expect(await page.getByRole('button', { name: 'Rename add_cart' }).count()).toBe(0);
    await row('table-events', 'share').getByRole('button', { name: 'Show days' }).click();
    await page.getByTestId('event-values').getByText('(no value)', { exact: true }).waitFor();
    // the events one by one, newest first; a device's only
    const raw = page.getByTestId('raw-events');
    await raw.locator('tr.ant-table-row').nth(1).getByText('dev-and-000000001').waitFor();
    expect(await raw.locator('tr.ant-table-row').first().textContent()).toContain('dev-web-000000001');
    await raw.locator('input[aria-label="Device ID"]').fill('dev-and-000000001');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="raw-events"] tr.ant-table-row').length === 1);
    await raw.locator('tr.ant-table-row').getByText('red', { exact: true }).waitFor();
    await shot('stat-pages-event-en');
  });

  it('a manager renames an event; the pages in traditional Chinese and the green theme', async () => {
    await signIn(MANAGER.username, MANAGER.password);
    await go(`${BASE}/event/event`);
    await page.getByRole('button', { name: 'Rename add_cart' }).click();
    await page.getByRole('textbox', { name: 'Rename add_cart' }).fill('Add to cart');
    await page.getByRole('textbox', { name: 'Rename add_cart' }).press('Enter');
    await row('table-events', 'Add to cart').waitFor();
    const saved = await withDb(
      async (c) => (await c.query(`SELECT name FROM stat_names WHERE app_id = $1 AND kind = 'event' AND key = 'add_cart'`, [APP])).rows,
    );
    expect(saved).toEqual([{ name: 'Add to cart' }]);
    await row('table-events', 'add_cart').getByText('Add to cart').waitFor();

    await page.evaluate(() => (localStorage.setItem('umi_locale', 'zh-TW'), localStorage.setItem('theme', 'default')));
    await go(`${BASE}/channel/channel`);
    await page.reload();
    await row('table-channels', 'huawei').waitFor();
    await page.getByTestId('table-channels').locator('thead').getByText('活躍裝置').waitFor();
    await chartDrawn('trend-channel');
    await shot('stat-pages-channel-zh-TW');

    await page.evaluate(() => (localStorage.setItem('umi_locale', 'en-US'), localStorage.setItem('theme', 'green')));
    await go(`${BASE}/scene/scene`);
    await page.reload();
    await row('table-scenes', '1001').waitFor();
    await chartDrawn('trend-scene');
    // the chart's first series takes the theme's primary colour (a green, whatever its shade)
    await page.waitForFunction(() => {
      const swatch = document.querySelector('[data-testid="trend-scene"] ul li span');
      const [r, g, b] = (swatch ? (getComputedStyle(swatch).backgroundColor.match(/\d+/g) ?? []) : []).map(Number);
      return g > r + 40 && g > b + 40;
    });
    await shot('stat-pages-scene-green-en');
    await page.evaluate(() => localStorage.setItem('theme', 'default'));
  });
});
