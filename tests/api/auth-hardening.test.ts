/**
 * Sign-in and authorization hardening: rights read fresh on every request, no escalation through
 * delegated permissions, the last active admin, refresh retries, logout, authorized apps,
 * the session cap and the change-password lockout.
 */
import { TokenService } from '../../server/core/auth';
import { AUTH } from '../../server/config';
import { MAX_SESSIONS_PER_USER } from '../../server/modules/auth/identity';
import { AccountService } from '../../server/modules/auth/service';
import { SessionService } from '../../server/modules/auth/sessions';
import { UserService } from '../../server/modules/system/users/service';
import { APP_ID } from '../../shared/app-info';
import { ADMIN, call, login, makeRole, makeUser, registerAdmin } from '../support/accounts';
import { loadConfig } from '../../server/config';
import { createTestApp } from '../support/test-app';
import { captchaAnswer } from '../support/verify';
import { tokenWith } from './system-support';
import { creditsOf } from '../support/services';

const SECRET = 'test-secret-test-secret-test-secret';
const U = '/api/system/users';
const R = '/api/system/roles';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let adminId: string;
beforeAll(async () => {
  // SMS sign-in is one of the paths the authorized-apps rule covers
  t = await createTestApp({ login: { ...loadConfig({}).login, loginTypes: ['username', 'weixin', 'smsCode'] } });
  const a = await registerAdmin(t.app);
  admin = a.token;
  adminId = a.userInfo._id;
});
afterAll(async () => {
  await t.close();
});

const roleOf = async (userId: string) => (await t.db.$client.query<{ role: string[] }>(`SELECT role FROM users WHERE id = $1`, [userId])).rows[0].role[0];

describe('roles and permissions count from the next request', () => {
  it('a demoted admin cannot make itself admin again with its old token', async () => {
    const second = await makeUser(t.db, { username: 'second_admin', password: 'Second#2026', role: ['admin'] });
    const s = (await login(t.app, 'second_admin', 'Second#2026')).body.data;
    expect((await call(t.app, 'GET', `${U}/${adminId}`, { token: s.token })).status).toBe(200);
    expect((await call(t.app, 'PUT', `${U}/${second.id}`, { token: admin, body: { role: [] } })).status).toBe(200);
    const back = await call(t.app, 'PUT', `${U}/${second.id}`, { token: s.token, body: { role: ['admin'] } });
    expect(back.status).toBe(403);
    expect(back.body.errorCode).toBe('PERMISSION_ERROR');
    expect((await call(t.app, 'GET', U, { token: s.token })).body.errorCode).toBe('PERMISSION_ERROR');
    expect(await roleOf(second.id)).toBeUndefined();
  });

  it('a permission taken from a role is refused to its holders at once', async () => {
    const u = await tokenWith(t.app, t.db, ['READ_UNI_ID_TAG']);
    expect((await call(t.app, 'GET', '/api/system/tags', { token: u.token })).status).toBe(200);
    const role = await roleOf(u.id);
    expect((await call(t.app, 'PUT', `${R}/${role}`, { token: admin, body: { permission: [] } })).status).toBe(200);
    const r = await call(t.app, 'GET', '/api/system/tags', { token: u.token });
    expect(r.status).toBe(403);
    expect(r.body.errorCode).toBe('PERMISSION_ERROR');
  });
});

