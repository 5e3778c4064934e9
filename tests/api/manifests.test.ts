/**
 * Adding an area the way DESIGN.md says: a manifest with its service, routes, job, seed step and
 * close, composed beside every module of the server; and the composition root's refusals (a
 * service asked for before its module, one made twice).
 */
import { Type } from '@sinclair/typebox';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { composeServices, type Manifest } from '../../server/core/manifest';
import { Ok } from '../../server/core/schemas';
import { MANIFESTS } from '../../server/modules';
import type { ModuleManifest } from '../../server/modules/services';
import { call, makeUser, login } from '../support/accounts';
import { createTestDatabase } from '../support/test-app';
import { until } from '../support/until';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

/** a small area: notes kept in memory, one list and one add route, a seed step, a job and a close */
function notesArea() {
  const state = { notes: [] as string[], seeded: 0, jobRuns: 0, closed: false, ownerOfFirst: '' };
  const manifest: ModuleManifest = {
    name: 'notes',
    tables: [],
    seed: async () => {
      state.seeded += 1;
      if (!state.notes.length) state.notes.push('welcome');
    },
    routes: async ({ app, accounts }) => {
      app.get('/api/notes', {
        config: { access: 'signedIn' },
        schema: { tags: ['notes'], response: { 200: Ok(Type.Array(Type.String())) } },
        handler: async () => ({ success: true as const, data: state.notes }),
      });
      app.post('/api/notes', {
        config: { access: 'signedIn' },
        schema: { tags: ['notes'], body: Type.Object({ text: Type.String({ minLength: 1, maxLength: 20 }) }), response: { 200: Ok(Type.Integer()) } },
        handler: async (req) => {
          // another module's service, received from the composition root
          state.ownerOfFirst ||= (await accounts.me(req.auth!.uid)).username ?? '';
          return { success: true as const, data: state.notes.push(req.body.text) };
        },
      });
    },
    jobs: () => [{ name: 'notes-count', everyMs: 3600_000, run: async () => void (state.jobRuns += 1) }],
    close: async () => void (state.closed = true),
  };
  return { manifest, state };
}

const config = () => ({ ...loadConfig({}), jwtSecret: 'test-secret-test-secret-test-secret', staticDir: '/nonexistent' });

test('an area registered from a manifest gets its routes, access rules, error shape, seed, job and close', async () => {
  const { manifest, state } = notesArea();
  const app = await buildApp({ config: config(), db: database.db, logger: false, eagerSchemas: true, manifests: [...MANIFESTS, manifest] });
  await app.ready();
  try {
    expect(state.seeded).toBe(1);
    // the route declares who may call it and the server enforces it, in the catalogue's shape
    const out = await call(app, 'GET', '/api/notes');
    expect(out.status).toBe(401);
    expect(out.body).toMatchObject({ success: false, errorCode: expect.any(String), requestId: expect.any(String) });
    expect(out.headers['x-content-type-options']).toBe('nosniff');

    await makeUser(database.db, { username: 'note_taker', password: 'Notes#2026x' });
    const token = (await login(app, 'note_taker', 'Notes#2026x')).body.data.token as string;
    expect((await call(app, 'GET', '/api/notes', { token })).body).toMatchObject({ success: true, data: ['welcome'] });
    expect((await call(app, 'POST', '/api/notes', { token, body: { text: 'buy milk' } })).body.data).toBe(2);
    expect(state.ownerOfFirst).toBe('note_taker');
    const tooLong = await call(app, 'POST', '/api/notes', { token, body: { text: 'x'.repeat(21) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ success: false, field: 'text' });
    expect((await call(app, 'GET', '/api/notes', { token })).body.data).toEqual(['welcome', 'buy milk']);

    // its routes are in the API document like every module's
    const doc = (await call(app, 'GET', '/api/openapi.json')).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/notes', '/api/todos']));
    // jobs run once at start
    await until(
      () => state.jobRuns,
      (n) => n >= 1,
      { what: 'the job runs at start' },
    );
  } finally {
    await app.close();
  }
  expect(state.closed).toBe(true);
});

test('the composition root refuses a service asked for before its module, and one made twice', async () => {
  type S = { a: string; b: string };
  const a: Manifest<S> = { name: 'a', tables: [], services: () => ({ a: 'A' }) };
  const b: Manifest<S> = { name: 'b', tables: [], services: ({ a: made }) => ({ b: `${made}B` }) };
  expect(await composeServices<S>({}, [a, b])).toEqual({ a: 'A', b: 'AB' });
  await expect(composeServices<S>({}, [b, a])).rejects.toThrow('the b module asks for the service "a", which no module before it makes');
  await expect(composeServices<S>({}, [a, { ...a, name: 'again' }])).rejects.toThrow('the again module makes the service "a", which is made already');

  // the server's own order holds: every module finds what it asks for
  const late: ModuleManifest = { name: 'late', tables: [], services: ({ todos }) => ({ todos }) };
  await expect(buildApp({ config: config(), db: database.db, logger: false, seed: false, manifests: [late, ...MANIFESTS] })).rejects.toThrow(
    'the late module asks for the service "todos"',
  );
});
