/**
 * The server calls the console's pages make (docs/api-contract.md). They go through umi's
 * `request`, so they carry the token, refresh once and route token errors to the login page.
 */
import { request } from '@umijs/max';
import type { MenuNode } from '../shared/menu';
import { SPEC } from '../shared/spec';
import { api, type ApiBodyOf, type ApiQueryOf, type ApiResult, type Envelope } from './client';
import type { paths } from './api-types';
import type { RefreshFailure } from '../shared/refresh';
import type { RequestOptions } from './request-layer';

// The shapes come from the generated OpenAPI types (npm run api:generate), never by hand.
/** a route's answer and body (client.ts has their one definition) */
type ApiData<P, M extends 'get' | 'post'> = ApiResult<P, M>;
type ApiBody<P, M extends 'get' | 'post'> = ApiBodyOf<P, M>;

export type LoginConfig = ApiData<'/api/auth/login-config', 'get'>;
export type TokenBundle = ApiData<'/api/auth/login', 'post'>;
export type UserInfo = ApiData<'/api/auth/me', 'get'>;
export type HomeData = ApiData<'/api/dashboard/home', 'get'>;
export type AdminData = ApiData<'/api/dashboard/admin', 'get'>;
export type UserLog = AdminData['recentLogs'][number];

export const getLoginConfig = (opts?: RequestOptions) => api.get('/api/auth/login-config', opts);
export const login = (body: ApiBody<'/api/auth/login', 'post'>, opts?: RequestOptions) => api.post('/api/auth/login', body, opts);
export const registerAdmin = (body: ApiBody<'/api/auth/register-admin', 'post'>, opts?: RequestOptions) => api.post('/api/auth/register-admin', body, opts);
/** ends the login on the server; the refresh token in the body lets it revoke even when the access token has expired */
export const logout = (refreshToken: string | null, opts?: RequestOptions) => api.post('/api/auth/logout', refreshToken ? { refreshToken } : {}, opts);
export const getMe = (opts?: RequestOptions) => api.get('/api/auth/me', opts);
export const getNavMenu = (opts?: RequestOptions): Promise<MenuNode[]> => api.get('/api/menus/nav', opts);
export const getHomeData = (opts?: RequestOptions) => api.get('/api/dashboard/home', opts);
export const getAdminData = (opts?: RequestOptions) => api.get('/api/dashboard/admin', opts);

// account flows
export type CaptchaScene = NonNullable<ApiQueryOf<'/api/auth/captcha'>>['scene'];
export type Captcha = ApiData<'/api/auth/captcha', 'get'>;
export type CodeScene = ApiBody<'/api/auth/send-email-code', 'post'>['scene'];
export const getCaptcha = (scene: CaptchaScene, opts?: RequestOptions) => api.get('/api/auth/captcha', { ...opts, query: { scene } });
export const sendEmailCode = (body: ApiBody<'/api/auth/send-email-code', 'post'>, opts?: RequestOptions) => api.post('/api/auth/send-email-code', body, opts);
export const register = (body: ApiBody<'/api/auth/register', 'post'>, opts?: RequestOptions) => api.post('/api/auth/register', body, opts);
export const registerByEmail = (body: ApiBody<'/api/auth/register-by-email', 'post'>, opts?: RequestOptions) =>
  api.post('/api/auth/register-by-email', body, opts);
export const resetPasswordByEmail = (body: ApiBody<'/api/auth/reset-password-by-email', 'post'>, opts?: RequestOptions) =>
  api.post('/api/auth/reset-password-by-email', body, opts);
export const changePassword = (body: ApiBody<'/api/auth/change-password', 'post'>, opts?: RequestOptions) => api.post('/api/auth/change-password', body, opts);
export const deactivateAccount = (opts?: RequestOptions) => api.post('/api/auth/deactivate', undefined, opts);

// SMS channel and mobile-number flows (login-smscode, retrieve, bind-mobile, set-pwd)
export type SmsScene = ApiBody<'/api/auth/send-sms-code', 'post'>['scene'];
export const sendSmsCode = (body: ApiBody<'/api/auth/send-sms-code', 'post'>, opts?: RequestOptions) => api.post('/api/auth/send-sms-code', body, opts);
export const loginBySms = (body: ApiBody<'/api/auth/login-by-sms', 'post'>, opts?: RequestOptions) => api.post('/api/auth/login-by-sms', body, opts);
export const resetPasswordBySms = (body: ApiBody<'/api/auth/reset-password-by-sms', 'post'>, opts?: RequestOptions) =>
  api.post('/api/auth/reset-password-by-sms', body, opts);
export const bindMobile = (body: ApiBody<'/api/auth/bind-mobile', 'post'>, opts?: RequestOptions) => api.post('/api/auth/bind-mobile', body, opts);
export const setPassword = (body: ApiBody<'/api/auth/set-password', 'post'>, opts?: RequestOptions) => api.post('/api/auth/set-password', body, opts);

