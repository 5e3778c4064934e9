/**
 * The account flows, server side: image captchas, email codes (test-mode outbox), registration by
 * username and by email, and retrieve-by-email ending every earlier session.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, VERIFY } from '../../server/config';
import { call, login } from '../support/accounts';
import { createTestApp } from '../support/test-app';
import { captchaAnswer, latestOutboxMail, pastCodes } from '../support/verify';

let t: Awaited<ReturnType<typeof createTestApp>>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accounts-api-'));
const outbox = path.join(dataDir, 'outbox');
beforeAll(async () => {
  t = await createTestApp({ dataDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const PASSWORD = 'Secret#2026';
let ipSeq = 0;
/** each test its own IP, so the per-IP limits of one do not touch another */
const freshIp = () => `10.4.0.${++ipSeq}`;

async function captcha(scene: 'register' | 'send-code', ip: string) {
  const r = await call(t.app, 'GET', `/api/auth/captcha?scene=${scene}`, { ip });
  expect(r.status).toBe(200);
  expect(r.body.data.image).toMatch(/^data:image\/png;base64,/);
  return { captchaId: r.body.data.id as string, captcha: await captchaAnswer(t.db.$client, r.body.data.id) };
}

async function sendCode(email: string, scene: string, ip: string, lang?: string) {
  return call(t.app, 'POST', '/api/auth/send-email-code', { body: { email, scene, ...(await captcha('send-code', ip)) }, ip, lang });
}

/** lets the next code to this address go out at once (the resend interval is tested on its own) */
const forgetInterval = (email: string) =>
  t.db.$client.query(`UPDATE verification_codes SET created_at = created_at - interval '61 seconds' WHERE target = $1`, [email]);

async function codeFor(email: string, scene: string, ip = freshIp()) {
  await forgetInterval(email);
  const r = await sendCode(email, scene, ip);
  expect(r.body).toMatchObject({ success: true, data: { expiresIn: 300, resendIn: 60, testMode: true } });
  return (await latestOutboxMail(outbox, email)).code;
}

const registerByEmail = (email: string, code: string, extra: object = {}) =>
  call(t.app, 'POST', '/api/auth/register-by-email', { body: { email, code, password: PASSWORD, password2: PASSWORD, ...extra } });

describe('image captcha', () => {
  it('sending a code needs one, and a wrong one is refused on the captcha field', async () => {
    const ip = freshIp();
    const none = await call(t.app, 'POST', '/api/auth/send-email-code', { body: { email: 'c1@example.com', scene: 'register' }, ip });
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ errorCode: 'CAPTCHA_REQUIRED', field: 'captcha' });
    const c = await captcha('send-code', ip);
    const wrong = await call(t.app, 'POST', '/api/auth/send-email-code', {
      body: { email: 'c1@example.com', scene: 'register', captchaId: c.captchaId, captcha: 'zzzz' },
      ip,
    });
    expect(wrong.body).toMatchObject({ errorCode: 'CAPTCHA_INVALID', field: 'captcha' });
    // single use: the wrong try spent it, so the right answer no longer works
    const late = await call(t.app, 'POST', '/api/auth/send-email-code', { body: { email: 'c1@example.com', scene: 'register', ...c }, ip });
    expect(late.body.errorCode).toBe('CAPTCHA_INVALID');
  });

  it('is bound to its form, case-insensitive, and expires', async () => {
    const ip = freshIp();
    const forRegister = await captcha('register', ip);
    const elsewhere = await call(t.app, 'POST', '/api/auth/send-email-code', { body: { email: 'c2@example.com', scene: 'register', ...forRegister }, ip });
    expect(elsewhere.body.errorCode).toBe('CAPTCHA_INVALID');
    const c = await captcha('send-code', ip);
    const upper = await call(t.app, 'POST', '/api/auth/send-email-code', {
      body: { email: 'c2@example.com', scene: 'register', captchaId: c.captchaId, captcha: c.captcha.toUpperCase() },
      ip,
    });
    expect(upper.body.success).toBe(true);
    const old = await captcha('send-code', ip);
    await t.db.$client.query(`UPDATE captchas SET expires_at = now() - interval '1 second' WHERE id = $1`, [old.captchaId]);
    const expired = await call(t.app, 'POST', '/api/auth/send-email-code', { body: { email: 'c3@example.com', scene: 'register', ...old }, ip });
    expect(expired.body.errorCode).toBe('CAPTCHA_INVALID');
  });

  it('an unknown scene is refused', async () => {
    const r = await call(t.app, 'GET', '/api/auth/captcha?scene=nope');
    expect(r.status).toBe(400);
    expect(r.body.field).toBe('scene');
  });
});

