/**
 * The request layer (src/services/request-layer.ts + src/shared/refresh.ts), installed on an
 * axios instance the way umi installs its runtime `request` config, with a fake adapter in
 * place of the network.
 */
import { act, screen } from '@testing-library/react';
import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { history, resetUmiStandIn } from './support/umi-max';
import { renderInApp } from './support/render';
import { LOGIN_PAGE } from '../../config/routes';
import { goToLoginExpired } from '@/services/auth';
import { createRequestConfig, type RequestOptions } from '@/services/request-layer';
import { t } from '@/shared/i18n';
import { createRefresher, type TokenBundle } from '@/shared/refresh';
import { readSession, saveTokens } from '@/shared/session';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (name: string, expS = Math.floor(Date.now() / 1000) + 3600) =>
  `${b64({ alg: 'HS256' })}.${b64({ uid: 'u1', role: ['user'], permission: [], name, iat: 1, exp: expS })}.sig`;

const T1 = jwt('t1');
const T2 = jwt('t2');

type Reply = { status: number; data: unknown };
type Server = (config: AxiosRequestConfig) => Reply | Promise<Reply>;

function setup(server: Server, opts: { callRefresh?: (rt: string) => Promise<TokenBundle>; onLoginExpired?: (code: string) => void } = {}) {
  const seen: { url: string; auth?: string; lang?: string }[] = [];
  const adapter = async (config: AxiosRequestConfig): Promise<AxiosResponse> => {
    const headers = (config.headers ?? {}) as Record<string, string>;
    seen.push({ url: config.url!, auth: headers.Authorization, lang: headers['Accept-Language'] });
    const reply = await server(config);
    const response = { data: reply.data, status: reply.status, statusText: '', headers: {}, config, request: {} } as AxiosResponse;
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${reply.status}`, 'ERR_BAD_REQUEST', config, {}, response);
  };
  const refreshCalls: string[] = [];
  const callRefresh =
    opts.callRefresh ??
    (async (rt: string) => {
      await new Promise((r) => setTimeout(r, 5));
      return { token: T2, refreshToken: 'r2' };
    });
  const refresh = createRefresher({
    callRefresh: (rt) => {
      refreshCalls.push(rt);
      return callRefresh(rt);
    },
    lock: (fn) => fn(),
  });
  const toasts: string[] = [];
  const modals: { title: string; content: string }[] = [];
  const expired: string[] = [];
  let instance: ReturnType<typeof axios.create>;
  const config = createRequestConfig({
    getToken: () => readSession().token,
    acceptLanguage: () => 'zh-Hant',
    refresh,
    retry: (c) => instance.request(c),
    onLoginExpired: opts.onLoginExpired ?? ((code) => expired.push(code)),
    toast: (text) => toasts.push(text),
    modal: (title, content) => modals.push({ title, content }),
    t,
    timeoutMs: 60000,
  });
  instance = axios.create({ timeout: config.timeout, transitional: config.transitional, adapter });
  // as umi's plugin-request installs the runtime config
  config.requestInterceptors.forEach((i) => instance.interceptors.request.use(async (c) => i(c as RequestOptions) as never));
  config.responseInterceptors.forEach(([ok, err]) => instance.interceptors.response.use(ok, err));
  const request = (url: string, o: RequestOptions = {}) =>
    instance.request({ ...o, url }).then(
      (r) => r.data,
      (e) => {
        config.errorConfig.errorHandler(e, o);
        throw e;
      },
    );
  return { request, seen, refreshCalls, toasts, modals, expired };
}

beforeEach(() => {
  resetUmiStandIn();
  saveTokens({ token: T1, refreshToken: 'r1' });
});

const ok = (data: unknown): Reply => ({ status: 200, data: { success: true, data } });
const fail = (status: number, errorCode: string, errorMessage = errorCode, field?: string): Reply => ({
  status,
  data: { success: false, errorCode, errorMessage, field, requestId: 'x' },
});

describe('request layer', () => {
  test('attaches the bearer token and the chosen language', async () => {
    const { request, seen } = setup(() => ok(1));
    await request('/api/auth/me');
    expect(seen[0]).toEqual({ url: '/api/auth/me', auth: `Bearer ${T1}`, lang: 'zh-Hant' });
  });

  test('ACCESS_TOKEN_EXPIRED: parallel requests share one refresh, each is retried once with the new token', async () => {
    const { request, seen, refreshCalls } = setup((c) => {
      const auth = (c.headers as Record<string, string>).Authorization;
      return auth === `Bearer ${T2}` ? ok(c.url) : fail(401, 'ACCESS_TOKEN_EXPIRED');
    });
    const results = await Promise.all([request('/api/a'), request('/api/b'), request('/api/c')]);
    expect(results.map((r) => (r as { data: string }).data)).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(refreshCalls).toEqual(['r1']);
    expect(seen.filter((s) => s.auth === `Bearer ${T1}`)).toHaveLength(3);
    expect(seen.filter((s) => s.auth === `Bearer ${T2}`)).toHaveLength(3);
    // the rotated pair is stored; the expiry is the JWT's exp in ms
    const s = readSession();
    expect(s.token).toBe(T2);
    expect(s.refreshToken).toBe('r2');
    expect(s.tokenExpired % 1000).toBe(0);
    expect(s.tokenExpired).toBeGreaterThan(Date.now());
  });

  test('a token another tab already rotated is used without a refresh call', async () => {
    const { request, refreshCalls } = setup((c) => {
      const auth = (c.headers as Record<string, string>).Authorization;
      if (auth === `Bearer ${T2}`) return ok('fine');
      // meanwhile another tab stored a fresh token
      saveTokens({ token: T2, refreshToken: 'r2-other-tab' });
      return fail(401, 'ACCESS_TOKEN_EXPIRED');
    });
    await expect(request('/api/a')).resolves.toMatchObject({ data: 'fine' });
    expect(refreshCalls).toEqual([]);
  });

  test('the retry happens once: a second ACCESS_TOKEN_EXPIRED takes the login-expired path', async () => {
    const { request, seen, expired, toasts, modals } = setup(() => fail(401, 'ACCESS_TOKEN_EXPIRED'));
    await expect(request('/api/a')).rejects.toMatchObject({ loginExpired: true });
    expect(seen).toHaveLength(2);
    expect(expired).toEqual(['ACCESS_TOKEN_EXPIRED']);
    expect(toasts).toEqual([]);
    expect(modals).toEqual([]);
  });

  test('a failed refresh (REFRESH_TOKEN_EXPIRED) clears the login and takes the login-expired path', async () => {
    const { request, expired, refreshCalls, toasts, modals } = setup(() => fail(401, 'ACCESS_TOKEN_EXPIRED'), {
      callRefresh: async () => {
        throw { errorCode: 'REFRESH_TOKEN_EXPIRED' };
      },
    });
    await expect(request('/api/a')).rejects.toMatchObject({ loginExpired: true });
    expect(refreshCalls).toEqual(['r1']);
    expect(expired).toEqual(['REFRESH_TOKEN_EXPIRED']);
    expect(readSession()).toEqual({ token: null, tokenExpired: 0, refreshToken: null });
    // the login page's own notice is the only message
    expect(toasts).toEqual([]);
    expect(modals).toEqual([]);
  });

  test.each([
    ['a network error', { errorCode: 'NETWORK_ERROR' }, 'request service failed: network request error'],
    ['a timeout', { errorCode: 'REQUEST_TIMEOUT' }, 'request service failed: request not completed within 60 s, interrupted'],
    [
      'a 5xx',
      { errorCode: 'SYSTEM_ERROR', errorMessage: 'System error, please try again later', status: 503 },
      'request service failed: System error, please try again later',
    ],
  ])('a refresh that fails for %s keeps the login, shows the error, and the next request refreshes again', async (_label, failure, shown) => {
    let down = true;
    const { request, expired, refreshCalls, modals } = setup(
      (c) => ((c.headers as Record<string, string>).Authorization === `Bearer ${T2}` ? ok('fine') : fail(401, 'ACCESS_TOKEN_EXPIRED')),
      {
        callRefresh: async () => {
          if (down) throw failure;
          return { token: T2, refreshToken: 'r2' };
        },
      },
    );
    await expect(request('/api/a')).rejects.toBeTruthy();
    expect(expired).toEqual([]);
    expect(readSession()).toMatchObject({ token: T1, refreshToken: 'r1' });
    expect(modals).toEqual([{ title: 'notice', content: shown }]);
    // the network is back: the next request renews the login and goes through
    down = false;
    await expect(request('/api/a')).resolves.toMatchObject({ data: 'fine' });
    expect(refreshCalls).toEqual(['r1', 'r1']);
    expect(readSession()).toMatchObject({ token: T2, refreshToken: 'r2' });
  });

  test.each([
    ['SIGN_PARAM_INVALID', { errorCode: 'SIGN_PARAM_INVALID', status: 401 }, 'SIGN_PARAM_INVALID'],
    ['INVALID_REFRESH_TOKEN', { errorCode: 'INVALID_REFRESH_TOKEN', status: 401 }, 'INVALID_REFRESH_TOKEN'],
    ['a token error of section 8', { errorCode: 'uni-id-token-expired', status: 401 }, 'uni-id-token-expired'],
    ['a refused (malformed) refresh token', { errorCode: 'INVALID_PARAM', status: 400 }, 'INVALID_REFRESH_TOKEN'],
  ])('a refresh refused with %s ends the login', async (_label, failure, code) => {
    const { request, expired } = setup(() => fail(401, 'ACCESS_TOKEN_EXPIRED'), {
      callRefresh: async () => {
        throw failure;
      },
    });
    await expect(request('/api/a')).rejects.toMatchObject({ loginExpired: true });
    expect(expired).toEqual([code]);
    expect(readSession()).toEqual({ token: null, tokenExpired: 0, refreshToken: null });
  });

  test('skipAuth (logout with an expired access token): no token sent, a token error is not refreshed', async () => {
    const { request, seen, refreshCalls, expired } = setup(() => fail(401, 'ACCESS_TOKEN_EXPIRED'));
    await expect(request('/api/auth/logout', { method: 'POST', skipAuth: true, skipErrorHandler: true })).rejects.toBeTruthy();
    expect(seen).toHaveLength(1);
    expect(seen[0].auth).toBeUndefined();
    expect(refreshCalls).toEqual([]);
    expect(expired).toEqual([]);
  });

  test.each(['uni-id-token-expired', 'uni-id-check-token-failed', 'uni-id-token-not-exist', 'TOKEN_INVALID_WRONG_TOKEN'])(
    'token error %s goes to the login page without a refresh',
    async (code) => {
      const { request, expired, refreshCalls } = setup(() => fail(401, code));
      await expect(request('/api/a')).rejects.toMatchObject({ loginExpired: true });
      expect(expired).toEqual([code]);
      expect(refreshCalls).toEqual([]);
    },
  );

  test('the login-expired path: login cleared, the spec notice, login page keeping the pending url', async () => {
    renderInApp(<div />);
    act(() => history.push('/pages/system/user/list?tagid=vip'));
    const { request } = setup(() => fail(401, 'ACCESS_TOKEN_EXPIRED'), {
      callRefresh: async () => {
        throw { errorCode: 'INVALID_REFRESH_TOKEN' };
      },
      onLoginExpired: goToLoginExpired,
    });
    await act(async () => {
      await expect(request('/api/a')).rejects.toBeTruthy();
    });
    expect(`${history.location.pathname}${history.location.search}`).toBe(
      `${LOGIN_PAGE}?uniIdRedirectUrl=${encodeURIComponent('/pages/system/user/list?tagid=vip')}`,
    );
    expect(readSession().token).toBeNull();
    expect(await screen.findByText('not logged in or login expired, jumping to the login page')).toBeInTheDocument();
  });

  test('business errors: a toast with the server message; server errors: the notice modal', async () => {
    const { request, toasts, modals } = setup((c) =>
      c.url === '/api/biz'
        ? fail(409, 'ADMIN_EXISTS', 'A super administrator already exists')
        : fail(500, 'SYSTEM_ERROR', 'System error, please try again later'),
    );
    await expect(request('/api/biz')).rejects.toBeTruthy();
    expect(toasts).toEqual(['A super administrator already exists']);
    expect(modals).toEqual([]);
    await expect(request('/api/boom')).rejects.toBeTruthy();
    expect(modals).toEqual([{ title: 'notice', content: 'request service failed: System error, please try again later' }]);
  });

  test('network errors and timeouts: the notice modal with the spec texts', async () => {
    const { request, modals } = setup((c) => {
      throw new AxiosError(c.url === '/api/slow' ? 'timeout of 60000ms exceeded' : 'Network Error', c.url === '/api/slow' ? 'ETIMEDOUT' : 'ERR_NETWORK', c);
    });
    await expect(request('/api/slow')).rejects.toBeTruthy();
    await expect(request('/api/down')).rejects.toBeTruthy();
    expect(modals.map((m) => m.title)).toEqual(['notice', 'notice']);
    expect(modals[0].content).toBe('request service failed: request not completed within 60 s, interrupted');
    expect(modals[1].content).toBe('request service failed: network request error');
  });

  test('skipErrorHandler: the caller shows the error (forms), nothing pops up', async () => {
    const { request, toasts, modals } = setup(() => fail(401, 'PASSWORD_ERROR', 'Wrong account or password', 'password'));
    await expect(request('/api/auth/login', { skipErrorHandler: true })).rejects.toMatchObject({
      response: { data: { errorCode: 'PASSWORD_ERROR', field: 'password' } },
    });
    expect(toasts).toEqual([]);
    expect(modals).toEqual([]);
  });
});
