/**
 * The server enforces the deployment's sign-in settings: login types missing from LOGIN_TYPES
 * are refused (not only hidden), REGISTRATION=closed stops every self-registration path, and
 * registrations are capped per IP per day and per minute for the whole site (a first weixin
 * sign-in, which creates an account, included).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '../../server/config';
import { call, login, makeUser } from '../support/accounts';
import { createTestApp } from '../support/test-app';
import { captchaAnswer } from '../support/verify';
import { startWeixinStandin } from '../support/weixin-standin';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const PASSWORD = 'Secret#2026';
const dirs: string[] = [];
const apps: TestApp[] = [];

async function appWith(overrides: Partial<Config>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registration-api-'));
  dirs.push(dataDir);
  const app = await createTestApp({ dataDir, ...overrides });
  apps.push(app);
  return app;
}
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
}, 120_000);

const loginTypes = (...types: string[]) => ({ login: { loginTypes: types, setPasswordAfterLogin: false } });

async function captcha(t: TestApp, scene: 'register' | 'send-code', ip: string) {
  const r = await call(t.app, 'GET', `/api/auth/captcha?scene=${scene}`, { ip });
  return { captchaId: r.body.data.id as string, captcha: await captchaAnswer(t.db.$client, r.body.data.id) };
}

const register = async (t: TestApp, username: string, ip: string) =>
  call(t.app, 'POST', '/api/auth/register', {
    body: { username, password: PASSWORD, password2: PASSWORD, ...(await captcha(t, 'register', ip)) },
    ip,
  });

const registerByEmail = (t: TestApp, email: string, ip: string) =>
  call(t.app, 'POST', '/api/auth/register-by-email', { body: { email, code: '123456', password: PASSWORD, password2: PASSWORD }, ip });

/** sends a login code in SMS test mode and reads it from the outbox */
async function smsCode(t: TestApp, mobile: string, ip: string) {
  const r = await call(t.app, 'POST', '/api/auth/send-sms-code', { body: { mobile, scene: 'login', ...(await captcha(t, 'send-code', ip)) }, ip });
  expect(r.status).toBe(200);
  const { rows } = await t.db.$client.query(`SELECT content FROM sms_outbox WHERE mobile = $1 ORDER BY id DESC LIMIT 1`, [mobile]);
  return /(\d{6})/.exec(rows[0].content)![1];
}

const loginBySms = (t: TestApp, mobile: string, code: string, ip: string) => call(t.app, 'POST', '/api/auth/login-by-sms', { body: { mobile, code }, ip });

const userCount = async (t: TestApp) => (await t.db.$client.query(`SELECT count(*)::int AS n FROM users`)).rows[0].n as number;

describe('login types (LOGIN_TYPES)', () => {
  it('password sign-in is refused when username is not listed, even with the right password', async () => {
    const t = await appWith(loginTypes('weixin', 'smsCode'));
    await makeUser(t.db, { username: 'pw_user', password: PASSWORD });
    const r = await login(t.app, 'pw_user', PASSWORD);
    expect(r.status).toBe(403);
    expect(r.body.errorCode).toBe('LOGIN_TYPE_DISABLED');
    expect(r.body.errorMessage).toBe('This way of signing in is switched off on this site');
    expect((await call(t.app, 'GET', '/api/auth/login-config')).body.data.loginTypes).toEqual(['weixin', 'smsCode']);
  });

  it('SMS sign-in and its codes, and weixin sign-in, are refused when not listed; password sign-in works', async () => {
    const t = await appWith(loginTypes('username'));
    const ip = '10.7.0.1';
    await makeUser(t.db, { username: 'only_pw', password: PASSWORD, mobile: '13500000001' });
    expect((await login(t.app, 'only_pw', PASSWORD)).status).toBe(200);
    const send = await call(t.app, 'POST', '/api/auth/send-sms-code', {
      body: { mobile: '13500000001', scene: 'login', ...(await captcha(t, 'send-code', ip)) },
      ip,
    });
    expect(send.status).toBe(403);
    expect(send.body.errorCode).toBe('LOGIN_TYPE_DISABLED');
    expect((await t.db.$client.query(`SELECT count(*)::int AS n FROM sms_outbox`)).rows[0].n).toBe(0);
    const sms = await loginBySms(t, '13500000001', '123456', ip);
    expect(sms.status).toBe(403);
    expect(sms.body.errorCode).toBe('LOGIN_TYPE_DISABLED');
    const wx = await call(t.app, 'GET', '/api/auth/weixin/authorize?purpose=login');
    expect(wx.status).toBe(403);
    expect(wx.body.errorCode).toBe('LOGIN_TYPE_DISABLED');
  });

  it('the default login types (weixin, username) do not include SMS sign-in', async () => {
    expect(loadConfig({}).login.loginTypes).toEqual(['weixin', 'username']);
    const t = await appWith({});
    expect((await loginBySms(t, '13500000002', '123456', '10.7.0.2')).body.errorCode).toBe('LOGIN_TYPE_DISABLED');
  });
});

