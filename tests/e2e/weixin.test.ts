/**
 * Weixin web sign-in in Chromium: the server runs with WEIXIN_* pointing at a local
 * stand-in of weixin's OAuth pages and API (tests/support/weixin-standin.ts) and without
 * PUBLIC_URL, so weixin's redirect_uri comes from the request's host. A page that needs a
 * login -> the login page -> weixin -> Confirm -> back signed in on that page; Cancel and a
 * forged state end on the login page with the error; without weixin configured the button is
 * disabled with its hint.
 */
import type { Page } from 'playwright-core';
import { startWeixinStandin, type WeixinStandin } from '../support/weixin-standin';
import { api, BASE, confirmWith, e2eSession, forgetLogin, hashUrl, screenshot, storedToken as storedTokenOf } from './browser';
import { makeUser, withDb } from './fixtures';

const UNI = '/uni_modules/uni-id-pages/pages';
const LOGIN = `${UNI}/login/login-withoutpwd`;
const USERINFO = `${UNI}/userinfo/userinfo`;
const HOME = '/pages/index/index';

let wx: WeixinStandin;
beforeAll(async () => {
  wx = await startWeixinStandin({
    appName: 'Stand-in console app',
    users: [
      { openid: 'o_e2e', unionid: 'u_e2e', nickname: 'Weixin Walker', headimgurl: 'https://wx.example/head/e2e' },
      { openid: 'o_linker', unionid: 'u_linker', nickname: 'Linker' },
    ],
  });
});
afterAll(async () => {
  await wx?.close();
});

// the deployment also offers sign-in by SMS code (uni-id's login type smsCode)
const session = e2eSession('weixin', () => makeUser('linker', 'Linker#2026'), {
  env: () => ({ ...wx.env(), PUBLIC_URL: '', LOGIN_TYPES: 'weixin,username,smsCode' }),
});
const { go } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

async function signOutHere() {
  if (!page.url().startsWith('http')) await go(LOGIN);
  await forgetLogin(page);
  // the next page a new document: a hash change alone keeps the signed-in app
  await page.goto('about:blank');
}

const storedToken = () => storedTokenOf(page);

/** from a page that needs a login: the guard's login page, then the weixin button to weixin's page */
async function toWeixinFrom(path: string) {
  await signOutHere();
  await go(path);
  await page.waitForURL((u) => u.hash.includes('login-withoutpwd'));
  await page.getByRole('button', { name: 'Sign in with Weixin' }).click();
  await page.waitForURL((u) => u.href.startsWith(`${wx.base}/connect/qrconnect`));
  await page.getByText('Stand-in console app').first().waitFor();
}

