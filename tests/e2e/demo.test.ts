/**
 * The demo pages in Chromium, one signed-in user in one browser: the icon search narrows and a
 * click copies the name; the table sorts and pages on the server; the layout grid renders; the
 * colors page shows both themes' primaries and the "in use" marker follows the theme switch; the
 * audio demo draws a synthesized sample, plays it and selects a region; the CSS page lists the variables. Then
 * every page in Chinese on the green theme. Screenshots of each (tmp/screens/demo-*).
 */
import type { Page } from 'playwright-core';
import { THEME_PRIMARY } from '../../src/shared/theme';
import { api, BASE, e2eSession, screenshot } from './browser';
import { RULES } from '../../shared/permissions';
import { makeRole, makeUser, withDb } from './fixtures';

const ADMIN = { username: 'demo_admin', password: 'Admin#2026' };
const USER = { username: 'demo_member', password: 'Member#2026' };
const PAGES = ['icons', 'table', 'layout', 'colors', 'audio', 'css'];
const demo = (name: string) => `/pages/demo/${name}/${name}`;
/** credits given one by one: 25 ledger entries, so the history has two pages */
const GRANTS = 25;

const session = e2eSession('e2e-demo', async () => {
  const admin = (await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password })).body.data.token;
  // the demo pages are a developer's: a user holding their permission, not an admin
  await makeRole('demo_viewer', [RULES.demo]);
  await makeUser(USER.username, USER.password, ['demo_viewer']);
  const userId = await withDb(async (c) => (await c.query('SELECT id FROM users WHERE username = $1', [USER.username])).rows[0].id as string);
  // amounts in an order unlike the times, so sorting by amount is visible
  for (let i = 0; i < GRANTS; i++) {
    const amount = ((i * 7) % GRANTS) + 1;
    expect((await api('POST', '/api/credits/adjust', { user_id: userId, amount, reason: `Demo grant ${amount}` }, admin)).status).toBe(200);
  }
});
const { go, signIn } = session;
let page: Page;
beforeAll(async () => {
  page = session.page();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE() });
});

/** the page has settled (no spinner) before a screenshot */
async function settled() {
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-spin-blur'));
  await page.waitForTimeout(300);
}

