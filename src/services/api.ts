/**
 * The server calls this pages make (docs/api-contract.md). They go through umi's
 * `request`, so they carry the token, refresh once and route token errors to the login page.
 */
import { request } from '@umijs/max';
import type { MenuNode } from '../shared/menu';
import { SPEC } from '../shared/spec';
import type { paths } from './api-types';
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
export const logout = (refreshToken: string | null, opts?: RequestOptions) =>
  post<Record<string, never>>('/api/auth/logout', refreshToken ? { refreshToken } : {}, opts);
export const getMe = (opts?: RequestOptions) => get<UserInfo>('/api/auth/me', opts);
export const getNavMenu = (opts?: RequestOptions): Promise<MenuNode[]> => get<ApiData<'/api/menus/nav', 'get'>>('/api/menus/nav', opts);
export const getHomeData = (opts?: RequestOptions) => get<HomeData>('/api/dashboard/home', opts);
export const getAdminData = (opts?: RequestOptions) => get<AdminData>('/api/dashboard/admin', opts);

// account flows (issue 4)
export type CaptchaScene = NonNullable<ApiQuery<'/api/auth/captcha'>>['scene'];
export type Captcha = ApiData<'/api/auth/captcha', 'get'>;
export type CodeScene = ApiBody<'/api/auth/send-email-code', 'post'>['scene'];
export const getCaptcha = (scene: CaptchaScene, opts?: RequestOptions) =>
  get<Captcha>(`/api/auth/captcha?scene=${encodeURIComponent(scene)}`, opts);
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

/**
 * POST /api/auth/refresh, outside the request layer (its failure must not start another
 * refresh). Rejects with the server's `{ errorCode, errorMessage }`, or NETWORK_ERROR.
 */
export async function callRefresh(refreshToken: string, acceptLanguage: string): Promise<TokenBundle> {
  const ctrl = typeof AbortController !== 'undefined' ? new AbortController() : undefined;
  const timer = setTimeout(() => ctrl?.abort(), SPEC.REQUEST_TIMEOUT_MS);
  try {
    const res = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept-Language': acceptLanguage },
      body: JSON.stringify({ refreshToken }),
      signal: ctrl?.signal,
    });
    const body = (await res.json().catch(() => null)) as (Ok<TokenBundle> & { errorCode?: string; errorMessage?: string }) | null;
    if (!res.ok || !body?.success) {
      throw { errorCode: body?.errorCode ?? 'REFRESH_TOKEN_EXPIRED', errorMessage: body?.errorMessage };
    }
    return body.data;
  } catch (e) {
    if (e && typeof e === 'object' && 'errorCode' in e) throw e;
    throw { errorCode: 'NETWORK_ERROR' };
  } finally {
    clearTimeout(timer);
  }
}