describe('email codes', () => {
  it('test mode: the mail lands in the outbox, labelled, in the caller language; only a hash is stored', async () => {
    const r = await sendCode('Mail.Box@Example.com', 'register', freshIp(), 'zh-CN');
    expect(r.body.data.testMode).toBe(true);
    const mail = await latestOutboxMail(outbox, 'mail.box@example.com');
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.subject).toContain('验证码');
    expect(String(mail.headers.get('x-console-test-mode'))).toContain('no SMTP_URL');
    const { rows } = await t.db.$client.query(`SELECT * FROM verification_codes WHERE target = 'mail.box@example.com'`);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(mail.code);
    expect(rows[0]).toMatchObject({ scene: 'register', channel: 'email' });
  });

  it('a wrong code is refused and counted; the right one then works once', async () => {
    const email = 'wrong.code@example.com';
    const code = await codeFor(email, 'register');
    const other = code === '000000' ? '111111' : '000000';
    const wrong = await registerByEmail(email, other);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ errorCode: 'CODE_INVALID', field: 'code' });
    expect(wrong.body.errorMessage).toContain(String(VERIFY.CODE_MAX_ATTEMPTS - 1));
    const ok = await registerByEmail(email, code, { nickname: 'Mailer' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.userInfo).toMatchObject({ email, nickname: 'Mailer', username: null, score: 10000 });
    const { rows } = await t.db.$client.query(`SELECT email_confirmed FROM users WHERE email = $1`, [email]);
    expect(rows[0].email_confirmed).toBe(true);
    // reused: the code is spent, and the address's owner is not given away before a right code
    expect((await registerByEmail(email, code)).body).toMatchObject({ errorCode: 'CODE_EXPIRED' });
    const fresh = await codeFor(email, 'register');
    expect((await registerByEmail(email, fresh === '000000' ? '111111' : '000000')).body).toMatchObject({ errorCode: 'CODE_INVALID', field: 'code' });
    expect((await registerByEmail(email, fresh)).body).toMatchObject({ errorCode: 'ACCOUNT_EXISTS', field: 'email' });
  });

  it('a used code does not work a second time', async () => {
    const email = 'reused@example.com';
    await t.db.$client.query(`INSERT INTO users (username, email) VALUES ('reused_user', $1)`, [email]);
    const code = await codeFor(email, 'reset-pwd');
    const first = await call(t.app, 'POST', '/api/auth/reset-password-by-email', { body: { email, code, password: PASSWORD, password2: PASSWORD } });
    expect(first.body.success).toBe(true);
    const second = await call(t.app, 'POST', '/api/auth/reset-password-by-email', { body: { email, code, password: PASSWORD, password2: PASSWORD } });
    expect(second.body).toMatchObject({ errorCode: 'CODE_EXPIRED', field: 'code' });
  });

  it('an expired code is refused; a code is good for its own scene only', async () => {
    const email = 'expired@example.com';
    const code = await codeFor(email, 'register');
    const otherScene = await call(t.app, 'POST', '/api/auth/reset-password-by-email', { body: { email, code, password: PASSWORD, password2: PASSWORD } });
    expect(otherScene.body.errorCode).toBe('CODE_EXPIRED');
    await t.db.$client.query(`UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE target = $1`, [email]);
    const r = await registerByEmail(email, code);
    expect(r.body).toMatchObject({ errorCode: 'CODE_EXPIRED', field: 'code' });
  });

  it(`${VERIFY.CODE_MAX_ATTEMPTS} wrong codes burn the code`, async () => {
    const email = 'burnt@example.com';
    const code = await codeFor(email, 'register');
    const other = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < VERIFY.CODE_MAX_ATTEMPTS; i++) answers.push((await registerByEmail(email, other)).body.errorCode);
    expect(answers).toEqual([...Array(VERIFY.CODE_MAX_ATTEMPTS - 1).fill('CODE_INVALID'), 'CODE_ATTEMPTS_EXCEEDED']);
    expect((await registerByEmail(email, code)).body.errorCode).toBe('CODE_EXPIRED');
  });

  it('a newer code replaces the older one', async () => {
    const email = 'newer@example.com';
    const first = await codeFor(email, 'register');
    const second = await codeFor(email, 'register');
    // the older code is now simply a wrong one
    if (first !== second) expect((await registerByEmail(email, first)).body.errorCode).toBe('CODE_INVALID');
    expect((await registerByEmail(email, second)).status).toBe(200);
  });

  it('one code per address per minute, and a limit per IP per hour', async () => {
    const ip = freshIp();
    expect((await sendCode('often@example.com', 'register', ip)).status).toBe(200);
    const soon = await sendCode('often@example.com', 'reset-pwd', freshIp());
    expect(soon.status).toBe(429);
    expect(soon.body.errorCode).toBe('CODE_SEND_TOO_FREQUENT');
    expect(soon.body.errorMessage).toMatch(/\d+/);
    for (let i = 1; i < VERIFY.CODE_MAX_PER_IP_PER_HOUR; i++) expect((await sendCode(`many${i}@example.com`, 'register', ip)).status).toBe(200);
    const over = await sendCode('one-more@example.com', 'register', ip);
    expect(over.status).toBe(429);
    expect(over.body.errorCode).toBe('CODE_SEND_LIMIT');
  });

  it('daily caps per address and per IP, and a per-minute cap for the site, each on the email field', async () => {
    const { limits } = loadConfig({});
    // this address had its day's worth of codes (from elsewhere): refused until they are a day old
    await pastCodes(t.db.$client, { count: limits.codesPerTargetPerDay, target: 'daily@example.com', ip: '10.4.9.1', ago: '3 hours' });
    const daily = await sendCode('daily@example.com', 'register', freshIp());
    expect(daily.status).toBe(429);
    expect(daily.body).toMatchObject({
      errorCode: 'CODE_SEND_DAILY_LIMIT',
      field: 'email',
      errorMessage: 'This email has had too many codes today, try again tomorrow',
    });
    await t.db.$client.query(`UPDATE verification_codes SET created_at = created_at - interval '1 day' WHERE target = 'daily@example.com'`);
    expect((await sendCode('daily@example.com', 'register', freshIp())).status).toBe(200);
    // this network asked for its day's worth, spread over hours (so the hourly limit is not what stops it)
    const ip = freshIp();
    await pastCodes(t.db.$client, { count: limits.codesPerIpPerDay, target: 'spread{n}@example.com', ip, ago: '5 hours' });
    const perIp = await sendCode('fresh-target@example.com', 'register', ip);
    expect(perIp.status).toBe(429);
    expect(perIp.body).toMatchObject({ errorCode: 'CODE_SEND_LIMIT', field: 'email' });
    // the whole site sent its minute's worth
    await pastCodes(t.db.$client, { count: limits.codesPerMinute, target: 'rush{n}@example.com', ip: '10.4.9.2', ago: '10 seconds' });
    const busy = await sendCode('calm@example.com', 'register', freshIp(), 'zh-CN');
    expect(busy.status).toBe(429);
    expect(busy.body).toMatchObject({ errorCode: 'CODE_SEND_BUSY', field: 'email', errorMessage: '当前发送验证码的请求过多，请一分钟后再试' });
    await t.db.$client.query(`UPDATE verification_codes SET created_at = created_at - interval '1 minute' WHERE target LIKE 'rush%'`);
    expect((await sendCode('calm@example.com', 'register', freshIp())).status).toBe(200);
  });

  it('refuses a malformed address before spending a captcha', async () => {
    const r = await call(t.app, 'POST', '/api/auth/send-email-code', { body: { email: 'not-an-email', scene: 'register' } });
    expect(r.body).toMatchObject({ errorCode: 'EMAIL_INVALID', field: 'email' });
  });
});

