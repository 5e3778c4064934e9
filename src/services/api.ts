/**
 * The server calls the console's pages make (docs/api-contract.md). They go through umi's
 * `request`, so they carry the token, refresh once and route token errors to the login page.
 */
import { request } from '@umijs/max';
import type { MenuNode } from '../shared/menu';
import { SPEC } from '../shared/spec';
import { withQuery } from './query-string';
import type { paths } from './api-types';
import type { RefreshFailure } from '../shared/refresh';
import type { RequestOptions } from './request-layer';

interface Ok<T> {
  success: true;
  data: T;
}

// The shapes come from the generated OpenAPI types (npm run api:generate), never by hand.
type Op<P extends keyof paths, M extends 'get' | 'post'> = NonNullable<paths[P][M]>;
/** the `data` of a route's 200 answer */
export type ApiData<P extends keyof paths, M extends 'get' | 'post'> =
  Op<P, M> extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } } ? D : never;
/** a route's JSON request body */
export type ApiBody<P extends keyof paths, M extends 'get' | 'post'> =
  NonNullable<Op<P, M> extends { requestBody?: infer B } ? B : never> extends { content: { 'application/json': infer J } } ? J : never;

export type LoginConfig = ApiData<'/api/auth/login-config', 'get'>;
export type TokenBundle = ApiData<'/api/auth/login', 'post'>;
export type UserInfo = ApiData<'/api/auth/me', 'get'>;
export type HomeData = ApiData<'/api/dashboard/home', 'get'>;
export type AdminData = ApiData<'/api/dashboard/admin', 'get'>;
export type UserLog = AdminData['recentLogs'][number];

type ApiQuery<P extends keyof paths> = NonNullable<paths[P]['get']> extends { parameters: { query?: infer Q } } ? Q : never;

const get = <T>(url: string, opts?: RequestOptions) => request<Ok<T>>(url, { method: 'GET', ...opts }).then((r) => r.data);
const post = <T>(url: string, data: unknown, opts?: RequestOptions) =>
  request<Ok<T>>(url, { method: 'POST', data, ...opts }).then((r) => r.data);

export const getLoginConfig = (opts?: RequestOptions) => get<LoginConfig>('/api/auth/login-config', opts);
export const login = (body: ApiBody<'/api/auth/login', 'post'>, opts?: RequestOptions) =>
  post<TokenBundle>('/api/auth/login', body, opts);
export const registerAdmin = (body: ApiBody<'/api/auth/register-admin', 'post'>, opts?: RequestOptions) =>
  post<TokenBundle>('/api/auth/register-admin', body, opts);
/** ends the login on the server; the refresh token in the body lets it revoke even when the access token has expired */
export const logout = (refreshToken: string | null, opts?: RequestOptions) =>
  post<Record<string, never>>('/api/auth/logout', refreshToken ? { refreshToken } : {}, opts);
export const getMe = (opts?: RequestOptions) => get<UserInfo>('/api/auth/me', opts);
export const getNavMenu = (opts?: RequestOptions): Promise<MenuNode[]> => get<ApiData<'/api/menus/nav', 'get'>>('/api/menus/nav', opts);
export const getHomeData = (opts?: RequestOptions) => get<HomeData>('/api/dashboard/home', opts);
export const getAdminData = (opts?: RequestOptions) => get<AdminData>('/api/dashboard/admin', opts);

// account flows
export type CaptchaScene = NonNullable<ApiQuery<'/api/auth/captcha'>>['scene'];
export type Captcha = ApiData<'/api/auth/captcha', 'get'>;
export type CodeScene = ApiBody<'/api/auth/send-email-code', 'post'>['scene'];
export const getCaptcha = (scene: CaptchaScene, opts?: RequestOptions) =>
  get<Captcha>(withQuery('/api/auth/captcha', { scene }), opts);
export const sendEmailCode = (body: ApiBody<'/api/auth/send-email-code', 'post'>, opts?: RequestOptions) =>
  post<ApiData<'/api/auth/send-email-code', 'post'>>('/api/auth/send-email-code', body, opts);
export const register = (body: ApiBody<'/api/auth/register', 'post'>, opts?: RequestOptions) =>
  post<TokenBundle>('/api/auth/register', body, opts);
