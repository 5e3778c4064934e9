/**
 * The SMS pages in a real Chromium against the real server, which sends its codes
 * to a local stand-in of Aliyun's SendSms API (SMS_* environment; the stand-in checks every
 * request's signature). Codes are read from the messages the stand-in received, captchas are
 * solved from their row. SET_PASSWORD_AFTER_LOGIN=1, so a password-less sign-in goes to set-pwd.
 */
import type { Page } from 'playwright-core';
import { type AliyunSmsStandin, startAliyunSmsStandin } from '../support/aliyun-sms-standin';
import { api, e2eSession, forgetLogin, screenshot, fieldError as fieldErrorOf, captchaAfter as captchaAfterOf, storedToken } from './browser';
import { makeUser, withDb } from './fixtures';

const UNI = '/uni_modules/uni-id-pages/pages';
const HOME = '/pages/index/index';
const toHome = `uniIdRedirectUrl=${encodeURIComponent(HOME)}`;
const NEW_NUMBER = '13812345678';
const FORGOT = { mobile: '13700002222', username: 'sms_forgot', password: 'Before#2026', newPassword: 'After#2026x' };

let sms: AliyunSmsStandin;
beforeAll(async () => {
  sms = await startAliyunSmsStandin();
});
afterAll(async () => {
  await sms?.close();
});

const session = e2eSession(
  'sms',
  async () => {
    await makeUser(FORGOT.username, FORGOT.password);
    await makeUser('sms_binder', 'Binder#2026');
    await makeUser('sms_nopwd', 'Temp#2026');
    await withDb((c) => c.query(`UPDATE users SET mobile = $1 WHERE username = $2`, [FORGOT.mobile, FORGOT.username]));
  },
  {
    env: () => ({
      SMS_ACCESS_KEY_ID: sms.accessKeyId,
      SMS_ACCESS_KEY_SECRET: sms.accessKeySecret,
      SMS_SIGN_NAME: 'Console',
      SMS_TEMPLATE_CODE: 'SMS_000000001',
      SMS_ENDPOINT: sms.endpoint,
      SET_PASSWORD_AFTER_LOGIN: '1',
      LOGIN_TYPES: 'weixin,username,smsCode',
    }),
  },
);
const { go } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

const captchaAfter = (action: () => Promise<unknown>) => captchaAfterOf(page, action);

/**
 * fills the number (unless fixed) and the captcha, sends, and answers the code the phone got and
 * the answer of the next captcha (the form shows a new one after every send)
 */
async function requestCode(mobile: string, captcha: string, opts: { fixed?: boolean } = {}) {
  // the resend interval (one code per number per minute) is not what these tests are about
  await withDb((c) => c.query(`UPDATE verification_codes SET created_at = created_at - interval '61 seconds'`));
  const before = sms.received.length;
  if (!opts.fixed) await page.locator('#mobile').fill(mobile);
  await page.locator('#captcha').fill(captcha);
  const next = await captchaAfter(() => page.getByRole('button', { name: 'Send code' }).click());
  await page.getByText(`A code was sent to ${mobile}`).waitFor();
  return { code: (await sms.waitFor(mobile, before)).code, next };
}

async function clearLogin() {
  if (!page.url().startsWith('http')) await go(`${UNI}/login/login-withoutpwd`);
  await forgetLogin(page);
}

async function signIn(username: string, password: string) {
  await clearLogin();
  // a new document: a hash change alone keeps the signed-in app, which leaves the login page
  await page.goto('about:blank');
  await go(`${UNI}/login/login-withpwd?${toHome}`);
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
  await page.locator('#password').press('Enter');
  return (await answered).json();
}

const token = () => storedToken(page);
const fieldError = (field: string) => fieldErrorOf(page, field);
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');
const EXPIRED = 'The verification code has expired or was already used: send a new one';

describe('login-smscode', () => {
  it('a wrong code shows on the code field; the right one registers the number, offers set-pwd, and Skip goes on signed in', async () => {
    await clearLogin();
    const captcha = await captchaAfter(() => go(`${UNI}/login/login-smscode?mobile=${NEW_NUMBER}&${toHome}`));
    expect(await page.locator('#mobile').inputValue()).toBe(NEW_NUMBER);
    await page.getByText('A number without an account gets a new one when you sign in.').waitFor();
    // a real provider is configured: no test-mode notice
    expect(await page.getByText('SMS test mode').count()).toBe(0);
    const { code } = await requestCode(NEW_NUMBER, captcha);
    await screenshot(page, 'sms-en-login-smscode');
    await page.locator('#code').fill(otherThan(code));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await fieldError('code').getByText('Wrong verification code (4 tries left)').waitFor();
    await page.locator('#code').fill(code);
    await page.locator('#code').press('Enter');
    await page.waitForURL(/set-pwd/);
    await page.getByText('Your account has no password yet.', { exact: false }).waitFor();
    const me = await api('GET', '/api/auth/me', undefined, (await token())!);
    expect(me.body.data).toMatchObject({ mobile: NEW_NUMBER, score: 10000, hasPassword: false });
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL((u) => u.hash === `#${HOME}`);
    expect(await token()).toBeTruthy();
  });
});

