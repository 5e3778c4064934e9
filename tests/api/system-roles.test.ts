/** Roles and permissions: fixed ids, duplicates, built-in admin, references, list and export. */
import { call, login, makeUser, registerAdmin } from '../support/accounts';
import { createTestApp } from '../support/test-app';
import { exportRows, tokenWith } from './system-support';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
const P = '/api/system/permissions';
const R = '/api/system/roles';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await registerAdmin(t.app)).token;
});
afterAll(async () => {
  await t.close();
});

describe('permissions', () => {
  it('are seeded as CREATE_/READ_/UPDATE_/DELETE_ per collection', async () => {
    const r = await call(t.app, 'GET', `${P}?pageSize=100&sortField=permission_id&sortOrder=ascend`, { token: admin });
    const ids = r.body.data.map((p: { permission_id: string }) => p.permission_id);
    for (const c of ['UNI_ID_ROLES', 'UNI_ID_PERMISSIONS', 'OPENDB_ADMIN_MENUS', 'UNI_ID_TAG', 'OPENDB_APP_LIST']) {
      for (const a of ['CREATE', 'READ', 'UPDATE', 'DELETE']) expect(ids).toContain(`${a}_${c}`);
    }
    expect(ids).toEqual(expect.arrayContaining(['READ_UNI_ID_USERS', 'DELETE_UNI_ID_USERS', 'READ_UNI_ID_LOG']));
    expect(ids).toEqual([...ids].sort());
  });

  it('creates, reads, updates and deletes; the id is fixed and unique', async () => {
    const created = await call(t.app, 'POST', P, { token: admin, body: { permission_id: 'EXPORT_REPORTS', permission_name: 'Export reports', comment: 'c' } });
    expect(created.body.data).toMatchObject({
      permission_id: 'EXPORT_REPORTS',
      permission_name: 'Export reports',
      comment: 'c',
      create_date: expect.any(String),
    });

    const dup = await call(t.app, 'POST', P, { token: admin, body: { permission_id: 'EXPORT_REPORTS', permission_name: 'Again' } });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ errorCode: 'ID_EXISTS', field: 'permission_id', errorMessage: 'permission ID already exists' });

    const renamed = await call(t.app, 'PUT', `${P}/EXPORT_REPORTS`, {
      token: admin,
      body: { permission_id: 'EXPORT_REPORTS', permission_name: 'Export all reports', comment: null },
    });
    expect(renamed.body.data).toMatchObject({ permission_name: 'Export all reports', comment: null });
    const moved = await call(t.app, 'PUT', `${P}/EXPORT_REPORTS`, { token: admin, body: { permission_id: 'OTHER' } });
    expect(moved.body).toMatchObject({ errorCode: 'FIELD_IMMUTABLE', field: 'permission_id' });
    const moved2 = await call(t.app, 'PUT', `${P}/EXPORT_REPORTS`, { token: admin, lang: 'zh-Hans', body: { permission_id: 'OTHER' } });
    expect(moved2.body.errorMessage).toBe('权限ID 创建后不能修改');

    expect((await call(t.app, 'GET', `${P}/EXPORT_REPORTS`, { token: admin })).body.data.permission_name).toBe('Export all reports');
    expect((await call(t.app, 'PUT', `${P}/NOPE`, { token: admin, body: { permission_name: 'x' } })).status).toBe(404);
    const badId = await call(t.app, 'POST', P, { token: admin, body: { permission_id: 'has space', permission_name: 'x' } });
    expect(badId.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'permission_id' });
    const noName = await call(t.app, 'POST', P, { token: admin, body: { permission_id: 'NONAME', permission_name: '  ' } });
    expect(noName.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'permission_name' });
  });

  it('searches and exports', async () => {
    const r = await call(t.app, 'GET', `${P}?keyword=export all`, { token: admin });
    expect(r.body.data.map((p: { permission_id: string }) => p.permission_id)).toEqual(['EXPORT_REPORTS']);
    const x = await exportRows(t.app, `${P}/export?keyword=_TAG`, admin);
    expect(x.rows[0]).toEqual(['permission ID', 'permission name', 'remark', 'created']);
    expect(
      x.rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(['CREATE_UNI_ID_TAG', 'DELETE_UNI_ID_TAG', 'READ_UNI_ID_TAG', 'UPDATE_UNI_ID_TAG']);
  });

  it('deleting a permission takes it off roles and menus in the same transaction', async () => {
    await call(t.app, 'POST', P, { token: admin, body: { permission_id: 'TEMP_P', permission_name: 'temp' } });
    await call(t.app, 'POST', R, { token: admin, body: { role_id: 'temp_role', role_name: 'Temp', permission: ['TEMP_P', 'READ_UNI_ID_TAG'] } });
    await t.db.$client.query(`UPDATE admin_menus SET permission = '{TEMP_P,READ_UNI_ID_TAG}' WHERE menu_id = 'system_tag'`);
    const r = await call(t.app, 'DELETE', P, { token: admin, body: { ids: ['TEMP_P', 'GHOST'] } });
    expect(r.body.data).toEqual({ deleted: 1 });
    expect((await call(t.app, 'GET', `${R}/temp_role`, { token: admin })).body.data.permission).toEqual(['READ_UNI_ID_TAG']);
    const menu = await t.db.$client.query(`SELECT permission FROM admin_menus WHERE menu_id = 'system_tag'`);
    expect(menu.rows[0].permission).toEqual(['READ_UNI_ID_TAG']);
  });
});