describe('delegated administration stays within its own rights', () => {
  const roleAdmin = ['READ_UNI_ID_ROLES', 'CREATE_UNI_ID_ROLES', 'UPDATE_UNI_ID_ROLES', 'READ_UNI_ID_TAG'];

  it('a role manager cannot create a role granting what they lack', async () => {
    const m = await tokenWith(t.app, t.db, roleAdmin);
    const over = await call(t.app, 'POST', R, {
      token: m.token,
      body: { role_id: 'sneaky', role_name: 'Sneaky', permission: ['READ_UNI_ID_TAG', 'DELETE_UNI_ID_USERS'] },
    });
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ errorCode: 'PERMISSION_ERROR', field: 'permission' });
    const within = await call(t.app, 'POST', R, { token: m.token, body: { role_id: 'tag_reader', role_name: 'Tag reader', permission: ['READ_UNI_ID_TAG'] } });
    expect(within.status).toBe(200);
  });

  it('a role manager cannot raise another role above their rights, nor edit their own role or admin', async () => {
    const m = await tokenWith(t.app, t.db, roleAdmin);
    await makeRole(t.db, 'plain_role', ['DELETE_UNI_ID_USERS']);
    const raise = await call(t.app, 'PUT', `${R}/plain_role`, { token: m.token, body: { permission: ['DELETE_UNI_ID_USERS', 'READ_UNI_ID_LOG'] } });
    expect(raise.body).toMatchObject({ errorCode: 'PERMISSION_ERROR', field: 'permission' });
    // keeping what the role had and adding what the manager holds is fine
    const ok = await call(t.app, 'PUT', `${R}/plain_role`, { token: m.token, body: { permission: ['DELETE_UNI_ID_USERS', 'READ_UNI_ID_TAG'] } });
    expect(ok.status).toBe(200);
    const own = await roleOf(m.id);
    const self = await call(t.app, 'PUT', `${R}/${own}`, { token: m.token, body: { role_name: 'Mine' } });
    expect(self.body).toMatchObject({ errorCode: 'PERMISSION_ERROR', field: 'role_id' });
    expect((await call(t.app, 'PUT', `${R}/admin`, { token: m.token, body: { role_name: 'Nobody' } })).body.errorCode).toBe('PERMISSION_ERROR');
    // role admin may do all of it
    expect((await call(t.app, 'PUT', `${R}/plain_role`, { token: admin, body: { permission: ['READ_UNI_ID_LOG'] } })).status).toBe(200);
  });

  it('a holder of the user delete permission cannot delete an admin account', async () => {
    const d = await tokenWith(t.app, t.db, ['READ_UNI_ID_USERS', 'DELETE_UNI_ID_USERS']);
    const victim = await makeUser(t.db, { username: 'plain_victim', password: 'Victim#2026' });
    const one = await call(t.app, 'DELETE', `${U}/${adminId}`, { token: d.token });
    expect(one.status).toBe(403);
    expect(one.body.errorCode).toBe('PERMISSION_ERROR');
    const batch = await call(t.app, 'DELETE', U, { token: d.token, body: { ids: [victim.id, adminId] } });
    expect(batch.body.errorCode).toBe('PERMISSION_ERROR');
    expect((await call(t.app, 'GET', `${U}/${victim.id}`, { token: admin })).status).toBe(200);
    expect((await call(t.app, 'DELETE', `${U}/${victim.id}`, { token: d.token })).status).toBe(200);
  });

  it('the user service refuses a non-admin caller role admin, richer roles and admin accounts', async () => {
    // the routes keep adding and editing users with role admin; the service holds the line as well
    const users = new UserService(
      t.db,
      new AccountService(t.db, new TokenService(SECRET, 7200), undefined, creditsOf(t.db), new SessionService(t.db, new TokenService(SECRET, 7200))),
    );
    await makeRole(t.db, 'rich_role', ['DELETE_UNI_ID_USERS']);
    const caller = { uid: 'x', sid: 'x', role: ['clerk'], permission: ['READ_UNI_ID_USERS'], iat: 0, exp: 0, isAdmin: false };
    const make = (role: string[]) => users.create({ username: `made_${role.join('_')}`, password: 'Made#2026', role }, caller);
    await expect(make(['admin'])).rejects.toMatchObject({ code: 'PERMISSION_ERROR', field: 'role' });
    await expect(make(['rich_role'])).rejects.toMatchObject({ code: 'PERMISSION_ERROR', field: 'role' });
    await expect(users.update(adminId, { nickname: 'Pwned' }, { ip: '10.0.0.1' }, caller)).rejects.toMatchObject({ code: 'PERMISSION_ERROR' });
    const plain = await makeUser(t.db, { username: 'plain_target', password: 'Plain#2026' });
    await expect(users.update(plain.id, { role: ['admin'] }, { ip: '10.0.0.1' }, caller)).rejects.toMatchObject({ code: 'PERMISSION_ERROR', field: 'role' });
  });
});

