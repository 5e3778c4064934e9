/**
 * The user list's cache: a repeated page costs one round trip and is never older than the data,
 * whoever wrote it (the API, psql, another instance); each writing transaction counts once.
 */
import { call, registerAdmin } from '../support/accounts';
import { createTestApp } from '../support/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
const U = '/api/system/users';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await registerAdmin(t.app)).token;
});
afterAll(async () => {
  await t.close();
});

const list = async (query: string, token = admin) => (await call(t.app, 'GET', `${U}?${query}`, { token })).body;

describe('the list cache', () => {
  const names = (r: { data: { nickname: string }[] }) => r.data.map((u) => u.nickname);

  it('serves a repeated page with one round trip (the token check), never a page older than the data', async () => {
    await t.db.$client.query(`
      INSERT INTO roles (role_id, role_name, permission) VALUES ('cache_role', 'Cache role', '{}');
      INSERT INTO tags (tagid, name) VALUES ('cache_tag', 'Cache tag');
      INSERT INTO users (username, nickname, role, tags)
      SELECT 'cached' || i, 'Cached ' || i, ARRAY['cache_role'], ARRAY['cache_tag'] FROM generate_series(1, 3) i;`);
    const q = 'keyword=cached&sortField=username&sortOrder=ascend';
    const first = await list(q);
    expect(first.total).toBe(3);
    expect(first.data[0]).toMatchObject({ nickname: 'Cached 1', role_name: ['Cache role'], tag_name: ['Cache tag'] });

    // the repeat comes from the cache: only the token check reaches the database (the server's
    // jobs, whose first runs follow its start, may use the pool meanwhile: they are not counted)
    const spy = jest.spyOn(t.db.$client, 'query');
    try {
      expect(await list(q)).toEqual(first);
      const asked = spy.mock.calls.map(([c]) => (typeof c === 'string' ? c : ((c as { name?: string; text: string }).name ?? (c as { text: string }).text)));
      expect(asked.filter((c) => c === 'assert-token-stands' || /\b(users|roles|tags)\b/.test(c))).toEqual(['assert-token-stands']);
    } finally {
      spy.mockRestore();
    }

    // a write through the API shows on the very next read
    const id = first.data[0]._id;
    await call(t.app, 'PUT', `${U}/${id}`, { token: admin, body: { nickname: 'Through the API' } });
    expect(names(await list(q))).toEqual(['Through the API', 'Cached 2', 'Cached 3']);

    // so does a write from anything else (another instance, psql), users, roles and tags alike
    await t.db.$client.query(`UPDATE users SET nickname = 'Through SQL' WHERE username = 'cached2'`);
    expect(names(await list(q))).toEqual(['Through the API', 'Through SQL', 'Cached 3']);
    await t.db.$client.query(`UPDATE roles SET role_name = 'Renamed role' WHERE role_id = 'cache_role'`);
    expect((await list(q)).data[0].role_name).toEqual(['Renamed role']);
    expect((await list('keyword=renamed role')).total).toBe(3);
    await t.db.$client.query(`UPDATE tags SET name = 'Renamed tag' WHERE tagid = 'cache_tag'`);
    expect((await list(q)).data[0].tag_name).toEqual(['Renamed tag']);
    await call(t.app, 'POST', `${U}/set-tags`, { token: admin, body: { ids: [id], tags: [] } });
    expect((await list(`${q}&tagid=cache_tag`)).total).toBe(2);
    await call(t.app, 'DELETE', U, { token: admin, body: { ids: [id] } });
    expect((await list(q)).total).toBe(2);
    await t.db.$client.query(`DELETE FROM users WHERE username LIKE 'cached%'`);
    expect(await list(q)).toMatchObject({ total: 0, data: [] });
  });

  it('counts each writing transaction once per table, at its commit', async () => {
    const counters = async () => Object.fromEntries((await t.db.$client.query(`SELECT tbl, n::int FROM change_counters`)).rows.map((r) => [r.tbl, r.n]));
    const before = await counters();
    const c = await t.db.$client.connect();
    try {
      await c.query('BEGIN');
      await c.query(`UPDATE users SET score = score + 1`);
      await c.query(`UPDATE users SET score = score - 1`);
      // not yet visible to anyone else: the bump comes with the rows, at commit
      expect((await counters()).users).toBe(before.users);
      await c.query('COMMIT');
    } finally {
      c.release();
    }
    expect(await counters()).toEqual({ ...before, users: before.users + 1 });
    // nothing changed, nothing counted
    await t.db.$client.query(`UPDATE roles SET role_name = role_name WHERE false`);
    expect(await counters()).toEqual({ ...before, users: before.users + 1 });
  });
});
