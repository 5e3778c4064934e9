/**
 * Navigation in Chromium: the left menu's entries are links (a Ctrl+click opens a new tab), an
 * add or edit page keeps its list highlighted, the finance reviews open their own tab and entry,
 * every entry's label fits, search sits in the top bar, recordings and the task playground are
 * in the menu, an icon from the picker's whole set is drawn, and an ordinary user gets no Demo.
 */
import type { Page } from 'playwright-core';
import { api, e2eSession, hashUrl, screenshot } from './browser';
import { makeUser } from './fixtures';

const ADMIN = { username: 'nav_admin', password: 'Admin#2026' };

let adminToken: string;
const session = e2eSession('e2e-nav', async () => {
  adminToken = (await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password })).body.data.token;
});
const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

const menu = () => page.locator('nav[aria-label="Main menu"]');
const selectedEntry = () => menu().locator('.ant-menu-item-selected');

/** no folder of the left menu is opening or closing (a click during the motion can land on another entry) */
const menuSettled = () => page.waitForFunction(() => !document.querySelector('nav[aria-label="Main menu"] [class*="ant-motion-collapse"]'));

/** opens a group of the left menu unless it is open, and waits for the menu to stand still */
async function openGroup(name: string) {
  await menuSettled();
  const title = menu().locator('.ant-menu-submenu-title', { hasText: name }).first();
  if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
  await menu().locator('.ant-menu-submenu-open > .ant-menu-submenu-title', { hasText: name }).first().waitFor();
  await menuSettled();
}

describe('the left menu', () => {
  it('an entry is a link: a Ctrl+click opens the page in a new tab, a click opens it here', async () => {
    await signIn(ADMIN.username, ADMIN.password);
    await openGroup('System management');
    const users = menu().locator('a[href="#/pages/system/user/list"]');
    await users.waitFor();
    const before = page.url();
    const [tab] = await Promise.all([page.context().waitForEvent('page'), users.click({ modifiers: ['Control'] })]);
    await tab.waitForURL(/system\/user\/list/);
    await tab.close();
    expect(page.url()).toBe(before);
    await users.click();
    await page.waitForURL(/system\/user\/list/);
    await selectedEntry().filter({ hasText: 'Users' }).waitFor();
  });

  it('an add or edit page keeps its list highlighted and its group open', async () => {
    await go('/pages/system/role/add');
    await page.locator('#role_id').waitFor();
    await selectedEntry().filter({ hasText: 'Roles' }).waitFor();
    expect(await menu().locator('.ant-menu-submenu-open > .ant-menu-submenu-title', { hasText: 'System management' }).count()).toBe(1);
    await go('/pages/system/tag/edit?id=none');
    await selectedEntry().filter({ hasText: 'Tags' }).waitFor();
  });

  it('Withdraw and Withdrawal review, Invoices and Invoice review open different views, each entry highlighted on its own', async () => {
    await openGroup('Finance');
    await menu().getByText('Withdrawal review').click();
    await page.waitForURL((u) => u.hash.includes('withdraw/list?tab=all'));
    await page.locator('.ant-tabs-tab-active', { hasText: 'All requests' }).waitFor();
    await selectedEntry().filter({ hasText: 'Withdrawal review' }).waitFor();
    await openGroup('Expense');
    await menu().getByText('Withdraw', { exact: true }).click();
    await page.waitForURL((u) => u.hash.endsWith('withdraw/list'));
    await page.locator('.ant-tabs-tab-active', { hasText: 'My requests' }).waitFor();
    await selectedEntry()
      .filter({ hasText: /^Withdraw$/ })
      .waitFor();

    // opening a page closes the other groups: Finance is opened again
    await openGroup('Finance');
    await menu().getByText('Invoice review').click();
    await page.waitForURL((u) => u.hash.includes('invoice/invoice?tab=all'));
    await selectedEntry().filter({ hasText: 'Invoice review' }).waitFor();
    await openGroup('Expense');
    await menu().getByText('Invoices', { exact: true }).click();
    await page.waitForURL((u) => u.hash.endsWith('invoice/invoice'));
    await selectedEntry()
      .filter({ hasText: /^Invoices$/ })
      .waitFor();
  });

  it("opening a page opens its own group only, and its entry is in the menu's view", async () => {
    for (const group of ['Assistant', 'Expense', 'Statistics']) await openGroup(group);
    await go('/pages/system/tag/list');
    await selectedEntry().filter({ hasText: 'User tags' }).waitFor();
    // the groups opened before have closed: System management is the one open group
    await page.waitForFunction(() => {
      const open = document.querySelectorAll('nav[aria-label="Main menu"] .ant-menu-root > .ant-menu-submenu-open > .ant-menu-submenu-title');
      return open.length === 1 && open[0].textContent === 'System management';
    });
    // the entry is scrolled into the menu's view once its folder has opened
    await page.waitForFunction(() => {
      const item = document.querySelector('nav[aria-label="Main menu"] .ant-menu-item-selected');
      if (!item) return false;
      const nav = item.closest('nav')!.getBoundingClientRect();
      const box = item.getBoundingClientRect();
      return box.top >= nav.top && box.bottom <= nav.bottom;
    });
  });

  it('every label fits the 240 px menu', async () => {
    for (const group of ['Home', 'Assistant', 'Expense', 'Statistics', 'Operations', 'Finance', 'System management', 'Demo']) await openGroup(group);
    const cut = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('nav .ant-menu-title-content')]
          .filter((el) => el.offsetParent && el.scrollWidth > el.clientWidth + 1)
          .map((el) => el.textContent),
      );
    expect(await cut()).toEqual([]);
    await screenshot(page, 'nav-menu-open-en');
  });

  it('recordings and the task playground are in the Assistant group', async () => {
    await openGroup('Assistant');
    await menu().getByText('Recordings').click();
    await page.waitForURL(/waveform\/waveform/);
    await go('/pages/index/index');
    await openGroup('Assistant');
    await menu().getByText('Task playground').click();
    await page.waitForURL(/todo-list\/todo-test/);
  });

  it('once the home page is idle the list kit is there: a list then fetches only its own script', async () => {
    await signIn(ADMIN.username, ADMIN.password);
    await go('/pages/index/index');
    await page.reload();
    await page.locator('html[data-list-kit="ready"]').waitFor({ state: 'attached' });
    const scripts: string[] = [];
    const onRequest = (r: { resourceType(): string; url(): string }) => (r.resourceType() === 'script' ? scripts.push(r.url()) : undefined);
    page.on('request', onRequest);
    // as a click on its entry opens it (no pointer over other entries, which would load theirs)
    await page.evaluate(() => (window.location.hash = '#/pages/system/tag/list'));
    // drawn: its rows, or the empty list
    await page.locator('.ant-table-wrapper').locator('.ant-table-row, .ant-empty').first().waitFor();
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    // without the kit: 18 scripts in 3 rounds
    expect(scripts.map((u) => new URL(u).pathname.replace(/\.[0-9a-f]{8}\.async\.js$/, ''))).toEqual(['/p__system__tag__list']);
  });

  it("the pointer on an entry starts loading its page's script before the click", async () => {
    await go('/pages/index/index');
    await page.reload();
    await openGroup('System management');
    const asked = page.waitForRequest((r) => /\/p__system__role__list\.[0-9a-f]+\.async\.js$/.test(r.url()));
    await menu().getByText('Roles', { exact: true }).hover();
    await asked;
    expect(hashUrl(page)).toContain('/pages/index/index');
  });

  it('an icon from the whole set the picker offers is drawn in the menu', async () => {
    const r = await api('PUT', '/api/system/menus/system_management', { icon: 'AlibabaOutlined' }, adminToken);
    expect(r.status).toBe(200);
    await go('/pages/index/index');
    // the menus are read at sign-in and on a full load
    await page.reload();
    await menu().locator('.ant-menu-submenu-title', { hasText: 'System management' }).locator('.anticon-alibaba').waitFor();
    await api('PUT', '/api/system/menus/system_management', { icon: 'SettingOutlined' }, adminToken);
  });
});

