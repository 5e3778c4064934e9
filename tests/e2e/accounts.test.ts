/**
 * The account pages in a real Chromium against the real server: register (username + captcha),
 * register-by-email and retrieve-by-email with the code read out of a mail really received
 * over SMTP (a local smtp-server; the server under test gets SMTP_URL), change password then
 * sign in again, close the account then sign-in refused. Captchas are solved from their row.
 */
import type { Page } from 'playwright-core';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox';
import {
  api,
  confirmWith,
  e2eSession,
  forgetLogin,
  hashUrl,
  screenshot,
  fieldError as fieldErrorOf,
  captchaAfter as captchaAfterOf,
  storedToken,
} from './browser';
import { makeUser, withDb } from './fixtures';

const UNI = '/uni_modules/uni-id-pages/pages';
const REG = { username: 'e2e_reg', password: 'Member#2026' };
const MAIL = { email: 'e2e.mail@example.com', password: 'Mailer#2026', newPassword: 'Reset#2026x' };

// a local SMTP server that keeps every mail it receives
let smtp: SmtpInbox;
beforeAll(async () => {
  smtp = await startSmtpInbox();
});
afterAll(async () => {
  await smtp?.close();
});

const session = e2eSession('accounts', () => makeUser('taken_name', 'Taken#2026'), {
  env: () => ({ SMTP_URL: smtp.url, MAIL_FROM: 'Console <console@example.com>' }),
});
const { go } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

const captchaAfter = (action: () => Promise<unknown>) => captchaAfterOf(page, action);

/** fills email + captcha, sends, and answers the code of the mail that arrives */
async function requestCode(email: string, captcha: string) {
  const before = smtp.mails.length;
  await page.locator('#email').fill(email);
  await page.locator('#captcha').fill(captcha);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByText(`A code was sent to ${email}`).waitFor();
  return (await smtp.waitFor(email, before)).code;
}

async function clearLogin() {
  if (!page.url().startsWith('http')) await go(`${UNI}/login/login-withoutpwd`);
  // the login only: the chosen language stays, as it does for a user who signs out
  await forgetLogin(page);
}

