/**
 * Malformed input on every route of /api/openapi.json, anonymous and as a signed-in admin:
 * wrong types per property, NUL characters, huge numbers, arrays for strings, odd and invalid
 * JSON, empty bodies, bad query strings and path parameters. No answer may be a 5xx, and every
 * error must be the documented `{ success: false, errorCode, errorMessage, requestId }` with a
 * catalogue code. The cases come from a fixed seed, so a failure repeats.
 */
import type { FastifyInstance } from 'fastify';
import { ERRORS } from '../../server/core/errors';
import { call, login, makeUser, registerAdmin } from '../support/accounts';
import { createTestApp } from '../support/test-app';

/**
 * Routes a signed-in admin does not fuzz, because success would end the session the other
 * routes are fuzzed with. They are fuzzed with a throwaway admin of their own instead.
 */
const OWN_SESSION: Record<string, string> = {
  'POST /api/auth/logout': 'signs the session out',
  'POST /api/auth/deactivate': 'closes the account',
};

/** a deterministic generator (mulberry32), so the same cases run every time */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(20261124);
const pick = <T>(xs: T[], n: number): T[] => {
  const copy = [...xs];
  const out: T[] = [];
  while (out.length < n && copy.length) out.push(copy.splice(Math.floor(random() * copy.length), 1)[0]);
  return out;
};

/** values put in place of one property of a JSON body */
const PROPERTY_VALUES: unknown[] = [
  12345,
  -1,
  1e308,
  Number.MAX_SAFE_INTEGER + 2,
  0.5,
  true,
  null,
  ['a', 'b'],
  [1, [2, [3]]],
  { nested: { deeper: 'x' } },
  'a\u0000b',
  '',
  ' ',
  'x'.repeat(5000),
  '0000-01-01',
  '300000-01-01T00:00:00Z',
  'infinity',
  '../../etc/passwd',
  "'; DROP TABLE users; --",
  '\ud800',
  '𝒳😀',
];

/** whole bodies: [content-type, payload] */
const RAW_BODIES: Array<[string | undefined, string]> = [
  ['application/json', ''],
  ['application/json', '{'],
  ['application/json', '{"a":1,}'],
  ['application/json', 'null'],
  ['application/json', '[]'],
  ['application/json', '"text"'],
  ['application/json', '12345'],
  ['application/json', '1e400'],
  ['application/json', '{"a":1e400}'],
  ['application/json', '{"__proto__":{"polluted":true}}'],
  ['application/json', '{"constructor":{"prototype":{"polluted":true}}}'],
  ['application/json', '{"k\\u0000ey":"v"}'],
  ['application/json', '{"a":"\\u0000"}'],
  ['application/json', `${'['.repeat(20000)}${']'.repeat(20000)}`],
  ['application/json', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
  ['application/json', '\uFEFF{}'],
  ['application/json; charset=latin1', '{}'],
  ['text/plain', 'hello'],
  ['application/x-www-form-urlencoded', 'a=1&b=2'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n\u0000\r\n--x--'],
  ['multipart/form-data', 'no boundary'],
  [undefined, '{}'],
];

/** values put in place of one query parameter (already URL-encoded) */
const QUERY_VALUES = [
  '',
  '%00',
  'a%00b',
  '1e300',
  '-1',
  '0',
  '9007199254740993',
  '99999999999999999999999',
  'NaN',
  'true',
  'infinity',
  '0000-01-01',
  '300000-01-01',
  '%FF',
  '%E0%A4%A',
  'x'.repeat(2000),
  '%5B%5D',
];

/** path parameter values (already URL-encoded) */
const PATH_VALUES = ['fuzz-id', '%00', 'a%00b', '1e300', '-1', 'x'.repeat(300), '%FF', '..%2F..%2Fetc', '%20'];

/** junk query strings */
const RAW_QUERIES = ['?%', '?&&&', '?a[b]=c', '?__proto__[x]=1', '?constructor[prototype][x]=1', `?${'a=1&'.repeat(2000)}`, '?current=1&current=2'];

interface Route {
  method: string;
  path: string;
  bodyProps: string[];
  queryParams: string[];
  hasBody: boolean;
}

function routesOf(doc: { paths: Record<string, Record<string, any>> }): Route[] {
  const out: Route[] = [];
  for (const [p, ops] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(ops)) {
      const json = op.requestBody?.content?.['application/json']?.schema;
      out.push({
        method: m.toUpperCase(),
        path: p,
        bodyProps: Object.keys(json?.properties ?? {}),
        queryParams: (op.parameters ?? []).filter((x: { in: string }) => x.in === 'query').map((x: { name: string }) => x.name),
        hasBody: Boolean(op.requestBody) || m === 'post' || m === 'put' || m === 'delete',
      });
    }
  }
  return out;
}

/** one request, without the auth header */
interface Case {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

const fill = (path: string, value: string) => path.replace(/\{[^}]+\}/g, value);

/** the cases of one route: inject options without the auth header */
function casesOf(r: Route): Case[] {
  const url = fill(r.path, 'fuzz-id');
  const method = r.method as Case['method'];
  const cases: Case[] = [];
  if (r.hasBody) {
    for (const prop of r.bodyProps) {
      // every property gets the type-breaking values, plus a seeded sample of the rest
      const values = [...PROPERTY_VALUES.slice(0, 11), ...pick(PROPERTY_VALUES.slice(11), 4)];
      for (const v of values) cases.push({ method, url, payload: { [prop]: v } });
    }
    cases.push({ method, url, payload: Object.fromEntries(r.bodyProps.map((p) => [p, 'a\u0000'])) });
    cases.push({ method, url, payload: Object.fromEntries(r.bodyProps.map((p) => [p, [1e308]])) });
    for (const [type, payload] of RAW_BODIES) cases.push({ method, url, payload, headers: type ? { 'content-type': type } : {} });
  }
  for (const q of r.queryParams) {
    for (const v of [...QUERY_VALUES.slice(0, 4), ...pick(QUERY_VALUES.slice(4), 5)]) cases.push({ method, url: `${url}?${q}=${v}` });
    cases.push({ method, url: `${url}?${q}=a&${q}=b&${q}=%00` });
  }
  for (const q of RAW_QUERIES) cases.push({ method, url: `${url}${q}` });
  if (r.path.includes('{')) for (const v of PATH_VALUES) cases.push({ method, url: fill(r.path, v) });
  return cases;
}

const CODES = new Set(Object.keys(ERRORS));

/** what is wrong with an answer ('' = nothing) */
function problemOf(res: { statusCode: number; body: string; headers: Record<string, unknown> }): string {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return '';
  let body: any;
  try {
    body = JSON.parse(res.body);
  } catch {
    return `status ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 200)}`;
  }
  const shaped =
    body &&
    body.success === false &&
    typeof body.errorCode === 'string' &&
    typeof body.errorMessage === 'string' &&
    body.errorMessage.length > 0 &&
    typeof body.requestId === 'string' &&
    Object.keys(body).every((k) => ['success', 'errorCode', 'errorMessage', 'field', 'requestId'].includes(k));
  if (!shaped) return `status ${res.statusCode} not in the error shape: ${res.body.slice(0, 300)}`;
  if (!CODES.has(body.errorCode)) return `error code ${body.errorCode} is not in the catalogue`;
  return '';
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let adminToken: string;
let routes: Route[];

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await registerAdmin(t.app)).token;
  routes = routesOf((await call(t.app, 'GET', '/api/openapi.json')).body);
});
afterAll(async () => {
  await t.close();
});

