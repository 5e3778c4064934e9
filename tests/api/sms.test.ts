/**
 * The SMS channel and the mobile-number flows, server side. One app sends through a
 * local stand-in of Aliyun's SendSms API (which checks the signature with the shared secret);
 * a second app has no SMS configuration and runs in test mode (sms_outbox, admin list).
 */
import { loadConfig, VERIFY } from '../../server/config';
import { TokenService } from '../../server/core/auth';
import { call, login, makeUser, registerAdmin } from '../support/accounts';
import { type AliyunSmsStandin, startAliyunSmsStandin } from '../support/aliyun-sms-standin';
import { createTestApp } from '../support/test-app';
import { captchaAnswer, pastCodes } from '../support/verify';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let testMode: TestApp;
/** SMS sign-in is a login type the deployment lists (LOGIN_TYPES) */
const SMS_LOGIN = { login: { loginTypes: ['weixin', 'username', 'smsCode'], setPasswordAfterLogin: false } };
let sms: AliyunSmsStandin;

beforeAll(async () => {
  sms = await startAliyunSmsStandin();
  t = await createTestApp({
    ...SMS_LOGIN,
    sms: { accessKeyId: sms.accessKeyId, accessKeySecret: sms.accessKeySecret, signName: '控制台', templateCode: 'SMS_123456789', endpoint: sms.endpoint },
  });
  testMode = await createTestApp(SMS_LOGIN);
});
afterAll(async () => {
  await t?.close();
  await testMode?.close();
  await sms?.close();
});

const PASSWORD = 'Secret#2026';
let ipSeq = 0;
/** each test its own IP, so the per-IP limits of one do not touch another */
const freshIp = () => `10.5.0.${++ipSeq}`;

async function captcha(app: TestApp, ip: string) {
  const r = await call(app.app, 'GET', '/api/auth/captcha?scene=send-code', { ip });
  return { captchaId: r.body.data.id as string, captcha: await captchaAnswer(app.db.$client, r.body.data.id) };
}

async function sendSms(mobile: string, scene: string, opts: { ip?: string; token?: string; app?: TestApp; lang?: string } = {}) {
  const app = opts.app ?? t;
  const ip = opts.ip ?? freshIp();
  return call(app.app, 'POST', '/api/auth/send-sms-code', { body: { mobile, scene, ...(await captcha(app, ip)) }, ip, token: opts.token, lang: opts.lang });
}

/** lets the next code to this number go out at once (the resend interval is tested on its own) */
const forgetInterval = (mobile: string) =>
  t.db.$client.query(`UPDATE verification_codes SET created_at = created_at - interval '61 seconds' WHERE target = $1`, [mobile]);

/** sends a code through the stand-in and answers it as the phone received it */
async function codeFor(mobile: string, scene: string, token?: string) {
  await forgetInterval(mobile);
  const before = sms.received.length;
  const r = await sendSms(mobile, scene, { token });
  expect(r.body).toMatchObject({ success: true, data: { resendIn: 60, testMode: false } });
  return (await sms.waitFor(mobile, before)).code;
}

/** a session and access token for this account, as a sign-in would make them */
async function tokenFor(uid: string) {
  const { rows } = await t.db.$client.query<{ id: string }>(`INSERT INTO sessions (user_id, ip) VALUES ($1, '10.0.0.1') RETURNING id`, [uid]);
  return (await new TokenService('test-secret-test-secret-test-secret', 7200).sign({ uid, sid: rows[0].id, role: [], permission: [] })).token;
}

const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');
const loginBySms = (mobile: string, code: string, ip?: string) => call(t.app, 'POST', '/api/auth/login-by-sms', { body: { mobile, code }, ip });

