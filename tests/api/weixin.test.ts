/**
 * Weixin web sign-in against a local stand-in of weixin's OAuth endpoints
 * (tests/support/weixin-standin.ts): the state checked, code exchange failures, sign-up on the
 * first weixin sign-in, sign-in by unionid, linking and its refusals, the one-time ticket, and
 * the unlink rule. The browser's part (weixin's page, Confirm) is the stand-in's approve().
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { call, login, makeUser } from '../support/accounts';
import { createTestApp } from '../support/test-app';
import { startWeixinStandin, type WeixinStandin } from '../support/weixin-standin';

const LOGIN_PAGE = '/uni_modules/uni-id-pages/pages/login/login-withoutpwd';
const USERINFO = '/uni_modules/uni-id-pages/pages/userinfo/userinfo';
const HOST = 'console.example:8443';

let t: Awaited<ReturnType<typeof createTestApp>>;
let wx: WeixinStandin;
/** the same database, but weixin not configured */
let bare: FastifyInstance;
/** configured with PUBLIC_URL and a wrong secret */
let misconfigured: FastifyInstance;
/** configured, but neither PUBLIC_URL nor ALLOWED_HOSTS: the Host header is not trusted */
let unlisted: FastifyInstance;

beforeAll(async () => {
  wx = await startWeixinStandin({
    users: [
      { openid: 'o_first', unionid: 'u_first', nickname: 'Little Fish', headimgurl: 'https://wx.example/head/1' },
      { openid: 'o_other_app', unionid: 'u_first', nickname: 'Little Fish' },
      { openid: 'o_binder', nickname: 'Binder' },
      { openid: 'o_digits', nickname: '12345' },
    ],
  });
  // the test's Host is one the deployment lists (ALLOWED_HOSTS), so links may use it
  t = await createTestApp({ weixin: wx.settings(), allowedHosts: [HOST] });
  const config = { ...loadConfig({}), jwtSecret: 'test-secret-test-secret-test-secret', staticDir: '/nonexistent' };
  bare = await buildApp({ config, db: t.db, logger: false });
  misconfigured = await buildApp({
    config: { ...config, publicUrl: 'https://console.example.com', weixin: { ...wx.settings(), secret: 'wrong' } },
    db: t.db,
    logger: false,
  });
  unlisted = await buildApp({ config: { ...config, weixin: wx.settings() }, db: t.db, logger: false });
});
afterAll(async () => {
  await bare?.close();
  await misconfigured?.close();
  await unlisted?.close();
  await t.close();
  await wx.close();
});

beforeEach(() => {
  wx.fault = null;
});

/** a browser's cookies (the state and ticket cookies tie a round trip to its browser) */
type Jar = Map<string, string>;
const browser: Jar = new Map();

async function inject(app: FastifyInstance, jar: Jar, req: { method: 'GET' | 'POST'; url: string; token?: string; body?: unknown }) {
  const res = await app.inject({
    method: req.method,
    url: req.url,
    payload: req.body as never,
    remoteAddress: '10.9.0.1',
    headers: {
      host: HOST,
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(req.token ? { authorization: `Bearer ${req.token}` } : {}),
    },
  });
  for (const c of [res.headers['set-cookie'] ?? []].flat()) {
    const [pair] = c.split(';');
    const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
    if (/max-age=0(;|$)/i.test(c)) jar.delete(name);
    else jar.set(name, value);
  }
  return res;
}

async function authorize(purpose: 'login' | 'bind', opts: { redirect?: string; token?: string; app?: FastifyInstance; jar?: Jar } = {}) {
  const q = new URLSearchParams({ purpose, ...(opts.redirect ? { redirect: opts.redirect } : {}) });
  const res = await inject(opts.app ?? t.app, opts.jar ?? browser, { method: 'GET', url: `/api/auth/weixin/authorize?${q}`, token: opts.token });
  return { status: res.statusCode, body: res.json() as any };
}

/** weixin's redirect back to the server; answers the console page it sends the browser to */
async function callback(query: Record<string, string>, opts: { app?: FastifyInstance; jar?: Jar } = {}) {
  const res = await inject(opts.app ?? t.app, opts.jar ?? browser, { method: 'GET', url: `/api/auth/weixin/callback?${new URLSearchParams(query)}` });
  expect(res.statusCode).toBe(302);
  const location = String(res.headers.location);
  expect(location.startsWith('/#/')).toBe(true);
  const [path, query2 = ''] = location.slice(2).split('?');
  return { path, q: Object.fromEntries(new URLSearchParams(query2)) };
}

