import { TokenService } from '../../server/core/auth';
import { hashPassword } from '../../server/modules/auth/passwords';
import { ADMIN, call, login, makeRole, makeUser, registerAdmin } from '../support/accounts';
import { createTestApp } from '../support/test-app';
import { captchaAnswer } from '../support/verify';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const logRows = async () => (await t.db.$client.query(`SELECT type, state, ip, ua, username FROM user_logs ORDER BY id`)).rows;

describe('super admin registration', () => {
  it('refuses weak input field by field', async () => {
    const bad = async (body: object) => (await call(t.app, 'POST', '/api/auth/register-admin', { body: { ...ADMIN, ...body } })).body;
    expect(await bad({ username: '12345' })).toMatchObject({ errorCode: 'USERNAME_INVALID', field: 'username' });
    expect(await bad({ username: 'ab' })).toMatchObject({ errorCode: 'USERNAME_INVALID', field: 'username' });
    expect(await bad({ nickname: 'a@b' })).toMatchObject({ errorCode: 'NICKNAME_INVALID', field: 'nickname' });
    expect(await bad({ password: 'abcdefgh', password2: 'abcdefgh' })).toMatchObject({ errorCode: 'PASSWORD_WEAK', field: 'password' });
    expect(await bad({ password: 'a1', password2: 'a1' })).toMatchObject({ errorCode: 'PASSWORD_INVALID', field: 'password' });
    expect(await bad({ password2: 'Other#2026' })).toMatchObject({ errorCode: 'PASSWORD_MISMATCH', field: 'password2' });
    const missing = await call(t.app, 'POST', '/api/auth/register-admin', { body: { username: 'x_admin' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, errorCode: 'INVALID_PARAM', field: 'password' });
  });

  it('creates the admin once, then refuses and the login config says so', async () => {
    expect((await call(t.app, 'GET', '/api/auth/login-config')).body.data).toMatchObject({
      adminExists: false,
      loginTypes: ['weixin', 'username'],
      passwordStrength: 'medium',
      setPasswordAfterLogin: false,
    });
    const first = await registerAdmin(t.app);
    expect(first.userInfo).toMatchObject({ username: ADMIN.username, role: ['admin'], permission: [], score: 10000 });
    const again = await call(t.app, 'POST', '/api/auth/register-admin', { body: { ...ADMIN, username: 'second_admin' } });
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('ADMIN_EXISTS');
    expect((await call(t.app, 'GET', '/api/auth/login-config')).body.data.adminExists).toBe(true);
    expect((await logRows()).filter((r) => r.type === 'register')).toHaveLength(1);
  });
});

describe('password sign-in', () => {
  beforeAll(async () => {
    await makeUser(t.db, { username: 'alice', password: 'Alice#2026', mobile: '13800000001', email: 'alice@example.com' });
  });

  it('takes a username, mobile or email in one field', async () => {
    for (const account of ['alice', 'ALICE', '13800000001', 'alice@example.com']) {
      const r = await login(t.app, account, 'Alice#2026');
      expect(r.status).toBe(200);
      expect(r.body.data.userInfo.username).toBe('alice');
    }
  });

  it('answers a token whose payload carries uid, role, permission and exp', async () => {
    const r = await login(t.app, 'alice', 'Alice#2026');
    const payload = JSON.parse(Buffer.from(r.body.data.token.split('.')[1], 'base64url').toString());
    expect(payload).toMatchObject({ uid: r.body.data.userInfo._id, role: [], permission: [] });
    expect(payload.exp - payload.iat).toBe(7200);
  });

  it('refuses a wrong password on the password field and logs the failure', async () => {
    const r = await call(t.app, 'POST', '/api/auth/login', { body: { username: 'alice', password: 'nope' }, ip: '10.9.9.9' });
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ success: false, errorCode: 'PASSWORD_ERROR', field: 'password' });
    expect(typeof r.body.requestId).toBe('string');
    const rows = await logRows();
    expect(rows.at(-1)).toMatchObject({ type: 'login', state: 0, ip: '10.9.9.9', username: 'alice' });
  });

  it('a null password counts as an empty one', async () => {
    const r = await call(t.app, 'POST', '/api/auth/login', { body: { username: 'alice', password: null } });
    expect(r.body.errorCode).toBe('PASSWORD_ERROR');
  });

  /** a login with a solved image captcha (scene login), as the form sends it once required */
  const loginWithCaptcha = async (username: string, password: string, ip: string, answer?: string) => {
    const c = await call(t.app, 'GET', '/api/auth/captcha?scene=login', { ip });
    const captcha = answer ?? (await captchaAnswer(t.db.$client, c.body.data.id));
    return call(t.app, 'POST', '/api/auth/login', { body: { username, password, captchaId: c.body.data.id, captcha }, ip });
  };

  it('asks for the image captcha after 3 failures of a user+IP; a wrong captcha is refused and not counted', async () => {
    await makeUser(t.db, { username: 'dora', password: 'Dora#20266' });
    for (let i = 0; i < 3; i++) expect((await login(t.app, 'dora', 'wrong-pass1', '10.3.3.3')).body.errorCode).toBe('PASSWORD_ERROR');
    // even the right password needs the captcha now
    const required = await login(t.app, 'dora', 'Dora#20266', '10.3.3.3');
    expect(required.body).toMatchObject({ errorCode: 'CAPTCHA_REQUIRED', field: 'captcha' });
    const wrong = await loginWithCaptcha('dora', 'Dora#20266', '10.3.3.3', 'zzzz');
    expect(wrong.body).toMatchObject({ errorCode: 'CAPTCHA_INVALID', field: 'captcha' });
    // another IP is not affected
    expect((await login(t.app, 'dora', 'Dora#20266', '10.4.4.4')).status).toBe(200);
    expect((await loginWithCaptcha('dora', 'Dora#20266', '10.3.3.3')).status).toBe(200);
    // the success cleared it: no captcha for the next attempt
    expect((await login(t.app, 'dora', 'Dora#20266', '10.3.3.3')).status).toBe(200);
    // an unknown name behaves the same (no hint about which accounts exist)
    for (let i = 0; i < 3; i++) await login(t.app, 'nobody_here', 'wrong-pass1', '10.3.3.3');
    expect((await login(t.app, 'nobody_here', 'wrong-pass1', '10.3.3.3')).body.errorCode).toBe('CAPTCHA_REQUIRED');
    // the captcha rule looks back 2 hours
    await t.db.$client.query(`UPDATE user_logs SET created_at = created_at - interval '7201 seconds' WHERE ip = '10.3.3.3' AND username = 'nobody_here'`);
    expect((await login(t.app, 'nobody_here', 'wrong-pass1', '10.3.3.3')).body.errorCode).toBe('PASSWORD_ERROR');
  });

  it('locks out after 6 failures from one IP within the hour; other IPs are unaffected; success clears', async () => {
    await makeUser(t.db, { username: 'bob', password: 'Bob#20266' });
    for (let i = 0; i < 3; i++) expect((await login(t.app, 'bob', 'wrong-pass1', '10.1.1.1')).body.errorCode).toBe('PASSWORD_ERROR');
    for (let i = 0; i < 3; i++) expect((await loginWithCaptcha('bob', 'wrong-pass1', '10.1.1.1')).body.errorCode).toBe('PASSWORD_ERROR');
    const locked = await loginWithCaptcha('bob', 'Bob#20266', '10.1.1.1');
    expect(locked.status).toBe(429);
    expect(locked.body.errorCode).toBe('PASSWORD_ERROR_EXCEED_LIMIT');
    expect((await login(t.app, 'bob', 'Bob#20266', '10.2.2.2')).status).toBe(200);
    // the window passes: age the failures by an hour (still inside the captcha's 2 hours)
    await t.db.$client.query(`UPDATE user_logs SET created_at = created_at - interval '3601 seconds' WHERE ip = '10.1.1.1'`);
    expect((await loginWithCaptcha('bob', 'Bob#20266', '10.1.1.1')).status).toBe(200);
    // a success clears the count: 5 failures after it still let the right password in
    for (let i = 0; i < 3; i++) await login(t.app, 'bob', 'wrong-pass1', '10.1.1.1');
    for (let i = 0; i < 2; i++) await loginWithCaptcha('bob', 'wrong-pass1', '10.1.1.1');
    expect((await loginWithCaptcha('bob', 'Bob#20266', '10.1.1.1')).status).toBe(200);
  });

  it.each([
    [1, 'ACCOUNT_DISABLED'],
    [2, 'ACCOUNT_UNDER_REVIEW'],
    [3, 'ACCOUNT_REVIEW_REJECTED'],
    [4, 'ACCOUNT_CLOSED'],
  ])('status %i cannot sign in (%s)', async (status, code) => {
    await makeUser(t.db, { username: `status_${status}`, password: 'Status#2026', status });
    const r = await login(t.app, `status_${status}`, 'Status#2026');
    expect(r.status).toBe(403);
    expect(r.body.errorCode).toBe(code);
  });

  it('answers in the request language', async () => {
    const body = { username: 'alice', password: 'nope' };
    // each from its own IP: three failures from one would ask for the captcha
    const zh = await call(t.app, 'POST', '/api/auth/login', { body, lang: 'zh-CN,zh;q=0.9', ip: '10.5.0.1' });
    expect(zh.body.errorMessage).toBe('账号或密码错误');
    const hant = await call(t.app, 'POST', '/api/auth/login', { body, lang: 'zh-Hant', ip: '10.5.0.2' });
    expect(hant.body.errorMessage).toBe('帳號或密碼錯誤');
    const en = await call(t.app, 'POST', '/api/auth/login', { body, lang: 'fr', ip: '10.5.0.3' });
    expect(en.body.errorMessage).toBe('Wrong account or password');
  });
});

