/**
 * System administration calls (docs/api-contract-system.md), typed from the generated OpenAPI
 * types (api-types.d.ts). Every resource has the same shape, so one set of generic calls serves
 * them all:
 *   GET    /api/system/<resource>?<query>           list   -> { data, total }
 *   GET    /api/system/<resource>/export?<query>    xlsx of every matching row
 *   GET    /api/system/<resource>/:id               one row
 *   POST   /api/system/<resource>                   create
 *   PUT    /api/system/<resource>/:id               update
 *   DELETE /api/system/<resource>/:id               delete (menus: the subtree)
 *   DELETE /api/system/<resource>  { ids }          batch delete in one transaction
 * The query string is built here (buildListQuery), exactly as the contract says: repeated keys
 * for several filter values (`status=0&status=1`), `<field>_from` / `<field>_to` for ranges.
 */
import { request } from '@umijs/max';
import { isLoginExpiredCode, LoginExpiredError, needsRefresh } from '../shared/auth-errors';
import { readSession } from '../shared/session';
import { SPEC } from '../shared/spec';
import type { paths } from './api-types';
import { goToLoginExpired, refreshSession } from './auth';
import type { ApiErrorBody, RequestOptions } from './request-layer';

// ---- types from the generated OpenAPI document ---------------------------------------------

type Method = 'get' | 'post' | 'put' | 'delete';
type Op<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
/** the `data` of a route's 200 answer */
export type Data<P extends keyof paths, M extends Method> =
  Op<P, M> extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } } ? D : never;
/** a route's JSON request body */
export type Body<P extends keyof paths, M extends Method> =
  NonNullable<Op<P, M> extends { requestBody?: infer B } ? B : never> extends { content: { 'application/json': infer J } } ? J : never;
/** a route's query parameters */
export type Query<P extends keyof paths> = NonNullable<Op<P, 'get'> extends { parameters: { query?: infer Q } } ? Q : never>;

export type PermissionRow = Data<'/api/system/permissions/{id}', 'get'>;
export type RoleRow = Data<'/api/system/roles/{id}', 'get'>;
export type TagRow = Data<'/api/system/tags/{id}', 'get'>;
export type UserRow = Data<'/api/system/users/{id}', 'get'>;
export type MenuRow = Data<'/api/system/menus/{id}', 'get'>;
export type AppRow = Data<'/api/system/apps/{id}', 'get'>;
export type UserLogRow = Data<'/api/system/user-logs', 'get'>[number];

export interface ResourceTypes {
  permissions: { row: PermissionRow; create: Body<'/api/system/permissions', 'post'>; update: Body<'/api/system/permissions/{id}', 'put'>; query: Query<'/api/system/permissions'> };
  roles: { row: RoleRow; create: Body<'/api/system/roles', 'post'>; update: Body<'/api/system/roles/{id}', 'put'>; query: Query<'/api/system/roles'> };
  tags: { row: TagRow; create: Body<'/api/system/tags', 'post'>; update: Body<'/api/system/tags/{id}', 'put'>; query: Query<'/api/system/tags'> };
  users: { row: UserRow; create: Body<'/api/system/users', 'post'>; update: Body<'/api/system/users/{id}', 'put'>; query: Query<'/api/system/users'> };
  menus: { row: MenuRow; create: Body<'/api/system/menus', 'post'>; update: Body<'/api/system/menus/{id}', 'put'>; query: Query<'/api/system/menus'> };
  apps: { row: AppRow; create: Body<'/api/system/apps', 'post'>; update: Body<'/api/system/apps/{id}', 'put'>; query: Query<'/api/system/apps'> };
  'user-logs': { row: UserLogRow; create: never; update: never; query: Query<'/api/system/user-logs'> };
}
export type Resource = keyof ResourceTypes;
export type RowOf<R extends Resource> = ResourceTypes[R]['row'];
export type CreateBodyOf<R extends Resource> = ResourceTypes[R]['create'];
export type UpdateBodyOf<R extends Resource> = ResourceTypes[R]['update'];

/** the id field of each resource's rows */
export const ID_FIELD: { [R in Resource]: keyof RowOf<R> & string } = {
  permissions: 'permission_id',
  roles: 'role_id',
  tags: 'tagid',
  users: '_id',
  menus: 'menu_id',
  apps: 'appid',
  'user-logs': 'id',
};

