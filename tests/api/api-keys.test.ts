/**
 * Personal API keys: only holders of the permission (or admins) make them; the key is answered
 * once and is not in any later answer or in the database; the holder renames, disables, limits
 * and deletes their own; nobody else sees them but admins; a key works only while enabled, not
 * expired and from an allowed address; bad fields are named.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { call, makeRole, registerAdmin } from '../support/accounts';
import { addModel, chatUser } from '../support/chat';
import { createTestApp } from '../support/test-app';
import { ApiKeyService } from '../../server/modules/api-keys/service';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-keys-'));
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let open: { id: string };
let restricted: { id: string };

beforeAll(async () => {
  t = await createTestApp({ dataDir });
  admin = (await registerAdmin(t.app)).token;
  await makeRole(t.db, 'staff', []);
  open = await addModel(t.app, admin, { name: 'Open', base_url: 'http://127.0.0.1:9/v1', provider_model: 'echo' });
  restricted = await addModel(t.app, admin, { name: 'Staff only', base_url: 'http://127.0.0.1:9/v1', provider_model: 'echo', roles: ['staff'] });
  await makeRole(t.db, 'developer', ['USE_API_KEYS']);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** the relay's look-up of a call's key (authenticate reads neither models nor roles) */
const keys = () =>
  new ApiKeyService(
    t.db,
    { listForUser: async () => [], listEmbeddingsForUser: async () => [], listSpeechForUser: async () => [] },
    { accessOf: async () => ({ role: [], permission: [], active: true }) },
  );

test('a holder makes a key: it is answered once, stored as a hash, and works until disabled, expired or deleted', async () => {
  const dev = await chatUser(t.app, t.db, 'dev_keys', 0, ['developer']);
  const r = await call(t.app, 'POST', '/api/api-keys', {
    token: dev.token,
    body: { name: ' CI bot ', credit_cap_total: 5000, credit_cap_daily: 500, models: [open.id], ip_allow: ['10.0.0.0/8', '2001:DB8::1'] },
  });
  expect(r.status).toBe(200);
  const made = r.body.data;
  expect(made.key).toMatch(/^sk-[A-Za-z0-9]{48}$/);
  expect(made).toMatchObject({ name: 'CI bot', status: 'active', credit_cap_total: 5000, credit_cap_daily: 500, credits_used: 0, models: [open.id] });
  expect(made.ip_allow).toEqual(['10.0.0.0/8', '2001:db8::1']);
  expect(made.key_hint).toBe(`${made.key.slice(0, 7)}…${made.key.slice(-4)}`);

  // never again: not in the list, not in the record, not in the database
  const listed = await call(t.app, 'GET', '/api/api-keys', { token: dev.token });
  expect(listed.body.data).toHaveLength(1);
  const again = await call(t.app, 'GET', `/api/api-keys/${made.id}`, { token: dev.token });
  for (const payload of [JSON.stringify(listed.body), JSON.stringify(again.body)]) {
    expect(payload).not.toContain(made.key);
    expect(payload).not.toContain(made.key.slice(7, 40));
  }
  const stored = (await t.db.execute(sql`SELECT * FROM api_keys WHERE id = ${made.id}`)).rows[0];
  expect(JSON.stringify(stored)).not.toContain(made.key.slice(3));

  // used from an allowed address: its last use is noted; elsewhere, or altered, it is no key
  expect(await keys().authenticate(made.key, '10.1.2.3')).toMatchObject({ id: made.id, user_id: dev.id, models: [open.id] });
  expect(await keys().authenticate(made.key, '::ffff:10.9.9.9')).not.toBeNull();
  expect(await keys().authenticate(made.key, '2001:db8::1')).not.toBeNull();
  expect(await keys().authenticate(made.key, '192.168.1.1')).toBeNull();
  expect(await keys().authenticate(`${made.key.slice(0, -1)}${made.key.endsWith('A') ? 'B' : 'A'}`, '10.1.2.3')).toBeNull();
  const used = (await call(t.app, 'GET', `/api/api-keys/${made.id}`, { token: dev.token })).body.data;
  expect(used.last_used_ip).toBe('2001:db8::1');
  expect(used.last_used_at).not.toBeNull();

  // disabled, then expired, then deleted: it stops working each time
  const off = await call(t.app, 'PUT', `/api/api-keys/${made.id}`, { token: dev.token, body: { enabled: false, name: 'CI bot (paused)' } });
  expect(off.body.data).toMatchObject({ status: 'disabled', name: 'CI bot (paused)' });
  expect(await keys().authenticate(made.key, '10.1.2.3')).toBeNull();
  await call(t.app, 'PUT', `/api/api-keys/${made.id}`, { token: dev.token, body: { enabled: true } });
  expect(await keys().authenticate(made.key, '10.1.2.3')).not.toBeNull();
  await t.db.execute(sql`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = ${made.id}`);
  expect((await call(t.app, 'GET', `/api/api-keys/${made.id}`, { token: dev.token })).body.data.status).toBe('expired');
  expect(await keys().authenticate(made.key, '10.1.2.3')).toBeNull();
  expect((await call(t.app, 'DELETE', `/api/api-keys/${made.id}`, { token: dev.token })).status).toBe(200);
  expect((await call(t.app, 'GET', '/api/api-keys', { token: dev.token })).body.data).toEqual([]);
});