describe('register (username)', () => {
  const register = async (body: object, ip = freshIp()) =>
    call(t.app, 'POST', '/api/auth/register', {
      body: { username: 'new_user', nickname: 'Newbie', password: PASSWORD, password2: PASSWORD, ...(await captcha('register', ip)), ...body },
      ip,
    });

  it('applies the reference rules field by field, before spending the captcha', async () => {
    expect((await register({ password: 'abcdefgh', password2: 'abcdefgh' })).body).toMatchObject({ errorCode: 'PASSWORD_WEAK', field: 'password' });
    expect((await register({ password: 'a1', password2: 'a1' })).body).toMatchObject({ errorCode: 'PASSWORD_INVALID', field: 'password' });
    expect((await register({ password2: 'Other#2026' })).body).toMatchObject({ errorCode: 'PASSWORD_MISMATCH', field: 'password2' });
    expect((await register({ username: '123456' })).body).toMatchObject({ errorCode: 'USERNAME_INVALID', field: 'username' });
    expect((await register({ nickname: 'a@b' })).body).toMatchObject({ errorCode: 'NICKNAME_INVALID', field: 'nickname' });
    expect((await register({ captcha: undefined })).body).toMatchObject({ errorCode: 'CAPTCHA_REQUIRED', field: 'captcha' });
    expect((await register({ captcha: 'zzzz' })).body).toMatchObject({ errorCode: 'CAPTCHA_INVALID', field: 'captcha' });
    const { rows } = await t.db.$client.query(`SELECT count(*)::int AS n FROM users WHERE username = 'new_user'`);
    expect(rows[0].n).toBe(0);
  });

  it('creates the account with the default credits, signed in; a taken username is refused', async () => {
    const r = await register({ username: 'New_User' });
    expect(r.status).toBe(200);
    expect(r.body.data.userInfo).toMatchObject({ username: 'new_user', nickname: 'Newbie', role: [], score: 10000 });
    expect((await call(t.app, 'GET', '/api/auth/me', { token: r.body.data.token })).status).toBe(200);
    expect((await login(t.app, 'new_user', PASSWORD)).status).toBe(200);
    const dup = await register({ username: 'NEW_USER' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ errorCode: 'ACCOUNT_EXISTS', field: 'username' });
    // without the right captcha nobody learns whether the name is taken
    expect((await register({ username: 'NEW_USER', captcha: 'zzzz' })).body).toMatchObject({ errorCode: 'CAPTCHA_INVALID', field: 'captcha' });
    expect((await register({ username: 'NEW_USER', captcha: undefined })).body).toMatchObject({ errorCode: 'CAPTCHA_REQUIRED', field: 'captcha' });
    const logs = await t.db.$client.query(`SELECT type, state FROM user_logs WHERE username = 'new_user' AND type = 'register'`);
    expect(logs.rows).toEqual([{ type: 'register', state: 1 }]);
  });
});

