/**
 * Every theme (default, green, dark) keeps text at WCAG AA contrast: axe-core's color-contrast
 * rule over the console's main pages, signed in as an admin with some data on them, and over
 * the sign-in page; the dark theme darkens the frame and the pages, not only the accent.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { THEME_KEY, THEMES, type ThemeName } from '../../src/shared/theme';
import { api, e2eSession } from './browser';

const ADMIN = { username: 'theme_admin', password: 'Admin#2026' };
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** pages with the parts most themes get wrong: menus and selected items, tags, tables, secondary text, charts, forms */
const ROUTES = [
  '/pages/index/index',
  '/pages/admin-index/admin-index',
  '/pages/system/user/list',
  '/pages/system/role/list',
  '/pages/system/menu/list',
  '/pages/system/app/list',
  '/pages/assistant/chat/chat',
  '/pages/assistant/prompts/prompts',
  '/pages/expense/recharge/recharge',
  '/pages/expense/analysis/analysis',
  '/uni_modules/uni-cms/pages/article/list/list',
  '/pages/uni-stat/device/overview/overview',
  '/uni_modules/uni-id-pages/pages/userinfo/userinfo',
];

let token = '';
const session = e2eSession('themes', async () => {
  const r = await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  token = r.body.data.token;
});

/** the page has settled: nothing loading, no skeleton, no spinner, no animation running */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      !document.querySelector('.ant-skeleton, .ant-spin-spinning, .ant-btn-loading, .console-boot') &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

interface Failure {
  theme: ThemeName;
  route: string;
  target: string;
  summary: string;
}

async function contrastFailures(page: Page, theme: ThemeName, route: string): Promise<Failure[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const nodes = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { nodes: { target: string[]; failureSummary?: string }[] }[] }> } }
    ).axe;
    const r = await axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] });
    return r.violations.flatMap((v) => v.nodes.map((n) => ({ target: n.target.join(' '), summary: (n.failureSummary ?? '').split('\n').slice(-1)[0] })));
  });
  return nodes.map((n) => ({ theme, route, ...n }));
}

describe('contrast in every theme', () => {
  beforeAll(async () => {
    // something in the lists: a tag, a user with roles, a prompt
    expect((await api('POST', '/api/system/tags', { tagid: 'vip', name: 'VIP', description: 'paying users' }, token)).status).toBe(200);
    expect(
      (await api('POST', '/api/prompts', { title: 'Weekly report', body: 'Write a weekly report about {{topic}}', category: 'Work', tags: ['work'] }, token))
        .status,
    ).toBe(200);
    await session.signIn(ADMIN.username, ADMIN.password);
  });

  const cases = THEMES.flatMap((theme) => ROUTES.map((route) => [theme, route] as const));
  it.each(cases)('%s theme, %s: axe-core color-contrast passes', async (theme, route) => {
    const page = session.page();
    await session.go(route);
    await page.evaluate(([k, v]) => localStorage.setItem(k, v), [THEME_KEY, theme] as const);
    await page.reload();
    await page.waitForFunction((name) => document.body.getAttribute('data-theme') === name, theme);
    await settled(page);
    const failures = await contrastFailures(page, theme, route);
    if (theme === 'dark') {
      // the frame and the page are dark, not only the accent
      const bg = await page.evaluate(() => getComputedStyle(document.querySelector('.ant-layout') ?? document.body).backgroundColor);
      const [r, g, b] = (bg.match(/\d+/g) ?? ['255', '255', '255']).map(Number);
      expect(r + g + b).toBeLessThan(120);
    }
    expect(failures).toEqual([]);
  });

  it.each(THEMES)('the sign-in page in the %s theme passes too', async (theme) => {
    const page = session.page();
    await session.go('/uni_modules/uni-id-pages/pages/login/login-withpwd');
    await page.evaluate(([k, v]) => (localStorage.clear(), localStorage.setItem(k, v)), [THEME_KEY, theme] as const);
    await page.reload();
    await page.locator('#username').waitFor();
    await settled(page);
    expect(await contrastFailures(page, theme, 'login')).toEqual([]);
  });
});