describe('the last active admin', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  let root: { token: string; userInfo: { _id: string } };
  let dormantId: string;
  beforeAll(async () => {
    app = await createTestApp();
    root = await registerAdmin(app.app);
    // another admin, but disabled: it does not keep the console administered
    dormantId = (await makeUser(app.db, { username: 'dormant_admin', password: 'Dormant#2026', role: ['admin'], status: 1 })).id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('cannot be demoted, disabled, deleted or closed while the other admins are disabled', async () => {
    const me = `${U}/${root.userInfo._id}`;
    const refused = async (r: Promise<{ body: { errorCode: string } }>) => expect((await r).body.errorCode).toBe('LAST_ADMIN');
    await refused(call(app.app, 'PUT', me, { token: root.token, body: { role: [] } }));
    await refused(call(app.app, 'PUT', me, { token: root.token, body: { status: 1 } }));
    await refused(call(app.app, 'DELETE', me, { token: root.token }));
    await refused(call(app.app, 'DELETE', U, { token: root.token, body: { ids: [root.userInfo._id, dormantId] } }));
    await refused(call(app.app, 'POST', '/api/auth/deactivate', { token: root.token }));
    expect((await call(app.app, 'GET', '/api/auth/me', { token: root.token })).status).toBe(200);
    // a disabled admin may go
    expect((await call(app.app, 'PUT', `${U}/${dormantId}`, { token: root.token, body: { role: [] } })).status).toBe(200);
  });

  it('register-admin stays closed while an active admin exists, and reopens when none is left active', async () => {
    expect((await call(app.app, 'POST', '/api/auth/register-admin', { body: { ...ADMIN, username: 'usurper' } })).body.errorCode).toBe('ADMIN_EXISTS');
    await app.db.$client.query(`UPDATE users SET status = 1 WHERE id = $1`, [root.userInfo._id]);
    expect((await call(app.app, 'GET', '/api/auth/login-config')).body.data.adminExists).toBe(false);
    const reopened = await call(app.app, 'POST', '/api/auth/register-admin', { body: { ...ADMIN, username: 'rescuer' } });
    expect(reopened.status).toBe(200);
    // with a second active admin, the first may close their account
    await app.db.$client.query(`UPDATE users SET status = 0 WHERE id = $1`, [root.userInfo._id]);
    const again = (await login(app.app, ADMIN.username, ADMIN.password)).body.data;
    expect((await call(app.app, 'POST', '/api/auth/deactivate', { token: again.token })).status).toBe(200);
  });
});

describe('refresh retries', () => {
  it('a refresh token shown again within the grace period gets the same pair; after it, a replay ends the session', async () => {
    await makeUser(t.db, { username: 'retrier', password: 'Retry#2026' });
    const first = (await login(t.app, 'retrier', 'Retry#2026')).body.data;
    const a = await call(t.app, 'POST', '/api/auth/refresh', { body: { refreshToken: first.refreshToken } });
    const b = await call(t.app, 'POST', '/api/auth/refresh', { body: { refreshToken: first.refreshToken } });
    expect(a.status).toBe(200);
    expect(b.body.data).toEqual(a.body.data);
    expect(a.body.data.refreshToken).not.toBe(first.refreshToken);
    // one chain: the successor rotates once more, and the session lives on
    const c = await call(t.app, 'POST', '/api/auth/refresh', { body: { refreshToken: a.body.data.refreshToken } });
    expect(c.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: c.body.data.token })).status).toBe(200);
    await t.db.$client.query(`UPDATE refresh_tokens SET used_at = used_at - make_interval(secs => $1) WHERE used_at IS NOT NULL`, [
      AUTH.REFRESH_REUSE_GRACE_S + 1,
    ]);
    expect((await call(t.app, 'POST', '/api/auth/refresh', { body: { refreshToken: first.refreshToken } })).body.errorCode).toBe('INVALID_REFRESH_TOKEN');
    expect((await call(t.app, 'GET', '/api/auth/me', { token: c.body.data.token })).body.errorCode).toBe('uni-id-token-expired');
  });
});

describe('logout', () => {
  it('with the refresh token, ends the session even once the access token has expired', async () => {
    await makeUser(t.db, { username: 'leaver', password: 'Leave#2026' });
    const s = (await login(t.app, 'leaver', 'Leave#2026')).body.data;
    const payload = JSON.parse(Buffer.from(s.token.split('.')[1], 'base64url').toString());
    const expired = (await new TokenService(SECRET, 7200).sign(payload, Math.floor(Date.now() / 1000) - 8000)).token;
    expect((await call(t.app, 'GET', '/api/auth/me', { token: expired })).body.errorCode).toBe('ACCESS_TOKEN_EXPIRED');
    const out = await call(t.app, 'POST', '/api/auth/logout', { token: expired, body: { refreshToken: s.refreshToken } });
    expect(out.status).toBe(200);
    expect((await call(t.app, 'POST', '/api/auth/refresh', { body: { refreshToken: s.refreshToken } })).body.errorCode).toBe('INVALID_REFRESH_TOKEN');
    expect((await call(t.app, 'GET', '/api/auth/me', { token: s.token })).body.errorCode).toBe('uni-id-token-expired');
  });

  it('with the refresh token alone it works too; with neither a valid access token nor a known refresh token it is refused', async () => {
    const s = (await login(t.app, 'leaver', 'Leave#2026')).body.data;
    expect((await call(t.app, 'POST', '/api/auth/logout', { body: { refreshToken: 'not-a-token' } })).body.errorCode).toBe('ANONYMOUS_CANNOT_LOGOUT');
    expect((await call(t.app, 'POST', '/api/auth/logout', { body: {} })).body.errorCode).toBe('ANONYMOUS_CANNOT_LOGOUT');
    expect((await call(t.app, 'POST', '/api/auth/logout', { body: { refreshToken: s.refreshToken } })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: s.token })).body.errorCode).toBe('uni-id-token-expired');
  });
});