describe('weixin sign-in', () => {
  it('from a page that needs a login: weixin, Confirm, back signed in on that page as a new account', async () => {
    await toWeixinFrom(`${HOME}?from=weixin`);
    const authorize = new URL(page.url());
    // PUBLIC_URL unset: weixin is told to come back to the host the browser used
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${BASE()}/api/auth/weixin/callback`);
    expect(authorize.searchParams.get('scope')).toBe('snsapi_login');
    await expect(page.locator('#who').textContent()).resolves.toBe('Weixin Walker');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((u) => u.origin === BASE() && u.hash.startsWith(`#${HOME}`));
    expect(hashUrl(page)).toBe(`#${HOME}?from=weixin`);
    await page.getByText('Login succeeded').waitFor();
    // no token in any address the browser saw: only the one-time ticket
    const token = await storedToken();
    expect(token).toBeTruthy();
    const me = await api('GET', '/api/auth/me', undefined, token!);
    expect(me.body.data).toMatchObject({ nickname: 'Weixin Walker', score: 10000, wxBound: true, hasPassword: false });
    const rows = await withDb((c) => c.query(`SELECT count(*)::int AS n FROM users WHERE wx_unionid = 'u_e2e'`));
    expect(rows.rows[0].n).toBe(1);
  });

  it('signs the same weixin account in again, without a second account', async () => {
    await toWeixinFrom(HOME);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((u) => u.origin === BASE() && hashUrl(page) === `#${HOME}`);
    const me = await api('GET', '/api/auth/me', undefined, (await storedToken())!);
    expect(me.body.data.nickname).toBe('Weixin Walker');
    const rows = await withDb((c) => c.query(`SELECT count(*)::int AS n FROM users WHERE wx_unionid = 'u_e2e'`));
    expect(rows.rows[0].n).toBe(1);
  });

  it('without a redirect url: three history steps back, to the page before the login page', async () => {
    await signOutHere();
    // a public page, then the login page opened on top of it (no uniIdRedirectUrl)
    await go(`${UNI}/common/webview/webview?url=${encodeURIComponent('https://nowhere.example/')}&title=Before`);
    await page.getByText('Before').first().waitFor();
    await go(LOGIN);
    await page.getByRole('button', { name: 'Sign in with Weixin' }).click();
    await page.waitForURL((u) => u.href.startsWith(`${wx.base}/connect/qrconnect`));
    await page.getByRole('button', { name: 'Confirm' }).click();
    // login page -> weixin -> callback (a redirect) -> login page with the ticket: back 3 is the page before
    await page.waitForURL((u) => u.origin === BASE() && u.hash.includes('common/webview/webview'));
    expect(await storedToken()).toBeTruthy();
  });

  it('Cancel on weixin comes back to the login page with the error, signed out', async () => {
    await toWeixinFrom(HOME);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((u) => u.origin === BASE() && u.hash.includes('login-withoutpwd'));
    await page.getByText('Weixin sign-in was cancelled').waitFor();
    expect(hashUrl(page)).toContain(`uniIdRedirectUrl=${HOME}`);
    expect(await storedToken()).toBeNull();
    // the choices are still there: another try is one click away
    await page.getByRole('button', { name: 'Sign in with Weixin' }).waitFor();
  });

  it('a forged state is refused: no sign-in, the login page says so', async () => {
    await signOutHere();
    const before = wx.requests.length;
    await page.goto(`${BASE()}/api/auth/weixin/callback?code=made-up&state=${'a'.repeat(32)}`);
    await page.waitForURL((u) => u.hash.includes('login-withoutpwd'));
    await page.getByText('This Weixin sign-in is no longer valid (expired or already used). Please start again.').waitFor();
    expect(await storedToken()).toBeNull();
    // the server did not even try the code with weixin
    expect(wx.requests.slice(before).filter((r) => r.path === '/sns/oauth2/access_token')).toEqual([]);
  });

  it('without weixin configured the button is disabled and says why', async () => {
    await signOutHere();
    await page.route('**/api/auth/login-config', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      await route.fulfill({ response: res, json: { ...body, data: { ...body.data, weixinConfigured: false } } });
    });
    try {
      await go(LOGIN);
      // a fresh load, so the page asks for the login config again
      await page.reload();
      const wrapper = page.getByLabel('Sign in with Weixin: Weixin sign-in is not configured on this server');
      await wrapper.waitFor();
      await expect(page.getByRole('button', { name: 'Sign in with Weixin' }).isDisabled()).resolves.toBe(true);
      await wrapper.focus();
      await page.getByRole('tooltip').getByText('Weixin sign-in is not configured on this server').waitFor();
      await screenshot(page, 'weixin-login-unconfigured');
    } finally {
      await page.unroute('**/api/auth/login-config');
    }
  });

  it('with smsCode enabled, a mobile number goes on to the SMS code page (Enter submits)', async () => {
    await signOutHere();
    await go(`${LOGIN}?uniIdRedirectUrl=${encodeURIComponent(HOME)}`);
    await page.reload();
    const mobile = page.locator('#mobile');
    await mobile.waitFor();
    await expect(mobile.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await mobile.fill('12345');
    await mobile.press('Enter');
    await page.getByText('Invalid mobile number').waitFor();
    await screenshot(page, 'weixin-login-with-smscode');
    await mobile.fill('13800138000');
    await mobile.press('Enter');
    await page.waitForURL((u) => u.hash.includes('login-smscode'));
    const q = new URLSearchParams(hashUrl(page).split('?')[1]);
    expect(Object.fromEntries(q)).toEqual({ mobile: '13800138000', uniIdRedirectUrl: HOME });
  });
});

describe('linking weixin on the userinfo page', () => {
  it('links weixin to a password account, then unlinks it after a confirmation', async () => {
    await signOutHere();
    const bundle = (await api('POST', '/api/auth/login', { username: 'linker', password: 'Linker#2026' })).body.data;
    await go(`${UNI}/login/login-withpwd?uniIdRedirectUrl=${encodeURIComponent(USERINFO)}`);
    await page.locator('#username').fill('linker');
    await page.locator('#password').fill('Linker#2026');
    await page.locator('#password').press('Enter');
    await page.waitForURL((u) => u.hash.startsWith(`#${USERINFO}`));
    const row = page.getByTestId('weixin-bind');
    await row.getByText('Not linked').waitFor();

    wx.current = 'o_linker';
    await row.getByRole('button', { name: 'Link Weixin' }).click();
    await page.waitForURL((u) => u.href.startsWith(`${wx.base}/connect/qrconnect`));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((u) => u.origin === BASE() && u.hash.startsWith(`#${USERINFO}`));
    await page.getByText('Weixin linked to your account').waitFor();
    await row.getByText('Linked', { exact: true }).waitFor();
    await screenshot(page, 'weixin-userinfo-linked');
    const linked = await withDb((c) => c.query(`SELECT wx_openid FROM users WHERE username = 'linker'`));
    expect(linked.rows[0].wx_openid).toBe('o_linker');

    await row.getByRole('button', { name: 'Unlink' }).click();
    await confirmWith(page, 'Unlink', 'You will no longer be able to sign in to this account with Weixin.');
    await page.getByText('Weixin unlinked').waitFor();
    await row.getByText('Not linked').waitFor();
    expect((await api('GET', '/api/auth/me', undefined, bundle.token)).body.data.wxBound).toBe(false);

    // a weixin account that already signs in to another account cannot be linked here
    wx.current = 'o_e2e';
    await row.getByRole('button', { name: 'Link Weixin' }).click();
    await page.waitForURL((u) => u.href.startsWith(`${wx.base}/connect/qrconnect`));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL((u) => u.origin === BASE() && u.hash.startsWith(`#${USERINFO}`));
    await page.getByText('This Weixin account is already linked to another account').waitFor();
    await row.getByText('Not linked').waitFor();
  });
});