describe('SMS through the provider (Aliyun SendSms stand-in)', () => {
  it('sends a signed SendSms request with the template and the 6-digit code; only a hash is stored', async () => {
    const before = sms.received.length;
    const r = await sendSms('13800000001', 'login');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ expiresIn: 300, resendIn: 60, testMode: false });
    const msg = await sms.waitFor('13800000001', before);
    expect(msg).toMatchObject({ signName: '控制台', templateCode: 'SMS_123456789' });
    expect(msg.templateParam).toEqual({ code: msg.code });
    expect(msg.code).toMatch(/^\d{6}$/);
    const { rows } = await t.db.$client.query(`SELECT * FROM verification_codes WHERE target = '13800000001'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'mobile', scene: 'login' });
    expect(JSON.stringify(rows[0])).not.toContain(msg.code);
    // nothing goes to the test outbox when a provider is configured
    expect((await t.db.$client.query(`SELECT count(*)::int AS n FROM sms_outbox`)).rows[0].n).toBe(0);
  });

  it('a bind-mobile code lives 240 s', async () => {
    expect((await sendSms('13800000002', 'bind-mobile')).body.data.expiresIn).toBe(VERIFY.BIND_MOBILE_CODE_TTL_S);
  });

  it('the stand-in refuses a request signed with the wrong secret; the server answers SMS_SEND_FAILED and withdraws the code', async () => {
    const wrong = await createTestApp({
      ...SMS_LOGIN,
      sms: { accessKeyId: sms.accessKeyId, accessKeySecret: 'not-the-secret', signName: 'x', templateCode: 'SMS_1', endpoint: sms.endpoint },
    });
    try {
      const r = await sendSms('13800000003', 'login', { app: wrong });
      expect(r.status).toBe(502);
      expect(r.body.errorCode).toBe('SMS_SEND_FAILED');
      expect(sms.answers.at(-1)).toBe('SignatureDoesNotMatch');
      // not delivered, so not standing: the user may ask again at once
      expect((await wrong.db.$client.query(`SELECT count(*)::int AS n FROM verification_codes`)).rows[0].n).toBe(0);
    } finally {
      await wrong.close();
    }
  });

  it('a provider error code becomes SMS_SEND_FAILED; asking again at once works once the provider recovers', async () => {
    sms.failWith('isv.BUSINESS_LIMIT_CONTROL');
    try {
      const r = await sendSms('13800000004', 'login', { lang: 'zh-CN' });
      expect(r.status).toBe(502);
      expect(r.body).toMatchObject({ errorCode: 'SMS_SEND_FAILED', errorMessage: '短信发送失败，请稍后再试' });
      expect(sms.answers.at(-1)).toBe('isv.BUSINESS_LIMIT_CONTROL');
    } finally {
      sms.failWith(null);
    }
    expect((await sendSms('13800000004', 'login')).status).toBe(200);
  });

  it('refuses a malformed number on the mobile field and an email-only scene', async () => {
    for (const mobile of ['12345', '23800000000', '1380000000a', '138000000001']) {
      const r = await call(t.app, 'POST', '/api/auth/send-sms-code', { body: { mobile, scene: 'login' } });
      expect(r.body).toMatchObject({ errorCode: 'MOBILE_INVALID', field: 'mobile' });
    }
    const r = await call(t.app, 'POST', '/api/auth/send-sms-code', { body: { mobile: '13800000005', scene: 'register' } });
    expect(r.status).toBe(400);
    expect(r.body.field).toBe('scene');
    const noCaptcha = await call(t.app, 'POST', '/api/auth/send-sms-code', { body: { mobile: '13800000005', scene: 'login' } });
    expect(noCaptcha.body).toMatchObject({ errorCode: 'CAPTCHA_REQUIRED', field: 'captcha' });
  });

  it('one code per number per minute, and a limit per IP per hour', async () => {
    const ip = freshIp();
    expect((await sendSms('13800000010', 'login', { ip })).status).toBe(200);
    const soon = await sendSms('13800000010', 'reset-pwd');
    expect(soon.status).toBe(429);
    expect(soon.body.errorCode).toBe('CODE_SEND_TOO_FREQUENT');
    for (let i = 1; i < VERIFY.CODE_MAX_PER_IP_PER_HOUR; i++)
      expect((await sendSms(`139000000${String(i).padStart(2, '0')}`, 'login', { ip })).status).toBe(200);
    const over = await sendSms('13900000099', 'login', { ip });
    expect(over.status).toBe(429);
    expect(over.body.errorCode).toBe('CODE_SEND_LIMIT');
  });

  it("a number gets at most its day's worth of codes (CODE_SEND_DAILY_LIMIT on the mobile field)", async () => {
    const mobile = '13900000100';
    await pastCodes(t.db.$client, { count: loadConfig({}).limits.codesPerTargetPerDay, target: mobile, ip: '10.5.9.1', ago: '2 hours', channel: 'mobile' });
    const before = sms.received.length;
    const r = await sendSms(mobile, 'login', { lang: 'zh-TW' });
    expect(r.status).toBe(429);
    expect(r.body).toMatchObject({ errorCode: 'CODE_SEND_DAILY_LIMIT', field: 'mobile', errorMessage: '此手機號碼今日獲取驗證碼次數過多，請明天再試' });
    expect(sms.received.length).toBe(before);
  });
});

describe('SMS test mode (no provider configured)', () => {
  it('the code goes to the outbox, which admins read (newest first, by number); others may not', async () => {
    const r = await sendSms('13700000001', 'login', { app: testMode });
    expect(r.body.data).toMatchObject({ testMode: true, expiresIn: 300 });
    await sendSms('13700000002', 'reset-pwd', { app: testMode, lang: 'zh-CN' });
    const admin = await registerAdmin(testMode.app);
    const list = await call(testMode.app, 'GET', '/api/system/sms-outbox?current=1&pageSize=10', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ success: true, total: 2 });
    // whether test mode is on is the login config's to say (smsTestMode below)
    expect(list.body).not.toHaveProperty('testMode');
    expect(list.body.data.map((m: { mobile: string }) => m.mobile)).toEqual(['13700000002', '13700000001']);
    expect(list.body.data[0].content).toMatch(/^您正在重置密码，验证码为 \d{6}/);
    expect(list.body.data[1]).toMatchObject({ scene: 'login' });
    const code = /(\d{6})/.exec(list.body.data[1].content)![1];
    // the outbox code is the real one: it signs in
    const signedIn = await call(testMode.app, 'POST', '/api/auth/login-by-sms', { body: { mobile: '13700000001', code } });
    expect(signedIn.status).toBe(200);
    const found = await call(testMode.app, 'GET', '/api/system/sms-outbox?keyword=0002', { token: admin.token });
    expect(found.body.data.map((m: { mobile: string }) => m.mobile)).toEqual(['13700000002']);
    const today = new Date().toISOString().slice(0, 10);
    const inRange = await call(testMode.app, 'GET', `/api/system/sms-outbox?created_at_from=${today}&created_at_to=${today}`, { token: admin.token });
    expect(inRange.body.total).toBe(2);
    const before = await call(testMode.app, 'GET', '/api/system/sms-outbox?created_at_to=2000-01-01', { token: admin.token });
    expect(before.body).toMatchObject({ data: [], total: 0 });
    const xlsx = await testMode.app.inject({
      method: 'GET',
      url: '/api/system/sms-outbox/export?keyword=0002',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toMatch(/filename="sms-outbox-\d{8}-\d{6}\.xlsx"/);
    const asUser = await call(testMode.app, 'GET', '/api/system/sms-outbox', { token: signedIn.body.data.token });
    expect(asUser.status).toBe(403);
    expect((await call(testMode.app, 'GET', '/api/auth/login-config')).body.data.smsTestMode).toBe(true);
  });

  it('with a provider the outbox is empty and the login config says test mode is off', async () => {
    const admin = await registerAdmin(t.app);
    const list = await call(t.app, 'GET', '/api/system/sms-outbox', { token: admin.token });
    expect(list.body).toEqual({ success: true, data: [], total: 0 });
    expect((await call(t.app, 'GET', '/api/auth/login-config')).body.data.smsTestMode).toBe(false);
  });
});

describe('login-by-sms', () => {
  it('registers an unknown number (default credits, no password), then signs in to the same account', async () => {
    const mobile = '13600000001';
    const first = await loginBySms(mobile, await codeFor(mobile, 'login'));
    expect(first.status).toBe(200);
    expect(first.body.data.userInfo).toMatchObject({ mobile, username: null, score: 10000, hasPassword: false, role: [] });
    expect((await call(t.app, 'GET', '/api/auth/me', { token: first.body.data.token })).status).toBe(200);
    const second = await loginBySms(mobile, await codeFor(mobile, 'login'));
    expect(second.body.data.userInfo._id).toBe(first.body.data.userInfo._id);
    const { rows } = await t.db.$client.query(`SELECT mobile_confirmed, password_hash FROM users WHERE mobile = $1`, [mobile]);
    expect(rows).toEqual([{ mobile_confirmed: true, password_hash: null }]);
    const logs = await t.db.$client.query(`SELECT type, state FROM user_logs WHERE user_id = $1 ORDER BY id`, [first.body.data.userInfo._id]);
    expect(logs.rows).toEqual([
      { type: 'register', state: 1 },
      { type: 'login', state: 1 },
      { type: 'login', state: 1 },
    ]);
  });

  it('a wrong code is refused on the code field; the right one then works once (reused: refused)', async () => {
    const mobile = '13600000002';
    const code = await codeFor(mobile, 'login');
    const wrong = await loginBySms(mobile, otherThan(code));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ errorCode: 'CODE_INVALID', field: 'code' });
    expect((await t.db.$client.query(`SELECT count(*)::int AS n FROM users WHERE mobile = $1`, [mobile])).rows[0].n).toBe(0);
    expect((await loginBySms(mobile, code)).status).toBe(200);
    expect((await loginBySms(mobile, code)).body).toMatchObject({ errorCode: 'CODE_EXPIRED', field: 'code' });
  });

  it('an expired code is refused, and a code of another scene does not sign in', async () => {
    const mobile = '13600000003';
    const code = await codeFor(mobile, 'login');
    await t.db.$client.query(`UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE target = $1`, [mobile]);
    expect((await loginBySms(mobile, code)).body).toMatchObject({ errorCode: 'CODE_EXPIRED', field: 'code' });
    const resetCode = await codeFor(mobile, 'reset-pwd');
    expect((await loginBySms(mobile, resetCode)).body.errorCode).toBe('CODE_EXPIRED');
  });

  it(`${VERIFY.CODE_MAX_ATTEMPTS} wrong codes burn the code`, async () => {
    const mobile = '13600000004';
    const code = await codeFor(mobile, 'login');
    const answers = [];
    for (let i = 0; i < VERIFY.CODE_MAX_ATTEMPTS; i++) answers.push((await loginBySms(mobile, otherThan(code))).body.errorCode);
    expect(answers).toEqual([...Array(VERIFY.CODE_MAX_ATTEMPTS - 1).fill('CODE_INVALID'), 'CODE_ATTEMPTS_EXCEEDED']);
    expect((await loginBySms(mobile, code)).body.errorCode).toBe('CODE_EXPIRED');
  });

  it('a disabled account is refused as in password login', async () => {
    await makeUser(t.db, { username: 'sms_disabled', password: PASSWORD, mobile: '13600000005', status: 1 });
    const r = await loginBySms('13600000005', await codeFor('13600000005', 'login'));
    expect(r.status).toBe(403);
    expect(r.body.errorCode).toBe('ACCOUNT_DISABLED');
    const logs = await t.db.$client.query(`SELECT state FROM user_logs WHERE username = 'sms_disabled' AND type = 'login'`);
    expect(logs.rows).toEqual([{ state: 0 }]);
  });

  it('a malformed number is refused on the mobile field', async () => {
    expect((await loginBySms('1380000', '123456')).body).toMatchObject({ errorCode: 'MOBILE_INVALID', field: 'mobile' });
  });
});

describe('retrieve by SMS', () => {
  it('resets the password; every earlier token stops working; the new one signs in', async () => {
    const mobile = '13500000001';
    await makeUser(t.db, { username: 'sms_forgot', password: PASSWORD, mobile });
    const sessions = [(await login(t.app, 'sms_forgot', PASSWORD)).body.data, (await login(t.app, mobile, PASSWORD)).body.data];
    const code = await codeFor(mobile, 'reset-pwd');
    const reset = (body: object) =>
      call(t.app, 'POST', '/api/auth/reset-password-by-sms', { body: { mobile, code, password: 'Fresh#2026', password2: 'Fresh#2026', ...body } });
    expect((await reset({ password: 'abcdefgh', password2: 'abcdefgh' })).body).toMatchObject({ errorCode: 'PASSWORD_WEAK', field: 'password' });
    expect((await reset({ password2: 'Other#2026' })).body).toMatchObject({ errorCode: 'PASSWORD_MISMATCH', field: 'password2' });
    expect((await reset({})).body).toEqual({ success: true, data: {} });
    for (const s of sessions) {
      expect((await call(t.app, 'GET', '/api/auth/me', { token: s.token })).status).toBe(401);
      expect((await call(t.app, 'POST', '/api/auth/refresh', { body: { refreshToken: s.refreshToken } })).body.errorCode).toBe('INVALID_REFRESH_TOKEN');
    }
    expect((await login(t.app, 'sms_forgot', PASSWORD)).body.errorCode).toBe('PASSWORD_ERROR');
    expect((await login(t.app, mobile, 'Fresh#2026')).status).toBe(200);
    // reused
    expect((await reset({})).body).toMatchObject({ errorCode: 'CODE_EXPIRED', field: 'code' });
  });

  it('a number without an account is told so on the mobile field', async () => {
    const mobile = '13500000002';
    const r = await call(t.app, 'POST', '/api/auth/reset-password-by-sms', {
      body: { mobile, code: await codeFor(mobile, 'reset-pwd'), password: 'Fresh#2026', password2: 'Fresh#2026' },
    });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ errorCode: 'ACCOUNT_NOT_FOUND', field: 'mobile' });
  });
});

describe('bind-mobile', () => {
  it('binds a proven number; a number of another account is refused on the mobile field', async () => {
    await makeUser(t.db, { username: 'sms_binder', password: PASSWORD });
    await makeUser(t.db, { username: 'sms_holder', password: PASSWORD, mobile: '13400000001' });
    const { token } = (await login(t.app, 'sms_binder', PASSWORD)).body.data;
    const bind = (mobile: string, code: string) => call(t.app, 'POST', '/api/auth/bind-mobile', { body: { mobile, code }, token });
    const taken = await bind('13400000001', await codeFor('13400000001', 'bind-mobile'));
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ errorCode: 'ACCOUNT_EXISTS', field: 'mobile', errorMessage: 'This mobile number is already registered' });
    const code = await codeFor('13400000002', 'bind-mobile');
    expect((await bind('13400000002', otherThan(code))).body).toMatchObject({ errorCode: 'CODE_INVALID', field: 'code' });
    const ok = await bind('13400000002', code);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ username: 'sms_binder', mobile: '13400000002' });
    expect((await login(t.app, '13400000002', PASSWORD)).status).toBe(200);
    const logs = await t.db.$client.query(`SELECT state FROM user_logs WHERE username = 'sms_binder' AND type = 'bind-mobile'`);
    expect(logs.rows).toEqual([{ state: 1 }]);
    expect((await call(t.app, 'POST', '/api/auth/bind-mobile', { body: { mobile: '13400000003', code: '123456' } })).status).toBe(401);
  });
});

describe('set-password', () => {
  it('an SMS-registered account sets a first password with a code to its own number, once', async () => {
    const mobile = '13300000001';
    const { token } = (await loginBySms(mobile, await codeFor(mobile, 'login'))).body.data;
    // the set-pwd code goes to the caller's bound number only
    expect((await sendSms(mobile, 'set-pwd')).status).toBe(401);
    const elsewhere = await sendSms('13300000009', 'set-pwd', { token });
    expect(elsewhere.body).toMatchObject({ errorCode: 'MOBILE_MISMATCH', field: 'mobile' });
    const code = await codeFor(mobile, 'set-pwd', token);
    const set = (body: object) =>
      call(t.app, 'POST', '/api/auth/set-password', { body: { code, password: 'First#2026', password2: 'First#2026', ...body }, token });
    expect((await set({ password2: 'Other#2026' })).body).toMatchObject({ errorCode: 'PASSWORD_MISMATCH', field: 'password2' });
    expect((await set({ code: otherThan(code) })).body).toMatchObject({ errorCode: 'CODE_INVALID', field: 'code' });
    const ok = await set({});
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ mobile, hasPassword: true });
    // the session goes on
    expect((await call(t.app, 'GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await login(t.app, mobile, 'First#2026')).status).toBe(200);
    const again = await set({});
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('PASSWORD_ALREADY_SET');
  });

  it('an account without a bound number is told to bind one', async () => {
    // a password-less account without a number (as a weixin sign-up makes it), signed in
    const { rows } = await t.db.$client.query<{ id: string }>(`INSERT INTO users (username) VALUES ('sms_nomobile') RETURNING id`);
    const token = await tokenFor(rows[0].id);
    const send = await sendSms('13300000002', 'set-pwd', { token });
    expect(send.body).toMatchObject({ errorCode: 'MOBILE_NOT_BOUND', field: 'mobile' });
    const set = await call(t.app, 'POST', '/api/auth/set-password', { body: { code: '123456', password: 'First#2026', password2: 'First#2026' }, token });
    expect(set.body).toMatchObject({ errorCode: 'MOBILE_NOT_BOUND', field: 'mobile' });
  });

  it('an account with a password is refused', async () => {
    await makeUser(t.db, { username: 'sms_haspwd', password: PASSWORD, mobile: '13300000003' });
    const { token } = (await login(t.app, 'sms_haspwd', PASSWORD)).body.data;
    const r = await call(t.app, 'POST', '/api/auth/set-password', { body: { code: '123456', password: 'First#2026', password2: 'First#2026' }, token });
    expect(r.body.errorCode).toBe('PASSWORD_ALREADY_SET');
  });
});