describe('REGISTRATION=closed', () => {
  let t: TestApp;
  beforeAll(async () => {
    expect(loadConfig({ REGISTRATION: 'closed' }).registrationOpen).toBe(false);
    expect(loadConfig({}).registrationOpen).toBe(true);
    t = await appWith({ ...loginTypes('username', 'smsCode'), registrationOpen: false });
  });

  it('the login config says so (open by default)', async () => {
    expect((await call(t.app, 'GET', '/api/auth/login-config')).body.data.registrationOpen).toBe(false);
    const open = await appWith({});
    expect((await call(open.app, 'GET', '/api/auth/login-config')).body.data.registrationOpen).toBe(true);
  });

  it('register and register-by-email are refused on their field; the captcha is not spent; nobody is created', async () => {
    const ip = '10.8.0.1';
    const c = await captcha(t, 'register', ip);
    const r = await call(t.app, 'POST', '/api/auth/register', {
      body: { username: 'closed_user', password: PASSWORD, password2: PASSWORD, ...c },
      ip,
      lang: 'zh-CN',
    });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ errorCode: 'REGISTRATION_CLOSED', field: 'username', errorMessage: '本站暂不开放注册' });
    expect((await t.db.$client.query(`SELECT used_at FROM captchas WHERE id = $1`, [c.captchaId])).rows[0].used_at).toBeNull();
    const e = await registerByEmail(t, 'closed@example.com', ip);
    expect(e.status).toBe(403);
    expect(e.body).toMatchObject({ errorCode: 'REGISTRATION_CLOSED', field: 'email' });
    expect(await userCount(t)).toBe(0);
  });

  it('no sign-up code is mailed; a password-reset code still is', async () => {
    const ip = '10.8.0.2';
    const signup = await call(t.app, 'POST', '/api/auth/send-email-code', {
      body: { email: 'closed@example.com', scene: 'register', ...(await captcha(t, 'send-code', ip)) },
      ip,
    });
    expect(signup.status).toBe(403);
    expect(signup.body).toMatchObject({ errorCode: 'REGISTRATION_CLOSED', field: 'email' });
    const reset = await call(t.app, 'POST', '/api/auth/send-email-code', {
      body: { email: 'closed@example.com', scene: 'reset-pwd', ...(await captcha(t, 'send-code', ip)) },
      ip,
    });
    expect(reset.status).toBe(200);
  });

  it('SMS sign-in does not register an unknown number (ACCOUNT_NOT_FOUND on mobile) and leaves its code standing; known numbers sign in', async () => {
    const ip = '10.8.0.3';
    const mobile = '13500000010';
    const code = await smsCode(t, mobile, ip);
    const r = await loginBySms(t, mobile, code, ip);
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ errorCode: 'ACCOUNT_NOT_FOUND', field: 'mobile' });
    expect(await userCount(t)).toBe(0);
    // an admin creates the account: the same code now signs in to it
    await makeUser(t.db, { username: 'sms_known', password: PASSWORD, mobile });
    const known = await loginBySms(t, mobile, code, ip);
    expect(known.status).toBe(200);
    expect(known.body.data.userInfo).toMatchObject({ username: 'sms_known', mobile });
  });
});

/** a weixin sign-in round trip (authorize, Confirm on weixin's page, callback): the console page it ends on */
async function weixinSignIn(t: TestApp, wx: Awaited<ReturnType<typeof startWeixinStandin>>, openid: string, ip: string) {
  const a = await t.app.inject({ method: 'GET', url: '/api/auth/weixin/authorize?purpose=login', remoteAddress: ip });
  expect(a.statusCode).toBe(200);
  const cookie = String(a.headers['set-cookie']).split(';')[0];
  const { code, state } = wx.approve(a.json().data.url, openid);
  const back = await t.app.inject({
    method: 'GET',
    url: `/api/auth/weixin/callback?${new URLSearchParams({ code, state })}`,
    remoteAddress: ip,
    headers: { cookie },
  });
  expect(back.statusCode).toBe(302);
  return Object.fromEntries(new URLSearchParams(String(back.headers.location).split('?')[1] ?? ''));
}