describe('demo pages', () => {
  it('icons: the search narrows the set, a click copies the name', async () => {
    await signIn(USER.username, USER.password);
    await go(demo('icons'));
    const count = page.getByTestId('icon-count');
    const all = await count.innerText();
    const [, shownAll, total] = /Showing (\d+) of (\d+)/.exec(all)!;
    expect(Number(shownAll)).toBe(Number(total));
    expect(Number(total)).toBeGreaterThan(300);
    await page.getByLabel('Search icons by name').fill('wallet');
    await count.getByText(`Showing 1 of ${total} icons in this style`).waitFor();
    await page.getByRole('option', { name: 'WalletOutlined' }).click();
    await page.locator('.ant-message').getByText('Copied: WalletOutlined').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('WalletOutlined');
    await screenshot(page, 'demo-icons-en-default');
  });

  it('table: the credit history sorts by amount and pages on the server', async () => {
    await go(demo('table'));
    const rows = page.locator('.ant-table-tbody .ant-table-row');
    await page.getByText(`${GRANTS} in total`).waitFor();
    expect(await rows.count()).toBe(20);
    // newest first: the last grant
    await rows
      .first()
      .getByText(`Demo grant ${(((GRANTS - 1) * 7) % GRANTS) + 1}`)
      .waitFor();

    const sorted = page.waitForResponse(
      (r) => r.url().includes('/api/credits/history?') && r.url().includes('sortField=amount') && r.url().includes('sortOrder=ascend'),
    );
    await page.locator('.ant-table-thead th', { hasText: 'Change' }).click();
    await sorted;
    await rows.first().getByText('Demo grant 1', { exact: true }).waitFor();
    await rows.nth(1).getByText('Demo grant 2', { exact: true }).waitFor();

    const second = page.waitForResponse((r) => r.url().includes('/api/credits/history?') && r.url().includes('current=2'));
    await page.locator('.ant-pagination-item-2').click();
    await second;
    await rows.first().getByText('Demo grant 21', { exact: true }).waitFor();
    expect(await rows.count()).toBe(GRANTS - 20);
    await expect(page.getByTestId('table-snippet').innerText()).resolves.toContain('<ResourceList<LedgerRow>');
    await screenshot(page, 'demo-table-en-default');
  });

  it('layout: the frames and the live grid', async () => {
    await go(demo('layout'));
    await page.getByTestId('frame-full').getByText('This page').waitFor();
    expect(await page.getByTestId('frame-topOnly').getByText('This page').count()).toBe(0);
    await page.getByTestId('frame-topOnly').getByRole('link', { name: 'Chat' }).waitFor();
    expect(await page.getByTestId('grid-demo').locator('.ant-col').count()).toBe(6);
    // 1280 px wide: lg is the widest breakpoint the first cell names, so it is 6 of 24 wide
    await page.getByTestId('grid-demo').getByText('now 6 of 24 (lg)').first().waitFor();
    const [cell, row] = await Promise.all([
      page.getByTestId('grid-demo').locator('.ant-col').first().boundingBox(),
      page.getByTestId('grid-demo').boundingBox(),
    ]);
    expect(cell!.width / row!.width).toBeGreaterThan(0.2);
    expect(cell!.width / row!.width).toBeLessThan(0.3);
    await page.getByTestId('page-container').getByText('Sample page').waitFor();
    await screenshot(page, 'demo-layout-en-default');
    await page.getByTestId('page-container').scrollIntoViewIfNeeded();
    await screenshot(page, 'demo-layout-header-grid-en-default');
  });

  it("colors: every theme's primary; switching the theme moves the marker", async () => {
    await go(demo('colors'));
    await expect(page.getByTestId('primary-default').innerText()).resolves.toBe(THEME_PRIMARY.default);
    await expect(page.getByTestId('primary-green').innerText()).resolves.toBe(THEME_PRIMARY.green);
    await page.getByTestId('theme-default').getByTestId('current-theme').waitFor();
    await screenshot(page, 'demo-colors-en-default');
    await page.getByTestId('theme-green').getByRole('button', { name: 'Use this theme' }).click();
    await page.getByTestId('theme-green').getByTestId('current-theme').waitFor();
    expect(await page.getByTestId('theme-default').getByTestId('current-theme').count()).toBe(0);
    expect(await page.evaluate(() => document.body.dataset.theme)).toBe('green');
    await page.getByTestId('primary-green').locator('button').click();
    await page.locator('.ant-message').getByText(`Copied: ${THEME_PRIMARY.green}`).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(THEME_PRIMARY.green);
    await screenshot(page, 'demo-colors-en-green');
    await page.getByTestId('theme-default').getByRole('button', { name: 'Use this theme' }).click();
    await page.getByTestId('theme-default').getByTestId('current-theme').waitFor();
  });

  it('audio: the synthesized sample is drawn and plays', async () => {
    await go(demo('audio'));
    // wavesurfer draws into its shadow root
    await page.waitForFunction(() => !!document.querySelector('[data-testid=demo-waveform] div')?.shadowRoot?.querySelector('canvas'));
    await page.getByTestId('audio-duration').getByText('0:03').waitFor();
    await page.getByRole('button', { name: 'Play' }).click();
    await page.getByTestId('audio-state').getByText('Playing').waitFor();
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByTestId('audio-state').getByText('Stopped').waitFor();
    // a region dragged across the middle
    const box = (await page.getByTestId('demo-waveform').boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 8 });
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
    await page.getByText(/^\d\.\d\d s – \d\.\d\d s$/).waitFor();
    await page.getByRole('button', { name: 'Clear region' }).waitFor();
    await screenshot(page, 'demo-audio-en-default');
  });

  it('css: the console variables with their values, the antd variables, the type scale', async () => {
    await go(demo('css'));
    const consoleVars = page.getByTestId('console-vars');
    await consoleVars.locator('tr', { hasText: '--console-primary' }).getByText(THEME_PRIMARY.default).waitFor();
    // hundreds of antd variables, paged: the filter finds the primary colour's
    await page.getByLabel('Filter by name or value').fill('--ant-color-primary');
    await page
      .getByTestId('antd-vars')
      .locator('tr', { has: page.getByText('--ant-color-primary', { exact: true }) })
      .getByText(THEME_PRIMARY.default)
      .waitFor();
    await page.getByTestId('typography').locator('h1').waitFor();
    await screenshot(page, 'demo-css-en-default');
    await page.getByTestId('antd-vars').scrollIntoViewIfNeeded();
    await screenshot(page, 'demo-css-antd-vars-en-default');
  });

  it('every demo page in Chinese on the green theme', async () => {
    await page.evaluate(() => {
      localStorage.setItem('umi_locale', 'zh-CN');
      localStorage.setItem('theme', 'green');
    });
    for (const name of PAGES) {
      await go(demo(name));
      if (name === PAGES[0]) await page.reload();
      await page.getByTestId('page-header').locator('h1', { hasText: /\S/ }).waitFor();
      await settled();
      await screenshot(page, `demo-${name}-zh-green`);
    }
    await page.getByTestId('console-vars').locator('tr', { hasText: '--console-primary' }).getByText(THEME_PRIMARY.green).waitFor();
    await page.evaluate(() => {
      localStorage.setItem('umi_locale', 'en-US');
      localStorage.setItem('theme', 'default');
    });
  });
});