describe('tokens', () => {
  let user: { token: string; refreshToken: string };
  beforeAll(async () => {
    await makeUser(t.db, { username: 'carol', password: 'Carol#2026' });
  });
  beforeEach(async () => {
    user = (await login(t.app, 'carol', 'Carol#2026')).body.data;
  });

  it('reads the current user', async () => {
    const me = await call(t.app, 'GET', '/api/auth/me', { token: user.token });
    expect(me.body.data).toMatchObject({ username: 'carol', role: [], score: 0 });
    const anon = await call(t.app, 'GET', '/api/auth/me');
    expect(anon.status).toBe(401);
    expect(anon.body.errorCode).toBe('uni-id-token-not-exist');
    const forged = await call(t.app, 'GET', '/api/auth/me', { token: `${user.token}x` });
    expect(forged.body.errorCode).toBe('uni-id-check-token-failed');
  });

  it('an expired access token answers ACCESS_TOKEN_EXPIRED', async () => {
    const payload = JSON.parse(Buffer.from(user.token.split('.')[1], 'base64url').toString());
    const old = new TokenService('test-secret-test-secret-test-secret', 7200);
    const { token } = await old.sign(payload, Math.floor(Date.now() / 1000) - 8000);
    const r = await call(t.app, 'GET', '/api/auth/me', { token });
    expect(r.status).toBe(401);
    expect(r.body.errorCode).toBe('ACCESS_TOKEN_EXPIRED');
  });

  it('refresh rotates the refresh token; replaying a spent one after 30 s ends the session', async () => {
    const next = await call(t.app, 'POST', '/api/auth/refresh', { body: { refreshToken: user.refreshToken } });
    expect(next.status).toBe(200);
    expect(next.body.data.refreshToken).not.toBe(user.refreshToken);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: next.body.data.token })).status).toBe(200);
    // shown again at once (a reload while the answer was on its way): rotated again, session kept
    const retry = await call(t.app, 'POST', '/api/auth/refresh', { body: { refreshToken: user.refreshToken } });
    expect(retry.status).toBe(200);
    // shown again after the grace period: a replay
    await t.db.$client.query(`UPDATE refresh_tokens SET used_at = used_at - interval '31 seconds' WHERE used_at IS NOT NULL`);
    const replay = await call(t.app, 'POST', '/api/auth/refresh', { body: { refreshToken: user.refreshToken } });
    expect(replay.body.errorCode).toBe('INVALID_REFRESH_TOKEN');
    expect((await call(t.app, 'GET', '/api/auth/me', { token: next.body.data.token })).body.errorCode).toBe('uni-id-token-expired');
    expect((await call(t.app, 'POST', '/api/auth/refresh', { body: { refreshToken: 'garbage' } })).body.errorCode).toBe('INVALID_REFRESH_TOKEN');
  });

  it('an expired refresh token answers REFRESH_TOKEN_EXPIRED', async () => {
    await t.db.$client.query(`UPDATE refresh_tokens SET expires_at = now() - interval '1 second'`);
    const r = await call(t.app, 'POST', '/api/auth/refresh', { body: { refreshToken: user.refreshToken } });
    expect(r.body.errorCode).toBe('REFRESH_TOKEN_EXPIRED');
  });

  it('a changed role reaches the user at the next refresh', async () => {
    await makeRole(t.db, 'auditor', ['READ_UNI_ID_LOG']);
    await t.db.$client.query(`UPDATE users SET role = '{auditor}' WHERE username = 'carol'`);
    const r = await call(t.app, 'POST', '/api/auth/refresh', { body: { refreshToken: user.refreshToken } });
    expect(r.body.data.userInfo).toMatchObject({ role: ['auditor'], permission: ['READ_UNI_ID_LOG'] });
    await t.db.$client.query(`UPDATE users SET role = '{}' WHERE username = 'carol'`);
  });

  it('logout ends the session; an anonymous caller cannot log out', async () => {
    const anon = await call(t.app, 'POST', '/api/auth/logout');
    expect(anon.body.errorCode).toBe('ANONYMOUS_CANNOT_LOGOUT');
    expect((await call(t.app, 'POST', '/api/auth/logout', { token: user.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: user.token })).body.errorCode).toBe('uni-id-token-expired');
    expect((await call(t.app, 'POST', '/api/auth/refresh', { body: { refreshToken: user.refreshToken } })).body.errorCode).toBe('INVALID_REFRESH_TOKEN');
    expect((await logRows()).at(-1)).toMatchObject({ type: 'logout', state: 1, username: 'carol' });
  });

  it('changing the password invalidates every earlier token', async () => {
    const other = (await login(t.app, 'carol', 'Carol#2026')).body.data;
    const wrong = await call(t.app, 'POST', '/api/auth/change-password', {
      token: user.token,
      body: { oldPassword: 'bad', newPassword: 'Carol#2027', newPassword2: 'Carol#2027' },
    });
    expect(wrong.body).toMatchObject({ errorCode: 'PASSWORD_ERROR', field: 'oldPassword' });
    const ok = await call(t.app, 'POST', '/api/auth/change-password', {
      token: user.token,
      body: { oldPassword: 'Carol#2026', newPassword: 'Carol#2027', newPassword2: 'Carol#2027' },
    });
    expect(ok.status).toBe(200);
    for (const tok of [user.token, other.token]) {
      expect((await call(t.app, 'GET', '/api/auth/me', { token: tok })).body.errorCode).toBe('uni-id-token-expired');
    }
    expect((await login(t.app, 'carol', 'Carol#2026')).status).toBe(401);
    expect((await login(t.app, 'carol', 'Carol#2027')).status).toBe(200);
    // put the old password back for the tests that follow
    await t.db.$client.query(`UPDATE users SET password_hash = $1 WHERE username = 'carol'`, [await hashPassword('Carol#2026')]);
  });

  it('closing the account revokes its tokens and blocks sign-in', async () => {
    await makeUser(t.db, { username: 'dave', password: 'Dave#20266' });
    const d = (await login(t.app, 'dave', 'Dave#20266')).body.data;
    expect((await call(t.app, 'POST', '/api/auth/deactivate', { token: d.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: d.token })).body.errorCode).toBe('uni-id-token-expired');
    expect((await login(t.app, 'dave', 'Dave#20266')).body.errorCode).toBe('ACCOUNT_CLOSED');
  });
});
