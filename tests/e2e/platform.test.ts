/**
 * The platform in a real Chromium against the real server on a fresh database:
 * create the super admin, sign in, the guard, lockout, language and theme, menus by
 * permission, silent token refresh and the login-expired path.
 */
import type { Page } from 'playwright-core';
import { api, e2eSession, hashUrl, screenshot, storedToken } from './browser';
import { captchaAnswer } from '../support/verify';
import { expiredTokenLike, makeRole, makeUser, withDb } from './fixtures';

const UNI = '/uni_modules/uni-id-pages/pages';
const ADMIN = { username: 'e2e_admin', password: 'Admin#2026' };

const session = e2eSession('e2e');
const { go } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

async function fillLogin(username: string, password: string) {
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('#password').press('Enter');
}

async function signOutByStorage() {
  await page.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
}

/** signed out, and the next page a new document: a hash change alone keeps the signed-in app */
async function signOutAfresh() {
  await signOutByStorage();
  await page.goto('about:blank');
}

async function signInAsAdmin() {
  // on the login page itself, emptied and started afresh (see signIn in browser.ts)
  await go(`${UNI}/login/login-withpwd`);
  await signOutByStorage();
  await page.reload();
  await fillLogin(ADMIN.username, ADMIN.password);
  await page.waitForURL((u) => !u.hash.includes('login'));
}

describe('first run and sign-in', () => {
  it('offers to create the super admin on a fresh database, then signs in as that admin', async () => {
    await go('/');
    // not signed in: the guard sends us to the default login page with the pending url
    await page.waitForURL(/login-withoutpwd/);
    await page.getByText('Create the super admin').first().click();
    await page.waitForURL(/register-admin/);
    await page.locator('#username').fill(ADMIN.username);
    await page.locator('#nickname').fill('Boss');
    await page.locator('#password').fill(ADMIN.password);
    await page.locator('#password2').fill(ADMIN.password);
    await page.locator('#password2').press('Enter');
    await page.waitForURL(/admin-index/);
    await page.getByText('Sign-ins today').first().waitFor();
    // once an admin exists the link is gone and the endpoint refuses
    await signOutAfresh();
    await go(`${UNI}/login/login-withpwd`);
    await page.locator('#username').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Create the super admin').count()).toBe(0);
    const again = await api('POST', '/api/auth/register-admin', { username: 'other_admin', password: 'Admin#2026', password2: 'Admin#2026' });
    expect(again.body.errorCode).toBe('ADMIN_EXISTS');
  });

  it('the guard keeps the pending url and returns to it after sign-in', async () => {
    await signOutByStorage();
    await go('/pages/admin-index/admin-index');
    await page.waitForURL(/login-withoutpwd/);
    expect(hashUrl(page)).toContain('uniIdRedirectUrl=/pages/admin-index/admin-index');
    // the default login page is the password form itself
    await page.locator('#password').waitFor();
    await fillLogin(ADMIN.username, ADMIN.password);
    await page.waitForURL(/pages\/admin-index\/admin-index/);
    expect(hashUrl(page)).not.toContain('login');
  });

  it('a wrong password shows on the password field; after 3 the captcha is required; after 6 locked out', async () => {
    await makeUser('e2e_locked', 'Locked#2026');
    await signOutAfresh();
    await go(`${UNI}/login/login-withpwd`);
    const attempt = async (password: string) => {
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
      await fillLogin('e2e_locked', password);
      return (await answered).json();
    };
    for (let i = 0; i < 3; i++) {
      await attempt(`wrong-${i}-pass`);
      await page.getByText('Username/password login failed: Wrong account or password').first().waitFor();
    }
    expect(await page.locator('#captcha').count()).toBe(0);
    // the 4th attempt: the server asks for the captcha, which appears on its field
    const shown = page.waitForResponse((r) => r.url().includes('/api/auth/captcha?scene=login'));
    expect((await attempt('wrong-3-pass')).errorCode).toBe('CAPTCHA_REQUIRED');
    let captcha = (await (await shown).json()).data.id as string;
    await page.locator('#captcha').waitFor();
    await page.getByText('Enter the characters in the image').first().waitFor();
    const solve = async (password: string) => {
      await page.locator('#captcha').fill(await withDb((c) => captchaAnswer(c, captcha)));
      const next = page.waitForResponse((r) => r.url().includes('/api/auth/captcha?scene=login'));
      const body = await attempt(password);
      captcha = (await (await next).json()).data.id;
      return body;
    };
    for (let i = 0; i < 3; i++) expect((await solve(`wrong-${i}-again`)).errorCode).toBe('PASSWORD_ERROR');
    expect((await solve('Locked#2026')).errorCode).toBe('PASSWORD_ERROR_EXCEED_LIMIT');
    await page.getByText('Too many wrong passwords, please try again later').first().waitFor();
    expect(hashUrl(page)).toContain('login-withpwd');
  });

  it('an unknown path opens the 404 page with the errMsg query', async () => {
    await signInAsAdmin();
    await go('/no/such/page');
    await page.waitForURL(/pages\/error\/404/);
    expect(hashUrl(page)).toContain('errMsg=');
    await page.getByText('Page not found').first().waitFor();
  });
});