describe('set-pwd', () => {
  it('sets a first password with a code to the bound number; it then signs in', async () => {
    const captcha = await captchaAfter(() => go(`${UNI}/userinfo/set-pwd/set-pwd?${toHome}`));
    expect(await page.locator('#mobile').inputValue()).toBe(NEW_NUMBER);
    const { code } = await requestCode(NEW_NUMBER, captcha, { fixed: true });
    await page.locator('#code').fill(code);
    await page.locator('#password').fill('Chosen#2026');
    await page.locator('#password2').fill('Chosen#2026');
    await screenshot(page, 'sms-en-set-pwd');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Password set').waitFor();
    await page.waitForURL((u) => u.hash === `#${HOME}`);
    expect((await signIn(NEW_NUMBER, 'Chosen#2026')).success).toBe(true);
    await page.waitForURL((u) => !u.hash.includes('login'));
  });

  it('without a bound number it says so and offers bind-mobile', async () => {
    // a password-less account without a number (as a weixin sign-up makes it): signed in with a
    // password made for the test, which is then taken away
    expect((await signIn('sms_nopwd', 'Temp#2026')).success).toBe(true);
    await page.waitForURL((u) => !u.hash.includes('login'));
    await withDb((c) => c.query(`UPDATE users SET password_hash = NULL WHERE username = 'sms_nopwd'`));
    await go(`${UNI}/userinfo/set-pwd/set-pwd?${toHome}`);
    await page.getByText('No mobile number is bound to this account: bind one first').waitFor();
    await screenshot(page, 'sms-en-set-pwd-no-mobile');
    await page.getByRole('button', { name: 'Bind a mobile number' }).click();
    await page.waitForURL(/bind-mobile\?.*then=set-pwd/);
  });
});

describe('retrieve and bind-mobile', () => {
  it('retrieves the password by SMS from the password login page, then signs in with the new one', async () => {
    await clearLogin();
    await go(`${UNI}/login/login-withpwd`);
    const captcha = await captchaAfter(() => page.getByText('Forgot password?').click());
    await page.waitForURL(/retrieve\/retrieve(\?|$)/);
    await page.getByText('Reset by email instead').waitFor();
    const { code } = await requestCode(FORGOT.mobile, captcha);
    await page.locator('#code').fill(code);
    await page.locator('#password').fill(FORGOT.newPassword);
    await page.locator('#password2').fill(FORGOT.newPassword);
    await screenshot(page, 'sms-en-retrieve');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Password reset: sign in with the new password').waitFor();
    await page.waitForURL(/login-withpwd/);
    expect((await signIn(FORGOT.mobile, FORGOT.password)).errorCode).toBe('PASSWORD_ERROR');
    expect((await signIn(FORGOT.mobile, FORGOT.newPassword)).success).toBe(true);
    await page.waitForURL((u) => !u.hash.includes('login'));
  });

  it('bind-mobile refuses a number of another account on its field and binds a free one', async () => {
    expect((await signIn('sms_binder', 'Binder#2026')).success).toBe(true);
    await page.waitForURL((u) => !u.hash.includes('login'));
    let captcha = await captchaAfter(() => go(`${UNI}/userinfo/bind-mobile/bind-mobile`));
    await page.getByText('No mobile number is bound to this account yet.').waitFor();
    let sent = await requestCode(FORGOT.mobile, captcha);
    await page.locator('#code').fill(sent.code);
    await page.getByRole('button', { name: 'Bind', exact: true }).click();
    await fieldError('mobile').getByText('This mobile number is already registered').waitFor();
    await screenshot(page, 'sms-en-bind-mobile-taken');
    captcha = sent.next;
    sent = await requestCode('13900001111', captcha);
    await page.locator('#code').fill(sent.code);
    const bound = page.waitForResponse((r) => r.url().endsWith('/api/auth/bind-mobile'));
    await page.locator('#code').press('Enter');
    expect((await bound).status()).toBe(200);
    await page.getByText('Mobile number 13900001111 bound').waitFor();
    const me = await api('GET', '/api/auth/me', undefined, (await token())!);
    expect(me.body.data).toMatchObject({ username: 'sms_binder', mobile: '13900001111' });
  });
});

describe('in Chinese', () => {
  it('the SMS pages speak the chosen language', async () => {
    await page.waitForTimeout(3200); // the earlier tests' toasts go first (screenshots)
    await clearLogin();
    await go(`${UNI}/login/login-smscode`);
    await page.locator('[title="简体中文"]').first().click();
    await page.getByText('未注册的手机号登录时将自动创建账号。').waitFor();
    await screenshot(page, 'sms-zh-login-smscode');
    await go(`${UNI}/retrieve/retrieve`);
    await page.getByText('输入短信中的验证码并设置新密码').waitFor();
    await screenshot(page, 'sms-zh-retrieve');
    await page.locator('[title="English"]').first().click();
    await page.getByText('Enter the code texted to your mobile number and a new password').waitFor();
  });
});

describe('spent codes', () => {
  it('a code already used, and an expired one, are refused on the code field', async () => {
    await clearLogin();
    const captcha = await captchaAfter(() => go(`${UNI}/login/login-smscode?mobile=${FORGOT.mobile}&${toHome}`));
    const { code } = await requestCode(FORGOT.mobile, captcha);
    const used = await api('POST', '/api/auth/login-by-sms', { mobile: FORGOT.mobile, code });
    expect(used.status).toBe(200);
    // the same code again (say, from a second tab)
    await page.locator('#code').fill(code);
    await page.locator('#code').press('Enter');
    await fieldError('code').getByText(EXPIRED).waitFor();
    // a fresh code that outlived its 300 s (a reload ends the page's own 60 s wait)
    const fresh = await requestCode(FORGOT.mobile, await captchaAfter(() => page.reload()));
    await withDb((c) => c.query(`UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE target = $1`, [FORGOT.mobile]));
    await page.locator('#code').fill(fresh.code);
    await page.locator('#code').press('Enter');
    await fieldError('code').getByText(EXPIRED).waitFor();
    expect(await token()).toBeNull();
  });
});
