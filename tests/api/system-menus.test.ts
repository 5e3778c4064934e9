/** Admin menus: flat rows, parent rules, subtree delete, built-in roots, update built-ins. */
import { seedInitialData } from '../../server/db/seed';
import { BUILT_IN_MENUS } from '../../shared/built-in';
import { call, registerAdmin } from '../support/accounts';
import { createTestApp } from '../support/test-app';
import { exportRows } from './system-support';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
const M = '/api/system/menus';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await registerAdmin(t.app)).token;
});
afterAll(async () => {
  await t.close();
});

const add = (body: object) => call(t.app, 'POST', M, { token: admin, body });
const ids = async (query = '') =>
  (await call(t.app, 'GET', `${M}?pageSize=500&${query}`, { token: admin })).body.data.map((m: { menu_id: string }) => m.menu_id);

describe('menus', () => {
  it('lists flat rows with parent_id, ordered by sort', async () => {
    const r = await call(t.app, 'GET', `${M}?pageSize=500`, { token: admin });
    expect(r.body.total).toBe(BUILT_IN_MENUS.length);
    expect(r.body.data.find((m: { menu_id: string }) => m.menu_id === 'system_menu')).toMatchObject({ parent_id: null, url: '', enable: true });
    expect(r.body.data.find((m: { menu_id: string }) => m.menu_id === 'system_user')).toMatchObject({
      parent_id: 'system_management',
      url: '/pages/system/user/list',
      permission: ['READ_UNI_ID_USERS'],
    });
    const sorts = r.body.data.map((m: { sort: number }) => m.sort);
    expect(sorts).toEqual([...sorts].sort((a: number, b: number) => a - b));
    expect(await ids('parent_id=system_menu')).toEqual(['console_home', 'admin_index', 'my_message']);
    // the spec's static sidebar is rows too, so an admin can hide or reorder it
    const roots = r.body.data.filter((m: { parent_id: string | null }) => !m.parent_id).map((m: { menu_id: string }) => m.menu_id);
    expect(roots).toEqual(['system_menu', 'assistant', 'expense', 'uni_stat', 'operations', 'finance', 'system_management', 'help_document', 'demo']);
  });

  it('creates folders and pages under folders; checks ids, parents, urls and permissions', async () => {
    expect((await add({ menu_id: 'reports', name: 'Reports', icon: 'BarChartOutlined', sort: 50 })).body.data).toMatchObject({
      menu_id: 'reports',
      url: '',
      parent_id: null,
    });
    expect(
      (await add({ menu_id: 'reports_daily', name: 'Daily', url: '/pages/reports/daily', parent_id: 'reports', permission: ['READ_UNI_ID_LOG'] })).status,
    ).toBe(200);
    expect((await add({ menu_id: 'reports_ext', name: 'External', url: 'https://example.com/r', parent_id: 'reports' })).status).toBe(200);
    expect((await add({ menu_id: 'reports_sub', name: 'Sub folder', parent_id: 'reports' })).status).toBe(200);
    expect((await add({ menu_id: 'reports_sub_leaf', name: 'Leaf', url: '/x', parent_id: 'reports_sub' })).status).toBe(200);

    expect((await add({ menu_id: 'reports', name: 'Again' })).body).toMatchObject({ errorCode: 'ID_EXISTS', field: 'menu_id' });
    expect((await add({ menu_id: 'm1', name: 'x', parent_id: 'nowhere' })).body).toMatchObject({ errorCode: 'MENU_PARENT_INVALID', field: 'parent_id' });
    expect((await add({ menu_id: 'm1', name: 'x', parent_id: 'reports_daily' })).body).toMatchObject({ errorCode: 'MENU_PARENT_INVALID', field: 'parent_id' });
    expect((await add({ menu_id: 'm1', name: 'x', url: 'ftp://x' })).body).toMatchObject({ errorCode: 'MENU_URL_INVALID', field: 'url' });
    expect((await add({ menu_id: 'm1', name: 'x', url: 'pages/x' })).body).toMatchObject({ errorCode: 'MENU_URL_INVALID', field: 'url' });
    expect((await add({ menu_id: 'm1', name: 'x', url: '/x', permission: ['NOT_A_PERMISSION'] })).body).toMatchObject({
      errorCode: 'REFERENCE_NOT_FOUND',
      field: 'permission',
    });
  });

  it('updates; the id is fixed; a menu cannot move under itself; a folder with children stays a folder', async () => {
    const r = await call(t.app, 'PUT', `${M}/reports_daily`, {
      token: admin,
      body: { menu_id: 'reports_daily', name: 'Daily report', sort: 3, enable: false },
    });
    expect(r.body.data).toMatchObject({ name: 'Daily report', sort: 3, enable: false });
    expect(await ids('enable=false')).toEqual(['reports_daily']);
    const moved = await call(t.app, 'PUT', `${M}/reports_daily`, { token: admin, body: { menu_id: 'daily' } });
    expect(moved.body).toMatchObject({ errorCode: 'FIELD_IMMUTABLE', field: 'menu_id' });
    const cycle = await call(t.app, 'PUT', `${M}/reports`, { token: admin, body: { parent_id: 'reports_sub' } });
    expect(cycle.body).toMatchObject({ errorCode: 'MENU_PARENT_INVALID', field: 'parent_id' });
    const toPage = await call(t.app, 'PUT', `${M}/reports_sub`, { token: admin, body: { url: '/now-a-page' } });
    expect(toPage.body).toMatchObject({ errorCode: 'MENU_HAS_CHILDREN', field: 'url' });
    const rootMove = await call(t.app, 'PUT', `${M}/system_management`, { token: admin, body: { parent_id: 'reports' } });
    expect(rootMove.body).toMatchObject({ errorCode: 'FIELD_IMMUTABLE', field: 'parent_id' });
    const into = await call(t.app, 'PUT', `${M}/reports_ext`, { token: admin, body: { parent_id: 'reports_sub' } });
    expect(into.body.data.parent_id).toBe('reports_sub');
  });

  it('the left menu shows a change at the next nav request', async () => {
    const nav = await call(t.app, 'GET', '/api/menus/nav', { token: admin });
    const reports = nav.body.data.find((n: { menu_id: string }) => n.menu_id === 'reports');
    expect(reports.children.map((c: { menu_id: string }) => c.menu_id)).toEqual(['reports_sub']);
  });

  it('deleting a menu deletes its whole subtree and answers how many rows went', async () => {
    const r = await call(t.app, 'DELETE', `${M}/reports`, { token: admin });
    expect(r.body.data).toEqual({ deleted: 5 });
    expect((await ids()).filter((id: string) => id.startsWith('reports'))).toEqual([]);
    expect((await call(t.app, 'DELETE', `${M}/reports`, { token: admin })).status).toBe(404);
  });

  it('the built-in roots cannot be deleted, alone or in a batch', async () => {
    for (const root of ['system_menu', 'system_management']) {
      const r = await call(t.app, 'DELETE', `${M}/${root}`, { token: admin });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ errorCode: 'MENU_BUILT_IN' });
    }
    const batch = await call(t.app, 'DELETE', M, { token: admin, body: { ids: ['system_tag', 'system_menu'] } });
    expect(batch.body.errorCode).toBe('MENU_BUILT_IN');
    expect(await ids()).toContain('system_tag');
  });

  it("a row opening a console page stores that page's rule, whatever permissions it is given", async () => {
    const moved = await call(t.app, 'PUT', `${M}/system_tag`, { token: admin, body: { permission: ['READ_UNI_ID_LOG'] } });
    expect(moved.body.data.permission).toEqual(['READ_UNI_ID_TAG']);
    const added = await add({ menu_id: 'my_logs', name: 'Logs', url: '/pages/system/safety/list', parent_id: 'system_management', permission: [] });
    expect(added.body.data.permission).toEqual(['READ_UNI_ID_LOG']);
    // a page of every signed-in user, and a page of admins: nothing to hold
    const chat = await call(t.app, 'PUT', `${M}/my_logs`, { token: admin, body: { url: '/pages/assistant/chat/chat', permission: ['READ_UNI_ID_LOG'] } });
    expect(chat.body.data.permission).toEqual([]);
    // a link elsewhere keeps what the admin gives it
    const ext = await call(t.app, 'PUT', `${M}/my_logs`, { token: admin, body: { url: 'https://example.com/logs', permission: ['READ_UNI_ID_LOG'] } });
    expect(ext.body.data.permission).toEqual(['READ_UNI_ID_LOG']);
    await call(t.app, 'DELETE', `${M}/my_logs`, { token: admin });
  });

  it('"update built-in menus" adds the missing built-ins and never overwrites', async () => {
    await call(t.app, 'PUT', `${M}/system_user`, { token: admin, body: { name: 'People', sort: 7 } });
    const batch = await call(t.app, 'DELETE', M, { token: admin, body: { ids: ['system_tag', 'system_safety'] } });
    expect(batch.body.data).toEqual({ deleted: 2 });
    const r = await call(t.app, 'POST', `${M}/update-built-in`, { token: admin });
    expect(r.body.data).toEqual({ added: 2 });
    expect((await call(t.app, 'POST', `${M}/update-built-in`, { token: admin })).body.data).toEqual({ added: 0 });
    const user = (await call(t.app, 'GET', `${M}/system_user`, { token: admin })).body.data;
    expect(user).toMatchObject({ name: 'People', sort: 7, permission: ['READ_UNI_ID_USERS'] });
    expect((await call(t.app, 'GET', `${M}/system_safety`, { token: admin })).body.data.permission).toEqual(['READ_UNI_ID_LOG']);
  });

  it('a start moves the finance reviews of an earlier version to their tab and drops the second cost analysis entry, unless an admin changed them', async () => {
    await t.db.$client.query(`UPDATE admin_menus SET url = '/pages/expense/withdraw/list' WHERE menu_id = 'finance_withdrawals'`);
    await t.db.$client.query(`UPDATE admin_menus SET url = '/pages/finance/orders/list?mine=1' WHERE menu_id = 'finance_invoices'`);
    await t.db.$client.query(
      `INSERT INTO admin_menus (menu_id, name, url, sort, parent_id, permission, enable)
       VALUES ('finance_analysis', 'menu.finance.analysis', '/pages/expense/analysis/analysis', 560, 'finance', '{MANAGE_FINANCE}', true)`,
    );
    await seedInitialData(t.db);
    const url = async (id: string) => (await call(t.app, 'GET', `${M}/${id}`, { token: admin })).body.data?.url;
    expect(await url('finance_withdrawals')).toBe('/pages/expense/withdraw/list?tab=all');
    expect(await url('finance_invoices')).toBe('/pages/finance/orders/list?mine=1');
    expect(await url('finance_analysis')).toBeUndefined();
    expect(await url('expense_analysis')).toBe('/pages/expense/analysis/analysis');
  });

  it('exports the menus', async () => {
    const x = await exportRows(t.app, `${M}/export?keyword=system_`, admin);
    expect(x.rows[0].slice(0, 4)).toEqual(['menu ID', 'name', 'icon', 'URL']);
    expect(x.rows.length).toBe(1 + 9);
  });
});
