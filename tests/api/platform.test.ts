import Fastify from 'fastify';
import { installAccessControl, TokenService } from '../../server/core/auth';
import { call, login, makeRole, makeUser, registerAdmin } from '../support/accounts';
import { createTestApp } from '../support/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await registerAdmin(t.app)).token;
  await makeRole(t.db, 'auditor', ['READ_UNI_ID_LOG']);
  await makeUser(t.db, { username: 'auditor1', password: 'Audit#2026', role: ['auditor'] });
  await makeUser(t.db, { username: 'plain1', password: 'Plain#2026' });
});
afterAll(async () => {
  await t.close();
});

const names = (nodes: { name: string; children?: unknown[] }[]): unknown[] =>
  nodes.map((n) => (n.children ? { [n.name]: names(n.children as never) } : n.name));

describe('server basics', () => {
  it('answers health, an OpenAPI document and request ids', async () => {
    const h = await call(t.app, 'GET', '/api/health');
    expect(h.body).toEqual({ success: true, status: 'ok' });
    expect(h.headers['x-request-id']).toMatch(/^[\w-]+$/);
    const doc = await call(t.app, 'GET', '/api/openapi.json');
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/menus/nav', '/api/dashboard/admin']));
  });

  it('an unknown API route answers ROUTE_NOT_FOUND in the catalogue shape', async () => {
    const r = await call(t.app, 'GET', '/api/nothing-here', { lang: 'zh-Hans' });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ success: false, errorCode: 'ROUTE_NOT_FOUND', errorMessage: '接口不存在：GET /api/nothing-here' });
  });

  it('a wrongly typed field answers PARAM_ERROR naming the field', async () => {
    const r = await call(t.app, 'POST', '/api/auth/login', { body: { username: { a: 1 }, password: 'x' } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errorCode: 'PARAM_ERROR', field: 'username', errorMessage: 'username must be a string' });
  });

  it('refuses to register an API route that declares no access rule', async () => {
    const app = Fastify();
    installAccessControl(app, new TokenService('x'.repeat(32), 60), async () => ({ role: [], permission: [] }));
    expect(() => app.get('/api/undeclared', async () => ({}))).toThrow(/declares no access rule/);
    await app.close();
  });
});

describe('connections PostgreSQL ends', () => {
  it('a connection ended while checked out fails its caller; the server keeps answering', async () => {
    const client = await t.db.$client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      // the server's FATAL message reaches the idle, checked-out client as an 'error' event, then 'end'
      const ended = new Promise((resolve) => client.once('end', resolve));
      await t.db.$client.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
      await ended;
      await expect(client.query('SELECT 1')).rejects.toThrow();
    } finally {
      client.release(true);
    }
    expect((await call(t.app, 'GET', '/api/health')).body).toEqual({ success: true, status: 'ok' });
  });
});

