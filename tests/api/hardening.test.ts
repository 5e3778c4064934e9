/**
 * Every answer carries the same headers and error shape, whichever layer writes it: the router's
 * refusals (an overlong or undecodable path parameter, an unknown route), the body parsers' (too
 * large, an unread content type), the input guard's (a body nested too deep) and Node's own
 * (a malformed request, headers too large, a request that does not arrive in time).
 */
import net from 'node:net';
import { PassThrough } from 'node:stream';
import { clientErrorHandler } from '../../server/core/error-handler';
import { MAX_INPUT_DEPTH } from '../../server/core/input-guard';
import { call, registerAdmin } from '../support/accounts';
import { createTestApp } from '../support/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t.close();
});

const STANDARD = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options', 'x-request-id'];

/** the standard headers are all there, and the body is the catalogue's error shape with this code */
function expectStandard(res: { statusCode: number; headers: Record<string, unknown>; body: string }, status: number, code: string, field?: string) {
  expect(res.statusCode).toBe(status);
  for (const h of STANDARD) expect([h, typeof res.headers[h]]).toEqual([h, 'string']);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  const body = JSON.parse(res.body);
  expect(body).toMatchObject({ success: false, errorCode: code, requestId: res.headers['x-request-id'] });
  expect(typeof body.errorMessage).toBe('string');
  if (field) expect(body.field).toBe(field);
}

describe("the router's and the body parsers' refusals", () => {
  test.each([
    ['a path parameter over 100 characters', `/api/cms/preview/${'x'.repeat(120)}`],
    ['a path parameter that is not valid percent-encoding', '/api/upgrade/packages/%E0%A4%A'],
  ])('%s: 400 INVALID_PARAM with the standard headers', async (_what, url) => {
    expectStandard(await t.app.inject({ method: 'GET', url }), 400, 'INVALID_PARAM');
  });

  test('an unknown API route: 404 ROUTE_NOT_FOUND with the standard headers', async () => {
    expectStandard(await t.app.inject({ method: 'GET', url: '/api/no-such-route' }), 404, 'ROUTE_NOT_FOUND');
  });

  test('a body over the limit: 413 PAYLOAD_TOO_LARGE; a content type no route reads: 415 naming it', async () => {
    const big = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: 'x'.repeat(2_000_000), headers: { 'content-type': 'application/json' } });
    expectStandard(big, 413, 'PAYLOAD_TOO_LARGE');
    const xml = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: '<a/>', headers: { 'content-type': 'application/xml' } });
    expectStandard(xml, 415, 'UNSUPPORTED_MEDIA_TYPE', 'content-type');
    expect(JSON.parse(xml.body).errorMessage).toContain('application/xml');
  });
});

describe('the input guard', () => {
  test(`a JSON body nested past ${MAX_INPUT_DEPTH} levels is refused naming the field, before validation`, async () => {
    const deep = `{"username":${'['.repeat(10_000)}${']'.repeat(10_000)},"password":"x"}`;
    const r = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: deep, headers: { 'content-type': 'application/json' } });
    expectStandard(r, 400, 'INPUT_TOO_DEEP', 'username');
    const whole = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
      headers: { 'content-type': 'application/json' },
    });
    expectStandard(whole, 400, 'INPUT_TOO_DEEP', 'a');
  });

  test(`${MAX_INPUT_DEPTH} levels are read as usual (validation decides)`, async () => {
    const ok = `{"username":${'['.repeat(MAX_INPUT_DEPTH - 1)}${']'.repeat(MAX_INPUT_DEPTH - 1)},"password":"x"}`;
    const r = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: ok, headers: { 'content-type': 'application/json' } });
    expect(r.statusCode).toBe(400);
    expect(JSON.parse(r.body).errorCode).not.toBe('INPUT_TOO_DEEP');
  });
});

describe('lone surrogates (a JSON escape such as \\ud800 with no pair)', () => {
  test('arrive as U+FFFD (stored and shown as such; a jsonb column would refuse the escape)', async () => {
    const { token } = await registerAdmin(t.app);
    const nickname = 'a\ud800b\udc00c';
    const r = await call(t.app, 'PUT', '/api/users/me', { token, body: { nickname } });
    expect(r.status).toBe(200);
    const me = await call(t.app, 'GET', '/api/auth/me', { token });
    expect(me.body.data.nickname ?? me.body.data.user?.nickname).toBe('a\ufffdb\ufffdc');
  });
});

/** sends raw bytes on a new connection and reads everything the server writes until it closes */
function raw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let out = '';
    socket.on('data', (d) => (out += d));
    socket.on('error', () => resolve(out));
    socket.on('close', () => resolve(out));
    socket.on('connect', () => socket.write(bytes));
    socket.setTimeout(15_000, () => reject(new Error(`no answer to ${JSON.stringify(bytes.slice(0, 40))}`)));
  });
}

/** an HTTP answer read off the wire */
function parse(answer: string) {
  const [head, ...rest] = answer.split('\r\n\r\n');
  const [status, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { statusCode: Number(status.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

describe("Node's own refusals, before any route", () => {
  test('a malformed request line: 400 INVALID_PARAM in the catalogue shape with the standard headers', async () => {
    expectStandard(parse(await raw('THIS IS NOT HTTP\r\n\r\n')), 400, 'INVALID_PARAM');
  });

  test('headers over the size limit: 431 HEADERS_TOO_LARGE', async () => {
    const answer = await raw(`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expectStandard(parse(answer), 431, 'HEADERS_TOO_LARGE');
  });

  test('a request that does not arrive in time: 408 REQUEST_TIMEOUT', () => {
    const socket = new PassThrough() as unknown as net.Socket & PassThrough;
    let written = '';
    Object.assign(socket, { writable: true, write: (s: string) => ((written += s), true), destroy: () => socket });
    clientErrorHandler.call(t.app, Object.assign(new Error('timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket);
    expectStandard(parse(written), 408, 'REQUEST_TIMEOUT');
  });
});
