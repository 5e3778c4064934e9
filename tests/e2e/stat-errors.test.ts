/**
 * The JS error and crash pages in Chromium: an analyst (READ_UNI_STAT) sees the error groups with
 * the error rate, narrows them by platform, opens a group and reads its stack and raw occurrences,
 * sees the empty state for a range without data and the crashes by version and model; a
 * MANAGE_UNI_STAT holder uploads a real source map and sees the frames resolved to the original
 * file and line, then deletes it; the detail in Chinese on the green theme.
 */
import { build } from 'esbuild';
import type pg from 'pg';
import type { Page } from 'playwright-core';
import { addDays, statDay, statDayStart } from '../../shared/stat';
import { ensurePartitions, utcDay } from '../../server/modules/stats/store/partitions';
import { api, confirmWith, BASE, e2eSession, screenshot } from './browser';
import { makeRole, makeUser, withDb } from './fixtures';

const ADMIN = { username: 'stat_err_admin', password: 'Admin#2026' };
const READER = { username: 'stat_err_reader', password: 'Reader#2026' };
const MANAGER = { username: 'stat_err_manager', password: 'Manager#2026' };
const APP = '__UNI__ERRE2E';
const TZ = 480;
const today = statDay(Date.now(), TZ);
const D1 = addDays(today, -2);
const D2 = addDays(today, -1);
const RANGE = `app_id=${APP}&start=${D1}&end=${D2}`;
const JS = '/pages/uni-stat/error/js/js';
const DETAIL = '/pages/uni-stat/error/js/detail';
const CRASHES = '/pages/uni-stat/error/app/app';
const SCRIPT_URL = 'https://shop.example.com/static/app.min.js';

const SOURCE = [
  '// an order parser with a bug',
  'export function parseOrder(input: string) {',
  "  const parts = input.split(',');",
  '  return parts.map((p) => explodePart(p));',
  '}',
  'function explodePart(p: string): number {',
  '  if (p.length > 0) {',
  "    throw new TypeError('x is undefined: ' + p);",
  '  }',
  '  return 0;',
  '}',
].join('\n');
let map = '';
let stack = '';

