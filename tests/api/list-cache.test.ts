/**
 * The list cache never serves a stale page: a cached list may only read tables whose changes
 * the change counters see (refused at start otherwise), and a change to any table it reads,
 * through the API or straight in the database, shows on the next read.
 */
import { Type } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import type { ModuleApp } from '../../server/core/context';
import { COUNTED_TABLES } from '../../server/core/list/cache';
import type { ListSpec } from '../../server/core/list/query';
import { registerListRoutes } from '../../server/core/list/routes';
import { userList } from '../../server/modules/system/users/service';
import { call, makeRole, makeUser, registerAdmin } from '../support/accounts';
import { createTestApp } from '../support/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let token = '';
beforeAll(async () => {
  t = await createTestApp();
  token = (await registerAdmin(t.app)).token;
});
afterAll(async () => {
  await t?.close();
});

const spec = (over: Partial<ListSpec>): ListSpec => ({
  resource: 'probe',
  from: sql`user_logs l`,
  columns: sql`l.id`,
  search: [],
  filters: {},
  sorts: { id: sql`l.id` },
  defaultSort: { field: 'id', order: 'ascend' },
  tiebreak: sql`l.id`,
  exportColumns: [],
  ...over,
});

const register = (s: ListSpec) => () =>
  registerListRoutes(Fastify() as unknown as ModuleApp, {
    base: '/api/probe',
    tags: ['probe'],
    spec: s,
    row: Type.Object({ id: Type.Integer() }),
    db: t.db,
    access: { read: 'signedIn', delete: 'signedIn' },
  });

describe('registering a cached list', () => {
  it('is refused, loudly, when the list reads a table the change counters do not count', () => {
    expect(register(spec({ cached: true, reads: ['users', 'user_logs'] }))).toThrow(
      'list "probe" is cached but reads user_logs, which change_counters does not count (counted: users, roles, tags)',
    );
  });

  it('is refused when the list does not say what it reads', () => {
    expect(register(spec({ cached: true }))).toThrow('list "probe" is cached but declares no reads');
  });

  it('is accepted when every table read is counted, and an uncached list may read anything', () => {
    expect(COUNTED_TABLES).toEqual(['users', 'roles', 'tags']);
    expect(register(spec({ cached: true, reads: ['users', 'roles'] }))).not.toThrow();
    expect(register(spec({ reads: ['user_logs'] }))).not.toThrow();
    expect(userList).toMatchObject({ cached: true, reads: ['users', 'roles', 'tags'] });
  });
});

describe('the cached user list', () => {
  const list = async () => {
    const r = await call(t.app, 'GET', '/api/system/users?keyword=cachecheck', { token });
    expect(r.status).toBe(200);
    return r.body.data as { username: string; nickname: string | null; role_name: string[]; tag_name: string[] }[];
  };

  it('shows a write to each table it reads on the next read', async () => {
    await makeRole(t.db, 'cache_role', []);
    expect((await call(t.app, 'POST', '/api/system/tags', { token, body: { tagid: 'cache_tag', name: 'Before' } })).status).toBe(200);
    const u = await makeUser(t.db, { username: 'cachecheck1', password: 'Passw0rd!', role: ['cache_role'] });
    expect((await call(t.app, 'POST', '/api/system/users/set-tags', { token, body: { ids: [u.id], tags: ['cache_tag'] } })).status).toBe(200);
    const first = await list();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ nickname: null, role_name: ['cache_role'], tag_name: ['Before'] });
    // the same query again: same page
    expect(await list()).toEqual(first);

    // users, written straight in the database (as another instance or psql would)
    await t.db.$client.query(`UPDATE users SET nickname = 'Renamed' WHERE id = $1`, [u.id]);
    expect((await list())[0].nickname).toBe('Renamed');

    // roles: the role's name shows in the user rows
    expect((await call(t.app, 'PUT', '/api/system/roles/cache_role', { token, body: { role_name: 'Cache role' } })).status).toBe(200);
    expect((await list())[0].role_name).toEqual(['Cache role']);

    // tags: likewise
    expect((await call(t.app, 'PUT', '/api/system/tags/cache_tag', { token, body: { name: 'After' } })).status).toBe(200);
    expect((await list())[0].tag_name).toEqual(['After']);

    // a new matching user
    await makeUser(t.db, { username: 'cachecheck2', password: 'Passw0rd!' });
    expect((await list()).map((r) => r.username).sort()).toEqual(['cachecheck1', 'cachecheck2']);
  });
});