test('only holders of the permission make keys; each sees only their own, admins everyone’s', async () => {
  const plainUser = await chatUser(t.app, t.db, 'plain_keys', 0);
  const denied = await call(t.app, 'POST', '/api/api-keys', { token: plainUser.token, body: { name: 'Mine' } });
  expect([denied.status, denied.body.errorCode]).toEqual([403, 'PERMISSION_ERROR']);
  expect((await call(t.app, 'GET', '/api/api-keys', { token: plainUser.token })).status).toBe(403);

  const ann = await chatUser(t.app, t.db, 'ann_keys', 0, ['developer']);
  const bob = await chatUser(t.app, t.db, 'bob_keys', 0, ['developer']);
  const annKey = (await call(t.app, 'POST', '/api/api-keys', { token: ann.token, body: { name: 'Ann laptop' } })).body.data;
  await call(t.app, 'POST', '/api/api-keys', { token: bob.token, body: { name: 'Bob server' } });
  const names = async (token: string, q = '') =>
    (await call(t.app, 'GET', `/api/api-keys${q}`, { token })).body.data.map((k: { name: string }) => k.name).sort();
  expect(await names(ann.token)).toEqual(['Ann laptop']);
  expect(await names(bob.token)).toEqual(['Bob server']);
  expect(await names(admin, '?keyword=_keys')).toEqual(['Ann laptop', 'Bob server']);
  for (const [method, body] of [
    ['GET', undefined],
    ['PUT', { name: 'Taken' }],
    ['DELETE', undefined],
  ] as const)
    expect((await call(t.app, method, `/api/api-keys/${annKey.id}`, { token: bob.token, body })).status).toBe(404);
  // an admin disables anyone's key
  expect((await call(t.app, 'PUT', `/api/api-keys/${annKey.id}`, { token: admin, body: { enabled: false } })).body.data.status).toBe('disabled');
});

test('bad fields are named; at most 50 keys a holder', async () => {
  const eve = await chatUser(t.app, t.db, 'eve_keys', 0, ['developer']);
  // a value out of range or refused by a rule is INVALID_PARAM; one of the wrong type the request layer's PARAM_ERROR
  const bad: Array<[Record<string, unknown>, string, string]> = [
    [{ name: '   ' }, 'name', 'INVALID_PARAM'],
    [{ name: 'x'.repeat(41) }, 'name', 'INVALID_PARAM'],
    [{ name: 'x', expires_at: '2020-01-01T00:00:00.000Z' }, 'expires_at', 'INVALID_PARAM'],
    [{ name: 'x', credit_cap_total: 0 }, 'credit_cap_total', 'INVALID_PARAM'],
    [{ name: 'x', credit_cap_daily: 1.5 }, 'credit_cap_daily', 'PARAM_ERROR'],
    [{ name: 'x', models: [restricted.id] }, 'models', 'INVALID_PARAM'],
    [{ name: 'x', ip_allow: ['10.0.0.0/33'] }, 'ip_allow', 'INVALID_PARAM'],
    [{ name: 'x', ip_allow: ['example.com'] }, 'ip_allow', 'INVALID_PARAM'],
  ];
  for (const [body, field, code] of bad) {
    const e = await call(t.app, 'POST', '/api/api-keys', { token: eve.token, body });
    expect([e.status, e.body.errorCode, e.body.field]).toEqual([400, code, field]);
  }
  await t.db.execute(
    sql`INSERT INTO api_keys (user_id, name, key_hash, key_hint) SELECT ${eve.id}, 'k' || g, md5(g::text || ${eve.id}), 'sk-…' FROM generate_series(1, 50) g`,
  );
  const over = await call(t.app, 'POST', '/api/api-keys', { token: eve.token, body: { name: 'One too many' } });
  expect([over.status, over.body.errorCode, over.body.field]).toEqual([400, 'API_KEY_LIMIT', 'name']);
  expect(over.body.errorMessage).toContain('50');
});