describe('retrieve by email', () => {
  it('resets the password and every earlier token stops working', async () => {
    const email = 'forgot@example.com';
    const made = await registerByEmail(email, await codeFor(email, 'register'));
    const other = await call(t.app, 'POST', '/api/auth/login', { body: { username: email, password: PASSWORD } });
    const sessions = [made.body.data, other.body.data];
    const code = await codeFor(email, 'reset-pwd');
    const weak = await call(t.app, 'POST', '/api/auth/reset-password-by-email', { body: { email, code, password: 'abcdefgh', password2: 'abcdefgh' } });
    expect(weak.body).toMatchObject({ errorCode: 'PASSWORD_WEAK', field: 'password' });
    const r = await call(t.app, 'POST', '/api/auth/reset-password-by-email', {
      body: { email: 'Forgot@Example.com', code, password: 'Fresh#2026', password2: 'Fresh#2026' },
    });
    expect(r.body).toEqual({ success: true, data: {} });
    for (const s of sessions) {
      expect((await call(t.app, 'GET', '/api/auth/me', { token: s.token })).status).toBe(401);
      expect((await call(t.app, 'POST', '/api/auth/refresh', { body: { refreshToken: s.refreshToken } })).body.errorCode).toBe('INVALID_REFRESH_TOKEN');
    }
    expect((await login(t.app, email, PASSWORD)).body.errorCode).toBe('PASSWORD_ERROR');
    expect((await login(t.app, email, 'Fresh#2026')).status).toBe(200);
  });

  it('an address without an account is told so once the code is right', async () => {
    const email = 'nobody@example.com';
    const r = await call(t.app, 'POST', '/api/auth/reset-password-by-email', {
      body: { email, code: await codeFor(email, 'reset-pwd'), password: 'Fresh#2026', password2: 'Fresh#2026' },
    });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ errorCode: 'ACCOUNT_NOT_FOUND', field: 'email' });
  });
});
