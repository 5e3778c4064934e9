/**
 * Every signed-in route of the console, at 1280 x 800 and at 390 x 844, across the three languages
 * and the three themes (each route meets a different language and theme at each width): no page
 * error or console error, the frame's header with its title and breadcrumb, nothing scrolls the
 * page sideways, no table text cut without an ellipsis, no built-in name left in English on a
 * Chinese screen, and (at 1280) axe-core's colour contrast passes.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { routes } from '../../config/routes';
import { THEME_KEY, THEMES } from '../../src/shared/theme';
import { api, e2eSession, screenshot } from './browser';
import { layoutProblems } from './layout';

const ADMIN = { username: 'walk_admin', password: 'Admin#2026' };
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const LANGS = ['en-US', 'zh-CN', 'zh-TW'] as const;
const EN = JSON.parse(fs.readFileSync(require.resolve('../../locales/en-US.json'), 'utf8')) as Record<string, string>;
/**
 * the English built-in names (roles, permissions, store categories): never on a Chinese screen
 * (the starter tags aside: short words such as "code" or "work" may be in what a user wrote)
 */
const BUILT_IN_EN = Object.entries(EN)
  .filter(([k]) => k.startsWith('builtin.') && k !== 'builtin.comment' && !k.startsWith('builtin.tag.'))
  .map(([, v]) => v);

/** the pages a signed-in admin opens from the menu (sign-in pages, edit pages without a record and the webview aside) */
const WALKED = routes
  .filter((r) => r.frame !== 'none' && r.path !== '/' && !r.path.endsWith('/edit') && !r.path.includes('/:') && !r.path.includes('*'))
  .map((r) => ({ path: r.path, framed: r.frame === 'full' }));

/** requests a page makes that may fail here: the ad page without an ad network set up says so */
const EXPECTED_FAILURES: Record<string, RegExp> = {
  '/uni_modules/uni-pay/pages/ad-interactive-webview/ad-interactive-webview': /^\/api\/ads\/views$/,
};

let token = '';
const session = e2eSession('walk', async () => {
  const r = await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  token = r.body.data.token;
});
let page: Page;
const errors: string[] = [];
beforeAll(async () => {
  // something in the lists: a tag and a prompt
  await api('POST', '/api/system/tags', { tagid: 'walk', name: 'Walkers', description: 'a tag' }, token);
  await api('POST', '/api/prompts', { title: 'Quarterly summary', body: 'Sum up the quarter of {{team}}', category: 'Work', tags: ['work'] }, token);
  page = session.page();
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  // a failed request is reported by its address (below); the browser's own line about it says less
  page.on('console', (m) => (m.type() === 'error' && !m.text().startsWith('Failed to load resource') ? errors.push(`console error: ${m.text()}`) : undefined));
  // a request is judged by the page that made it: one that fails after the walk has moved on is not the next page's
  const madeOn = new WeakMap<object, string>();
  page.on('request', (r) => madeOn.set(r, page.url()));
  page.on('response', (r) => {
    if (r.status() < 400) return;
    const url = new URL(r.url());
    const from = madeOn.get(r.request()) ?? page.url();
    const expected = Object.entries(EXPECTED_FAILURES).some(([route, call]) => from.includes(route) && call.test(url.pathname));
    if (!expected) errors.push(`${r.status()} from ${r.request().method()} ${url.pathname}${url.search}`);
  });
  await session.signIn(ADMIN.username, ADMIN.password);
});

/** the page has settled: nothing loading, no skeleton, no spinner, no transition running (a colour half way is no colour) */
async function settled() {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(
      () =>
        !document.querySelector('.ant-skeleton, .ant-spin-spinning, .ant-btn-loading, .console-boot') &&
        document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 30_000 },
    )
    .catch(() => undefined);
}

async function contrastFailures(): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { nodes: { target: string[]; failureSummary?: string }[] }[] }> } }
    ).axe;
    const r = await axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] });
    return r.violations.flatMap((v) => v.nodes.map((n) => `contrast: ${n.target.join(' ')} ${(n.failureSummary ?? '').split('\n').slice(-1)[0]}`));
  });
}

/** what is wrong with the page on screen, as readable lines */
async function problemsOf(route: { path: string; framed: boolean }, lang: string, width: number): Promise<string[]> {
  const problems: string[] = [];
  if (route.framed) {
    const header = page.getByTestId('page-header');
    const ok = await header
      .locator('h1')
      .first()
      .waitFor({ timeout: 30_000 })
      .then(() => true)
      .catch(() => false);
    if (!ok) problems.push('no page header with a title');
    else if (route.path !== '/pages/index/index' && !(await header.locator('.ant-breadcrumb').count())) problems.push('no breadcrumb');
  }
  problems.push(...(await layoutProblems(page, { tableMayScroll: true })));
  if (lang !== 'en-US') {
    const text = await page.evaluate(() => document.body.innerText);
    for (const name of BUILT_IN_EN) if (text.includes(name)) problems.push(`a built-in name in English: "${name}"`);
  }
  if (width === 1280) {
    // a control that was disabled while its data loaded may be fading back in: judged again once settled
    let contrast = await contrastFailures();
    if (contrast.length) {
      await settled();
      contrast = await contrastFailures();
    }
    problems.push(...contrast);
  }
  return problems;
}

describe.each([
  [1280, 800],
  [390, 844],
])('every route at %i x %i', (width, height) => {
  // each language and theme takes a third of the routes; the other width shifts the themes
  const groups = LANGS.map((lang, g) => ({
    lang,
    theme: THEMES[(g + (width === 1280 ? 0 : 1)) % THEMES.length],
    routes: WALKED.filter((_, i) => i % LANGS.length === g),
  }));

  it.each(groups.map((g) => [g.lang, g.theme, g] as const))(
    'in %s with the %s theme',
    async (lang, theme, group) => {
      await page.setViewportSize({ width, height });
      await page.evaluate(
        ([lk, lv, tk, tv]) => {
          localStorage.setItem(lk, lv);
          localStorage.setItem(tk, tv);
        },
        ['umi_locale', lang, THEME_KEY, theme] as const,
      );
      await page.reload();
      await page.waitForFunction((name) => document.body.getAttribute('data-theme') === name, theme);
      const found: string[] = [];
      for (const route of group.routes) {
        errors.length = 0;
        // a client-side navigation draws the next route a moment later: judged once its header has changed (5 s at most)
        const before = await page.evaluate(() => document.querySelector('[data-testid="page-header"] h1')?.textContent ?? null);
        await session.go(route.path);
        await page
          .waitForFunction((prev) => (document.querySelector('[data-testid="page-header"] h1')?.textContent ?? null) !== prev, before, { timeout: 5_000 })
          .catch(() => undefined);
        await settled();
        const problems = [...(await problemsOf(route, lang, width)), ...errors];
        // every route's picture, to be looked at (tmp/screens)
        await screenshot(page, `walk-${width}-${lang}-${theme}${route.path.replace(/\W+/g, '-')}`);
        found.push(...problems.map((p) => `${route.path}: ${p}`));
      }
      expect(found).toEqual([]);
    },
    900_000,
  );
});