/** a whole weixin round trip up to the console page: authorize, Confirm as `openid`, callback */
async function roundTrip(purpose: 'login' | 'bind', openid: string, opts: { redirect?: string; token?: string } = {}) {
  const a = await authorize(purpose, opts);
  expect(a.status).toBe(200);
  const { code, state } = wx.approve(a.body.data.url, openid);
  return callback({ code, state });
}

/** a browser that holds this ticket's cookie */
const withTicketCookie = (value: string): Jar => new Map([['wx_ticket', value]]);

async function ticket(value: string, jar: Jar = browser) {
  const res = await inject(t.app, jar, { method: 'POST', url: '/api/auth/weixin/ticket', body: { ticket: value } });
  return { status: res.statusCode, body: res.json() as any };
}

async function signInWithWeixin(openid: string) {
  const back = await roundTrip('login', openid);
  expect(back.q.weixinError).toBeUndefined();
  const r = await ticket(back.q.weixinTicket);
  expect(r.status).toBe(200);
  return r.body.data as { token: string; refreshToken: string; userInfo: any };
}

const logsOf = async (userId: string) => (await t.db.$client.query(`SELECT type, state FROM user_logs WHERE user_id = $1 ORDER BY id`, [userId])).rows;

describe('authorize', () => {
  it("gives weixin's authorize URL with a fresh state and the host-derived redirect_uri", async () => {
    const r = await authorize('login', { redirect: '/pages/index/index' });
    expect(r.status).toBe(200);
    const url = new URL(r.body.data.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${wx.base}/connect/qrconnect`);
    expect(url.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      appid: wx.appid,
      redirect_uri: `http://${HOST}/api/auth/weixin/callback`,
      response_type: 'code',
      scope: 'snsapi_login',
      state: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const again = new URL((await authorize('login')).body.data.url);
    expect(again.searchParams.get('state')).not.toBe(url.searchParams.get('state'));
    // PUBLIC_URL wins over the request's host
    const pub = new URL((await authorize('login', { app: misconfigured })).body.data.url);
    expect(pub.searchParams.get('redirect_uri')).toBe('https://console.example.com/api/auth/weixin/callback');
    // a Host that ALLOWED_HOSTS does not list (here the test's) is not used: the listen address is
    const forged = new URL((await authorize('login', { app: unlisted })).body.data.url);
    expect(forged.searchParams.get('redirect_uri')).toBe('http://127.0.0.1:8000/api/auth/weixin/callback');
  });

  it('is refused when weixin is not configured, and the login config says so', async () => {
    const r = await bare.inject({ method: 'GET', url: '/api/auth/weixin/authorize?purpose=login' });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ errorCode: 'WEIXIN_NOT_CONFIGURED' });
    expect((await bare.inject({ method: 'GET', url: '/api/auth/login-config' })).json().data.weixinConfigured).toBe(false);
    expect((await call(t.app, 'GET', '/api/auth/login-config')).body.data.weixinConfigured).toBe(true);
  });

  it('returns only to pages inside the console, and links only for a signed-in caller', async () => {
    for (const redirect of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'pages/index/index']) {
      const r = await authorize('login', { redirect });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ errorCode: 'REDIRECT_INVALID', field: 'redirect' });
    }
    const anonymous = await authorize('bind');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.errorCode).toBe('uni-id-token-not-exist');
  });
});

describe('the state', () => {
  it('a forged, reused or expired state signs nobody in', async () => {
    const forged = await callback({ code: wx.approve('http://x/?state=none', 'o_binder').code, state: 'f'.repeat(32) });
    expect(forged).toEqual({ path: LOGIN_PAGE, q: { weixinError: 'WEIXIN_STATE_INVALID' } });
    const junk = await callback({ state: '<script>' });
    expect(junk.q.weixinError).toBe('WEIXIN_STATE_INVALID');

    const a = await authorize('login', { redirect: '/pages/index/index' });
    const first = wx.approve(a.body.data.url, 'o_binder');
    const ok = await callback(first);
    expect(ok.q.weixinTicket).toEqual(expect.any(String));
    // the same state again, even with a fresh code and its cookie: refused, the page to return to kept
    browser.set(`wxs_${first.state}`, '1');
    const replay = await callback({ code: wx.approve(a.body.data.url, 'o_binder').code, state: first.state });
    expect(replay).toEqual({ path: LOGIN_PAGE, q: { weixinError: 'WEIXIN_STATE_INVALID', uniIdRedirectUrl: '/pages/index/index' } });

    const b = await authorize('login');
    const late = wx.approve(b.body.data.url, 'o_binder');
    await t.db.$client.query(`UPDATE oauth_states SET expires_at = now() - interval '1 second' WHERE state = $1`, [late.state]);
    expect((await callback(late)).q).toEqual({ weixinError: 'WEIXIN_STATE_INVALID' });
    expect(wx.requests.filter((r) => r.path === '/sns/oauth2/access_token' && r.query.code === late.code)).toHaveLength(0);
  });

  it('a user who cancels on weixin comes back without a code: an error, and the state is spent', async () => {
    const a = await authorize('login');
    const { state } = wx.approve(a.body.data.url);
    expect((await callback({ state })).q).toEqual({ weixinError: 'WEIXIN_CANCELLED' });
    browser.set(`wxs_${state}`, '1');
    expect((await callback({ code: wx.approve(a.body.data.url).code, state })).q.weixinError).toBe('WEIXIN_STATE_INVALID');
  });
});

