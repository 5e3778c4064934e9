/**
 * `npm run dev` as a new developer meets it: one start from empty umi caches (no MFSU pre-build
 * to lean on), the login page, the console home and one page of every area as the demo admin in
 * Chromium, with no page error, no failed script and no build error in umi's log (an import that
 * only the production build's resolver can follow breaks MFSU's pre-build, and with it every
 * page); then a page source edited while it is open arrives by hot reload, and Ctrl-C stops
 * everything.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openBrowser } from './browser';
import { buildErrors, prepareDevRoot, startDevConsole, waitForLoginForm, type DevConsole } from '../support/dev-console';

/** one page of every area (the demo admin sees them all) */
const AREA_PAGES = [
  '/pages/index/index',
  '/pages/admin-index/admin-index',
  '/pages/system/user/list',
  '/pages/system/menu/list',
  '/pages/system/safety/list',
  '/pages/ai-model/list',
  '/pages/assistant/chat/chat',
  '/pages/assistant/prompts/prompts',
  '/pages/assistant/prompts-store/prompts-store',
  '/pages/assistant/todo-list/todo-list',
  '/pages/assistant/search/search',
  '/pages/assistant/waveform/waveform',
  '/pages/assistant/document/document',
  '/pages/expense/analysis/analysis',
  '/pages/expense/recharge/recharge',
  '/pages/expense/invoice/invoice',
  '/pages/finance/orders/list',
  '/pages/uni-stat/device/overview/overview',
  '/pages/uni-stat/error/js/js',
  '/pages/dsw-welfare/list',
  '/uni_modules/uni-upgrade-center/pages/version/list',
  '/uni_modules/uni-cms/pages/article/list/list',
  '/pages/site-message/list',
  '/pages/index/my-message',
  '/uni_modules/uni-id-pages/pages/userinfo/userinfo',
];
const AUDIO_DEMO = '/pages/demo/audio/audio';

let dev: DevConsole | undefined;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
const pageErrors: string[] = [];
const failedScripts: string[] = [];
/** what Vite's client printed in the page (connection, updates) */
const viteLines: string[] = [];

beforeAll(async () => {
  dev = await startDevConsole(prepareDevRoot());
  browser = await openBrowser();
  page = browser.page;
  page.on('console', (m) => {
    if (m.text().includes('[vite]')) viteLines.push(m.text());
  });
  page.on('pageerror', (e) => pageErrors.push(`${page.url()}: ${e.message}`));
  page.on('requestfailed', (r) => {
    if (r.resourceType() === 'script') failedScripts.push(`${r.url()} (${r.failure()?.errorText})`);
  });
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script' && r.status() >= 400) failedScripts.push(`${r.url()} (${r.status()})`);
  });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  if (dev) {
    await dev.stop();
    fs.rmSync(dev.root, { recursive: true, force: true });
  }
}, 60_000);

/** the page shown in the frame has drawn its content: text, no spinner, no failure notice */
async function rendered(route: string) {
  await page.goto(`${dev!.base}/#${route}`);
  await page.waitForFunction(
    () => {
      const main = document.getElementById('console-main');
      if (!main || !main.innerText.trim()) return false;
      return !main.querySelector('.ant-spin-spinning, .ant-skeleton-active');
    },
    undefined,
    { timeout: 30_000 },
  );
  expect(
    await page
      .locator('#console-main [role=alert]')
      .filter({ hasText: /could not be loaded|went wrong/ })
      .count(),
  ).toBe(0);
}

it('from empty caches: the login form, then every area as the demo admin, without a page error, a failed script or a build error', async () => {
  const usable = await waitForLoginForm(page, dev!.base);
  console.log(`npm run dev, cold: the login form usable ${((usable - dev!.startedAt) / 1000).toFixed(1)} s after the start`);
  await page.locator('#username').fill('admin');
  await page.locator('#password').fill('Admin#2026');
  await page.locator('#password').press('Enter');
  await page.waitForURL((u) => !u.hash.includes('login'), { timeout: 30_000 });
  for (const route of AREA_PAGES) await rendered(route);
  // the waveform component (wavesurfer.js and its plugins) draws into its shadow root
  await rendered(AUDIO_DEMO);
  await page.waitForFunction(() => !!document.querySelector('[data-testid=demo-waveform] div')?.shadowRoot?.querySelector('canvas'));
  expect(await page.getByLabel(/^Error log/).count()).toBe(0);
  expect(pageErrors).toEqual([]);
  expect(failedScripts).toEqual([]);
  expect(buildErrors(dev!.output())).toEqual([]);
  // the tsconfig umi dev wrote (the project's extends it) has only relative paths: tsx, which
  // runs the server and its scripts, refuses any other without a baseUrl
  const written = JSON.parse(fs.readFileSync(path.join(dev!.root, 'src', '.umi', 'tsconfig.json'), 'utf8'));
  const targets = Object.values(written.compilerOptions.paths as Record<string, string[]>).flat();
  expect(targets.filter((p) => !p.startsWith('.'))).toEqual([]);
}, 300_000);

it('a page source edited while it is open arrives by hot reload, without reloading the document', async () => {
  await rendered(AUDIO_DEMO);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  const file = path.join(dev!.root, 'src', AUDIO_DEMO.slice(1) + '.tsx');
  expect(fs.existsSync(file)).toBe(true);
  // the page's component keeps its name and gains a line above what it drew (its imports stay as
  // they are, as in an everyday edit)
  const source = fs.readFileSync(file, 'utf8');
  const name = /export default function (\w+)\(/.exec(source)?.[1];
  expect(name).toBeTruthy();
  const body = `${name}Body`;
  const edited = source.replace(`export default function ${name}(`, `function ${body}(`);
  // saved as an editor saves atomically (a new file renamed over the old one): a write in place
  // can be read half-done on a loaded machine, and Vite then refreshes an empty module ("Could not
  // Fast Refresh (export removed)") and never shows the edit
  const next = `${file}.saving`;
  fs.writeFileSync(
    next,
    `${edited}\nexport default function ${name}() {\n  return (\n    <>\n      <p data-testid="hot-reloaded">Edited while the page was open</p>\n      <${body} />\n    </>\n  );\n}\n`,
  );
  const logFrom = dev!.output().length;
  fs.renameSync(next, file);
  await page
    .getByTestId('hot-reloaded')
    .waitFor({ timeout: 60_000 })
    .catch((e: Error) => {
      throw new Error(`${e.message}\numi said:\n${dev!.output().slice(logFrom)}\nthe page said:\n${viteLines.join('\n')}`);
    });
  await page.getByTestId('demo-waveform').waitFor();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  expect(pageErrors).toEqual([]);
  expect(buildErrors(dev!.output())).toEqual([]);
}, 120_000);

it('Ctrl-C stops umi dev, the dev API and its database', async () => {
  const ended = await dev!.stop();
  const root = dev!.root;
  dev = undefined;
  fs.rmSync(root, { recursive: true, force: true });
  expect(ended.code).toBe(0);
  expect(ended.leftover).toEqual([]);
}, 60_000);