describe('language and theme', () => {
  beforeAll(signInAsAdmin);
  it('the language switch changes the text and survives a reload', async () => {
    await go('/pages/index/index');
    await page.getByText('Credits balance').first().waitFor();
    await page.locator('[title="简体中文"]').first().click();
    await page.getByText('积分余额').first().waitFor();
    await page.reload();
    await page.getByText('积分余额').first().waitFor();
    await page.locator('[title="繁體中文"]').first().click();
    await page.getByText('積分餘額').first().waitFor();
    await page.locator('[title="English"]').first().click();
    await page.getByText('Credits balance').first().waitFor();
  });

  it('the theme switch sets the body attribute and survives a reload', async () => {
    await go('/pages/index/index');
    await page.getByText('Credits balance').first().waitFor();
    expect(await page.getAttribute('body', 'data-theme')).toBe('default');
    await page.locator('[title="Green"]').first().click();
    await page.waitForFunction(() => document.body.getAttribute('data-theme') === 'green');
    await page.reload();
    await page.getByText('Credits balance').first().waitFor();
    expect(await page.getAttribute('body', 'data-theme')).toBe('green');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('green');
    await screenshot(page, 'home-green-en');
    await page.locator('[title="Default"]').first().click();
    await page.waitForFunction(() => document.body.getAttribute('data-theme') === 'default');
  });

  it('the frame has a 48px top bar and a 240px left menu', async () => {
    await go('/pages/index/index');
    const menu = page.locator('nav[aria-label="Main menu"]');
    await menu.waitFor();
    const sizes = await page.evaluate(() => {
      const header = document.querySelector('header');
      const aside = document.querySelector('aside');
      return { top: header?.getBoundingClientRect().height, left: aside?.getBoundingClientRect().width };
    });
    expect(sizes).toEqual({ top: 48, left: 240 });
  });
});

describe('menus follow permissions', () => {
  it('a non-admin sees only the menus their permissions allow, with the spec sidebar and without the demo pages', async () => {
    await makeRole('e2e_auditor', ['READ_UNI_ID_LOG']);
    await makeUser('e2e_auditor', 'Audit#2026', ['e2e_auditor']);
    await signOutAfresh();
    await go(`${UNI}/login/login-withpwd`);
    await fillLogin('e2e_auditor', 'Audit#2026');
    await page.waitForURL((u) => !u.hash.includes('login'));
    const menu = page.locator('nav[aria-label="Main menu"]');
    await menu.getByText('System management').click();
    await menu.getByText('User logs').waitFor();
    const text = await menu.innerText();
    expect(text).toContain('User logs');
    for (const hidden of ['Users', 'Roles', 'Permissions', 'Menus', 'Admin home', 'Demo']) {
      expect(text.split('\n').map((s) => s.trim())).not.toContain(hidden);
    }
    for (const shown of ['Home', 'Assistant', 'Expense', 'Help document']) expect(text).toContain(shown);
    await screenshot(page, 'menu-auditor');
    // and the admin home is refused to them
    await go('/pages/admin-index/admin-index');
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Sign-ins today').count()).toBe(0);
  });
});

describe('token expiry', () => {
  /**
   * Signs in as the admin, then swaps the stored access token for an expired one.
   * knownExpired: whether the console can tell from its stored expiry (guard path) or only
   * learns it from the server's ACCESS_TOKEN_EXPIRED (request-layer path).
   */
  async function plantExpiredToken(opts: { knownExpired: boolean; refreshToken?: string }) {
    await signInAsAdmin();
    const token = await storedToken(page);
    const expired = await expiredTokenLike(token!);
    await page.evaluate(
      ({ t, knownExpired, refreshToken }) => {
        // the store the login lives in ('session' unless "keep me signed in" was ticked)
        const store = sessionStorage.getItem('uni_id_refresh_token') ? sessionStorage : localStorage;
        store.setItem('uni_id_token', t);
        store.setItem('uni_id_token_expired', String(Date.now() + (knownExpired ? -100000 : 100000)));
        if (refreshToken) store.setItem('uni_id_refresh_token', refreshToken);
      },
      { t: expired, ...opts },
    );
    return expired;
  }

  it.each([
    ['the console knows it expired', true],
    ['only the server knows it expired', false],
  ])('an expired access token is refreshed without the user noticing (%s)', async (_label, knownExpired) => {
    const expired = await plantExpiredToken({ knownExpired });
    const refreshes: string[] = [];
    const onRequest = (r: { url(): string }) => r.url().endsWith('/api/auth/refresh') && refreshes.push(r.url());
    page.on('request', onRequest);
    const figures = page.waitForResponse((r) => r.url().endsWith('/api/dashboard/admin') && r.status() === 200);
    await go('/pages/admin-index/admin-index');
    await figures;
    await page.getByText('Sign-ins today').first().waitFor();
    page.off('request', onRequest);
    expect(hashUrl(page)).toContain('/pages/admin-index/admin-index');
    expect(refreshes.length).toBeGreaterThanOrEqual(1);
    expect(await storedToken(page)).not.toBe(expired);
  });

  it('a failed refresh lands on the login page keeping the pending url', async () => {
    await plantExpiredToken({ knownExpired: true, refreshToken: 'no-such-refresh-token' });
    await go('/pages/admin-index/admin-index');
    await page.waitForURL(/login/);
    expect(hashUrl(page)).toContain('uniIdRedirectUrl=/pages/admin-index/admin-index');
    await page.getByText('not logged in or login expired, jumping to the login page').first().waitFor();
  });
});
