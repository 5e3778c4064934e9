/**
 * Debian's Chromium driven by playwright-core (no downloaded browser here), one fresh
 * persistent context per test file, plus helpers shared by the end-to-end tests.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page, type Response } from 'playwright-core';
import { captchaAnswer } from '../support/verify';
import { withDb } from './fixtures';

export const BASE = () => {
  const b = process.env.E2E_BASE_URL;
  if (!b) throw new Error('E2E_BASE_URL is not set: run through jest (tests/e2e/global-setup.ts)');
  return b;
};

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function openBrowser(opts: { locale?: string } = {}): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    locale: opts.locale ?? 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(15000);
  return {
    context,
    page,
    async close() {
      await context.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Calls the API directly (set-up steps that are not what a test is about). */
export async function api<T = any>(method: string, url: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
  const r = await fetch(`${BASE()}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as T };
}

/** the error text under the form item holding the input #field */
export const fieldError = (page: Page, field: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.locator(`#${field}`) })
    .locator('.ant-form-item-explain-error');

const isCaptcha = (r: Response) => r.url().includes('/api/auth/captcha?');

/**
 * runs `action`, which makes the page load a captcha, and answers the text of the captcha the
 * page then shows (read from its row): the picture on screen decides, since a form that mounts
 * twice fetches twice and only the last answer is shown
 */
export async function captchaAfter(page: Page, action: () => Promise<unknown>): Promise<string> {
  const ids = new Map<string, string>(); // picture -> captcha id
  const onResponse = (r: Response) => {
    if (isCaptcha(r))
      r.json().then(
        (b: { data: { id: string; image: string } }) => ids.set(b.data.image, b.data.id),
        () => undefined,
      );
  };
  page.on('response', onResponse);
  try {
    const loaded = page.waitForResponse(isCaptcha);
    await action();
    await loaded;
    const picture = page.getByTestId('captcha-image').locator('img').first();
    const deadline = Date.now() + 15_000;
    for (;;) {
      const src = await picture.getAttribute('src', { timeout: 1000 }).catch(() => null);
      const id = src ? ids.get(src) : undefined;
      if (id) return await withDb((c) => captchaAnswer(c, id));
      if (Date.now() > deadline) throw new Error('no captcha the server sent is on the page');
      await page.waitForTimeout(50);
    }
  } finally {
    page.off('response', onResponse);
  }
}

/** the stored access token, wherever the login is kept (sessionStorage by default, localStorage with "keep me signed in") */
export const storedToken = (page: Page) => page.evaluate(() => sessionStorage.getItem('uni_id_token') ?? localStorage.getItem('uni_id_token'));

/** forgets the login in this tab without telling the server */
export const forgetLogin = (page: Page) =>
  page.evaluate(() => {
    for (const k of ['uni_id_token', 'uni_id_token_expired', 'uni_id_refresh_token', 'uni_id_score']) {
      localStorage.removeItem(k);
      sessionStorage.removeItem(k);
    }
  });

/**
 * Answers the open confirmation (a confirm dialog or a popconfirm) with one of its buttons once it
 * has finished zooming in: a click while it still zooms in can miss the moving button on a busy
 * machine. `hasText` picks the confirmation by its text.
 */
export async function confirmWith(page: Page, button: string | RegExp, hasText?: string) {
  const answer = page.locator('.ant-modal-confirm, .ant-popconfirm', hasText ? { hasText } : {}).getByRole('button', { name: button });
  await answer.waitFor();
  await page.waitForFunction(() => !document.querySelector('.ant-modal-confirm[class*="-appear"], .ant-popconfirm[class*="-appear"]'));
  await answer.click();
}

export const hashUrl = (page: Page) => decodeURIComponent(new URL(page.url()).hash);

export async function screenshot(page: Page, name: string) {
  const dir = path.resolve(__dirname, '../../tmp/screens');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/**
 * The frame of every end-to-end file: its own server on a fresh database, one browser page,
 * a screenshot after each test (tmp/screens), everything stopped afterwards.
 * `prepare` runs once the server is up, before the browser opens; `opts.env` gives the server
 * extra environment (read when the server starts, so an earlier beforeAll can set it up).
 */
export function e2eSession(prefix: string, prepare?: () => Promise<void>, opts: { env?: () => Record<string, string> } = {}) {
  const s = {} as { server: import('./server').E2EServer; browser: Awaited<ReturnType<typeof openBrowser>>; page: Page };
  beforeAll(async () => {
    const { startE2EServer } = await import('./server');
    s.server = await startE2EServer(opts.env?.());
    await prepare?.();
    s.browser = await openBrowser();
    s.page = s.browser.page;
    // a server, its seed and a browser: minutes, not seconds, on a busy machine
  }, 240_000);
  afterAll(async () => {
    await s.browser?.close();
    await s.server?.stop();
  });
  afterEach(async () => {
    const name = expect.getState().currentTestName?.replace(/\W+/g, '-').slice(0, 80);
    if (s.page && name) await screenshot(s.page, `${prefix}-${name}`).catch(() => undefined);
  });
  const go = (path: string) => s.page.goto(`${BASE()}/#${path}`);
  return {
    page: () => s.page,
    /** opens a console route (hash path) */
    go,
    /**
     * a fresh sign-in through the password login page, waiting until it has left the login
     * pages; `keep` ticks "keep me signed in" (the login in localStorage), as by default here
     */
    async signIn(username: string, password: string, opts: { keep?: boolean } = {}) {
      // the login page itself, emptied and started afresh: a page still starting with the old
      // login could otherwise send us to the default login page once its token is gone
      await go('/uni_modules/uni-id-pages/pages/login/login-withpwd');
      await s.page.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
      await s.page.reload();
      await s.page.locator('#username').fill(username);
      await s.page.locator('#password').fill(password);
      if (opts.keep ?? true) await s.page.getByText('Keep me signed in').click();
      await s.page.locator('#password').press('Enter');
      await s.page.waitForURL((u) => !u.hash.includes('login'));
    },
  };
}
