/**
 * Input the API refuses cleanly (spec section 5 type rules, NUL characters, numbers and dates
 * out of range), the security headers on every answer, TRUST_PROXY and the JWT_SECRET length.
 */
import { loadConfig } from '../../server/config';
import { ADMIN, call, registerAdmin } from '../support/accounts';
import { createTestApp } from '../support/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({ webviewAllow: ['https://docs.example.com'] });
  adminToken = (await registerAdmin(t.app)).token;
});
afterAll(async () => {
  await t.close();
});

describe('spec section 5: strings stay strings', () => {
  it.each([
    ['a number', 12345],
    ['an array', ['root_admin']],
    ['a boolean', true],
  ])('a username given as %s answers PARAM_ERROR "username must be a string", not a coerced sign-in', async (_what, username) => {
    const r = await call(t.app, 'POST', '/api/auth/login', { body: { username, password: ADMIN.password } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, errorCode: 'PARAM_ERROR', field: 'username', errorMessage: 'username must be a string' });
  });

  it('says so in the three languages', async () => {
    const zh = await call(t.app, 'POST', '/api/auth/login', { body: { username: 1, password: 'x' }, lang: 'zh-CN' });
    expect(zh.body.errorMessage).toBe('用户名 必须是字符串');
    const tw = await call(t.app, 'POST', '/api/auth/login', { body: { username: 1, password: 'x' }, lang: 'zh-TW' });
    expect(tw.body.errorMessage).toBe('使用者名稱 必須是字串');
  });

  it('an email or a ticket given as a number is refused the same way', async () => {
    const email = await call(t.app, 'POST', '/api/auth/reset-password-by-email', {
      body: { email: 42, code: '123456', password: 'Passw0rd#x', password2: 'Passw0rd#x' },
    });
    expect(email.body).toMatchObject({ errorCode: 'PARAM_ERROR', field: 'email', errorMessage: 'email must be a string' });
  });

  it('a body that is not an object names the body', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '["a"]', headers: { 'content-type': 'application/json' } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ success: false, errorCode: 'PARAM_ERROR', field: 'body' });
  });

  it('query strings are still read as numbers where the schema says so', async () => {
    const r = await call(t.app, 'GET', '/api/system/users?current=1&pageSize=5', { token: adminToken });
    expect(r.status).toBe(200);
    expect(r.body.data.length).toBeLessThanOrEqual(5);
  });
});

describe('input the database cannot store', () => {
  it('a NUL character in a JSON string, a key, the query string or a path parameter is INVALID_PARAM on that field', async () => {
    const body = await call(t.app, 'POST', '/api/auth/login', { body: { username: 'root\u0000admin', password: 'x' } });
    expect(body.status).toBe(400);
    expect(body.body).toMatchObject({ success: false, errorCode: 'INVALID_PARAM', field: 'username' });
    const nested = await call(t.app, 'PUT', '/api/system/tags/x', { token: adminToken, body: { name: 'n', extra: { deep: ['ok', 'b\u0000'] } } });
    expect(nested.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'extra.deep.1' });
    const query = await call(t.app, 'GET', '/api/system/users?keyword=a%00b', { token: adminToken });
    expect(query.status).toBe(400);
    expect(query.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'keyword' });
    const param = await call(t.app, 'GET', '/api/files/ab%00cd');
    expect(param.status).toBe(400);
    expect(param.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'id' });
  });

  it.each(['current=1e300', 'current=9007199254740993', 'pageSize=1e3', 'pageSize=-1', 'current=0', 'status=99999999999', 'status=1e300'])(
    'paging or an integer filter out of range (%s) is a 400, never a 5xx',
    async (q) => {
      const r = await call(t.app, 'GET', `/api/system/users?${q}`, { token: adminToken });
      expect(r.status).toBe(400);
      expect(['PARAM_ERROR', 'INVALID_PARAM']).toContain(r.body.errorCode);
    },
  );

  it.each(['300000-01-01', '0000-01-01', 'infinity', '-infinity', '+275760-09-13T00:00:00Z', '2026-13-45'])(
    'a date PostgreSQL cannot take (%s) in a list range is INVALID_PARAM on that field',
    async (d) => {
      for (const field of ['register_date_from', 'register_date_to']) {
        const r = await call(t.app, 'GET', `/api/system/users?${field}=${encodeURIComponent(d)}`, { token: adminToken });
        expect(r.status).toBe(400);
        expect(r.body).toMatchObject({ errorCode: 'INVALID_PARAM', field });
      }
    },
  );

  it('the first and last years still filter', async () => {
    const r = await call(t.app, 'GET', '/api/system/users?register_date_from=0001-01-01&register_date_to=9999-12-31', { token: adminToken });
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(1);
  });
});