/** the permission suffix of each resource's CREATE_/READ_/UPDATE_/DELETE_ permissions */
export const COLLECTION: Record<Exclude<Resource, 'user-logs'>, string> = {
  users: 'UNI_ID_USERS',
  roles: 'UNI_ID_ROLES',
  permissions: 'UNI_ID_PERMISSIONS',
  menus: 'OPENDB_ADMIN_MENUS',
  tags: 'UNI_ID_TAG',
  apps: 'OPENDB_APP_LIST',
};
export const READ_USER_LOG = 'READ_UNI_ID_LOG';

/** the two built-in root menus, which cannot be deleted (the server refuses with MENU_BUILT_IN) */
export const BUILT_IN_ROOT_MENUS = ['system_menu', 'system_management'] as const;
/** the built-in role, which cannot be deleted (ROLE_BUILT_IN) */
export const ADMIN_ROLE_ID = 'admin';

// ---- the list query -------------------------------------------------------------------------

export type SortOrder = 'ascend' | 'descend';

export interface ListQuery {
  current?: number;
  pageSize?: number;
  keyword?: string;
  sortField?: string;
  sortOrder?: SortOrder;
  /** field -> the values it may take (sent as repeated keys) */
  filters?: Record<string, readonly (string | number | boolean)[] | null | undefined>;
  /** field -> [from, to] (ISO date-times; either may be missing) */
  ranges?: Record<string, readonly [string | null | undefined, string | null | undefined] | null | undefined>;
}

/**
 * The query string of a list or export request ('' when empty), keys in a stable order:
 * current, pageSize, keyword, sortField, sortOrder, then filters and ranges as given.
 */
export function buildListQuery(q: ListQuery, extra: Record<string, string | number | undefined> = {}): string {
  const s = new URLSearchParams();
  if (q.current) s.append('current', String(q.current));
  if (q.pageSize) s.append('pageSize', String(q.pageSize));
  const kw = q.keyword?.trim();
  if (kw) s.append('keyword', kw);
  if (q.sortField && q.sortOrder) {
    s.append('sortField', q.sortField);
    s.append('sortOrder', q.sortOrder);
  }
  for (const [field, values] of Object.entries(q.filters ?? {})) {
    for (const v of values ?? []) if (v !== '' && v !== null && v !== undefined) s.append(field, String(v));
  }
  for (const [field, range] of Object.entries(q.ranges ?? {})) {
    const [from, to] = range ?? [];
    if (from) s.append(`${field}_from`, from);
    if (to) s.append(`${field}_to`, to);
  }
  for (const [k, v] of Object.entries(extra)) if (v !== undefined && v !== '') s.append(k, String(v));
  const text = s.toString();
  return text ? `?${text}` : '';
}

// ---- calls ------------------------------------------------------------------------------------

interface Ok<T> {
  success: true;
  data: T;
}
interface ListOk<T> extends Ok<T[]> {
  total: number;
}

const base = (resource: Resource) => `/api/system/${resource}`;
const one = (resource: Resource, id: string) => `${base(resource)}/${encodeURIComponent(id)}`;

export async function listRows<R extends Resource>(resource: R, q: ListQuery, opts?: RequestOptions): Promise<{ data: RowOf<R>[]; total: number }> {
  const r = await request<ListOk<RowOf<R>>>(`${base(resource)}${buildListQuery(q)}`, { method: 'GET', ...opts });
  return { data: r.data, total: r.total };
}

/** every row of a query (pages of 500): the menu tree and the pickers */
export async function listAll<R extends Resource>(resource: R, q: Omit<ListQuery, 'current' | 'pageSize'> = {}, opts?: RequestOptions) {
  const rows: RowOf<R>[] = [];
  for (let current = 1; ; current++) {
    const page = await listRows(resource, { ...q, current, pageSize: 500 }, opts);
    rows.push(...page.data);
    if (!page.data.length || rows.length >= page.total) return rows;
  }
}

export const getRow = <R extends Resource>(resource: R, id: string, opts?: RequestOptions) =>
  request<Ok<RowOf<R>>>(one(resource, id), { method: 'GET', ...opts }).then((r) => r.data);

export const createRow = <R extends Exclude<Resource, 'user-logs'>>(resource: R, body: CreateBodyOf<R>, opts?: RequestOptions) =>
  request<Ok<RowOf<R>>>(base(resource), { method: 'POST', data: body, ...opts }).then((r) => r.data);

export const updateRow = <R extends Exclude<Resource, 'user-logs'>>(resource: R, id: string, body: UpdateBodyOf<R>, opts?: RequestOptions) =>
  request<Ok<RowOf<R>>>(one(resource, id), { method: 'PUT', data: body, ...opts }).then((r) => r.data);

export const deleteRow = (resource: Resource, id: string, opts?: RequestOptions) =>
  request<Ok<{ deleted: number }>>(one(resource, id), { method: 'DELETE', ...opts }).then((r) => r.data);

