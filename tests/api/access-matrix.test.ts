/**
 * The access matrix: every /api route of the real app, taken from the route table (each route
 * declares its rule; see server/core/auth.ts), called as
 *   anonymous | signed in without the permission | signed in with exactly that permission | admin
 * and checked against the answer its declared rule implies:
 *   401 uni-id-token-not-exist | 403 PERMISSION_ERROR | neither (and never a 5xx).
 */
import Fastify from 'fastify';
import { type AccessRule, declaredRoutes, installAccessControl, TokenService } from '../../server/core/auth';
import { makeRole, makeUser, registerAdmin } from '../support/accounts';
import { createTestApp } from '../support/test-app';

const SECRET = 'test-secret-test-secret-test-secret'; // tests/support/test-app.ts
const PARAM_VALUE = 'matrix-nothing';

let t: Awaited<ReturnType<typeof createTestApp>>;
const tokens = new TokenService(SECRET, 7200);
const ids: Record<'plain' | 'holder' | 'admin', string> = { plain: '', holder: '', admin: '' };

beforeAll(async () => {
  t = await createTestApp();
  ids.admin = (await registerAdmin(t.app)).userInfo._id;
  ids.plain = (await makeUser(t.db, { username: 'matrix_plain', password: 'Matrix#2026' })).id;
  ids.holder = (await makeUser(t.db, { username: 'matrix_holder', password: 'Matrix#2026' })).id;
});
afterAll(async () => {
  await t.close();
});

/** a fresh session and access token, as a sign-in would make them */
async function tokenFor(uid: string, role: string[], permission: string[]) {
  const { rows } = await t.db.$client.query<{ id: string }>(`INSERT INTO sessions (user_id, ip) VALUES ($1, '10.0.0.1') RETURNING id`, [uid]);
  return (await tokens.sign({ uid, sid: rows[0].id, role, permission })).token;
}

const routes = () =>
  declaredRoutes(t.app)
    .filter((r) => r.url.startsWith('/api/'))
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));

const describeRule = (rule: AccessRule | undefined) => (typeof rule === 'string' ? rule : JSON.stringify(rule));

type Who = 'anonymous' | 'without' | 'with' | 'admin';
type Expect = 'token-not-exist' | 'permission-error' | 'passes';

function expected(rule: AccessRule, who: Who): Expect {
  if (rule === 'public') return 'passes';
  if (who === 'anonymous') return 'token-not-exist';
  if (rule === 'signedIn' || who === 'admin' || who === 'with') return 'passes';
  return 'permission-error';
}

describe('the route table', () => {
  it('holds the system routes, each with a declared rule', () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(50);
    const undeclared = all.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    expect(all.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/system/users', 'GET /api/system/users/export', 'DELETE /api/system/menus/:id', 'PUT /api/users/me']),
    );
  });

  it('system administration is never open to everyone or to any signed-in user', () => {
    const open = routes().filter((r) => r.url.startsWith('/api/system/') && (r.access === 'public' || r.access === 'signedIn'));
    expect(open.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('a route without a declared rule cannot be registered', async () => {
    const app = Fastify();
    installAccessControl(app, new TokenService('x'.repeat(32), 60), async () => ({ role: [], permission: [] }));
    expect(() => app.post('/api/system/undeclared', async () => ({}))).toThrow(/declares no access rule/);
    expect(() => app.get('/api/system/declared', { config: { access: { permission: 'READ_X' } } }, async () => ({}))).not.toThrow();
    await app.close();
  });
});

describe('every route against every kind of caller', () => {
  it('answers as its declared rule says', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes()) {
      const rule = route.access!;
      const url = route.url.replace(/:\w+/g, PARAM_VALUE);
      // a route may end a session or close an account (logout, deactivate): every call gets fresh ones
      await t.db.$client.query(`UPDATE users SET status = 0 WHERE id = ANY($1)`, [Object.values(ids)]);
      const permission = typeof rule === 'object' && 'permission' in rule ? rule.permission : null;
      const role = typeof rule === 'object' && 'role' in rule ? rule.role : null;
      let holder: { uid: string; role: string[]; permission: string[] };
      if (permission) {
        const roleId = `m_${permission}`.slice(0, 60);
        await makeRole(t.db, roleId, [permission]);
        holder = { uid: ids.holder, role: [roleId], permission: [permission] };
      } else if (role && role !== 'admin') {
        await makeRole(t.db, role, []);
        holder = { uid: ids.holder, role: [role], permission: [] };
      } else if (role === 'admin') {
        holder = { uid: ids.admin, role: ['admin'], permission: [] };
      } else {
        // another account than "without": a call may close the account it is made with
        holder = { uid: ids.holder, role: [], permission: [] };
      }
      // rights are read from the account on every request, not from the token
      await t.db.$client.query(`UPDATE users SET role = $2 WHERE id = $1`, [holder.uid, holder.role]);
      const callers: Record<Who, string | undefined> = {
        anonymous: undefined,
        without: await tokenFor(ids.plain, [], []),
        with: await tokenFor(holder.uid, holder.role, holder.permission),
        admin: await tokenFor(ids.admin, ['admin'], []),
      };
      for (const who of ['anonymous', 'without', 'with', 'admin'] as Who[]) {
        const token = callers[who];
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          ...(['POST', 'PUT', 'DELETE', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
        });
        let code: string | undefined;
        try {
          code = (res.json() as { errorCode?: string }).errorCode;
        } catch {
          code = undefined; // a file (export, portal): not an error
        }
        const want = expected(rule, who);
        const got: Expect | 'other' =
          res.statusCode === 401 && code === 'uni-id-token-not-exist'
            ? 'token-not-exist'
            : res.statusCode === 403 && code === 'PERMISSION_ERROR'
              ? 'permission-error'
              : res.statusCode !== 401 && res.statusCode < 500 && (res.statusCode !== 403 || (code !== undefined && rule === 'public'))
                ? // a public route's own 403 (the ad callback's bad signature) comes after the access layer let the call in
                  'passes'
                : 'other';
        checked += 1;
        if (got !== want) {
          failures.push(`${route.method} ${route.url} [${describeRule(rule)}] as ${who}: expected ${want}, got ${res.statusCode} ${code ?? ''}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(routes().length * 4);
  }, 60_000);
});