describe('security headers', () => {
  it('the API answers carry the CSP, no framing by other sites, nosniff and a referrer policy', async () => {
    for (const url of ['/api/health', '/api/nothing-here']) {
      const r = await t.app.inject({ method: 'GET', url });
      const csp = String(r.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toMatch(/script-src 'self'(;| 'sha256-)/);
      expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('the webview allow-list may be framed, and nothing else', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/health' });
    const frameSrc = String(r.headers['content-security-policy'])
      .split('; ')
      .find((d) => d.startsWith('frame-src '));
    expect(frameSrc).toBe("frame-src 'self' blob: https://docs.example.com");
  });
});

describe('settings', () => {
  it('TRUST_PROXY: 1 or true is one proxy, a number that many, else a list of proxy addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });

  it('a JWT_SECRET shorter than 32 bytes is refused with what to do', () => {
    expect(() => loadConfig({ JWT_SECRET: 'short-secret' })).toThrow(/JWT_SECRET is 12 bytes long; it must be at least 32 bytes/);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toBe('x'.repeat(32));
  });
});

describe('TRUST_PROXY takes the address the trusted proxies saw, not what the client wrote', () => {
  const ipOfLastLogin = async (db: typeof t.db) =>
    (await db.$client.query(`SELECT ip FROM user_logs WHERE type = 'login' ORDER BY id DESC LIMIT 1`)).rows[0]?.ip;

  async function loginThrough(app: typeof t.app, remoteAddress: string, xff: string) {
    const r = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: ADMIN.username, password: ADMIN.password },
      remoteAddress,
      headers: { 'x-forwarded-for': xff },
    });
    expect(r.statusCode).toBe(200);
  }

  it.each([
    // the client forged 6.6.6.6; the one proxy (10.0.0.1) saw 203.0.113.7
    [{ trustProxy: 1 as const }, '10.0.0.1', '6.6.6.6, 203.0.113.7', '203.0.113.7'],
    // two proxies: the outer one saw 203.0.113.7
    [{ trustProxy: 2 }, '10.0.0.1', '6.6.6.6, 203.0.113.7, 10.0.0.2', '203.0.113.7'],
    // a list: every listed proxy is skipped, the first address not listed is the client
    [{ trustProxy: ['10.0.0.0/8'] }, '10.0.0.1', '6.6.6.6, 203.0.113.7, 10.0.0.2', '203.0.113.7'],
    // the socket is not a listed proxy: its header is not read at all
    [{ trustProxy: ['10.0.0.0/8'] }, '198.51.100.9', '6.6.6.6', '198.51.100.9'],
    // no proxy trusted: the socket's address
    [{ trustProxy: false as const }, '198.51.100.9', '6.6.6.6', '198.51.100.9'],
  ])(
    '%j from %s with X-Forwarded-For "%s" -> %s',
    async (overrides, remote, xff, expected) => {
      const other = await createTestApp(overrides);
      try {
        await registerAdmin(other.app);
        await loginThrough(other.app, remote, xff);
        expect(await ipOfLastLogin(other.db)).toBe(expected);
      } finally {
        await other.close();
      }
    },
    120_000,
  );
});
