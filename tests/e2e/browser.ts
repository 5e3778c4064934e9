/**
 * Debian's Chromium driven by playwright-core (no downloaded browser here), one fresh
 * persistent context per test file, plus helpers shared by the end-to-end tests.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

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
  });
  afterAll(async () => {
    await s.browser?.close();
    await s.server?.stop();
  });
  afterEach(async () => {
    const name = expect.getState().currentTestName?.replace(/\W+/g, '-').slice(0, 80);
    if (s.page && name) await screenshot(s.page, `${prefix}-${name}`).catch(() => undefined);
  });
  return {
    page: () => s.page,
    /** opens a console route (hash path) */
    go: (path: string) => s.page.goto(`${BASE()}/#${path}`),
  };
}
