/**
 * Malformed input on every route of /api/openapi.json, anonymous and as a signed-in admin:
 * wrong types per property, NUL characters, huge numbers, arrays for strings, odd and invalid
 * JSON, empty bodies, bad query strings and path parameters; text that breaks code that counts
 * UTF-16 units (astral characters, lone surrogates, combining and RTL marks, 100,000 characters)
 * in every string property and query parameter, bodies nested 10,000 levels deep and very wide
 * ones; and, as an admin, a body that passes each route's schema with hostile text in every
 * string, saved before every list and search is asked for that text.
 * No answer may be a 5xx, every answer carries the standard headers, every error is the
 * documented `{ success: false, errorCode, errorMessage, requestId }` with a catalogue code (the
 * relay's in the shape of the API its clients speak, with a catalogue code too), and
 * no request may hold the event loop over 1 s (tests/support/event-loop-watch.ts; a request that
 * spins forever is named by its watchdog). The cases come from a fixed seed, so a failure repeats.
 */
import type { FastifyInstance } from 'fastify';
import { call, login, makeUser, registerAdmin } from '../support/accounts';
import { watchEventLoop, type LoopWatch } from '../support/event-loop-watch';
import { problemOf } from '../support/error-shape';
import { createTestApp } from '../support/test-app';

/** the longest a request may hold the event loop */
const STALL_MS = 1000;

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
  HOSTILE_MIX(),
  HOSTILE_LONG(),
  // every property gets the values above; the rest, a seeded sample of them
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
  ...HOSTILE_SHORT_TEXT(),
];
/** how many of PROPERTY_VALUES every property gets */
const ALWAYS = 13;

/** astral characters, lone surrogates both ways round, a combining mark, RTL marks, in one */
function HOSTILE_MIX(): string {
  return '𠮷😀𝕏 \ud800 \udc00\ud800 e\u0301 \u200f\u202eabc\u202c \ufeff';
}

/** 100,000 UTF-16 units of astral characters, combining marks and Latin letters */
function HOSTILE_LONG(): string {
  return '𠮷e\u0301x'.repeat(25_000);
}

/** text that breaks code counting UTF-16 units or bytes instead of characters */
function HOSTILE_SHORT_TEXT(): string[] {
  return ['𠮷', '𠮷😀𝕏', '\udc00', '\udc00\ud800', 'a\ud800b', 'e\u0301'.repeat(40), '\u200f\u202eabc\u202c', '\ufeff\u200b'];
}

/** raw JSON values (built as text: JSON.stringify of them would overflow this test's stack) */
const RAW_VALUES = [
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
  JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]))),
  JSON.stringify(Array.from({ length: 100_000 }, (_, i) => i)),
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
  encodeURIComponentLoose(HOSTILE_MIX()),
  // a query string of about 36 kB (fastify reads up to its header limits)
  encodeURIComponent('𠮷'.repeat(3000)),
  ...HOSTILE_SHORT_TEXT().map(encodeURIComponentLoose),
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

/** encodeURIComponent, which refuses lone surrogates: those are sent as the bytes a careless client sends */
function encodeURIComponentLoose(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return Array.from(v, (c) => {
      const u = c.codePointAt(0)!;
      return u >= 0xd800 && u <= 0xdfff
        ? `%${(0xe0 | (u >> 12)).toString(16)}%${(0x80 | ((u >> 6) & 0x3f)).toString(16)}%${(0x80 | (u & 0x3f)).toString(16)}`
        : encodeURIComponent(c);
    }).join('');
  }
}

/** path parameter values (already URL-encoded) */
const PATH_VALUES = ['fuzz-id', '%00', 'a%00b', '1e300', '-1', 'x'.repeat(300), '%FF', '..%2F..%2Fetc', '%20', '%F0%A0%AE%B7', '%ED%A0%80', 'e%CC%81'];

/** junk query strings */
const RAW_QUERIES = ['?%', '?&&&', '?a[b]=c', '?__proto__[x]=1', '?constructor[prototype][x]=1', `?${'a=1&'.repeat(2000)}`, '?current=1&current=2'];

interface Route {
  method: string;
  path: string;
  bodyProps: string[];
  queryParams: string[];
  hasBody: boolean;
}

