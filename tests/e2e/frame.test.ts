/**
 * The console frame in a real Chromium: the page header every framed page gets (breadcrumb from
 * the route tree, title, the page's own actions), a full load that never shows a blank page
 * (index.html's skeleton until the frame is drawn; the left menu keeps its place while the menus
 * load), and the top bar at 390 px (language and theme in the user menu, nothing scrolls sideways).
 */
import type { Page, Route } from 'playwright-core';
import { api, BASE, e2eSession, hashUrl, screenshot, storedToken } from './browser';
import { makeUser } from './fixtures';

const ADMIN = { username: 'frame_admin', password: 'Admin#2026' };

const session = e2eSession('frame', async () => {
  await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password });
});
const { go } = session;
let page: Page;
beforeAll(async () => {
  page = session.page();
  await session.signIn(ADMIN.username, ADMIN.password);
});

const header = () => page.getByTestId('page-header');
const crumbs = () => header().locator('.ant-breadcrumb li:not(.ant-breadcrumb-separator)').allInnerTexts();
const title = () => header().locator('h1').innerText();
const bodyWidth = () => page.evaluate(() => document.scrollingElement!.scrollWidth);

/** opens a page and waits for its header to carry the title (the route's or the page's own) */
async function open(path: string, heading: string | RegExp) {
  await go(path);
  await header().locator('h1').filter({ hasText: heading }).waitFor();
  // the breadcrumb's folders come from the user's menus
  await page.locator('#console-side-menu .ant-menu-root, .console-top-bar').first().waitFor();
}

describe('the page header', () => {
  const pages: Array<{ path: string; title: string; trail: string[] }> = [
    { path: '/pages/admin-index/admin-index', title: 'Admin home', trail: ['Home', 'Admin home'] },
    { path: '/pages/system/user/list', title: 'Users', trail: ['Home', 'System management', 'Users'] },
    { path: '/pages/expense/recharge/recharge', title: 'Top up credits', trail: ['Home', 'Expense', 'Top up credits'] },
    { path: '/pages/expense/invoice/invoice', title: 'Invoices', trail: ['Home', 'Expense', 'Invoices'] },
    { path: '/pages/uni-stat/device/overview/overview', title: 'Device overview', trail: ['Home'] },
    { path: '/pages/demo/icons/icons', title: 'Icons', trail: ['Home', 'Demo', 'Icons'] },
    { path: '/pages/assistant/todo-list/todo-list', title: 'Tasks', trail: ['Home', 'Assistant', 'Tasks'] },
  ];

  it.each(pages)('$path: a breadcrumb from the route tree and the title, once', async ({ path, title: heading, trail }) => {
    await open(path, heading);
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="page-header"] .ant-breadcrumb li:not(.ant-breadcrumb-separator)').length >= n,
      trail.length,
    );
    const items = await crumbs();
    expect(items.slice(0, trail.length - 1)).toEqual(trail.slice(0, -1));
    expect(items.at(-1)).toBe(await title());
    expect(await title()).toContain(heading);
    // the frame draws the title: the page does not draw it a second time
    expect(
      await page
        .locator('#console-main h1, #console-main h2, #console-main h3')
        .filter({ hasText: new RegExp(`^${heading}$`) })
        .count(),
    ).toBe(1);
  });

  it('an add page sits under its list: the list is a link in the breadcrumb and goes there', async () => {
    await open('/pages/system/user/add', /./);
    const items = await crumbs();
    expect(items.slice(0, 3)).toEqual(['Home', 'System management', 'Users']);
    expect(items).toHaveLength(4);
    await header().locator('.ant-breadcrumb').getByRole('link', { name: 'Users' }).click();
    await page.waitForURL(/system\/user\/list/);
    await header().locator('h1').filter({ hasText: 'Users' }).waitFor();
  });

  it("a page's actions sit in the header, right of the title (admin home's refresh, cost analysis' range and export)", async () => {
    await open('/pages/admin-index/admin-index', 'Admin home');
    await page.getByTestId('page-extra').getByRole('button', { name: 'Refresh' }).waitFor();
    await open('/pages/expense/analysis/analysis', 'Cost analysis');
    await page
      .getByTestId('page-extra')
      .getByRole('button', { name: /Export/ })
      .waitFor();
    const [h1, extra] = await Promise.all([header().locator('h1').boundingBox(), page.getByTestId('page-extra').boundingBox()]);
    expect(extra!.x).toBeGreaterThan(h1!.x);
    await screenshot(page, 'frame-analysis-1280');
  });

  it('in Chinese too: the breadcrumb and the title follow the language', async () => {
    await open('/pages/system/user/list', 'Users');
    await page.locator('.console-top-bar [title="简体中文"]').click();
    await header().locator('h1').filter({ hasText: '用户' }).waitFor();
    const items = await crumbs();
    expect(items[0]).toBe('首页');
    await screenshot(page, 'frame-users-zh-1280');
    await page.locator('.console-top-bar [title="English"]').click();
    await header().locator('h1').filter({ hasText: 'Users' }).waitFor();
  });
});

