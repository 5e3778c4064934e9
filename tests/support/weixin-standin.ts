/**
 * A local stand-in of weixin's open platform web sign-in (QR connect), over node http:
 *   GET /connect/qrconnect        the page weixin shows: the app's name, who is signing in,
 *                                 "Confirm" (back to redirect_uri with a code and the state)
 *                                 and "Cancel" (back without a code)
 *   GET /sns/oauth2/access_token  appid, secret, grant_type and the one-time code checked,
 *                                 errors as weixin answers them ({ errcode, errmsg })
 *   GET /sns/userinfo             the profile for an access token and openid
 * The person "scanning the QR code" is `current`; tests add users and switch between them.
 * `fault` makes the token endpoint fail as a broken provider would.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandinUser {
  openid: string;
  unionid?: string;
  nickname: string;
  headimgurl?: string;
}

export interface WeixinStandin {
  base: string;
  appid: string;
  secret: string;
  appName: string;
  users: Map<string, StandinUser>;
  /** the openid of whoever confirms on the qrconnect page */
  current: string;
  /** 'down': the token endpoint drops the connection; 'garbage': it answers HTML; 'errcode': a system error */
  fault: null | 'down' | 'garbage' | 'errcode';
  /** every request the stand-in received (path and query) */
  requests: Array<{ path: string; query: Record<string, string> }>;
  addUser(u: StandinUser): void;
  /** what pressing Confirm on the authorize URL's page does: a fresh code for `openid` (default current) */
  approve(authorizeUrl: string, openid?: string): { code: string; state: string; redirectUri: string };
  /** the config the server gets (Config.weixin) */
  settings(): { appid: string; secret: string; authorizeUrl: string; apiBase: string };
  /** the same as environment variables for a server process */
  env(): Record<string, string>;
  close(): Promise<void>;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startWeixinStandin(opts: { appid?: string; secret?: string; appName?: string; users?: StandinUser[] } = {}) {
  const codes = new Map<string, { openid: string; used: boolean; expires: number }>();
  const accessTokens = new Map<string, string>();

  const s: WeixinStandin = {
    base: '',
    appid: opts.appid ?? 'wx_standin_app',
    secret: opts.secret ?? 'standin-secret',
    appName: opts.appName ?? 'AI assistant console',
    users: new Map(),
    current: '',
    fault: null,
    requests: [],
    addUser(u) {
      s.users.set(u.openid, u);
      if (!s.current) s.current = u.openid;
    },
    approve(authorizeUrl, openid = s.current) {
      const u = new URL(authorizeUrl);
      const state = u.searchParams.get('state') ?? '';
      const redirectUri = u.searchParams.get('redirect_uri') ?? '';
      return { code: newCode(openid), state, redirectUri };
    },
    settings: () => ({ appid: s.appid, secret: s.secret, authorizeUrl: `${s.base}/connect/qrconnect`, apiBase: s.base }),
    env: () => ({ WEIXIN_APPID: s.appid, WEIXIN_SECRET: s.secret, WEIXIN_AUTHORIZE_URL: `${s.base}/connect/qrconnect`, WEIXIN_API_BASE: s.base }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  for (const u of opts.users ?? []) s.addUser(u);

  function newCode(openid: string) {
    const code = randomBytes(12).toString('hex');
    codes.set(code, { openid, used: false, expires: Date.now() + 5 * 60_000 });
    return code;
  }

  const json = (res: http.ServerResponse, body: unknown) => {
    // weixin labels its JSON text/plain
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(JSON.stringify(body));
  };
  const html = (res: http.ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><meta charset="utf-8"><title>Weixin sign-in</title></head><body>${body}</body></html>`);
  };
  const back = (res: http.ServerResponse, redirectUri: string, params: Record<string, string>) => {
    const to = new URL(redirectUri);
    for (const [k, v] of Object.entries(params)) to.searchParams.set(k, v);
    res.writeHead(302, { location: to.toString() });
    res.end();
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const q = Object.fromEntries(url.searchParams);
    s.requests.push({ path: url.pathname, query: q });
    switch (url.pathname) {
      case '/connect/qrconnect': {
        if (q.appid !== s.appid) return html(res, 200, '<p id="error">appid invalid (40013)</p>');
        if (!q.redirect_uri || q.response_type !== 'code' || q.scope !== 'snsapi_login') {
          return html(res, 200, '<p id="error">parameter error</p>');
        }
        const who = s.users.get(s.current);
        const hidden = (extra: string) =>
          `<input type="hidden" name="redirect_uri" value="${esc(q.redirect_uri)}"><input type="hidden" name="state" value="${esc(q.state ?? '')}">${extra}`;
        return html(
          res,
          200,
          `<h1>${esc(s.appName)}</h1><p>Sign in to ${esc(s.appName)} as <b id="who">${esc(who?.nickname ?? '?')}</b></p>
           <form action="/connect/confirm" method="get">${hidden('')}<button type="submit">Confirm</button></form>
           <form action="/connect/cancel" method="get">${hidden('')}<button type="submit">Cancel</button></form>`,
        );
      }
      case '/connect/confirm':
        return back(res, q.redirect_uri, { code: newCode(s.current), state: q.state ?? '' });
      case '/connect/cancel':
        // weixin: a user who declines comes back without a code
        return back(res, q.redirect_uri, { state: q.state ?? '' });
      case '/sns/oauth2/access_token': {
        if (s.fault === 'down') return req.socket.destroy();
        if (s.fault === 'garbage') return html(res, 502, '<h1>Bad gateway</h1>');
        if (s.fault === 'errcode') return json(res, { errcode: -1, errmsg: 'system error' });
        if (q.appid !== s.appid) return json(res, { errcode: 40013, errmsg: 'invalid appid' });
        if (q.secret !== s.secret) return json(res, { errcode: 40125, errmsg: 'invalid appsecret' });
        if (q.grant_type !== 'authorization_code') return json(res, { errcode: 40002, errmsg: 'invalid grant_type' });
        const c = codes.get(q.code ?? '');
        if (!c) return json(res, { errcode: 40029, errmsg: 'invalid code' });
        if (c.used) return json(res, { errcode: 40163, errmsg: 'code been used' });
        if (c.expires < Date.now()) return json(res, { errcode: 42003, errmsg: 'code expired' });
        c.used = true;
        const user = s.users.get(c.openid);
        if (!user) return json(res, { errcode: 40003, errmsg: 'invalid openid' });
        const accessToken = randomBytes(16).toString('hex');
        accessTokens.set(accessToken, user.openid);
        return json(res, {
          access_token: accessToken,
          expires_in: 7200,
          refresh_token: randomBytes(16).toString('hex'),
          openid: user.openid,
          scope: 'snsapi_login',
          ...(user.unionid ? { unionid: user.unionid } : {}),
        });
      }
      case '/sns/userinfo': {
        const openid = accessTokens.get(q.access_token ?? '');
        if (!openid || openid !== q.openid) return json(res, { errcode: 40001, errmsg: 'invalid credential, access_token is invalid' });
        const u = s.users.get(openid)!;
        return json(res, {
          openid: u.openid,
          nickname: u.nickname,
          sex: 0,
          province: '',
          city: '',
          country: '',
          headimgurl: u.headimgurl ?? '',
          privilege: [],
          ...(u.unionid ? { unionid: u.unionid } : {}),
        });
      }
      default:
        res.writeHead(404);
        res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  s.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return s;
}