function routesOf(api: OpenApi): Route[] {
  const out: Route[] = [];
  for (const [p, ops] of Object.entries(api.paths)) {
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

let rawTurn = 0;

/** the cases of one route: inject options without the auth header */
function casesOf(r: Route): Case[] {
  const url = fill(r.path, 'fuzz-id');
  const method = r.method as Case['method'];
  const cases: Case[] = [];
  if (r.hasBody) {
    for (const prop of r.bodyProps) {
      // every property gets the type-breaking values, plus a seeded sample of the rest
      const values = [...PROPERTY_VALUES.slice(0, ALWAYS), ...pick(PROPERTY_VALUES.slice(ALWAYS), 3)];
      for (const v of values) cases.push({ method, url, payload: { [prop]: v } });
      // nested 10,000 deep or very wide, in turn
      const raw = RAW_VALUES[rawTurn++ % RAW_VALUES.length];
      cases.push({ method, url, payload: `{${JSON.stringify(prop)}:${raw}}`, headers: { 'content-type': 'application/json' } });
    }
    cases.push({ method, url, payload: Object.fromEntries(r.bodyProps.map((p) => [p, 'a\u0000'])) });
    cases.push({ method, url, payload: Object.fromEntries(r.bodyProps.map((p) => [p, [1e308]])) });
    for (const [type, payload] of RAW_BODIES) cases.push({ method, url, payload, headers: type ? { 'content-type': type } : {} });
  }
  for (const q of r.queryParams) {
    for (const v of [...QUERY_VALUES.slice(0, 6), ...pick(QUERY_VALUES.slice(6), 4)]) cases.push({ method, url: `${url}?${q}=${v}` });
    cases.push({ method, url: `${url}?${q}=a&${q}=b&${q}=%00` });
  }
  for (const q of RAW_QUERIES) cases.push({ method, url: `${url}${q}` });
  if (r.path.includes('{')) for (const v of PATH_VALUES) cases.push({ method, url: fill(r.path, v) });
  return cases;
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let adminToken: string;
let routes: Route[];
let doc: OpenApi;
let loop: LoopWatch;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await registerAdmin(t.app)).token;
  doc = (await call(t.app, 'GET', '/api/openapi.json')).body;
  routes = routesOf(doc);
  loop = watchEventLoop();
});
afterAll(async () => {
  await loop?.stop();
  await t.close();
});

/** how a case is named in a failure */
const nameOf = (c: Case) =>
  `${c.method} ${c.url.slice(0, 120)} ${typeof c.payload === 'string' ? c.payload.slice(0, 60) : (JSON.stringify(c.payload) ?? '').slice(0, 120)}`;

/** runs the cases; answers what went wrong, each named */
async function runCases(app: FastifyInstance, cases: Case[], token: string | undefined): Promise<string[]> {
  const problems: string[] = [];
  for (const c of cases) {
    const name = nameOf(c);
    const { result: res, stallMs } = await loop.measure(name, () =>
      app.inject({
        method: c.method,
        url: c.url,
        payload: c.payload as never,
        remoteAddress: '10.77.0.1',
        headers: { ...c.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
    );
    const problem = problemOf(res, c.url);
    if (problem) problems.push(`${name}: ${problem}`);
    if (stallMs > STALL_MS) problems.push(`${name}: held the event loop for ${Math.round(stallMs)} ms`);
  }
  return problems;
}

const fuzz = (app: FastifyInstance, route: Route, token: string | undefined) => runCases(app, casesOf(route), token);

// --------------------------------------------------------------------------------------------
// bodies that pass each route's schema, with hostile text in every string

interface OpenApi {
  paths: Record<string, Record<string, any>>;
  components?: { schemas?: Record<string, any> };
}
type Schema = Record<string, any>;

/** the schema a $ref names */
const deref = (s: Schema): Schema => {
  let out = s;
  for (let i = 0; out?.$ref && i < 20; i++) out = doc.components?.schemas?.[String(out.$ref).split('/').pop()!] ?? {};
  return out ?? {};
};

/** at most `max` characters (code points, as the schema counts them) of `text` */
const cutTo = (text: string, max: number | undefined) => (max === undefined ? text : Array.from(text).slice(0, max).join(''));

/** a value that passes `schema` where it can, its strings made of `text` */
function sample(schema0: Schema, text: string, depth = 0): unknown {
  const schema = deref(schema0);
  if (depth > 8) return null;
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    if (Array.isArray(schema[key])) {
      const options = schema[key].map(deref).filter((o: Schema) => o.type !== 'null');
      if (key === 'allOf') return Object.assign({}, ...options.map((o: Schema) => sample(o, text, depth + 1)));
      return options.length ? sample(options[0], text, depth + 1) : null;
    }
  }
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((x: string) => x !== 'null') : schema.type;
  switch (type) {
    case 'string': {
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
      if (schema.format === 'email') return 'fuzz@example.com';
      if (schema.format === 'uri') return 'https://example.com/𠮷';
      const min = schema.minLength ?? 0;
      const body = cutTo(text, schema.maxLength);
      return Array.from(body).length >= min ? body : body + 'x'.repeat(min);
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? (schema.maximum !== undefined && schema.maximum < 1 ? schema.maximum : 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items ?? {}, text, depth + 1));
    case 'object':
    default: {
      const props = schema.properties ?? {};
      return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, sample(v as Schema, text, depth + 1)]));
    }
  }
}

/** the texts every string of a schema-valid body is made of, short and long */
const VALID_TEXTS = ['𠮷😀𝕏 e\u0301 \u200fabc', '\ud800 𠮷 \udc00', '𠮷'.repeat(50_000)];

/** routes whose success would end or change the session the rest run with */
const NOT_SAMPLED = new Set(['POST /api/auth/logout', 'POST /api/auth/deactivate']);

/**
 * Plain values tried, in turn, for a field the server refused (a date, a slug, an id of something
 * that must exist): the body keeps its hostile text everywhere else and gets past that rule.
 */