async function fuzz(app: FastifyInstance, route: Route, token: string | undefined): Promise<string[]> {
  const problems: string[] = [];
  for (const c of casesOf(route)) {
    const res = await app.inject({
      method: c.method,
      url: c.url,
      payload: c.payload as never,
      remoteAddress: '10.77.0.1',
      headers: { ...c.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    const problem = problemOf(res);
    if (problem) problems.push(`${c.method} ${c.url.slice(0, 120)} ${typeof c.payload === 'string' ? c.payload.slice(0, 60) : JSON.stringify(c.payload)?.slice(0, 120)}: ${problem}`);
  }
  return problems;
}

describe('malformed input on every documented route', () => {
  it('the OpenAPI document lists the routes (and the ones fuzzed with their own session exist)', () => {
    expect(routes.length).toBeGreaterThan(50);
    const names = routes.map((r) => `${r.method} ${r.path}`);
    expect(names).toEqual(expect.arrayContaining(Object.keys(OWN_SESSION)));
  });

  it('anonymous: no 5xx, every error in the documented shape', async () => {
    const problems: string[] = [];
    for (const r of routes) problems.push(...(await fuzz(t.app, r, undefined)));
    expect(problems).toEqual([]);
  }, 120_000);

  it('signed in as an admin: no 5xx, every error in the documented shape, and the session survives', async () => {
    const problems: string[] = [];
    for (const r of routes) {
      if (OWN_SESSION[`${r.method} ${r.path}`]) continue;
      problems.push(...(await fuzz(t.app, r, adminToken)));
      const me = await call(t.app, 'GET', '/api/auth/me', { token: adminToken });
      if (me.status !== 200) throw new Error(`${r.method} ${r.path} ended the admin session: add it to OWN_SESSION`);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it.each(Object.entries(OWN_SESSION))('%s (%s): fuzzed with a throwaway admin', async (name) => {
    const route = routes.find((r) => `${r.method} ${r.path}` === name)!;
    const username = `fuzz_${name.replace(/\W+/g, '_')}`.toLowerCase();
    await makeUser(t.db, { username, password: 'Throwaway#2026', role: ['admin'] });
    const signedIn = await login(t.app, username, 'Throwaway#2026', '10.78.0.1');
    expect(signedIn.status).toBe(200);
    const token = signedIn.body.data.token as string;
    expect(await fuzz(t.app, route, token)).toEqual([]);
  }, 60_000);
});
