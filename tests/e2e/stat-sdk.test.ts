/**
 * The statistics SDK end to end: a static page on another origin loads the built IIFE bundle
 * (npm run sdk:build), reports to the real receiver while a visitor moves between pages, clicks a
 * button that fires an event and one that throws; hiding the page sends the last records by
 * beacon. After the rollup, an admin sees the visit on the overview, the page report and the
 * event list.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { APP_ID } from '../../shared/app-info';
import { STAT_KINDS } from '../../shared/stat';
import { freePort } from '../support/free-port';
import { api, BASE, CHROMIUM_ARGS, e2eSession, screenshot } from './browser';
import { withDb } from './fixtures';
import { until } from '../support/until';

const ADMIN = { username: 'sdk_admin', password: 'Admin#2026' };
const APPID = '__UNI__E2E_SDK';
// a visitor's browser: a headless user agent would be taken for a bot and dropped
const VISITOR_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

let adminToken: string;
let site: http.Server;
let siteUrl: string;
let visitor: { context: BrowserContext; page: Page; dir: string };

const testPage = (receiver: string) => `<!doctype html>
<html><head><meta charset="utf-8"><title>SDK home</title><script src="/uni-stat.js"></script></head>
<body>
  <a id="to-list" href="#/pages/list">Goods</a> <a id="to-detail" href="#/pages/detail?id=7">Detail</a>
  <button id="buy">Buy</button> <button id="boom">Boom</button>
  <script>
    var titles = { '#/pages/list': 'SDK list', '#/pages/detail': 'SDK detail' };
    window.addEventListener('hashchange', function () { document.title = titles[location.hash.split('?')[0]] || 'SDK home'; });
    window.stat = UniStat.createStat(Object.assign(UniStat.webAdapters(), {
      appid: '${APPID}', endpoint: '${receiver}/api/stat/report', platform: 'web', channel: 'e2e', version: '1.0.0', reportIntervalS: 1
    }));
    document.getElementById('buy').onclick = function () { stat.event('buy_click', { sku: 'A1' }); };
    document.getElementById('boom').onclick = function () { setTimeout(function () { throw new Error('e2e boom'); }); };
  </script>
</body></html>`;

const session = e2eSession('e2e-stat-sdk', async () => {
  adminToken = (await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password })).body.data.token;
  expect((await api('POST', '/api/system/apps', { appid: APPID, name: 'SDK test app' }, adminToken)).status).toBe(200);

  execFileSync(process.execPath, [path.resolve(__dirname, '../../scripts/sdk-build.mjs')], { stdio: 'pipe' });
  const bundle = fs.readFileSync(path.resolve(__dirname, '../../dist-sdk/uni-stat.iife.js'));
  const html = testPage(BASE());
  site = http.createServer((req, res) => {
    if (req.url === '/uni-stat.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
    else res.writeHead(200, { 'content-type': 'text/html' }).end(html);
  });
  const port = await freePort();
  await new Promise<void>((r) => site.listen(port, '127.0.0.1', r));
  siteUrl = `http://127.0.0.1:${port}/`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-chromium-visitor-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    userAgent: VISITOR_UA,
  });
  visitor = { context, page: context.pages()[0] ?? (await context.newPage()), dir };
});

afterAll(async () => {
  await visitor?.context.close();
  if (visitor) fs.rmSync(visitor.dir, { recursive: true, force: true });
  await new Promise((r) => site?.close(r));
});

/** the raw records of the test app by kind, as the receiver stored them */
const storedKinds = () =>
  withDb(async (c) => {
    const { rows } = await c.query<{ kind: number; n: string }>('SELECT kind, count(*) AS n FROM stat_events WHERE app_id = $1 GROUP BY kind', [APPID]);
    const names = Object.fromEntries(Object.entries(STAT_KINDS).map(([k, v]) => [v, k]));
    return Object.fromEntries(rows.map((r) => [names[r.kind], Number(r.n)]));
  });

