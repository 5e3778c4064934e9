/**
 * The console shell in a real Chromium: where the login is kept ('session' unless "keep me
 * signed in"), a refresh that fails at the network level (the user stays signed in and on the
 * page, and the next request renews the login), signing out, a page whose code fails to load
 * (the boundary, the error log badge and its entry), and narrow screens (390 px).
 */
import type { Page } from 'playwright-core';
import { api, BASE, e2eSession, hashUrl, storedToken } from './browser';
import { expiredTokenLike } from './fixtures';

const UNI = '/uni_modules/uni-id-pages/pages';
const ADMIN = { username: 'shell_admin', password: 'Admin#2026' };

const session = e2eSession('shell', async () => {
  await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password });
});
const { go } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

const stores = () =>
  page.evaluate(() => ({
    session: sessionStorage.getItem('uni_id_refresh_token'),
    local: localStorage.getItem('uni_id_refresh_token'),
  }));

/** signs in through the password page; `keep` ticks "keep me signed in" */
async function signIn(keep: boolean) {
  // the login page itself, emptied and started afresh (see signIn in browser.ts)
  await go(`${UNI}/login/login-withpwd`);
  await page.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
  await page.reload();
  await page.locator('#username').fill(ADMIN.username);
  await page.locator('#password').fill(ADMIN.password);
  const box = page.getByRole('checkbox', { name: 'Keep me signed in' });
  expect(await box.isChecked()).toBe(false);
  if (keep) await box.check();
  await page.locator('#password').press('Enter');
  await page.waitForURL((u) => !u.hash.includes('login'));
}