describe('nav menus', () => {
  const HOME_PLAIN = { 'menu.systemMenu': ['menu.consoleHome', 'menu.myMessage'] };
  const ASSISTANT = {
    'menu.assistant': [
      'menu.assistant.chat',
      'menu.assistant.search',
      'menu.assistant.todoList',
      'menu.assistant.todoTest',
      'menu.assistant.waveform',
      'menu.assistant.prompts',
      'menu.assistant.promptsStore',
    ],
  };
  /** an admin also holds API keys (USE_API_KEYS) */
  const ASSISTANT_ADMIN = { 'menu.assistant': [...ASSISTANT['menu.assistant'], 'menu.apiKeys'] };
  const EXPENSE = { 'menu.expense': ['menu.expense.recharge', 'menu.expense.withdraw', 'menu.expense.invoice', 'menu.expense.analysis'] };

  it('an admin gets every enabled built-in menu, sorted, as a tree: the spec sidebar too, each page once', async () => {
    const r = await call(t.app, 'GET', '/api/menus/nav', { token: adminToken });
    expect(names(r.body.data)).toEqual([
      { 'menu.systemMenu': ['menu.consoleHome', 'menu.adminHome', 'menu.myMessage'] },
      ASSISTANT_ADMIN,
      EXPENSE,
      {
        'menu.stat': [
          {
            'menu.stat.device': [
              'menu.stat.overview',
              'menu.stat.activity',
              'menu.stat.trend',
              'menu.stat.retention',
              'menu.stat.comparison',
              'menu.stat.stickiness',
            ],
          },
          {
            'menu.stat.user': [
              'menu.stat.overview',
              'menu.stat.activity',
              'menu.stat.trend',
              'menu.stat.retention',
              'menu.stat.comparison',
              'menu.stat.stickiness',
            ],
          },
          'menu.stat.pageRes',
          'menu.stat.pageEnt',
          'menu.stat.scene',
          'menu.stat.channel',
          'menu.stat.event',
          { 'menu.stat.error': ['menu.stat.errorJs', 'menu.stat.errorApp'] },
          { 'menu.stat.pay': ['menu.stat.overview', 'menu.stat.payList', 'menu.stat.payFunnel', 'menu.stat.payRanking'] },
        ],
      },
      { 'menu.operations': ['menu.cms.articles', 'menu.cms.categories', 'menu.siteMessage', 'menu.welfare', 'menu.upgradeCenter'] },
      {
        'menu.finance': [
          'menu.finance.orders',
          'menu.finance.packages',
          'menu.finance.codes',
          'menu.finance.withdrawals',
          'menu.finance.invoices',
          'menu.finance.settings',
        ],
      },
      {
        'menu.systemManagement': [
          'menu.user',
          'menu.role',
          'menu.permission',
          'menu.menu',
          'menu.app',
          'menu.tag',
          'menu.userLog',
          'menu.aiModel',
          'menu.aiUsage',
          'menu.aiPrompt',
        ],
      },
      'menu.document',
      { 'menu.demo': ['menu.demo.icons', 'menu.demo.table', 'menu.demo.layout', 'menu.demo.colors', 'menu.demo.audio', 'menu.demo.css'] },
    ]);
    // no two entries open the same page
    const urls: string[] = [];
    const walk = (ns: { url: string | null; children?: never[] }[]) => ns.forEach((n) => (n.url ? urls.push(n.url) : walk(n.children ?? [])));
    walk(r.body.data);
    expect(urls.filter((u, i) => urls.indexOf(u) !== i)).toEqual([]);
  });

  it('a non-admin gets the pages they may open: the spec sidebar, no demo, no admin pages; empty folders go', async () => {
    const plain = (await login(t.app, 'plain1', 'Plain#2026')).body.data.token;
    expect(names((await call(t.app, 'GET', '/api/menus/nav', { token: plain })).body.data)).toEqual([HOME_PLAIN, ASSISTANT, EXPENSE, 'menu.document']);
    const auditor = (await login(t.app, 'auditor1', 'Audit#2026')).body.data.token;
    expect(names((await call(t.app, 'GET', '/api/menus/nav', { token: auditor })).body.data)).toEqual([
      HOME_PLAIN,
      ASSISTANT,
      EXPENSE,
      { 'menu.systemManagement': ['menu.userLog'] },
      'menu.document',
    ]);
  });

  it("a page's entry follows the page's rule, whatever permissions its row holds (never a 403, never a hidden page)", async () => {
    await t.db.$client.query(`UPDATE admin_menus SET permission = '{}' WHERE menu_id = 'system_safety'`);
    await t.db.$client.query(`UPDATE admin_menus SET permission = '{READ_UNI_ID_LOG}' WHERE menu_id IN ('system_user', 'demo_css')`);
    const auditor = (await login(t.app, 'auditor1', 'Audit#2026')).body.data.token;
    const nav = names((await call(t.app, 'GET', '/api/menus/nav', { token: auditor })).body.data);
    expect(nav).toContainEqual({ 'menu.systemManagement': ['menu.userLog'] });
    expect(JSON.stringify(nav)).not.toMatch(/menu\.demo|menu\.user"/);
    // a link to elsewhere keeps the row's own permissions (empty = admins only)
    await t.db.$client.query(
      `INSERT INTO admin_menus (menu_id, name, url, sort, parent_id, permission, enable) VALUES
         ('ext_logs', 'Log archive', 'https://example.com/logs', 1075, 'system_management', '{READ_UNI_ID_LOG}', true),
         ('ext_admin', 'Admin wiki', 'https://example.com/wiki', 1076, 'system_management', '{}', true)`,
    );
    expect(names((await call(t.app, 'GET', '/api/menus/nav', { token: auditor })).body.data)).toContainEqual({
      'menu.systemManagement': ['menu.userLog', 'Log archive'],
    });
    await t.db.$client.query(`DELETE FROM admin_menus WHERE menu_id IN ('ext_logs', 'ext_admin')`);
  });

  it('disabled menus and their subtrees are left out', async () => {
    await t.db.$client.query(`UPDATE admin_menus SET enable = false WHERE menu_id = 'system_menu'`);
    const r = await call(t.app, 'GET', '/api/menus/nav', { token: adminToken });
    expect(names(r.body.data)).toHaveLength(8);
    await t.db.$client.query(`UPDATE admin_menus SET enable = true WHERE menu_id = 'system_menu'`);
  });
});

describe('home pages', () => {
  it('the console home shows the signed-in user their credits', async () => {
    const plain = (await login(t.app, 'plain1', 'Plain#2026')).body.data.token;
    const r = await call(t.app, 'GET', '/api/dashboard/home', { token: plain });
    expect(r.body.data).toMatchObject({ username: 'plain1', score: 0 });
    expect(r.body.data.lastLoginDate).toEqual(expect.any(String));
  });

  it("the admin home counts users, roles and today's sign-ins, with recent log rows; non-admins are refused", async () => {
    const r = await call(t.app, 'GET', '/api/dashboard/admin', { token: adminToken });
    expect(r.body.data).toMatchObject({ userCount: 3, roleCount: 2 });
    expect(r.body.data.todayLogins).toBeGreaterThanOrEqual(2);
    expect(r.body.data.recentLogs[0]).toMatchObject({ type: 'login', state: 1 });
    const plain = (await login(t.app, 'plain1', 'Plain#2026')).body.data.token;
    const refused = await call(t.app, 'GET', '/api/dashboard/admin', { token: plain });
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('PERMISSION_ERROR');
  });
});