describe('one browser', () => {
  it('a state asked for by another browser is refused there (and stays usable where it belongs)', async () => {
    const sender: Jar = new Map();
    const a = await authorize('login', { jar: sender });
    const { code, state } = wx.approve(a.body.data.url, 'o_binder');
    // the sender passes the authorize link on; the victim confirms it in their own browser
    expect((await callback({ code, state }, { jar: new Map() })).q).toEqual({ weixinError: 'WEIXIN_STATE_INVALID' });
    expect(wx.requests.filter((r) => r.query.code === code)).toHaveLength(0);
    const own = await callback({ code, state }, { jar: sender });
    expect(own.q.weixinTicket).toEqual(expect.any(String));
  });

  it('a ticket works only in the browser the callback sent it to', async () => {
    const back = await roundTrip('login', 'o_binder');
    const elsewhere = await ticket(back.q.weixinTicket, new Map([['wx_ticket', 'other']]));
    expect(elsewhere.body).toMatchObject({ errorCode: 'WEIXIN_TICKET_INVALID', field: 'ticket' });
    expect((await ticket(back.q.weixinTicket)).status).toBe(200);
  });
});

describe('code exchange', () => {
  const failureOf = async (code?: string) => {
    const a = await authorize('login');
    const approved = wx.approve(a.body.data.url, 'o_binder');
    return (await callback({ code: code ?? approved.code, state: approved.state })).q;
  };

  it("weixin's refusals and outages end on the login page with a code, never a 5xx", async () => {
    expect(await failureOf('not-a-code')).toEqual({ weixinError: 'WEIXIN_CODE_INVALID' });
    // a code weixin already exchanged once
    const a = await authorize('login');
    const used = wx.approve(a.body.data.url, 'o_binder');
    expect((await callback(used)).q.weixinTicket).toBeDefined();
    expect(await failureOf(used.code)).toEqual({ weixinError: 'WEIXIN_CODE_INVALID' });
    wx.fault = 'errcode';
    expect(await failureOf()).toEqual({ weixinError: 'WEIXIN_AUTH_FAILED' });
    wx.fault = 'garbage';
    expect(await failureOf()).toEqual({ weixinError: 'WEIXIN_UNAVAILABLE' });
    wx.fault = 'down';
    expect(await failureOf()).toEqual({ weixinError: 'WEIXIN_UNAVAILABLE' });
  });

  it('a wrong app secret is an authentication failure', async () => {
    const a = await authorize('login', { app: misconfigured });
    const { code, state } = wx.approve(a.body.data.url, 'o_binder');
    expect((await callback({ code, state }, { app: misconfigured })).q).toEqual({ weixinError: 'WEIXIN_AUTH_FAILED' });
  });
});