describe('where the login is kept', () => {
  it('unticked: this tab only (sessionStorage); a new tab is signed out and goes to the login page; a reload keeps the login', async () => {
    await signIn(false);
    const kept = await stores();
    expect(kept.session).toBeTruthy();
    expect(kept.local).toBeNull();
    const other = await session.page().context().newPage();
    try {
      await other.goto(`${BASE()}/#/pages/system/user/list`);
      await other.waitForURL(/login-withoutpwd/);
      expect(hashUrl(other)).toContain('uniIdRedirectUrl=/pages/system/user/list');
    } finally {
      await other.close();
    }
    await page.reload();
    await go('/pages/system/user/list');
    await page.locator('.ant-table').getByText(ADMIN.username).first().waitFor();
    expect(hashUrl(page)).toContain('/pages/system/user/list');
  });

  it('ticked: kept in localStorage, so a new tab is signed in too', async () => {
    await signIn(true);
    const kept = await stores();
    expect(kept.local).toBeTruthy();
    expect(kept.session).toBeNull();
    const other = await session.page().context().newPage();
    try {
      await other.goto(`${BASE()}/#/pages/system/user/list`);
      await other.locator('.ant-table').getByText(ADMIN.username).first().waitFor();
      expect(hashUrl(other)).toContain('/pages/system/user/list');
    } finally {
      await other.close();
    }
  });

  it('signing out with an expired access token still sends the refresh token, and clears the login', async () => {
    await signIn(false);
    await page.getByLabel('Account menu').waitFor();
    await page.waitForLoadState('networkidle');
    const { session: refreshToken } = await stores();
    const expired = await expiredTokenLike((await storedToken(page))!);
    await page.evaluate((t) => {
      sessionStorage.setItem('uni_id_token', t);
      sessionStorage.setItem('uni_id_token_expired', String(Date.now() - 1000));
    }, expired);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/auth/logout'));
    await page.getByLabel('Account menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    const body = (await sent).postDataJSON();
    expect(body).toEqual({ refreshToken });
    await page.waitForURL(/login-withoutpwd/);
    expect(await stores()).toEqual({ session: null, local: null });
  });
});

describe('a refresh that fails at the network level', () => {
  it('keeps the user signed in on the page, shows the network error, and renews once the network is back', async () => {
    await signIn(false);
    await go('/pages/system/user/list');
    await page.locator('.ant-table').getByText(ADMIN.username).first().waitFor();
    const { session: refreshToken } = await stores();
    // the access token runs out while the network is down
    const expired = await expiredTokenLike((await storedToken(page))!);
    await page.evaluate((t) => {
      sessionStorage.setItem('uni_id_token', t);
      sessionStorage.setItem('uni_id_token_expired', String(Date.now() - 1000));
    }, expired);
    await page.route('**/api/auth/refresh', (route) => route.abort('internetdisconnected'));
    await go('/pages/index/index');
    await page.getByText('network request error').first().waitFor();
    expect(hashUrl(page)).toContain('/pages/index/index');
    expect(await stores()).toEqual({ session: refreshToken, local: null });
    expect(await storedToken(page)).toBe(expired);

    // the network is back: the next request renews the login
    await page.unroute('**/api/auth/refresh');
    const renewed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh') && r.status() === 200);
    await page.keyboard.press('Escape'); // closes the notice, if it is open
    await go('/pages/system/user/list');
    await renewed;
    await page.locator('.ant-table').getByText(ADMIN.username).first().waitFor();
    expect(hashUrl(page)).toContain('/pages/system/user/list');
    const token = await storedToken(page);
    expect(token).not.toBe(expired);
    expect((await stores()).session).not.toBe(refreshToken);
  });
});

describe('a page whose code fails to load', () => {
  it('shows the failure with a retry, and the error log badge opens its entry with the route', async () => {
    await signIn(false);
    await page.route(/p__system__role__list\.[^/]*\.js$/, (route) => route.abort('connectionreset'));
    // a fresh document, so that the page's code is not already loaded
    await page.reload();
    await page.getByLabel('Account menu').waitFor();
    expect(await page.getByLabel(/^Error log/).count()).toBe(0);
    await go('/pages/system/role/list');
    const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
    await alert.waitFor();
    await alert.getByRole('button', { name: 'Reload' }).waitFor();
    const badge = page.getByLabel('Error log (1)');
    await badge.click();
    const drawer = page.locator('.console-error-log .ant-drawer-content');
    await drawer.getByText('Page load failed').waitFor();
    await drawer.getByText('/pages/system/role/list').waitFor();
    expect(await drawer.getByText(/Loading chunk/).count()).toBeGreaterThan(0);
    await drawer.getByRole('button', { name: 'Clear all' }).click();
    await drawer.getByText('No errors').waitFor();
    await page.unroute(/p__system__role__list\.[^/]*\.js$/);
    await page.keyboard.press('Escape');
  });
});

describe('narrow screens (390 px)', () => {
  beforeAll(async () => {
    await page.setViewportSize({ width: 390, height: 844 });
  });
  afterAll(async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  const noOverlay = async () => {
    expect(await page.locator('.ant-menu-submenu-popup:visible').count()).toBe(0);
    expect(await page.locator('#console-side-menu .ant-menu-root:visible').count()).toBe(0);
  };
  const bodyWidth = () => page.evaluate(() => document.scrollingElement!.scrollWidth);

  it('console home: no menu floats over the page; the menu opens in the drawer and closes again', async () => {
    await signIn(false);
    await go('/pages/index/index');
    await page.getByLabel('Open menu').waitFor();
    await page.waitForLoadState('networkidle');
    await noOverlay();
    expect(await bodyWidth()).toBeLessThanOrEqual(390);
    await page.getByLabel('Open menu').click();
    const menu = page.locator('#console-side-menu .ant-menu-root');
    await menu.waitFor();
    expect(await page.locator('.ant-menu-submenu-popup:visible').count()).toBe(0);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await noOverlay();
  });

  it('user list: no popup after the page loads, the body does not overflow, the rows are labelled lines that fit', async () => {
    await go('/pages/system/user/list');
    await page.locator('.ant-table').getByText(ADMIN.username).first().waitFor();
    await page.waitForLoadState('networkidle');
    await noOverlay();
    expect(await bodyWidth()).toBeLessThanOrEqual(390);
    const table = await page
      .locator('.ant-table-content, .ant-table-body')
      .first()
      .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(table.scroll).toBeLessThanOrEqual(table.client);
    await page.locator('.stacked-label', { hasText: 'Username' }).first().waitFor();
    // the drawer button opens the menu with the user list's folder open, still no popup
    await page.getByLabel('Open menu').click();
    await page.locator('#console-side-menu .ant-menu-root').waitFor();
    expect(await page.locator('.ant-menu-submenu-popup:visible').count()).toBe(0);
    await page.locator('#console-side-menu').getByText('Users').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('#console-side-menu .ant-menu-root').waitFor({ state: 'detached' });
  });
});