const session = e2eSession('e2e-stat-errors', async () => {
  await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password });
  await makeRole('stat_err_readers', ['READ_UNI_STAT']);
  await makeRole('stat_err_managers', ['READ_UNI_STAT', 'MANAGE_UNI_STAT']);
  await makeUser(READER.username, READER.password, ['stat_err_readers']);
  await makeUser(MANAGER.username, MANAGER.password, ['stat_err_managers']);

  // a real minified script and its source map; the stack Chrome reports for its throw
  const out = await build({
    stdin: { contents: SOURCE, sourcefile: 'src/buggy.ts', loader: 'ts' },
    minify: true,
    format: 'iife',
    globalName: 'Bug',
    sourcemap: 'external',
    outfile: 'dist/app.min.js',
    write: false,
    logLevel: 'silent',
  });
  const code = out.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  map = out.outputFiles.find((f) => f.path.endsWith('.map'))!.text;
  const thrower = /function (\w+)\(\w+\)\{if/.exec(code)![1];
  stack = [
    'TypeError: x is undefined: a',
    `    at ${thrower} (${SCRIPT_URL}:1:${code.indexOf('new TypeError') + 1})`,
    `    at ${SCRIPT_URL}:1:${code.indexOf(`${thrower}(`) + 1}`,
    '    at Array.map (<anonymous>)',
  ].join('\n');

  await withDb(async (c) => {
    await c.query(`INSERT INTO apps (appid, name) VALUES ($1, 'Shop')`, [APP]);
    await c.query(
      `INSERT INTO stat_daily (day, app_id, platform, channel, version, sessions) VALUES
        ($1, $3, 'web', '', '1.0.0', 100), ($1, $3, 'android', '', '1.0.0', 50), ($2, $3, 'web', '', '1.1.0', 200)`,
      [D1, D2, APP],
    );
    const first = statDayStart(D1, TZ).toISOString();
    const last = new Date(statDayStart(D2, TZ).getTime() + 3 * 3600_000).toISOString();
    await c.query(
      `INSERT INTO stat_error_groups (app_id, hash, kind, message, stack, first_ts, last_ts) VALUES
        ($1, 'h1', 'js', 'TypeError: x is undefined', $2, $3, $4),
        ($1, 'h2', 'js', 'ReferenceError: foo is not defined', '', $3, $3),
        ($1, 'c1', 'crash', 'SIGSEGV in libgame.so', '', $3, $4)`,
      [APP, stack, first, last],
    );
    await c.query(
      `INSERT INTO stat_error_days (day, app_id, hash, kind, platform, channel, version, device_model, count, devices) VALUES
        ($1, $3, 'h1', 'js', 'web', '', '1.0.0', '', 30, 10), ($2, $3, 'h1', 'js', 'web', '', '1.1.0', '', 40, 12),
        ($1, $3, 'h2', 'js', 'android', '', '1.0.0', '', 5, 3),
        ($1, $3, 'c1', 'crash', 'android', '', '1.0.0', 'Pixel 7', 4, 2), ($2, $3, 'c1', 'crash', 'android', '', '1.1.0', 'Mi 11', 6, 6)`,
      [D1, D2, APP],
    );
    // raw occurrences of h1 on D2, still within the retention
    const at = (h: number) => new Date(statDayStart(D2, TZ).getTime() + h * 3600_000);
    await ensurePartitions(
      c as unknown as pg.Pool,
      [1, 2, 3].map((h) => utcDay(at(h))),
    );
    const raw = [
      [at(1), 'device-aaaaaaaaaaaa', 'https://shop.example.com/#/pages/cart/cart', 'Windows 10', ''],
      [at(2), 'device-aaaaaaaaaaaa', 'https://shop.example.com/#/pages/cart/cart?step=2', 'Windows 10', ''],
      [at(3), 'device-bbbbbbbbbbbb', 'https://shop.example.com/#/pages/order/order', 'iOS 17', 'iPhone 15'],
    ] as const;
    for (const [i, [ts, device, url, os, model]] of raw.entries()) {
      await c.query(
        `INSERT INTO stat_events (ts, eid, app_id, device_id, sid, kind, platform, version, os, device_model, url, err_hash, err_msg, err_stack)
          VALUES ($1, $2, $3, $4, $5, 6, 'web', '1.1.0', $6, $7, $8, 'h1', 'TypeError: x is undefined', $9)`,
        [ts.toISOString(), `e2e-err-${i}`, APP, device, `sid-e2e-${i}`, os, model, url, stack],
      );
    }
  });
});
const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

const figure = (id: string) => page.getByTestId(id).locator('.ant-statistic-content');
const rows = (panel: string) => page.getByTestId(panel).locator('.ant-table-tbody tr.ant-table-row');
/** waits for the charts' canvases and their entry animation (for the screenshots) */
async function settled() {
  await page.locator('canvas').first().waitFor();
  await page.waitForTimeout(800);
}