// profile and file service (userinfo, cropImage, bind-email, webview)
type UpdateMeOp = NonNullable<paths['/api/users/me']['put']>;
export type UpdateMeBody = NonNullable<UpdateMeOp['requestBody']>['content']['application/json'];
/** nickname / gender / avatar_file of the caller: answers whether anything changed ('update succeeded' / 'no change') */
export const updateMe = (body: UpdateMeBody, opts?: RequestOptions) =>
  request<UpdateMeOp['responses'][200]['content']['application/json']>('/api/users/me', { method: 'PUT', data: body, ...opts }).then((r) => r.data);
export type UploadedFile = ApiData<'/api/files/upload', 'post'>;
/**
 * POST /api/files/upload (multipart: cloudPath + file). umi's request is axios, whose browser
 * adapter is XMLHttpRequest, so `onProgress` gets the upload progress (0-100) while the request
 * layer still attaches the token and refreshes it once.
 */
export const uploadFile = (cloudPath: string, file: Blob, fileName: string, onProgress?: (percent: number) => void, opts?: RequestOptions) => {
  const form = new FormData();
  form.append('cloudPath', cloudPath);
  form.append('file', file, fileName);
  // a multipart body: outside the JSON client
  return request<Envelope<UploadedFile>>('/api/files/upload', {
    method: 'POST',
    data: form,
    timeout: SPEC.UPLOAD_TIMEOUT_MS,
    onUploadProgress: (e: { loaded: number; total?: number }) => {
      if (e.total) onProgress?.(Math.min(100, Math.round((e.loaded * 100) / e.total)));
    },
    ...opts,
  }).then((r) => r.data);
};
export const bindEmail = (body: ApiBody<'/api/auth/bind-email', 'post'>, opts?: RequestOptions) => api.post('/api/auth/bind-email', body, opts);
export const deleteFiles = (fileList: string[], opts?: RequestOptions) => api.post('/api/files/delete', { fileList }, opts);
export type WebviewCheck = ApiData<'/api/webview/check', 'get'>;
export const checkWebview = (url: string, opts?: RequestOptions) => api.get('/api/webview/check', { ...opts, query: { url } });

// weixin web sign-in and linking
export type WeixinAuthorizeQuery = NonNullable<ApiQueryOf<'/api/auth/weixin/authorize'>>;
/** weixin's authorize URL (a fresh state); the browser goes there */
export const getWeixinAuthorizeUrl = (q: WeixinAuthorizeQuery, opts?: RequestOptions) => api.get('/api/auth/weixin/authorize', { ...opts, query: q });
/** the one-time ticket of a weixin sign-in for the tokens */
export const exchangeWeixinTicket = (body: ApiBody<'/api/auth/weixin/ticket', 'post'>, opts?: RequestOptions) =>
  api.post('/api/auth/weixin/ticket', body, opts);
export const unbindWeixin = (opts?: RequestOptions) => api.post('/api/auth/weixin/unbind', undefined, opts);

// the caller's real-name verification
export type RealnameInfo = ApiData<'/api/auth/realname', 'get'>;
export const getRealname = (opts?: RequestOptions) => api.get('/api/auth/realname', opts);
export const submitRealname = (body: ApiBody<'/api/auth/realname', 'post'>, opts?: RequestOptions) => api.post('/api/auth/realname', body, opts);

/**
 * POST /api/auth/refresh, outside the request layer (its failure must not start another
 * refresh). Rejects with a RefreshFailure: the server's `{ errorCode, errorMessage }` and the
 * HTTP status, REQUEST_TIMEOUT after the request timeout, or NETWORK_ERROR.
 */
export async function callRefresh(refreshToken: string, acceptLanguage: string): Promise<TokenBundle> {
  const ctrl = typeof AbortController !== 'undefined' ? new AbortController() : undefined;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    ctrl?.abort();
  }, SPEC.REQUEST_TIMEOUT_MS);
  try {
    const res = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': acceptLanguage },
      body: JSON.stringify({ refreshToken }),
      signal: ctrl?.signal,
    });
    const body = (await res.json().catch(() => null)) as (Envelope<TokenBundle> & { errorCode?: string; errorMessage?: string }) | null;
    if (!res.ok || !body?.success) {
      const failure: RefreshFailure = { errorCode: body?.errorCode ?? 'SYS_ERR', errorMessage: body?.errorMessage, status: res.status };
      throw failure;
    }
    return body.data;
  } catch (e) {
    if (e && typeof e === 'object' && 'errorCode' in e) throw e;
    const failure: RefreshFailure = { errorCode: timedOut ? 'REQUEST_TIMEOUT' : 'NETWORK_ERROR' };
    throw failure;
  } finally {
    clearTimeout(timer);
  }
}