describe('sign-in', () => {
  it('registers a new account on the first weixin sign-in, then the ticket is spent', async () => {
    const back = await roundTrip('login', 'o_first', { redirect: '/pages/index/index?tab=2' });
    expect(back.path).toBe(LOGIN_PAGE);
    expect(back.q).toEqual({ weixinTicket: expect.stringMatching(/^[\w-]{40,}$/), uniIdRedirectUrl: '/pages/index/index?tab=2' });
    const r = await ticket(back.q.weixinTicket);
    expect(r.status).toBe(200);
    expect(r.body.data.userInfo).toMatchObject({
      username: null,
      nickname: 'Little Fish',
      avatar_file: { url: 'https://wx.example/head/1' },
      score: 10000,
      hasPassword: false,
      wxBound: true,
      role: [],
    });
    const me = await call(t.app, 'GET', '/api/auth/me', { token: r.body.data.token });
    expect(me.body.data._id).toBe(r.body.data.userInfo._id);
    expect(await logsOf(r.body.data.userInfo._id)).toEqual([
      { type: 'register', state: 1 },
      { type: 'login', state: 1 },
    ]);
    // even presented with its cookie again
    const again = await ticket(back.q.weixinTicket, withTicketCookie(back.q.weixinTicket));
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ errorCode: 'WEIXIN_TICKET_INVALID', field: 'ticket' });
  });

  it('signs the same person in by unionid, also through another app (another openid)', async () => {
    const first = await signInWithWeixin('o_first');
    const viaOther = await signInWithWeixin('o_other_app');
    expect(viaOther.userInfo._id).toBe(first.userInfo._id);
    expect(viaOther.userInfo.score).toBe(10000); // no second sign-up bonus
    // an account that only knows the unionid (made elsewhere) is found too
    const made = await makeUser(t.db, { username: 'union_only', password: 'Union#2026' });
    await t.db.$client.query(`UPDATE users SET wx_unionid = 'u_made' WHERE id = $1`, [made.id]);
    wx.addUser({ openid: 'o_made', unionid: 'u_made', nickname: 'Made' });
    expect((await signInWithWeixin('o_made')).userInfo).toMatchObject({ _id: made.id, username: 'union_only' });
  });

  it('a nickname that breaks our rules is not taken over', async () => {
    expect((await signInWithWeixin('o_digits')).userInfo.nickname).toBeNull();
  });

  it('a disabled account is refused, and an unspent ticket expires', async () => {
    const user = await signInWithWeixin('o_first');
    await t.db.$client.query(`UPDATE users SET status = 1 WHERE id = $1`, [user.userInfo._id]);
    expect((await roundTrip('login', 'o_first')).q).toEqual({ weixinError: 'ACCOUNT_DISABLED' });
    await t.db.$client.query(`UPDATE users SET status = 0 WHERE id = $1`, [user.userInfo._id]);

    const back = await roundTrip('login', 'o_first');
    await t.db.$client.query(`UPDATE oauth_states SET ticket_expires_at = now() - interval '1 second' WHERE ticket_used_at IS NULL`);
    expect((await ticket(back.q.weixinTicket, withTicketCookie(back.q.weixinTicket))).body.errorCode).toBe('WEIXIN_TICKET_INVALID');
    expect((await ticket('made-up-ticket', withTicketCookie('made-up-ticket'))).body.errorCode).toBe('WEIXIN_TICKET_INVALID');
  });
});

describe('linking', () => {
  it('links weixin to the signed-in account, which can then sign in by weixin; another account is refused', async () => {
    await makeUser(t.db, { username: 'binder', password: 'Binder#2026' });
    await makeUser(t.db, { username: 'latecomer', password: 'Later#2026' });
    const binder = (await login(t.app, 'binder', 'Binder#2026')).body.data;
    // o_binder signed in above and got an account of its own: free it first
    await t.db.$client.query(`UPDATE users SET wx_openid = NULL WHERE wx_openid = 'o_binder'`);

    const back = await roundTrip('bind', 'o_binder', { token: binder.token });
    expect(back).toEqual({ path: USERINFO, q: { weixinBound: '1' } });
    expect((await call(t.app, 'GET', '/api/auth/me', { token: binder.token })).body.data.wxBound).toBe(true);
    expect((await signInWithWeixin('o_binder')).userInfo.username).toBe('binder');
    expect(await logsOf(binder.userInfo._id)).toContainEqual({ type: 'bind-weixin', state: 1 });

    const later = (await login(t.app, 'latecomer', 'Later#2026')).body.data;
    const refused = await roundTrip('bind', 'o_binder', { token: later.token });
    expect(refused).toEqual({ path: USERINFO, q: { weixinError: 'WEIXIN_ALREADY_BOUND' } });
    expect((await call(t.app, 'GET', '/api/auth/me', { token: later.token })).body.data.wxBound).toBe(false);
    // an account linked to one weixin cannot take a second one
    wx.addUser({ openid: 'o_second', nickname: 'Second' });
    expect((await roundTrip('bind', 'o_second', { token: binder.token })).q.weixinError).toBe('WEIXIN_OTHER_BOUND');
  });

  it('unlinks only while another way to sign in remains', async () => {
    const wxOnly = await signInWithWeixin('o_first');
    const refused = await call(t.app, 'POST', '/api/auth/weixin/unbind', { token: wxOnly.token });
    expect(refused.status).toBe(400);
    expect(refused.body.errorCode).toBe('WEIXIN_UNBIND_LAST_LOGIN');
    expect((await call(t.app, 'GET', '/api/auth/me', { token: wxOnly.token })).body.data.wxBound).toBe(true);

    const binder = (await login(t.app, 'binder', 'Binder#2026')).body.data;
    expect((await call(t.app, 'POST', '/api/auth/weixin/unbind', { token: binder.token })).status).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/me', { token: binder.token })).body.data.wxBound).toBe(false);
    expect((await call(t.app, 'POST', '/api/auth/weixin/unbind', { token: binder.token })).body.errorCode).toBe('WEIXIN_NOT_BOUND');
    // the weixin account now signs up afresh instead of landing on binder
    expect((await signInWithWeixin('o_binder')).userInfo.username).toBeNull();
  });
});
