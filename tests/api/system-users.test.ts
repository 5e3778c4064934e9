/** User administration: list, export, add/edit, duplicates, set-tags, tokens, self-service (the list's cache: system-users-cache). */
import { sql } from 'drizzle-orm';
import { whereOf } from '../../server/core/list/query';
import { compile } from '../../server/core/sql';
import { userList } from '../../server/modules/system/users/service';
import { APP_ID } from '../../shared/app-info';
import { call, login, makeUser, registerAdmin } from '../support/accounts';
import { createTestApp } from '../support/test-app';
import { exportRows, tokenWith } from './system-support';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let adminId: string;
const U = '/api/system/users';

beforeAll(async () => {
  t = await createTestApp();
  const a = await registerAdmin(t.app);
  admin = a.token;
  adminId = a.userInfo._id;
  await t.db.$client.query(`
    INSERT INTO roles (role_id, role_name, permission) VALUES ('editor', 'Content editor', '{}'), ('viewer', 'Viewer', '{}');
    INSERT INTO tags (tagid, name) VALUES ('vip', 'VIP'), ('beta', 'Beta testers');
    INSERT INTO apps (appid, name) VALUES ('__UNI__A1', 'App one');
    -- 45 generated users: every third an editor, every fifth a VIP, a spread of statuses and logins
    INSERT INTO users (username, nickname, mobile, email, role, tags, status, last_login_date, register_date)
    SELECT 'member' || lpad(i::text, 3, '0'), 'Nick ' || i, '139' || lpad(i::text, 8, '0'), 'm' || i || '@example.com',
           CASE WHEN i % 3 = 0 THEN ARRAY['editor'] ELSE '{}'::text[] END,
           CASE WHEN i % 5 = 0 THEN ARRAY['vip'] ELSE '{}'::text[] END,
           CASE WHEN i % 10 = 0 THEN 1 ELSE 0 END,
           CASE WHEN i % 4 = 0 THEN NULL ELSE timestamptz '2026-01-01' + i * interval '1 hour' END,
           timestamptz '2025-01-01' + i * interval '1 day'
      FROM generate_series(1, 45) i;`);
});
afterAll(async () => {
  await t.close();
});

const list = async (query: string, token = admin) => (await call(t.app, 'GET', `${U}?${query}`, { token })).body;