describe('roles', () => {
  it('creates with existing permissions only; the id is fixed and unique', async () => {
    const ghost = await call(t.app, 'POST', R, {
      token: admin,
      body: { role_id: 'auditor', role_name: 'Auditor', permission: ['READ_UNI_ID_LOG', 'NO_SUCH'] },
    });
    expect(ghost.body).toMatchObject({ errorCode: 'REFERENCE_NOT_FOUND', field: 'permission' });
    const ok = await call(t.app, 'POST', R, {
      token: admin,
      body: { role_id: 'auditor', role_name: 'Auditor', permission: ['READ_UNI_ID_LOG', 'READ_UNI_ID_LOG'] },
    });
    expect(ok.body.data).toMatchObject({ role_id: 'auditor', role_name: 'Auditor', permission: ['READ_UNI_ID_LOG'] });
    const dup = await call(t.app, 'POST', R, { token: admin, body: { role_id: 'admin', role_name: 'Second admin' } });
    expect(dup.body).toMatchObject({ errorCode: 'ID_EXISTS', field: 'role_id' });
    const moved = await call(t.app, 'PUT', `${R}/auditor`, { token: admin, body: { role_id: 'auditors', role_name: 'x' } });
    expect(moved.body).toMatchObject({ errorCode: 'FIELD_IMMUTABLE', field: 'role_id' });
    const upd = await call(t.app, 'PUT', `${R}/auditor`, { token: admin, body: { role_id: 'auditor', permission: ['READ_UNI_ID_LOG', 'READ_UNI_ID_TAG'] } });
    expect(upd.body.data.permission).toEqual(['READ_UNI_ID_LOG', 'READ_UNI_ID_TAG']);
  });

  it('filters by permission, searches, sorts and pages', async () => {
    const byPerm = await call(t.app, 'GET', `${R}?permission=READ_UNI_ID_TAG&sortField=role_id&sortOrder=ascend`, { token: admin });
    expect(byPerm.body.data.map((r: { role_id: string }) => r.role_id)).toEqual(['auditor', 'temp_role']);
    const kw = await call(t.app, 'GET', `${R}?keyword=SUPER`, { token: admin });
    expect(kw.body.data.map((r: { role_id: string }) => r.role_id)).toEqual(['admin']);
    const page = await call(t.app, 'GET', `${R}?pageSize=1&current=2&sortField=role_id`, { token: admin });
    expect(page.body).toMatchObject({ total: 3, data: [{ role_id: 'auditor' }] });
  });

  it('the built-in role admin cannot be deleted, alone or in a batch (nothing is deleted then)', async () => {
    const one = await call(t.app, 'DELETE', `${R}/admin`, { token: admin });
    expect(one.status).toBe(400);
    expect(one.body).toMatchObject({ errorCode: 'ROLE_BUILT_IN' });
    const batch = await call(t.app, 'DELETE', R, { token: admin, body: { ids: ['temp_role', 'admin'] } });
    expect(batch.body.errorCode).toBe('ROLE_BUILT_IN');
    expect((await call(t.app, 'GET', `${R}/temp_role`, { token: admin })).status).toBe(200);
  });

  it('deleting a role takes it off its users', async () => {
    const holder = await tokenWith(t.app, t.db, ['READ_UNI_ID_TAG']);
    const [role] = (await t.db.$client.query(`SELECT role FROM users WHERE id = $1`, [holder.id])).rows[0].role;
    expect((await call(t.app, 'DELETE', `${R}/${role}`, { token: admin })).body.data).toEqual({ deleted: 1 });
    expect((await t.db.$client.query(`SELECT role FROM users WHERE id = $1`, [holder.id])).rows[0].role).toEqual([]);
  });

  it('a permission holder may do exactly what the permission allows', async () => {
    const reader = await tokenWith(t.app, t.db, ['READ_UNI_ID_ROLES']);
    expect((await call(t.app, 'GET', R, { token: reader.token })).status).toBe(200);
    expect((await call(t.app, 'POST', R, { token: reader.token, body: { role_id: 'x', role_name: 'x' } })).body.errorCode).toBe('PERMISSION_ERROR');
    const creator = await tokenWith(t.app, t.db, ['CREATE_UNI_ID_ROLES']);
    expect((await call(t.app, 'POST', R, { token: creator.token, body: { role_id: 'made_by_creator', role_name: 'x' } })).status).toBe(200);
    expect((await call(t.app, 'DELETE', `${R}/made_by_creator`, { token: creator.token })).body.errorCode).toBe('PERMISSION_ERROR');
  });

  it('exports every role with its permissions', async () => {
    const x = await exportRows(t.app, `${R}/export?sortField=role_id`, admin);
    expect(x.rows[0]).toEqual(['role ID', 'role name', 'permissions', 'remark', 'daily credit limit', 'created']);
    expect(x.rows.find((r) => r[0] === 'auditor')?.[2]).toBe('READ_UNI_ID_LOG, READ_UNI_ID_TAG');
  });

  it("keeps a daily AI credit limit: set, changed, cleared; members' limit follows it", async () => {
    const made = await call(t.app, 'POST', R, { token: admin, body: { role_id: 'metered', role_name: 'Metered', daily_credit_limit: 500 } });
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ role_id: 'metered', daily_credit_limit: 500 });
    const plain = await call(t.app, 'POST', R, { token: admin, body: { role_id: 'unmetered', role_name: 'Unmetered' } });
    expect(plain.body.data.daily_credit_limit).toBeNull();

    await makeUser(t.db, { username: 'metered_member', password: 'Passw0rd!', role: ['metered'] });
    const member = (await login(t.app, 'metered_member', 'Passw0rd!')).body.data.token as string;
    expect((await call(t.app, 'GET', '/api/credits/me', { token: member })).body.data.daily_limit).toBe(500);

    // a partial update leaves the limit alone; a new value replaces it; null clears it
    expect((await call(t.app, 'PUT', `${R}/metered`, { token: admin, body: { comment: 'pays per day' } })).body.data.daily_credit_limit).toBe(500);
    expect((await call(t.app, 'PUT', `${R}/metered`, { token: admin, body: { daily_credit_limit: 0 } })).body.data.daily_credit_limit).toBe(0);
    expect((await call(t.app, 'GET', '/api/credits/me', { token: member })).body.data.daily_limit).toBe(0);
    expect((await call(t.app, 'PUT', `${R}/metered`, { token: admin, body: { daily_credit_limit: 100_000_000 } })).body.data.daily_credit_limit).toBe(
      100_000_000,
    );
    const cleared = await call(t.app, 'PUT', `${R}/metered`, { token: admin, body: { daily_credit_limit: null } });
    expect(cleared.body.data.daily_credit_limit).toBeNull();
    expect((await call(t.app, 'GET', '/api/credits/me', { token: member })).body.data.daily_limit).toBeNull();

    await call(t.app, 'PUT', `${R}/metered`, { token: admin, body: { daily_credit_limit: 700 } });
    const sorted = await call(t.app, 'GET', `${R}?sortField=daily_credit_limit&sortOrder=descend&pageSize=100`, { token: admin });
    expect(sorted.body.data[0]).toMatchObject({ role_id: 'metered', daily_credit_limit: 700 });
  });

  it('refuses a daily limit that is not a whole number from 0 to 100000000, on its field', async () => {
    for (const bad of [-1, 100_000_001]) {
      const r = await call(t.app, 'PUT', `${R}/metered`, { token: admin, body: { daily_credit_limit: bad } });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'daily_credit_limit' });
      const c = await call(t.app, 'POST', R, { token: admin, body: { role_id: 'bad_limit', role_name: 'Bad', daily_credit_limit: bad } });
      expect(c.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'daily_credit_limit' });
    }
    // not an integer at all: the type is wrong
    for (const bad of [1.5, '500']) {
      const r = await call(t.app, 'PUT', `${R}/metered`, { token: admin, body: { daily_credit_limit: bad } });
      expect(r.body).toMatchObject({ errorCode: 'PARAM_ERROR', field: 'daily_credit_limit' });
    }
    expect((await call(t.app, 'GET', `${R}/bad_limit`, { token: admin })).status).toBe(404);
    expect((await call(t.app, 'GET', `${R}/metered`, { token: admin })).body.data.daily_credit_limit).toBe(700);
  });
});
