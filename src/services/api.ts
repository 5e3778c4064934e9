/**
 * The server calls this pages make (docs/api-contract.md). They go through umi's
 * `request`, so they carry the token, refresh once and route token errors to the login page.
 */
import { request } from '@umijs/max';
import type { MenuNode } from '../shared/menu';
import type { TokenBundle as RefreshBundle } from '../shared/refresh';
import { SPEC } from '../shared/spec';
import type { RequestOptions } from './request-layer';

interface Ok<T> {
  success: true;
  data: T;
}

export interface UserInfo {
  _id: string;
  username: string | null;
  nickname: string | null;
  mobile: string | null;
  email: string | null;
  avatar_file?: { url?: string } | null;
  role: string[];
  permission: string[];
  score: number;
}

export interface TokenBundle extends RefreshBundle {
  userInfo: UserInfo;
}

export interface LoginConfig {
  loginTypes: string[];
  adminExists: boolean;
  setPasswordAfterLogin: boolean;
  passwordStrength: string;
  defaultScore: number;
}

export interface HomeData {
  score: number;
  username: string | null;
  nickname: string | null;
  role: string[];
  lastLoginDate: string | null;
}

export interface UserLog {
  id: number;
  user_id: string | null;
  username: string | null;
  nickname: string | null;
  type: string;
  state: number;
  ip: string | null;
  ua: string | null;
  created_at: string;
}

export interface AdminData {
  userCount: number;
  roleCount: number;
  todayLogins: number;
  recentLogs: UserLog[];
}

const get = <T>(url: string, opts?: RequestOptions) => request<Ok<T>>(url, { method: 'GET', ...opts }).then((r) => r.data);
const post = <T>(url: string, data: unknown, opts?: RequestOptions) =>
  request<Ok<T>>(url, { method: 'POST', data, ...opts }).then((r) => r.data);

export const getLoginConfig = (opts?: RequestOptions) => get<LoginConfig>('/api/auth/login-config', opts);
export const login = (body: { username: string; password: string }, opts?: RequestOptions) =>
  post<TokenBundle>('/api/auth/login', body, opts);
export const registerAdmin = (body: { username: string; nickname?: string; password: string; password2: string }, opts?: RequestOptions) =>
  post<TokenBundle>('/api/auth/register-admin', body, opts);
export const logout = (refreshToken: string | null, opts?: RequestOptions) =>
  post<Record<string, never>>('/api/auth/logout', refreshToken ? { refreshToken } : {}, opts);
export const getMe = (opts?: RequestOptions) => get<UserInfo>('/api/auth/me', opts);
export const getNavMenu = (opts?: RequestOptions) => get<MenuNode[]>('/api/menus/nav', opts);
export const getHomeData = (opts?: RequestOptions) => get<HomeData>('/api/dashboard/home', opts);
export const getAdminData = (opts?: RequestOptions) => get<AdminData>('/api/dashboard/admin', opts);

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