export const deleteRows = (resource: Resource, ids: string[], opts?: RequestOptions) =>
  request<Ok<{ deleted: number }>>(base(resource), { method: 'DELETE', data: { ids }, ...opts }).then((r) => r.data);

export const setUserTags = (body: Body<'/api/system/users/set-tags', 'post'>, opts?: RequestOptions) =>
  request<Ok<Data<'/api/system/users/set-tags', 'post'>>>('/api/system/users/set-tags', { method: 'POST', data: body, ...opts }).then((r) => r.data);

export const updateBuiltInMenus = (opts?: RequestOptions) =>
  request<Ok<Data<'/api/system/menus/update-built-in', 'post'>>>('/api/system/menus/update-built-in', { method: 'POST', ...opts }).then((r) => r.data);

// ---- downloads (export, publish page) ---------------------------------------------------------

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** the file name of a Content-Disposition header (filename* first), or null */
export function filenameOf(disposition: string | null | undefined): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through to the plain form */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
  const name = plain ? (plain[2] ?? plain[1]).trim() : '';
  return name || null;
}

/** the JSON error body of a failed blob download, if the server sent one */
async function blobErrorBody(error: unknown): Promise<ApiErrorBody | null> {
  const data = (error as { response?: { data?: unknown } })?.response?.data;
  if (!data || typeof (data as Blob).text !== 'function') return null;
  try {
    const body = JSON.parse(await (data as Blob).text()) as ApiErrorBody;
    return typeof body?.errorCode === 'string' ? body : null;
  } catch {
    return null;
  }
}

interface BlobResponse {
  data: Blob;
  headers: Record<string, string | undefined> & { get?: (name: string) => string | null };
}

/**
 * Downloads a file through the request layer (token and language attached). A blob answer's
 * error body is not read by the layer, so the token rules are applied here: an expired access
 * token is renewed and the download tried once more; a lost login goes to the login page.
 * Failures reject with `{ info: <error body> }`, which requestErrorOf reads like any other.
 */
export async function downloadFile(url: string, opts: { fallbackName: string; onProgress?: (loadedBytes: number) => void }): Promise<DownloadedFile> {
  const attempt = async (retried: boolean): Promise<DownloadedFile> => {
    const used = readSession().token;
    try {
      const res = (await request(url, {
        method: 'GET',
        responseType: 'blob',
        getResponse: true,
        skipErrorHandler: true,
        timeout: SPEC.DOWNLOAD_TIMEOUT_MS,
        onDownloadProgress: (e: { loaded: number }) => opts.onProgress?.(e.loaded),
      } as RequestOptions & { getResponse: true })) as unknown as BlobResponse;
      const disposition = res.headers?.get?.('content-disposition') ?? res.headers?.['content-disposition'];
      return { blob: res.data, filename: filenameOf(disposition) ?? opts.fallbackName };
    } catch (e) {
      const body = await blobErrorBody(e);
      if (!body) throw e;
      const lost = (code: string) => {
        goToLoginExpired(code);
        return Object.assign(new Error(code), { loginExpired: true, code });
      };
      if (needsRefresh(body.errorCode) && !retried) {
        try {
          await refreshSession(used);
        } catch (r) {
          throw lost(r instanceof LoginExpiredError ? r.code : 'REFRESH_TOKEN_EXPIRED');
        }
        return attempt(true);
      }
      if (isLoginExpiredCode(body.errorCode) || needsRefresh(body.errorCode)) throw lost(body.errorCode);
      const status = (e as { response?: { status?: number } }).response?.status;
      throw Object.assign(new Error(body.errorMessage ?? body.errorCode), { info: body, response: { status, data: body } });
    }
  };
  return attempt(false);
}

/** the xlsx of every row the query matches (paging left out); times in the browser's zone */
export function exportRows(resource: Resource, q: ListQuery, onProgress?: (loadedBytes: number) => void): Promise<DownloadedFile> {
  const { current: _c, pageSize: _p, ...rest } = q;
  const url = `${base(resource)}/export${buildListQuery(rest, { tzOffset: new Date().getTimezoneOffset() })}`;
  return downloadFile(url, { fallbackName: `${resource}.xlsx`, onProgress });
}

/** the generated publish page of an app (index.html) */
export const downloadPortal = (appid: string) => downloadFile(`${one('apps', appid)}/portal`, { fallbackName: 'index.html' });

/** hands a downloaded file to the browser */
export function saveFile(file: DownloadedFile) {
  const href = URL.createObjectURL(file.blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = file.filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