describe('search in the top bar', () => {
  it('"/" puts the cursor in the box; Enter opens the search page with the words', async () => {
    await go('/pages/system/user/list');
    await page.locator('.ant-table-row').first().waitFor();
    const box = page.getByPlaceholder('Search documents, prompts, articles');
    await page.locator('body').press('/');
    await box.waitFor();
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'searchbox');
    await page.keyboard.type('password');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.hash.includes('assistant/search/search?q=password'));
    expect(hashUrl(page)).toContain('q=password');
    // the search page has its own box: the top bar's goes
    expect(await page.getByPlaceholder('Search documents, prompts, articles').count()).toBe(0);
  });

  it('on a 390 px screen it is a button opening the search page', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await go('/pages/index/index');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/assistant\/search\/search/);
    await screenshot(page, 'nav-search-390');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});

describe('an ordinary user', () => {
  it('gets the spec sidebar and no Demo group; the demo pages are refused', async () => {
    await makeUser('nav_plain', 'Plain#2026', []);
    await signIn('nav_plain', 'Plain#2026');
    await menu().getByText('Assistant').waitFor();
    const lines = (await menu().innerText()).split('\n').map((s) => s.trim());
    for (const shown of ['Home', 'Assistant', 'Expense', 'Help document']) expect(lines).toContain(shown);
    for (const hidden of ['Demo', 'System management', 'Finance', 'Statistics']) expect(lines).not.toContain(hidden);
    await go('/pages/demo/icons/icons');
    await page.getByText('No access').first().waitFor();
  });
});