describe('the admin home', () => {
  it('a reconciliation older than some accounts says so, and reconciling again counts them all', async () => {
    // the last report counts the admin alone, then a member signs up
    const token = (await storedToken(page))!;
    expect((await api('POST', '/api/credits/reconcile', {}, token)).status).toBe(200);
    await makeUser('frame_member', 'Member#2026');
    await open('/pages/admin-index/admin-index', 'Admin home');
    const line = page.getByTestId('ledger-reconciliation');
    await line.getByText('1 account, no differences', { exact: false }).waitFor();
    await line.getByText('1 account was added since: reconcile again to include them').waitFor();
    await line.getByRole('button', { name: 'Reconcile now' }).click();
    await line.getByText('2 accounts, no differences', { exact: false }).waitFor();
    expect(await page.getByTestId('reconcile-since').count()).toBe(0);
  });
});

describe('a full load', () => {
  it('index.html carries the skeleton, drawn before any script runs', async () => {
    const html = await (await fetch(`${BASE()}/`)).text();
    expect(html).toContain('console-boot');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const hold = async (route: Route) => {
      await held;
      await route.continue();
    };
    // the console's own code is held back: only index.html and its CSS are there
    await page.route(/\/umi\.[^/]*\.js$/, hold);
    try {
      // a new document (a hash change alone would keep the running console)
      await page.goto('about:blank');
      await page.goto(`${BASE()}/#/pages/system/user/list`, { waitUntil: 'commit' });
      const skeleton = page.locator('.console-boot');
      await skeleton.waitFor();
      const box = await skeleton.boundingBox();
      expect(box!.width).toBeGreaterThan(300);
      expect(box!.height).toBeGreaterThan(300);
      // a signed-in framed page: the top bar's and the left menu's places are drawn
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-boot'))).toBe('full');
      expect(await page.locator('.console-boot-side').isVisible()).toBe(true);
      release();
      await header().locator('h1').filter({ hasText: 'Users' }).waitFor();
      // the skeleton goes once the frame has been drawn (an effect after its first paint)
      await page.locator('.console-boot').waitFor({ state: 'detached', timeout: 5000 });
    } finally {
      release();
      await page.unroute(/\/umi\.[^/]*\.js$/, hold);
    }
  });

  it('the left menu keeps its place while the menus load: the page does not move when they arrive', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const hold = async (route: Route) => {
      await held;
      await route.continue();
    };
    await page.route('**/api/menus/nav', hold);
    try {
      await page.reload();
      await header().locator('h1').filter({ hasText: 'Users' }).waitFor();
      await page.getByTestId('menu-placeholder').waitFor();
      const before = await page.locator('#console-main').boundingBox();
      expect(before!.x).toBeGreaterThanOrEqual(240);
      release();
      await page.locator('#console-side-menu .ant-menu-root').waitFor();
      expect(await page.getByTestId('menu-placeholder').count()).toBe(0);
      const after = await page.locator('#console-main').boundingBox();
      expect(after!.x).toBe(before!.x);
      expect(after!.width).toBe(before!.width);
    } finally {
      release();
      await page.unroute('**/api/menus/nav', hold);
    }
  });
});

describe('390 px: the top bar fits', () => {
  beforeAll(async () => {
    await page.setViewportSize({ width: 390, height: 844 });
  });
  afterAll(async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it.each([
    ['/pages/assistant/chat/chat', 'chat'],
    ['/pages/assistant/todo-list/todo-list', 'tasks'],
    ['/pages/system/user/list', 'users'],
  ])('%s: nothing scrolls sideways, the user menu is on screen', async (path, name) => {
    await go(path);
    await header().waitFor();
    const menu = page.getByLabel('Account menu');
    await menu.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await bodyWidth()).toBeLessThanOrEqual(390);
    const box = await menu.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    // the switches are not in the top bar: they are in the user menu
    expect(await page.locator('.console-top-bar').getByRole('radio').count()).toBe(0);
    await screenshot(page, `frame-${name}-390`);
  });

  it('the language and theme are chosen from the user menu', async () => {
    await go('/pages/assistant/todo-list/todo-list');
    await header().locator('h1').filter({ hasText: 'Tasks' }).waitFor();
    // opens the user menu, picks an item, and waits until the menu has closed (a click on the
    // button while the last menu is still fading out would close it instead of opening it). A
    // click that lands while the menu is still sliding in can be lost on a loaded machine; the
    // choice is idempotent, so it is made again until the menu has closed.
    const choose = async (button: string, item: string | RegExp) => {
      await page.getByRole('button', { name: button }).click();
      const entry = page.getByRole('menuitem', { name: item });
      for (let attempt = 1; ; attempt++) {
        await entry.click();
        const closed = await entry
          .waitFor({ state: 'hidden', timeout: 5000 })
          .then(() => true)
          .catch((e: Error) => (attempt < 3 ? false : Promise.reject(e)));
        if (closed) return;
      }
    };
    await choose('Account menu', '简体中文');
    await header().locator('h1').filter({ hasText: '任务' }).waitFor();
    expect(await bodyWidth()).toBeLessThanOrEqual(390);
    await screenshot(page, 'frame-tasks-zh-390');
    await choose('账号菜单', /绿色/);
    await page.waitForFunction(() => document.body.getAttribute('data-theme') === 'green');
    await choose('账号菜单', /默认/);
    await page.waitForFunction(() => document.body.getAttribute('data-theme') === 'default');
    await choose('账号菜单', 'English');
    await header().locator('h1').filter({ hasText: 'Tasks' }).waitFor();
    expect(hashUrl(page)).toContain('todo-list');
  });
});