export const registerByEmail = (body: ApiBody<'/api/auth/register-by-email', 'post'>, opts?: RequestOptions) =>
  post<TokenBundle>('/api/auth/register-by-email', body, opts);
export const resetPasswordByEmail = (body: ApiBody<'/api/auth/reset-password-by-email', 'post'>, opts?: RequestOptions) =>
  post<Record<string, never>>('/api/auth/reset-password-by-email', body, opts);
export const changePassword = (body: ApiBody<'/api/auth/change-password', 'post'>, opts?: RequestOptions) =>
  post<Record<string, never>>('/api/auth/change-password', body, opts);
export const deactivateAccount = (opts?: RequestOptions) => post<Record<string, never>>('/api/auth/deactivate', {}, opts);

// SMS channel and mobile-number flows (login-smscode, retrieve, bind-mobile, set-pwd)
export type SmsScene = ApiBody<'/api/auth/send-sms-code', 'post'>['scene'];
export const sendSmsCode = (body: ApiBody<'/api/auth/send-sms-code', 'post'>, opts?: RequestOptions) =>
  post<ApiData<'/api/auth/send-sms-code', 'post'>>('/api/auth/send-sms-code', body, opts);
export const loginBySms = (body: ApiBody<'/api/auth/login-by-sms', 'post'>, opts?: RequestOptions) =>
  post<TokenBundle>('/api/auth/login-by-sms', body, opts);
export const resetPasswordBySms = (body: ApiBody<'/api/auth/reset-password-by-sms', 'post'>, opts?: RequestOptions) =>
  post<Record<string, never>>('/api/auth/reset-password-by-sms', body, opts);
export const bindMobile = (body: ApiBody<'/api/auth/bind-mobile', 'post'>, opts?: RequestOptions) => post<UserInfo>('/api/auth/bind-mobile', body, opts);
export const setPassword = (body: ApiBody<'/api/auth/set-password', 'post'>, opts?: RequestOptions) => post<UserInfo>('/api/auth/set-password', body, opts);

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
  return post<UploadedFile>('/api/files/upload', form, {
    timeout: SPEC.UPLOAD_TIMEOUT_MS,
    onUploadProgress: (e: { loaded: number; total?: number }) => {
      if (e.total) onProgress?.(Math.min(100, Math.round((e.loaded * 100) / e.total)));
    },
    ...opts,
  });
};
export const bindEmail = (body: ApiBody<'/api/auth/bind-email', 'post'>, opts?: RequestOptions) => post<UserInfo>('/api/auth/bind-email', body, opts);
export const deleteFiles = (fileList: string[], opts?: RequestOptions) =>
  post<ApiData<'/api/files/delete', 'post'>>('/api/files/delete', { fileList }, opts);
export type WebviewCheck = ApiData<'/api/webview/check', 'get'>;
export const checkWebview = (url: string, opts?: RequestOptions) => get<WebviewCheck>(withQuery('/api/webview/check', { url }), opts);

// weixin web sign-in and linking
export type WeixinAuthorizeQuery = NonNullable<ApiQuery<'/api/auth/weixin/authorize'>>;
/** weixin's authorize URL (a fresh state); the browser goes there */
export const getWeixinAuthorizeUrl = (q: WeixinAuthorizeQuery, opts?: RequestOptions) =>
  get<ApiData<'/api/auth/weixin/authorize', 'get'>>(withQuery('/api/auth/weixin/authorize', q), opts);
/** the one-time ticket of a weixin sign-in for the tokens */
export const exchangeWeixinTicket = (body: ApiBody<'/api/auth/weixin/ticket', 'post'>, opts?: RequestOptions) =>
  post<TokenBundle>('/api/auth/weixin/ticket', body, opts);
export const unbindWeixin = (opts?: RequestOptions) => post<Record<string, never>>('/api/auth/weixin/unbind', {}, opts);

// the caller's real-name verification
export type RealnameInfo = ApiData<'/api/auth/realname', 'get'>;
export const getRealname = (opts?: RequestOptions) => get<RealnameInfo>('/api/auth/realname', opts);
export const submitRealname = (body: ApiBody<'/api/auth/realname', 'post'>, opts?: RequestOptions) =>
  post<RealnameInfo>('/api/auth/realname', body, opts);

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
    const body = (await res.json().catch(() => null)) as (Ok<TokenBundle> & { errorCode?: string; errorMessage?: string }) | null;
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