describe('JS errors and crashes', () => {
  it('an analyst sees the error groups and the error rate, narrows by platform, and opens a group', async () => {
    await signIn(READER.username, READER.password);
    await go(`${JS}?${RANGE}`);
    await rows('panel-groups').first().waitFor();
    await figure('figure-count').getByText('75', { exact: true }).waitFor();
    await figure('figure-launches').getByText('350', { exact: true }).waitFor();
    // 75 errors over 350 launches
    await figure('figure-rate').getByText('21.43%', { exact: true }).waitFor();
    const first = rows('panel-groups').first();
    await first.getByText('TypeError: x is undefined').waitFor();
    await first.getByText('93.33%').waitFor(); // 70 of 75
    await first.getByText('1.1.0, 1.0.0').waitFor();
    expect(await rows('panel-groups').count()).toBe(2);
    await settled();
    await screenshot(page, 'stat-errors-js-en');
    await page.getByTestId('panel-groups').scrollIntoViewIfNeeded();
    await screenshot(page, 'stat-errors-js-table-en');

    // the Android tab: only the ReferenceError, with 5 errors in 50 launches
    await page.getByTestId('stat-filter').locator('.ant-segmented').getByText('Android', { exact: true }).click();
    await figure('figure-rate').getByText('10.00%', { exact: true }).waitFor();
    await rows('panel-groups').first().getByText('ReferenceError: foo is not defined').waitFor();
    expect(await rows('panel-groups').count()).toBe(1);
    await page.getByTestId('stat-filter').locator('.ant-segmented').getByText('All platforms', { exact: true }).click();
    await figure('figure-rate').getByText('21.43%', { exact: true }).waitFor();

    // the message opens the detail with its stack and raw occurrences
    await rows('panel-groups').first().getByText('TypeError: x is undefined').click();
    await page.waitForURL((u) => u.hash.includes(DETAIL) && u.hash.includes('hash=h1'));
    await page.getByTestId('stack').waitFor();
    await page.getByTestId('stack-status').getByText('No source map of version 1.1.0 matches these frames', { exact: false }).waitFor();
    await page.getByTestId('stack').getByText(SCRIPT_URL, { exact: false }).first().waitFor();
    await page.getByTestId('breakdown-byPage').getByText('/pages/cart/cart').waitFor();
    await page.getByTestId('latest').getByText('device-bbbbbbbbbbbb').waitFor();
    expect(await page.getByTestId('latest').locator('.ant-table-tbody tr.ant-table-row').count()).toBe(3);
    // reading does not offer the source maps
    expect(await page.getByTestId('source-maps-open').count()).toBe(0);
    await settled();
    await screenshot(page, 'stat-errors-detail-en');
    await page.getByTestId('panel-raw').scrollIntoViewIfNeeded();
    await screenshot(page, 'stat-errors-detail-raw-en');
  });

  it('a range without data shows the empty state; crashes by version and device model', async () => {
    await go(`${JS}?app_id=${APP}&start=${addDays(today, -60)}&end=${addDays(today, -50)}`);
    await page.locator('[data-testid="panel-groups"][data-state="empty"]').waitFor();
    await page.locator('[data-testid="panel-trend"][data-state="empty"]').getByText('No data in this range').waitFor();
    await screenshot(page, 'stat-errors-empty-en');
    // the next pages open on their own ranges, not this one carried from page to page
    await page.evaluate(() => sessionStorage.clear());

    await go(`${CRASHES}?${RANGE}`);
    await rows('panel-crashes').first().getByText('Mi 11').waitFor();
    await figure('figure-count').getByText('10', { exact: true }).waitFor();
    // 10 crashes over 350 launches; Mi 11: 6 of 200 launches of 1.1.0
    await figure('figure-rate').getByText('2.86%', { exact: true }).waitFor();
    await rows('panel-crashes').first().getByText('3.00%').waitFor();
    expect(await rows('panel-crashes').count()).toBe(2);
    // sorted by device model on the server: descending, then ascending
    const sorted = page.waitForResponse((r) => r.url().includes('/api/stat/crashes?') && r.url().includes('sortField=device_model'));
    await page.getByTestId('panel-crashes').getByRole('columnheader', { name: 'Device model' }).click();
    await sorted;
    await rows('panel-crashes').first().getByText('Pixel 7').waitFor();
    await page.getByTestId('panel-crashes').getByRole('columnheader', { name: 'Device model' }).click();
    await rows('panel-crashes').first().getByText('Mi 11').waitFor();
    await settled();
    await screenshot(page, 'stat-errors-crashes-en');
    await page.getByTestId('panel-crashes').scrollIntoViewIfNeeded();
    await screenshot(page, 'stat-errors-crashes-table-en');

    // the crash messages open their detail; back leads to the crashes
    await rows('panel-crash-groups').first().getByText('SIGSEGV in libgame.so').click();
    await page.waitForURL((u) => u.hash.includes(DETAIL) && u.hash.includes('hash=c1'));
    await page.getByTestId('panel-stack').getByText('No stack was reported with this error').waitFor();
    await page.getByText('Back to app crashes').click();
    await page.waitForURL((u) => u.hash.includes(CRASHES));
    await rows('panel-crashes').first().waitFor();
  });

  it('a manager uploads a real source map: the frames resolve to the original file and line; then deletes it', async () => {
    await signIn(MANAGER.username, MANAGER.password);
    await go(`${DETAIL}?hash=h1&${RANGE}`);
    await page.getByTestId('stack').waitFor();
    await page.getByTestId('source-maps-open').click();
    const dialog = page.locator('.ant-modal');
    await dialog.getByText('No source map uploaded for this app').waitFor();
    // the version and the script file come from the stack
    expect(await dialog.locator('#version').inputValue()).toBe('1.1.0');
    expect(await dialog.locator('#file').inputValue()).toBe('app.min.js');
    // a file that is not a source map is refused under the file input
    await dialog.locator('input[type=file]').setInputFiles({ name: 'app.min.js.map', mimeType: 'application/json', buffer: Buffer.from('{"version":3}') });
    await dialog.getByTestId('source-map-submit').click();
    await dialog.getByText('This file is not a source map').waitFor();

    await dialog.locator('input[type=file]').setInputFiles({ name: 'app.min.js.map', mimeType: 'application/json', buffer: Buffer.from(map) });
    await dialog.getByTestId('source-map-submit').click();
    await page.getByText('Source map of app.min.js uploaded').waitFor();
    await dialog.getByTestId('source-map-list').getByText('app.min.js').waitFor();
    await screenshot(page, 'stat-errors-source-maps-en');
    await dialog.locator('.ant-modal-close').click();

    const resolved = page.getByTestId('stack').locator('li[data-resolved="yes"]');
    // the throw in explodePart, line 8 of the original file (minified, the function is named otherwise)
    await resolved.first().getByText('at explodePart (src/buggy.ts:8:', { exact: false }).waitFor();
    await resolved.nth(1).getByText('src/buggy.ts:4:', { exact: false }).waitFor();
    await page.getByTestId('stack-status').getByText('resolved through the source maps of version 1.1.0', { exact: false }).waitFor();
    await settled();
    await screenshot(page, 'stat-errors-detail-resolved-en');

    // deleting asks first; the frames are minified again
    await page.getByTestId('source-maps-open').click();
    await dialog.getByRole('button', { name: 'Delete app.min.js' }).click();
    await confirmWith(page, 'OK');
    await page.getByText('Source map deleted').waitFor();
    await dialog.getByText('No source map uploaded for this app').waitFor();
    await dialog.locator('.ant-modal-close').click();
    await page.getByTestId('stack-status').getByText('No source map of version 1.1.0 matches these frames', { exact: false }).waitFor();
    expect(await page.getByTestId('stack').locator('li[data-resolved="yes"]').count()).toBe(0);
  });

  it('the detail and the list in Chinese on the green theme', async () => {
    await api(
      'POST',
      '/api/stat/source-maps',
      { app_id: APP, version: '1.1.0', file: 'app.min.js', map },
      (await api('POST', '/api/auth/login', MANAGER)).body.data.token,
    );
    await page.evaluate(() => {
      localStorage.setItem('umi_locale', 'zh-CN');
      localStorage.setItem('theme', 'green');
    });
    await page.goto(`${BASE()}/#${DETAIL}?hash=h1&${RANGE}`);
    await page.reload();
    await page.getByText('最近一次的堆栈').waitFor();
    await page.getByTestId('stack-status').getByText('已通过版本 1.1.0 的 Source Map 还原', { exact: false }).waitFor();
    await page.getByText('最近的错误明细').waitFor();
    await settled();
    await screenshot(page, 'stat-errors-detail-zh-green');
    await go(`${JS}?${RANGE}`);
    await page.getByText('错误列表').waitFor();
    await figure('figure-rate').getByText('21.43%', { exact: true }).waitFor();
    await settled();
    await screenshot(page, 'stat-errors-js-zh-green');
    await page.evaluate(() => {
      localStorage.removeItem('umi_locale');
      localStorage.removeItem('theme');
    });
  });
});