describe('user list', () => {
  it('pages 20 by default, answers the total and the reference columns', async () => {
    const r = await list('');
    expect(r.success).toBe(true);
    expect(r.data).toHaveLength(20);
    expect(r.total).toBe(46);
    expect(r.data[0]).toEqual(
      expect.objectContaining({
        _id: expect.any(String),
        username: expect.any(String),
        status: expect.any(Number),
        role: expect.any(Array),
        role_name: expect.any(Array),
        tags: expect.any(Array),
        tag_name: expect.any(Array),
        register_date: expect.any(String),
      }),
    );
    expect(r.data[0]).not.toHaveProperty('password_hash');
    expect((await list('current=3&pageSize=20')).data).toHaveLength(6);
    expect((await list('pageSize=500')).data).toHaveLength(46);
    const tooBig = await call(t.app, 'GET', `${U}?pageSize=501`, { token: admin });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'pageSize' });
  });

  it('orders by last login, newest first and never-logged-in last, by default', async () => {
    const r = await list('pageSize=500');
    const dates = r.data.map((u: { last_login_date: string | null }) => u.last_login_date);
    const known = dates.filter(Boolean);
    expect(known).toEqual([...known].sort().reverse());
    expect(dates.slice(known.length).every((d: unknown) => d === null)).toBe(true);
  });

  it('sorts on whitelisted fields only', async () => {
    const asc = await list('sortField=username&sortOrder=ascend&pageSize=3');
    expect(asc.data.map((u: { username: string }) => u.username)).toEqual(['member001', 'member002', 'member003']);
    const desc = await list('keyword=member&sortField=register_date&sortOrder=descend&pageSize=1');
    expect(desc.data[0].username).toBe('member045');
    const bad = await call(t.app, 'GET', `${U}?sortField=password_hash`, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'sortField' });
  });

  it('searches case-insensitively in username, nickname, mobile, email and role name', async () => {
    expect((await list('keyword=MEMBER04')).total).toBe(6);
    expect((await list('keyword=nick 4')).total).toBe(7); // 4, 40-45
    expect((await list('keyword=13900000007')).data.map((u: { username: string }) => u.username)).toEqual(['member007']);
    expect((await list('keyword=M12@EXAMPLE')).data[0].username).toBe('member012');
    const editors = await list('keyword=content edit&pageSize=100');
    expect(editors.total).toBe(15);
    expect(editors.data[0].role_name).toEqual(['Content editor']);
    // LIKE wildcards are plain characters
    expect((await list('keyword=%25')).total).toBe(0);
    expect((await list('keyword=member_0')).total).toBe(0);
  });

  it('the keyword search can use the one trigram index over the searched fields', async () => {
    const where = whereOf(userList, { keyword: 'member01' });
    const { sql: text, params } = compile(sql`SELECT u.id FROM ${userList.from} ${where}`);
    const c = await t.db.$client.connect();
    try {
      await c.query('BEGIN');
      await c.query('SET LOCAL enable_seqscan = off');
      const plan = (await c.query(`EXPLAIN ${text}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toContain('users_search_trgm_idx');
    } finally {
      await c.query('ROLLBACK');
      c.release();
    }
  });

  describe('short keywords and other scripts', () => {
    // Chinese names, a Latin nickname with a short surname, and mobiles sharing digits
    beforeAll(async () => {
      await t.db.$client.query(`
        INSERT INTO users (username, nickname, mobile, email) VALUES
          ('wangxiaoming', '王小明', '13712345678', 'xm@corp.cn'),
          ('lisi', '李四', '13887654321', 'LISI@Corp.cn'),
          ('zhangli', '张李', '15912340000', NULL),
          ('hewei', 'He Wei', NULL, 'hw@corp.cn');`);
    });
    afterAll(async () => {
      await t.db.$client.query(`DELETE FROM users WHERE username IN ('wangxiaoming', 'lisi', 'zhangli', 'hewei')`);
    });
    const usernames = async (kw: string) =>
      ((await list(`keyword=${encodeURIComponent(kw)}&sortField=username&sortOrder=ascend&pageSize=100`)).data as { username: string }[]).map(
        (u) => u.username,
      );

    it('from 3 characters, finds any part of a field: Chinese names, mobile and email fragments', async () => {
      expect(await usernames('王小明')).toEqual(['wangxiaoming']);
      expect(await usernames('XiaoMing')).toEqual(['wangxiaoming']);
      expect(await usernames('1234')).toEqual(['wangxiaoming', 'zhangli']);
      expect(await usernames('654')).toEqual(['lisi']);
      expect(await usernames('corp.cn')).toEqual(['hewei', 'lisi', 'wangxiaoming']);
    });

    it('Chinese keywords of 1 or 2 characters still find any part of a name', async () => {
      expect(await usernames('李')).toEqual(['lisi', 'zhangli']);
      expect(await usernames('李四')).toEqual(['lisi']);
      expect(await usernames('小明')).toEqual(['wangxiaoming']);
    });

    it('Latin keywords of 1 or 2 characters find the start of a username, nickname, mobile, email or role name', async () => {
      expect(await usernames('HE')).toEqual(['hewei']);
      expect(await usernames('li')).toEqual(['lisi']); // not zhangli
      expect(await usernames('15')).toEqual(['zhangli']);
      expect((await list('keyword=co')).total).toBe(15); // Content editor
      expect((await list('keyword=ed')).total).toBe(0);
      // LIKE wildcards stay plain characters
      expect((await list('keyword=m_')).total).toBe(0);
      expect((await list('keyword=_')).total).toBe(0);
    });

    it('a keyword page comes in the list order (nulls last), and past the last page still says the total', async () => {
      type U = { username: string };
      const all = ((await list('pageSize=500')).data as U[]).map((u) => u.username).filter((n) => n.startsWith('member'));
      for (const page of [1, 2, 3]) {
        const r = await list(`keyword=member&pageSize=20&current=${page}`);
        expect(r.total).toBe(45);
        expect((r.data as U[]).map((u) => u.username)).toEqual(all.slice((page - 1) * 20, page * 20));
      }
      expect(await list('keyword=member&current=9')).toMatchObject({ total: 45, data: [] });
      expect(await list('keyword=corp.cn&current=2')).toMatchObject({ total: 3, data: [] });
    });

    it('a short keyword reads the prefix indexes, not the whole table', async () => {
      const { sql: text, params } = compile(sql`SELECT u.id FROM ${userList.from} ${whereOf(userList, { keyword: 'li' })}`);
      const c = await t.db.$client.connect();
      try {
        await c.query('BEGIN');
        await c.query('SET LOCAL enable_seqscan = off');
        const plan = (await c.query(`EXPLAIN ${text}`, params)).rows.map((r) => r['QUERY PLAN']).join('\n');
        for (const idx of ['users_username_prefix_idx', 'users_nickname_prefix_idx', 'users_mobile_prefix_idx', 'users_email_prefix_idx'])
          expect(plan).toContain(idx);
        expect(plan).not.toContain('users_search_trgm_idx');
      } finally {
        await c.query('ROLLBACK');
        c.release();
      }
    });
  });

  it('filters by status, role, tag, id, app and date range, combined with the keyword', async () => {
    expect((await list('status=1')).total).toBe(4);
    expect((await list('status=0&status=1')).total).toBe(46);
    expect((await list('role=editor')).total).toBe(15);
    expect((await list('tagid=vip')).total).toBe(9);
    expect((await list('tagid=vip&status=1')).total).toBe(4);
    expect((await list('keyword=member01&role=editor')).data.map((u: { username: string }) => u.username).sort()).toEqual([
      'member012',
      'member015',
      'member018',
    ]);
    const one = (await list('keyword=member003')).data[0];
    expect((await list(`id=${one._id}`)).data.map((u: { _id: string }) => u._id)).toEqual([one._id]);
    expect((await list('register_date_from=2025-01-10&register_date_to=2025-01-12')).total).toBe(3);
    const bad = await call(t.app, 'GET', `${U}?register_date_from=yesterday`, { token: admin });
    expect(bad.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'register_date_from' });
    const badStatus = await call(t.app, 'GET', `${U}?status=x`, { token: admin });
    expect(badStatus.body).toMatchObject({ errorCode: 'PARAM_ERROR', field: 'status' });
  });
});

describe('user export', () => {
  it('streams an xlsx of every matching row (not only a page), with the list columns', async () => {
    const all = await exportRows(t.app, `${U}/export?pageSize=5&sortField=username&sortOrder=ascend`, admin);
    expect(all.status).toBe(200);
    expect(all.headers['content-type']).toContain('spreadsheetml');
    expect(String(all.headers['content-disposition'])).toMatch(/^attachment; filename="users-\d{8}-\d{6}\.xlsx"$/);
    const [header, ...rows] = all.rows;
    expect(header).toEqual([
      'username',
      'nickname',
      'mobile number',
      'email',
      'status',
      'role name',
      'tags',
      'authorized apps',
      'last login',
      'registered',
      'remark',
    ]);
    expect(rows).toHaveLength(46);
    expect(rows[0].slice(0, 2)).toEqual(['member001', 'Nick 1']);
    expect(rows[2][5]).toBe('Content editor');
    expect(rows[2][7]).toBe('all apps');
    expect(rows[9][4]).toBe('disabled');
    expect(rows[0][8]).toBe('2026-01-01 01:00:00');

    const filtered = await exportRows(t.app, `${U}/export?tagid=vip&keyword=member`, admin, 'zh-Hans');
    expect(filtered.rows[0][0]).toBe('用户名');
    expect(filtered.rows).toHaveLength(1 + 9);
    expect(filtered.rows.slice(1).every((r) => r[6] === 'VIP')).toBe(true);
  });

  it('takes a column choice and the browser time zone', async () => {
    const r = await exportRows(t.app, `${U}/export?columns=username&columns=last_login_date&keyword=member001&tzOffset=-480`, admin);
    expect(r.rows).toEqual([
      ['username', 'last login'],
      ['member001', '2026-01-01 09:00:00'],
    ]);
  });

  it('refuses bad input before anything is streamed', async () => {
    const r = await exportRows(t.app, `${U}/export?sortField=nope`, admin);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'sortField' });
  });
});

describe('adding and editing users', () => {
  const base = { username: 'NewUser', nickname: 'New', password: 'Newbie#2026', mobile: '13700000001', email: 'New@Example.com' };

  it('adds a user with roles, tags, apps and status; username and email stored lowercase', async () => {
    const r = await call(t.app, 'POST', U, {
      token: admin,
      body: { ...base, role: ['editor'], tags: ['vip'], dcloud_appid: ['__UNI__A1'], gender: 2, comment: 'hi' },
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      username: 'newuser',
      email: 'new@example.com',
      role: ['editor'],
      role_name: ['Content editor'],
      tags: ['vip'],
      tag_name: ['VIP'],
      dcloud_appid: ['__UNI__A1'],
      gender: 2,
      status: 0,
      comment: 'hi',
      last_login_date: null,
    });
    // authorized for another app only: not for the console (spec section 6)
    const refused = await login(t.app, 'newuser', 'Newbie#2026');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errorCode: 'INVALID_CLIENT', code: 20101, errorMessage: 'Invalid client' });
    await call(t.app, 'PUT', `${U}/${r.body.data._id}`, { token: admin, body: { dcloud_appid: ['__UNI__A1', APP_ID] } });
    expect((await login(t.app, 'newuser', 'Newbie#2026')).status).toBe(200);
    const fetched = await call(t.app, 'GET', `${U}/${r.body.data._id}`, { token: admin });
    expect(fetched.body.data.username).toBe('newuser');
    expect((await call(t.app, 'GET', `${U}/no-such-id`, { token: admin })).status).toBe(404);
  });

  it('refuses a duplicate username, mobile or email on that field', async () => {
    const dup = async (body: object) =>
      (await call(t.app, 'POST', U, { token: admin, body: { ...base, username: 'other1', mobile: null, email: null, ...body } })).body;
    expect(await dup({ username: 'NEWUSER' })).toMatchObject({ errorCode: 'ACCOUNT_EXISTS', field: 'username' });
    expect(await dup({ mobile: '13700000001' })).toMatchObject({ errorCode: 'ACCOUNT_EXISTS', field: 'mobile' });
    expect(await dup({ email: 'NEW@example.com' })).toMatchObject({ errorCode: 'ACCOUNT_EXISTS', field: 'email' });
    const member = (await list('keyword=member002')).data[0];
    const edit = await call(t.app, 'PUT', `${U}/${member._id}`, { token: admin, body: { email: 'new@example.com' } });
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({ errorCode: 'ACCOUNT_EXISTS', field: 'email' });
  });

  it('refuses bad fields on the field concerned', async () => {
    const bad = async (body: object) =>
      (await call(t.app, 'POST', U, { token: admin, body: { ...base, username: 'fresh1', mobile: null, email: null, ...body } })).body;
    expect(await bad({ username: '123' })).toMatchObject({ errorCode: 'USERNAME_INVALID', field: 'username' });
    expect(await bad({ nickname: 'a@b' })).toMatchObject({ errorCode: 'NICKNAME_INVALID', field: 'nickname' });
    expect(await bad({ password: 'short' })).toMatchObject({ errorCode: 'PASSWORD_INVALID', field: 'password' });
    expect(await bad({ mobile: '12345' })).toMatchObject({ errorCode: 'MOBILE_INVALID', field: 'mobile' });
    expect(await bad({ email: 'nope' })).toMatchObject({ errorCode: 'EMAIL_INVALID', field: 'email' });
    expect(await bad({ role: ['ghost'] })).toMatchObject({ errorCode: 'REFERENCE_NOT_FOUND', field: 'role' });
    expect(await bad({ tags: ['ghost'] })).toMatchObject({ errorCode: 'REFERENCE_NOT_FOUND', field: 'tags' });
    expect(await bad({ dcloud_appid: ['ghost'] })).toMatchObject({ errorCode: 'REFERENCE_NOT_FOUND', field: 'dcloud_appid' });
    expect(await bad({ status: 9 })).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'status' });
    const zh = await call(t.app, 'POST', U, {
      token: admin,
      lang: 'zh-Hans',
      body: { ...base, username: 'fresh1', mobile: null, email: null, role: ['ghost'] },
    });
    expect(zh.body.errorMessage).toBe('角色：ghost 不存在');
  });

  it('edits any subset of fields; authorized apps null means all, [] none', async () => {
    const u = (await list('keyword=member005')).data[0];
    const r = await call(t.app, 'PUT', `${U}/${u._id}`, { token: admin, body: { nickname: 'Renamed', dcloud_appid: [], comment: 'x' } });
    expect(r.body.data).toMatchObject({ nickname: 'Renamed', dcloud_appid: [], comment: 'x', tags: ['vip'] });
    expect((await list('dcloud_appid=__UNI__A1&keyword=member005')).total).toBe(0);
    const all = await call(t.app, 'PUT', `${U}/${u._id}`, { token: admin, body: { dcloud_appid: null } });
    expect(all.body.data.dcloud_appid).toBeNull();
    expect((await list('dcloud_appid=__UNI__A1&keyword=member005')).total).toBe(1);
  });

  it('only admins add or edit users, even with every user permission', async () => {
    const holder = await tokenWith(t.app, t.db, ['READ_UNI_ID_USERS', 'DELETE_UNI_ID_USERS']);
    expect((await list('pageSize=1', holder.token)).success).toBe(true);
    const add = await call(t.app, 'POST', U, { token: holder.token, body: { ...base, username: 'sneaky' } });
    expect(add.body.errorCode).toBe('PERMISSION_ERROR');
    const edit = await call(t.app, 'PUT', `${U}/${holder.id}`, { token: holder.token, body: { role: ['admin'] } });
    expect(edit.body.errorCode).toBe('PERMISSION_ERROR');
  });
});

describe('tokens follow the account', () => {
  it('disabling a user (status 1-4) stops their tokens at once; re-enabling lets them sign in again', async () => {
    const u = await makeUser(t.db, { username: 'soon_off', password: 'Soon#2026' });
    const s = (await login(t.app, 'soon_off', 'Soon#2026')).body.data;
    expect((await call(t.app, 'GET', '/api/auth/me', { token: s.token })).status).toBe(200);
    await call(t.app, 'PUT', `${U}/${u.id}`, { token: admin, body: { status: 1 } });
    const me = await call(t.app, 'GET', '/api/auth/me', { token: s.token });
    expect(me.status).toBe(401);
    expect(me.body.errorCode).toBe('uni-id-token-expired');
    expect((await call(t.app, 'POST', '/api/auth/refresh', { body: { refreshToken: s.refreshToken } })).body.errorCode).toBe('INVALID_REFRESH_TOKEN');
    expect((await login(t.app, 'soon_off', 'Soon#2026')).body.errorCode).toBe('ACCOUNT_DISABLED');
    await call(t.app, 'PUT', `${U}/${u.id}`, { token: admin, body: { status: 0 } });
    expect((await login(t.app, 'soon_off', 'Soon#2026')).status).toBe(200);
  });

  it('"reset password" sets the new password (same rules) and revokes every session', async () => {
    const u = await makeUser(t.db, { username: 'forgetful', password: 'Old#20266' });
    const s = (await login(t.app, 'forgetful', 'Old#20266')).body.data;
    const weak = await call(t.app, 'PUT', `${U}/${u.id}`, { token: admin, body: { resetPassword: true, password: 'abcdefgh' } });
    expect(weak.body).toMatchObject({ errorCode: 'PASSWORD_WEAK', field: 'password' });
    const missing = await call(t.app, 'PUT', `${U}/${u.id}`, { token: admin, body: { resetPassword: true } });
    expect(missing.body).toMatchObject({ errorCode: 'PASSWORD_INVALID', field: 'password' });
    // a password without the switch changes nothing
    await call(t.app, 'PUT', `${U}/${u.id}`, { token: admin, body: { password: 'Ignored#2026' } });
    expect((await login(t.app, 'forgetful', 'Ignored#2026')).status).toBe(401);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: s.token })).status).toBe(200);

    const ok = await call(t.app, 'PUT', `${U}/${u.id}`, { token: admin, body: { resetPassword: true, password: 'New#20266' } });
    expect(ok.status).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: s.token })).body.errorCode).toBe('uni-id-token-expired');
    expect((await login(t.app, 'forgetful', 'Old#20266')).status).toBe(401);
    expect((await login(t.app, 'forgetful', 'New#20266')).status).toBe(200);
    const logged = await t.db.$client.query(`SELECT type, state FROM user_logs WHERE user_id = $1 AND type = 'reset-pwd'`, [u.id]);
    expect(logged.rows).toEqual([{ type: 'reset-pwd', state: 1 }]);
  });

  it('a changed role counts from the next request, with the same token; a refresh brings the token up to date', async () => {
    const u = await makeUser(t.db, { username: 'promoted', password: 'Prom#2026' });
    const s = (await login(t.app, 'promoted', 'Prom#2026')).body.data;
    await t.db.$client.query(`UPDATE roles SET permission = '{READ_UNI_ID_TAG}' WHERE role_id = 'viewer'`);
    expect((await call(t.app, 'GET', '/api/system/tags', { token: s.token })).body.errorCode).toBe('PERMISSION_ERROR');
    await call(t.app, 'PUT', `${U}/${u.id}`, { token: admin, body: { role: ['viewer'] } });
    expect((await call(t.app, 'GET', '/api/system/tags', { token: s.token })).status).toBe(200);
    const fresh = (await call(t.app, 'POST', '/api/auth/refresh', { body: { refreshToken: s.refreshToken } })).body.data;
    expect(fresh.userInfo.permission).toEqual(['READ_UNI_ID_TAG']);
    expect((await call(t.app, 'GET', '/api/system/tags', { token: fresh.token })).status).toBe(200);
  });
});

describe('batch actions', () => {
  it('set-tags overwrites the tags of the selected users', async () => {
    const ids = (await list('keyword=member01&sortField=username&pageSize=3')).data.map((u: { _id: string }) => u._id);
    const r = await call(t.app, 'POST', `${U}/set-tags`, { token: admin, body: { ids, tags: ['beta'] } });
    expect(r.body.data).toEqual({ updated: 3 });
    const after = await list(`tagid=beta`);
    expect(after.data.map((u: { _id: string }) => u._id).sort()).toEqual([...ids].sort());
    expect(after.data.every((u: { tags: string[] }) => u.tags.join() === 'beta')).toBe(true);
    const bad = await call(t.app, 'POST', `${U}/set-tags`, { token: admin, body: { ids, tags: ['ghost'] } });
    expect(bad.body).toMatchObject({ errorCode: 'REFERENCE_NOT_FOUND', field: 'tags' });
    // clearing
    await call(t.app, 'POST', `${U}/set-tags`, { token: admin, body: { ids: ids.slice(0, 1), tags: [] } });
    expect((await list('tagid=beta')).total).toBe(2);
  });

  it('batch delete removes the selected users in one go, with their sessions', async () => {
    const victims = await list('keyword=member04&pageSize=100');
    const ids = victims.data.map((u: { _id: string }) => u._id);
    const r = await call(t.app, 'DELETE', U, { token: admin, body: { ids: [...ids, 'not-there'] } });
    expect(r.body.data).toEqual({ deleted: ids.length });
    expect((await list('keyword=member04')).total).toBe(0);
    const empty = await call(t.app, 'DELETE', U, { token: admin, body: { ids: [] } });
    expect(empty.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'ids' });
    const one = (await list('keyword=member039')).data[0];
    expect((await call(t.app, 'DELETE', `${U}/${one._id}`, { token: admin })).body.data).toEqual({ deleted: 1 });
    expect((await call(t.app, 'DELETE', `${U}/${one._id}`, { token: admin })).status).toBe(404);
  });
});

describe('the last super admin', () => {
  it('cannot be deleted or lose the admin role while no other admin exists', async () => {
    const del = await call(t.app, 'DELETE', `${U}/${adminId}`, { token: admin });
    expect(del.body).toMatchObject({ errorCode: 'LAST_ADMIN' });
    const demote = await call(t.app, 'PUT', `${U}/${adminId}`, { token: admin, body: { role: ['editor'] } });
    expect(demote.body).toMatchObject({ errorCode: 'LAST_ADMIN' });
    expect((await call(t.app, 'GET', '/api/auth/login-config')).body.data.adminExists).toBe(true);
    // with a second admin, one of them may go
    const second = await call(t.app, 'POST', U, { token: admin, body: { username: 'second_admin', password: 'Second#2026', role: ['admin'] } });
    expect((await call(t.app, 'PUT', `${U}/${second.body.data._id}`, { token: admin, body: { role: [] } })).status).toBe(200);
    await call(t.app, 'PUT', `${U}/${second.body.data._id}`, { token: admin, body: { role: ['admin'] } });
    expect((await call(t.app, 'DELETE', `${U}/${second.body.data._id}`, { token: admin })).body.data).toEqual({ deleted: 1 });
  });
});

describe('self-service', () => {
  it('a signed-in user reads and updates only their own nickname, gender and avatar', async () => {
    const u = await makeUser(t.db, { username: 'selfie', password: 'Self#2026' });
    const s = (await login(t.app, 'selfie', 'Self#2026')).body.data;
    const me = await call(t.app, 'GET', '/api/users/me', { token: s.token });
    expect(me.body.data).toMatchObject({ _id: u.id, username: 'selfie', gender: 0 });

    // an avatar must be the user's own upload (tests/api/profile.test.ts): a foreign url is refused
    const foreign = { name: 'a.png', extname: 'png', url: 'https://cdn.example.com/a.png' };
    const refused = await call(t.app, 'PUT', '/api/users/me', { token: s.token, body: { avatar_file: foreign } });
    expect(refused.body).toMatchObject({ errorCode: 'AVATAR_FILE_INVALID', field: 'avatar_file' });
    const avatar = null;
    const first = await call(t.app, 'PUT', '/api/users/me', { token: s.token, body: { nickname: 'Selfie', gender: 1, avatar_file: avatar } });
    expect(first.body.data).toEqual({ updated: true });
    const again = await call(t.app, 'PUT', '/api/users/me', { token: s.token, body: { nickname: 'Selfie', gender: 1, avatar_file: avatar } });
    expect(again.body.data).toEqual({ updated: false });
    expect((await call(t.app, 'PUT', '/api/users/me', { token: s.token, body: {} })).body.data).toEqual({ updated: false });
    // other fields are not the user's to change
    await call(t.app, 'PUT', '/api/users/me', { token: s.token, body: { role: ['admin'], status: 1, username: 'boss' } });
    const row = (await call(t.app, 'GET', `${U}/${u.id}`, { token: admin })).body.data;
    expect(row).toMatchObject({ username: 'selfie', nickname: 'Selfie', gender: 1, avatar_file: avatar, role: [], status: 0 });
    const bad = await call(t.app, 'PUT', '/api/users/me', { token: s.token, body: { nickname: '12345' } });
    expect(bad.body).toMatchObject({ errorCode: 'NICKNAME_INVALID', field: 'nickname' });
    expect((await call(t.app, 'PUT', '/api/users/me', { body: { nickname: 'x' } })).body.errorCode).toBe('uni-id-token-not-exist');
    // the admin's own record stays the admin's
    expect((await call(t.app, 'GET', `${U}/${adminId}`, { token: admin })).body.data.nickname).toBe('Root');
  });
});