const PLAIN = (): unknown[] => [
  undefined,
  'fuzz-1',
  new Date().toISOString().slice(0, 10),
  new Date().toISOString(),
  'https://example.com/a',
  'fuzz@example.com',
  '13800138000',
  1,
  null,
  [],
];

/** sets the value at a dotted path ('texts.0.title') of a body (undefined: removes it); false if its parent is not there */
function setAt(body: unknown, path: string, value: unknown): boolean {
  const keys = path.split('.');
  let at = body as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) {
    if (!at || typeof at !== 'object' || !(k in at)) return false;
    at = at[k] as Record<string, unknown>;
  }
  const last = keys[keys.length - 1];
  if (!at || typeof at !== 'object' || (value === undefined && !(last in at))) return false;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return true;
}

/**
 * Sends, for each hostile text, a body that passes the route's schema, and while the server
 * refuses one field of it, that field plain (PLAIN, in turn): the rest of the body's text reaches
 * the route's code and, where the route saves, the database. Answers what went wrong.
 */
async function sendValid(r: Route, token: string): Promise<string[]> {
  if (NOT_SAMPLED.has(`${r.method} ${r.path}`)) return [];
  const schema = doc.paths[r.path]?.[r.method.toLowerCase()]?.requestBody?.content?.['application/json']?.schema;
  if (!schema) return [];
  const url = fill(r.path, 'fuzz-id');
  const problems: string[] = [];
  for (const text of VALID_TEXTS) {
    const payload = sample(schema, text);
    const tried = new Map<string, number>();
    for (let attempt = 0; attempt < 12; attempt++) {
      const c: Case = { method: r.method as Case['method'], url, payload };
      const name = nameOf(c);
      const { result: res, stallMs } = await loop.measure(name, () =>
        t.app.inject({ method: c.method, url, payload: payload as never, remoteAddress: '10.77.0.1', headers: { authorization: `Bearer ${token}` } }),
      );
      const problem = problemOf(res, url);
      if (problem) problems.push(`${name}: ${problem}`);
      if (stallMs > STALL_MS) problems.push(`${name}: held the event loop for ${Math.round(stallMs)} ms`);
      if (res.statusCode < 400 || res.statusCode >= 500) break;
      const field = (JSON.parse(res.body) as { field?: string }).field;
      const n = field ? (tried.get(field) ?? 0) : PLAIN().length;
      if (!field || n >= PLAIN().length || !setAt(payload, field, PLAIN()[n])) break;
      tried.set(field, n + 1);
    }
  }
  return problems;
}

/** a GET with hostile text in every query parameter at once (what was saved is then searched for) */
function hostileQueryCasesOf(r: Route): Case[] {
  if (r.method !== 'GET' || !r.queryParams.length) return [];
  const url = fill(r.path, 'fuzz-id');
  return ['𠮷', '😀𝕏', '𠮷😀𝕏 e\u0301', 'e\u0301', '\u200f'].map((text) => ({
    method: 'GET' as const,
    url: `${url}?${r.queryParams.map((q) => `${q}=${encodeURIComponent(text)}`).join('&')}`,
  }));
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
  }, 360_000);

  it('signed in as an admin: no 5xx, every error in the documented shape, and the session survives', async () => {
    const problems: string[] = [];
    for (const r of routes) {
      if (OWN_SESSION[`${r.method} ${r.path}`]) continue;
      problems.push(...(await fuzz(t.app, r, adminToken)));
      const me = await call(t.app, 'GET', '/api/auth/me', { token: adminToken });
      if (me.status !== 200) throw new Error(`${r.method} ${r.path} ended the admin session: add it to OWN_SESSION`);
    }
    expect(problems).toEqual([]);
  }, 360_000);

  it('as an admin, bodies that pass each schema with hostile text are saved, then every list and search asks for that text: no 5xx, no stall', async () => {
    const problems: string[] = [];
    const writes = routes.filter((r) => r.method !== 'GET');
    for (const r of writes) problems.push(...(await sendValid(r, adminToken)));
    const me = await call(t.app, 'GET', '/api/auth/me', { token: adminToken });
    expect(me.status).toBe(200);
    for (const r of routes) problems.push(...(await runCases(t.app, hostileQueryCasesOf(r), adminToken)));
    expect(problems).toEqual([]);
  }, 300_000);

  it.each(Object.entries(OWN_SESSION))(
    '%s (%s): fuzzed with a throwaway admin',
    async (name) => {
      const route = routes.find((r) => `${r.method} ${r.path}` === name)!;
      const username = `fuzz_${name.replace(/\W+/g, '_')}`.toLowerCase();
      await makeUser(t.db, { username, password: 'Throwaway#2026', role: ['admin'] });
      const signedIn = await login(t.app, username, 'Throwaway#2026', '10.78.0.1');
      expect(signedIn.status).toBe(200);
      const token = signedIn.body.data.token as string;
      expect(await fuzz(t.app, route, token)).toEqual([]);
    },
    60_000,
  );
});