describe('REGISTRATION=closed and weixin', () => {
  it('a first weixin sign-in creates no account and ends on the login page with the error; a linked account signs in', async () => {
    const wx = await startWeixinStandin({
      users: [
        { openid: 'o_new', nickname: 'New' },
        { openid: 'o_linked', nickname: 'Linked' },
      ],
    });
    try {
      const t = await appWith({ registrationOpen: false, weixin: wx.settings() });
      const refused = await weixinSignIn(t, wx, 'o_new', '10.8.1.1');
      expect(refused.weixinError).toBe('REGISTRATION_CLOSED');
      expect(refused.weixinTicket).toBeUndefined();
      expect(await userCount(t)).toBe(0);
      const linked = await makeUser(t.db, { username: 'wx_linked', password: PASSWORD });
      await t.db.$client.query(`UPDATE users SET wx_openid = 'o_linked' WHERE id = $1`, [linked.id]);
      const ok = await weixinSignIn(t, wx, 'o_linked', '10.8.1.1');
      expect(ok.weixinError).toBeUndefined();
      expect(ok.weixinTicket).toBeTruthy();
    } finally {
      await wx.close();
    }
  });
});

describe('registration caps', () => {
  let t: TestApp;
  const LIMITS = { ...loadConfig({}).limits, registrationsPerIpPerDay: 2, registrationsPerMinute: 3 };
  beforeAll(async () => {
    t = await appWith({ ...loginTypes('username', 'smsCode'), limits: LIMITS });
  });
  /** moves every registration back in time */
  const age = (interval: string) => t.db.$client.query(`UPDATE user_logs SET created_at = created_at - $1::interval WHERE type = 'register'`, [interval]);

  it('per IP per day and per minute for the site, on the field of the form; older ones stop counting', async () => {
    expect((await register(t, 'cap_a1', '10.9.0.1')).status).toBe(200);
    expect((await register(t, 'cap_a2', '10.9.0.1')).status).toBe(200);
    const third = await register(t, 'cap_a3', '10.9.0.1');
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ errorCode: 'REGISTER_LIMIT', field: 'username' });
    expect((await registerByEmail(t, 'cap@example.com', '10.9.0.1')).body).toMatchObject({ errorCode: 'REGISTER_LIMIT', field: 'email' });
    // another network may still sign up, until the site's minute is full
    expect((await register(t, 'cap_b1', '10.9.0.2')).status).toBe(200);
    const busy = await register(t, 'cap_c1', '10.9.0.3');
    expect(busy.status).toBe(429);
    expect(busy.body).toMatchObject({ errorCode: 'REGISTER_BUSY', field: 'username' });
    await age('2 minutes');
    expect((await register(t, 'cap_c1', '10.9.0.3')).status).toBe(200);
    expect((await register(t, 'cap_a3', '10.9.0.1')).body.errorCode).toBe('REGISTER_LIMIT');
    await age('1 day');
    expect((await register(t, 'cap_a3', '10.9.0.1')).status).toBe(200);
  });

  it('sign-ups racing for the last places of a cap: exactly the cap passes', async () => {
    await age('1 day');
    const ip = '10.9.3.1';
    // every request past the early check (no sign-up from this IP yet) before any has committed
    const bodies = await Promise.all(
      [1, 2, 3, 4, 5].map(async (i) => ({ username: `cap_race${i}`, password: PASSWORD, password2: PASSWORD, ...(await captcha(t, 'register', ip)) })),
    );
    const answers = await Promise.all(bodies.map((body) => call(t.app, 'POST', '/api/auth/register', { body, ip })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429, 429, 429]);
    expect(answers.filter((a) => a.status === 429).every((a) => a.body.errorCode === 'REGISTER_LIMIT' && a.body.field === 'username')).toBe(true);
    const { rows } = await t.db.$client.query(`SELECT count(*)::int AS n FROM users WHERE username LIKE 'cap_race%'`);
    expect(rows[0].n).toBe(2);
  });

  it('an SMS sign-in that would register counts as a registration; a known number still signs in', async () => {
    await age('1 day');
    const ip = '10.9.1.1';
    await register(t, 'cap_s1', ip);
    await register(t, 'cap_s2', ip);
    const unknown = await loginBySms(t, '13500000020', await smsCode(t, '13500000020', ip), ip);
    expect(unknown.status).toBe(429);
    expect(unknown.body).toMatchObject({ errorCode: 'REGISTER_LIMIT', field: 'mobile' });
    await makeUser(t.db, { username: 'cap_known', password: PASSWORD, mobile: '13500000021' });
    expect((await loginBySms(t, '13500000021', await smsCode(t, '13500000021', ip), ip)).status).toBe(200);
  });

  it('a first weixin sign-in counts as a registration too', async () => {
    await age('1 day');
    const wx = await startWeixinStandin({ users: [{ openid: 'o_capped', nickname: 'Capped' }] });
    try {
      const w = await appWith({ limits: LIMITS, weixin: wx.settings() });
      const ip = '10.9.2.1';
      await register(w, 'cap_w1', ip);
      await register(w, 'cap_w2', ip);
      expect((await weixinSignIn(w, wx, 'o_capped', ip)).weixinError).toBe('REGISTER_LIMIT');
      expect((await weixinSignIn(w, wx, 'o_capped', '10.9.2.2')).weixinTicket).toBeTruthy();
    } finally {
      await wx.close();
    }
  });
});