async function signIn(username: string, password: string) {
  await clearLogin();
  // a new document: a hash change alone keeps the signed-in app, which leaves the login page
  await page.goto('about:blank');
  // with a pending url the page goes there after sign-in (not back through this file's history)
  await go(`${UNI}/login/login-withpwd?uniIdRedirectUrl=${encodeURIComponent('/pages/index/index')}`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
  await page.locator('#password').press('Enter');
  return (await answered).json();
}

const fieldError = (field: string) => fieldErrorOf(page, field);

describe('register', () => {
  it('from the login page: field rules, a taken username, then the new account with 10000 credits', async () => {
    await clearLogin();
    await go(`${UNI}/login/login-withoutpwd`);
    let captcha = await captchaAfter(() => page.getByText('Create an account').first().click());
    await page.waitForURL(/register\/register$/);
    await page.locator('#username').fill('taken_name');
    await page.locator('#nickname').fill('Member');
    await page.locator('#password').fill('abcdefgh');
    await page.locator('#password2').fill('abcdefgh');
    await page.locator('#captcha').fill(captcha);
    await page.getByRole('button', { name: 'Create and sign in' }).click();
    await fieldError('password').getByText('Password too weak: use at least two of letters, digits and symbols').waitFor();
    await page.locator('#password').fill(REG.password);
    await page.locator('#password2').fill(REG.password);
    captcha = await captchaAfter(() => page.getByRole('button', { name: 'Create and sign in' }).click());
    await fieldError('username').getByText('This username is already registered').waitFor();
    await page.locator('#username').fill(REG.username);
    await page.locator('#captcha').fill(captcha);
    await page.getByRole('button', { name: 'Create and sign in' }).click();
    await page.waitForURL((u) => !u.hash.includes('register'));
    const token = await storedToken(page);
    const me = await api('GET', '/api/auth/me', undefined, token!);
    expect(me.body.data).toMatchObject({ username: REG.username, nickname: 'Member', score: 10000 });
  });

  it('a wrong captcha is refused on its field and a new image is shown', async () => {
    await clearLogin();
    // let the previous test's return navigation settle before opening the form afresh
    await go(`${UNI}/login/login-withoutpwd`);
    await page.waitForLoadState('networkidle');
    await captchaAfter(() => go(`${UNI}/register/register`));
    await page.locator('#username').fill('e2e_other');
    await page.locator('#password').fill(REG.password);
    await page.locator('#password2').fill(REG.password);
    await page.locator('#captcha').fill('zzzz');
    await captchaAfter(() => page.getByRole('button', { name: 'Create and sign in' }).click());
    await fieldError('captcha').getByText('Wrong or expired image code: enter the new one').waitFor();
  });
});

describe('register and retrieve by email (code received over SMTP)', () => {
  let firstToken = '';

  it('registers with the mailed code after a wrong one', async () => {
    await clearLogin();
    await go(`${UNI}/register/register`);
    const captcha = await captchaAfter(() => page.getByText('Register with email instead').click());
    await page.waitForURL(/register-by-email/);
    const code = await requestCode(MAIL.email, captcha);
    expect(smtp.mails.at(-1)!.subject).toBe('Your verification code for registration');
    // a real mail server: no test-mode notice
    expect(await page.getByText('Test mode').count()).toBe(0);
    await page.locator('#code').fill(code === '000000' ? '111111' : '000000');
    await page.locator('#password').fill(MAIL.password);
    await page.locator('#password2').fill(MAIL.password);
    await page.getByRole('button', { name: 'Create and sign in' }).click();
    await fieldError('code').getByText('Wrong verification code (4 tries left)').waitFor();
    await page.locator('#code').fill(code);
    await page.getByRole('button', { name: 'Create and sign in' }).click();
    await page.waitForURL((u) => !u.hash.includes('register'));
    firstToken = (await storedToken(page))!;
    expect((await api('GET', '/api/auth/me', undefined, firstToken)).body.data).toMatchObject({ email: MAIL.email, score: 10000 });
  });

  it('retrieves the password by email: earlier tokens stop working, the new password signs in', async () => {
    // the resend interval (one code per address per minute) is not what this test is about
    await withDb((c) => c.query(`UPDATE verification_codes SET created_at = created_at - interval '61 seconds'`));
    await clearLogin();
    await go(`${UNI}/login/login-withpwd`);
    // "Forgot password?" offers SMS first; email is one click further
    await page.getByText('Forgot password?').click();
    await page.waitForURL(/retrieve\/retrieve\?|retrieve\/retrieve$/);
    // that page's own captcha first, so the one answered below is the email page's
    await page.getByTestId('captcha-image').locator('img').waitFor();
    const captcha = await captchaAfter(() => page.getByText('Reset by email instead').click());
    await page.waitForURL(/retrieve-by-email/);
    const code = await requestCode(MAIL.email, captcha);
    expect(smtp.mails.at(-1)!.subject).toBe('Your verification code for resetting your password');
    await page.locator('#code').fill(code);
    await page.locator('#password').fill(MAIL.newPassword);
    await page.locator('#password2').fill(MAIL.newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password reset: sign in with the new password').waitFor();
    await page.waitForURL(/login-withpwd/);
    expect((await api('GET', '/api/auth/me', undefined, firstToken)).status).toBe(401);
    expect((await signIn(MAIL.email, MAIL.password)).errorCode).toBe('PASSWORD_ERROR');
    expect((await signIn(MAIL.email, MAIL.newPassword)).success).toBe(true);
    await page.waitForURL((u) => !u.hash.includes('login'));
  });
});

describe('change password and close account', () => {
  it('changes the password from the user menu, then signs in again with the new one', async () => {
    await signIn(REG.username, REG.password);
    await page.waitForURL((u) => !u.hash.includes('login'));
    const oldToken = (await storedToken(page))!;
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByText('Change password').first().click();
    await page.waitForURL(/change_pwd/);
    await page.locator('#oldPassword').waitFor();
    await screenshot(page, 'accounts-en-change-pwd');
    await page.locator('#oldPassword').fill('Wrong#2026');
    await page.locator('#newPassword').fill('Changed#2026');
    await page.locator('#newPassword2').fill('Changed#2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    await fieldError('oldPassword').getByText('Wrong account or password').waitFor();
    await page.locator('#oldPassword').fill(REG.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed: sign in again with the new password').waitFor();
    await page.waitForURL(/login-withpwd/);
    expect((await api('GET', '/api/auth/me', undefined, oldToken)).status).toBe(401);
    expect((await signIn(REG.username, REG.password)).errorCode).toBe('PASSWORD_ERROR');
    expect((await signIn(REG.username, 'Changed#2026')).success).toBe(true);
    await page.waitForURL((u) => !u.hash.includes('login'));
  });

  it('closes the account after the notice and a confirmation; sign-in is then refused', async () => {
    const token = (await storedToken(page))!;
    await go(`${UNI}/userinfo/deactivate/deactivate`);
    await page.getByText('Before you close your account').waitFor();
    await screenshot(page, 'accounts-en-deactivate');
    const close = page.getByRole('button', { name: 'Close my account' });
    expect(await close.isDisabled()).toBe(true);
    await page.getByText('I have read the above and want to close my account').click();
    await close.click();
    await confirmWith(page, 'Close my account', 'Close this account?');
    await page.getByText('Your account is closed').waitFor();
    await page.waitForURL(/login-withoutpwd/);
    expect(await storedToken(page)).toBeNull();
    expect((await api('GET', '/api/auth/me', undefined, token)).status).toBe(401);
    await signIn(REG.username, 'Changed#2026');
    await page.getByText('This account has been closed').first().waitFor();
    expect(hashUrl(page)).toContain('login-withpwd');
  });
});

describe('sign in', () => {
  const KEEP = 'uni_id_keep_signed_in';
  const keepBox = () => page.getByRole('checkbox', { name: 'Keep me signed in' });

  it('the default login page is the password form itself; "Keep me signed in" shows, unticked at first, and this browser remembers the choice', async () => {
    await clearLogin();
    await page.evaluate((k) => localStorage.removeItem(k), KEEP);
    await page.goto('about:blank');
    await go(`${UNI}/login/login-withoutpwd`);
    // no chooser step: the account and password fields are on the first page
    await page.locator('#username').waitFor();
    await page.locator('#password').waitFor();
    expect(await page.getByRole('button', { name: 'Username and password' }).count()).toBe(0);
    expect(await keepBox().isChecked()).toBe(false);
    await keepBox().check();
    await page.locator('#username').fill('taken_name');
    await page.locator('#password').fill('Taken#2026');
    await page.locator('#password').press('Enter');
    await page.waitForURL((u) => !u.hash.includes('login'));
    // kept: in localStorage, not only this tab's sessionStorage
    expect(await page.evaluate(() => localStorage.getItem('uni_id_refresh_token'))).toBeTruthy();
    await page.getByText('Login succeeded').first().waitFor();

    // signed out, the box is as this browser left it
    await page.getByLabel('Account menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(/login-withoutpwd/);
    await page.locator('#username').waitFor();
    expect(await keepBox().isChecked()).toBe(true);
    await keepBox().uncheck();
    await page.reload();
    await page.locator('#username').waitFor();
    expect(await keepBox().isChecked()).toBe(false);
  });
});

describe('in Chinese', () => {
  it('the account pages speak the chosen language', async () => {
    await page.waitForTimeout(3200); // the earlier tests' toasts go first (screenshots)
    await clearLogin();
    await captchaAfter(() => go(`${UNI}/register/register`));
    await page.locator('[title="简体中文"]').first().click();
    await page.getByText('使用用户名注册').waitFor();
    await screenshot(page, 'accounts-zh-register');
    await go(`${UNI}/register/register-by-email`);
    await page.getByText('获取验证码').waitFor();
    await screenshot(page, 'accounts-zh-register-by-email');
    await go(`${UNI}/retrieve/retrieve-by-email`);
    await page.getByText('输入邮件中的验证码并设置新密码').waitFor();
    await screenshot(page, 'accounts-zh-retrieve-by-email');
    // the signed-in pages (normal frame)
    await signIn(MAIL.email, MAIL.newPassword);
    await page.waitForURL((u) => !u.hash.includes('login'));
    await go(`${UNI}/userinfo/change_pwd/change_pwd`);
    await page.getByText('修改后所有设备（包括本设备）都将退出登录。').waitFor();
    await page.waitForTimeout(3200);
    await screenshot(page, 'accounts-zh-change-pwd');
    await go(`${UNI}/userinfo/deactivate/deactivate`);
    await page.getByText('注销前请确认').waitFor();
    await screenshot(page, 'accounts-zh-deactivate');
    await page.locator('[title="English"]').first().click();
    await page.getByText('Before you close your account').waitFor();
  });
});
