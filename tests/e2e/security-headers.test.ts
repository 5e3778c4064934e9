/**
 * The console under its Content-Security-Policy in a real Chromium: signing in and the admin
 * pages raise no CSP violation, the webview page still frames an allow-listed origin, and a
 * page of another site cannot frame the console.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { api, BASE, e2eSession } from './browser';

const ADMIN = { username: 'csp_admin', password: 'Admin#2026' };

/** a local "other site": the framed page for the webview, and a page that frames the console */
const other = http.createServer((req, res) => {
  res.setHeader('content-type', 'text/html');
  if (req.url?.startsWith('/frame-console')) {
    res.end(`<iframe id="c" src="${BASE()}/" style="width:800px;height:600px"></iframe>`);
  } else {
    res.end('<h1 id="framed">framed page</h1>');
  }
});
let otherOrigin = '';

// the other site listens before the server starts (its origin is in WEBVIEW_ALLOW): this
// beforeAll is registered before e2eSession's, so it runs first
const listening = new Promise<void>((resolve) =>
  other.listen(0, '127.0.0.1', () => {
    otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    resolve();
  }),
);
beforeAll(() => listening, 10_000);

const session = e2eSession(
  'csp',
  async () => {
    const r = await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password });
    if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  },
  {
    env: () => ({ WEBVIEW_ALLOW: otherOrigin }),
  },
);
let page: Page;
const violations: string[] = [];

beforeAll(async () => {
  page = session.page();
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
});
afterAll(async () => {
  await new Promise((r) => other.close(r));
});

describe('the console under its Content-Security-Policy', () => {
  it('signs in and shows the admin pages without a CSP violation', async () => {
    await session.signIn(ADMIN.username, ADMIN.password);
    await session.go('/pages/system/user/list');
    await page.getByText(ADMIN.username).first().waitFor();
    expect(violations).toEqual([]);
  });

  it('the webview page frames an allow-listed origin', async () => {
    await session.go(`/uni_modules/uni-id-pages/pages/common/webview/webview?url=${encodeURIComponent(`${otherOrigin}/page`)}`);
    const frame = page.frameLocator('iframe');
    await frame.locator('#framed').waitFor();
    expect(violations).toEqual([]);
  });

  it('another site cannot frame the console', async () => {
    await page.goto(`${otherOrigin}/frame-console`);
    await page.waitForTimeout(1500);
    const inner = page.frames().find((f) => f.url().startsWith(BASE()));
    // the frame stays empty: Chromium refuses to render it (frame-ancestors 'self')
    const rendered = inner
      ? await inner
          .locator('#root')
          .count()
          .catch(() => 0)
      : 0;
    expect(rendered).toBe(0);
    expect(violations.some((v) => /frame-ancestors/.test(v))).toBe(true);
  });
});