describe('an app page with the SDK', () => {
  it('reports launch, page views, an event and an error to the receiver, and the hide by beacon', async () => {
    const p = visitor.page;
    const accepted: number[] = [];
    p.on('response', (r) => {
      if (r.url().endsWith('/api/stat/report') && r.request().method() === 'POST')
        r.json().then(
          (b: { data?: { accepted?: number } }) => accepted.push(b.data?.accepted ?? 0),
          () => undefined,
        );
    });
    await p.goto(`${siteUrl}#/pages/home`);
    await p.locator('#to-list').click();
    await p.waitForFunction(() => document.title === 'SDK list');
    await p.locator('#to-detail').click();
    await p.locator('#buy').click();
    await p.locator('#boom').click();
    await p.waitForFunction(() => (window as unknown as { stat: { pending: number } }).stat.pending === 0 && document.title === 'SDK detail');
    await until(
      async () => accepted.reduce((s, n) => s + n, 0),
      (n) => n >= 6,
      { what: 'records accepted', timeoutMs: 20_000 },
    );

    const beacon = p.waitForRequest((r) => r.url().endsWith('/api/stat/report') && (r.postData() ?? '').includes('"kind":"hide"'));
    await p.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect((await beacon).headers()['content-type']).toContain('text/plain');

    const kinds = await until(storedKinds, (k) => k.hide === 1 && k.page === 3, { what: 'stored records', timeoutMs: 20_000 });
    expect(kinds).toEqual({ launch: 1, page: 3, event: 1, error: 1, hide: 1 });
    const pages = await withDb(
      async (c) =>
        (await c.query('SELECT url, referrer, title FROM stat_events WHERE app_id = $1 AND kind = $2 ORDER BY ts, url', [APPID, STAT_KINDS.page])).rows,
    );
    expect(pages).toEqual([
      { url: `${siteUrl}#/pages/home`, referrer: '', title: 'SDK home' },
      { url: `${siteUrl}#/pages/list`, referrer: `${siteUrl}#/pages/home`, title: 'SDK list' },
      { url: `${siteUrl}#/pages/detail?id=7`, referrer: `${siteUrl}#/pages/list`, title: 'SDK detail' },
    ]);
  });

  it('after the rollup, the visit shows on the overview, the page report and the event list', async () => {
    expect((await api('POST', '/api/stat/rollup/run', {}, adminToken)).status).toBe(200);
    await session.signIn(ADMIN.username, ADMIN.password);
    const page = session.page();
    // a key figure's card (KeyFigures: figure-<key>), checked by its label and value
    const figure = (key: string, label: string) => page.getByTestId(`figure-${key}`).filter({ hasText: label }).locator('.ant-statistic-content');

    await session.go(`/pages/uni-stat/device/overview/overview?app_id=${APPID}`);
    await figure('active', 'Active devices').getByText('1', { exact: true }).waitFor();
    await figure('sessions', 'Launches').getByText('1', { exact: true }).waitFor();
    await figure('page-views', 'Page views').getByText('3', { exact: true }).waitFor();

    await session.go(`/pages/uni-stat/page-res/page-res?app_id=${APPID}`);
    const list = page.locator('.ant-table-row').filter({ hasText: '/pages/list' });
    await list.waitFor();
    expect(await list.innerText()).toContain('SDK list');
    await page.locator('.ant-table-row').filter({ hasText: '/pages/detail' }).waitFor();
    await page.locator('.ant-table-row').filter({ hasText: '/pages/home' }).waitFor();

    await session.go(`/pages/uni-stat/event/event?app_id=${APPID}`);
    // the events table's row (keyed by the event's key); the list of single events below also names it
    const event = page.locator('.ant-table-row[data-row-key="buy_click"]');
    await event.waitFor();
    // the event's values: picking its row shows them (the value as JSON)
    await event.locator('td').nth(1).click();
    await page.getByTestId('event-values').getByText('{"sku":"A1"}').waitFor();
  });
  it("the console reports its own use: nothing from the sign-in page, then the signed-in user's page views", async () => {
    // reports every second instead of every 20 (the console asks when its SDK starts)
    expect((await api('PUT', '/api/stat/settings', { report_interval_s: 1 }, adminToken)).status).toBe(200);
    // the visitor's browser (a headless user agent is dropped as a bot), on the console itself
    const p = await visitor.context.newPage();
    const sdkChunks: string[] = [];
    const reports: string[] = [];
    p.on('request', (r) => {
      if (/stat-sdk.*\.js$/.test(r.url())) sdkChunks.push(r.url());
      if (r.url().endsWith('/api/stat/report')) reports.push(r.postData() ?? '');
    });
    await p.goto(`${BASE()}/#/uni_modules/uni-id-pages/pages/login/login-withpwd`);
    await p.locator('#username').fill(ADMIN.username);
    await p.waitForLoadState('networkidle');
    expect({ sdkChunks, reports }).toEqual({ sdkChunks: [], reports: [] });

    await p.locator('#password').fill(ADMIN.password);
    await p.locator('#password').press('Enter');
    await p.waitForURL((u) => !u.hash.includes('login'));
    await p.goto(`${BASE()}/#/pages/uni-stat/page-res/page-res?app_id=${APPID}`);
    await p.locator('.ant-table-row').first().waitFor();
    const adminId = await withDb(async (c) => (await c.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [ADMIN.username])).rows[0].id);
    const stored = await until(
      () =>
        withDb(
          async (c) =>
            (
              await c.query<{ uid: string; url: string }>('SELECT uid, url FROM stat_events WHERE app_id = $1 AND kind = $2 ORDER BY ts', [
                APP_ID,
                STAT_KINDS.page,
              ])
            ).rows,
        ),
      (rows) => rows.some((r) => r.url.includes('/pages/uni-stat/page-res/page-res')),
      { what: "the console's page views", timeoutMs: 20_000 },
    );
    expect(stored.every((r) => r.uid === adminId)).toBe(true);
    expect(stored.some((r) => r.url.includes('login'))).toBe(false);
    await p.close();
    expect((await api('PUT', '/api/stat/settings', { report_interval_s: 20 }, adminToken)).status).toBe(200);
  });
  it('an admin changes the time zone in the statistics settings: the filter bar counts days in it', async () => {
    const page = session.page();
    await session.go(`/pages/uni-stat/device/overview/overview?app_id=${APPID}`);
    await page.getByText('Days are counted in UTC+8').waitFor();
    await page.getByTestId('stat-settings-button').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText("The service's time zone").waitFor();
    await dialog.locator('.ant-select').filter({ hasText: 'UTC+8' }).click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^UTC\+9$/ })
      .click();
    await screenshot(page, 'stat-settings-en');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Statistics settings saved').waitFor();
    await page.getByText('Days are counted in UTC+9').waitFor();
    const saved = await api('GET', '/api/stat/settings', undefined, adminToken);
    expect(saved.body.data.tz_offset_minutes).toBe(540);
    // back to the default for the other tests
    expect((await api('PUT', '/api/stat/settings', { tz_offset_minutes: 480 }, adminToken)).status).toBe(200);
  });
});