describe('authorized apps (spec section 6)', () => {
  it('an account authorized for other apps only, or none, cannot sign in or refresh: Invalid client, 20101', async () => {
    const u = await makeUser(t.db, { username: 'elsewhere', password: 'Where#2026', mobile: '13900000077' });
    const s = (await login(t.app, 'elsewhere', 'Where#2026')).body.data;
    await t.db.$client.query(`UPDATE users SET dcloud_appid = '{__UNI__OTHER}' WHERE id = $1`, [u.id]);
    const refused = await login(t.app, 'elsewhere', 'Where#2026');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errorCode: 'INVALID_CLIENT', code: 20101, errorMessage: 'Invalid client' });
    expect((await call(t.app, 'POST', '/api/auth/refresh', { body: { refreshToken: s.refreshToken } })).body).toMatchObject({
      errorCode: 'INVALID_CLIENT',
      code: 20101,
    });

    // by SMS code (test mode: the code is in the outbox)
    const ip = '10.9.0.1';
    const c = (await call(t.app, 'GET', '/api/auth/captcha?scene=send-code', { ip })).body.data;
    const sent = await call(t.app, 'POST', '/api/auth/send-sms-code', {
      ip,
      body: { mobile: '13900000077', scene: 'login', captchaId: c.id, captcha: await captchaAnswer(t.db.$client, c.id) },
    });
    expect(sent.status).toBe(200);
    const { rows } = await t.db.$client.query<{ content: string }>(`SELECT content FROM sms_outbox WHERE mobile = '13900000077' ORDER BY id DESC LIMIT 1`);
    const code = /(\d{6})/.exec(rows[0].content)![1];
    expect((await call(t.app, 'POST', '/api/auth/login-by-sms', { body: { mobile: '13900000077', code } })).body.errorCode).toBe('INVALID_CLIENT');

    // authorized for no app at all (the user form's "none")
    await t.db.$client.query(`UPDATE users SET dcloud_appid = '{}' WHERE id = $1`, [u.id]);
    expect((await login(t.app, 'elsewhere', 'Where#2026')).body.errorCode).toBe('INVALID_CLIENT');

    // the console among the apps, or every app (null): signs in
    await t.db.$client.query(`UPDATE users SET dcloud_appid = $2 WHERE id = $1`, [u.id, ['__UNI__OTHER', APP_ID]]);
    expect((await login(t.app, 'elsewhere', 'Where#2026')).status).toBe(200);
    await t.db.$client.query(`UPDATE users SET dcloud_appid = NULL WHERE id = $1`, [u.id]);
    expect((await login(t.app, 'elsewhere', 'Where#2026')).status).toBe(200);
  });
});

describe('sessions per user', () => {
  it(`at most ${MAX_SESSIONS_PER_USER}: the oldest ends when one more opens`, async () => {
    const u = await makeUser(t.db, { username: 'many_devices', password: 'Many#2026' });
    const sessions = [];
    for (let i = 0; i <= MAX_SESSIONS_PER_USER; i++) sessions.push((await login(t.app, 'many_devices', 'Many#2026', `10.8.0.${i + 1}`)).body.data);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: sessions[0].token })).body.errorCode).toBe('uni-id-token-expired');
    expect((await call(t.app, 'POST', '/api/auth/refresh', { body: { refreshToken: sessions[0].refreshToken } })).body.errorCode).toBe('INVALID_REFRESH_TOKEN');
    for (const s of sessions.slice(1)) expect((await call(t.app, 'GET', '/api/auth/me', { token: s.token })).status).toBe(200);
    const { rows } = await t.db.$client.query(`SELECT count(*)::int AS n FROM sessions WHERE user_id = $1 AND revoked_at IS NULL`, [u.id]);
    expect(rows[0].n).toBe(MAX_SESSIONS_PER_USER);
  });
});

describe('change-password and the sign-in lockout', () => {
  it('wrong old passwords count towards the lockout of that user and IP', async () => {
    await makeUser(t.db, { username: 'guessed', password: 'Guess#2026' });
    const s = (await login(t.app, 'guessed', 'Guess#2026', '10.7.0.1')).body.data;
    const change = (oldPassword: string) =>
      call(t.app, 'POST', '/api/auth/change-password', {
        token: s.token,
        ip: '10.7.0.1',
        body: { oldPassword, newPassword: 'Newer#2026', newPassword2: 'Newer#2026' },
      });
    for (let i = 0; i < AUTH.MAX_LOGIN_FAILURES; i++) expect((await change(`Wrong#${i}`)).body.errorCode).toBe('PASSWORD_ERROR');
    expect((await change('Guess#2026')).body.errorCode).toBe('PASSWORD_ERROR_EXCEED_LIMIT');
    expect((await login(t.app, 'guessed', 'Guess#2026', '10.7.0.1')).body.errorCode).toBe('PASSWORD_ERROR_EXCEED_LIMIT');
    expect((await login(t.app, 'guessed', 'Guess#2026', '10.7.0.2')).status).toBe(200);
  });
});
