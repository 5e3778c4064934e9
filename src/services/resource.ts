/**
 * The list/form kit's resource descriptor: one REST collection of the API conventions at a
 * base path, typed from the generated OpenAPI `paths` (api-types.d.ts), never by hand:
 *   GET    <base>?<query>           list   -> { data, total }
 *   GET    <base>/export?<query>    xlsx of every matching row
 *   GET    <base>/:id               one row
 *   POST   <base>                   create
 *   PUT    <base>/:id               update
 *   DELETE <base>/:id               delete
 *   DELETE <base>  { ids }          batch delete in one transaction
 * An area defines its collections in its own file with defineResource and hands them to
 * ResourceList, ResourceForm and ResourceSelect; the kit knows no base path of its own.
 */
import { request } from '@umijs/max';
import { isLoginExpiredCode, LoginExpiredError, needsRefresh } from '../shared/auth-errors';
import { readSession } from '../shared/session';
import { SPEC } from '../shared/spec';
import type { paths } from './api-types';
import type { ApiBodyOf, ApiQueryOf, ApiResult, Envelope, Method } from './client';
import { goToLoginExpired, refreshSession } from './auth';
import { listQueryString, type ListQuery } from './query-string';
import type { ApiErrorBody, RequestOptions } from './request-layer';

// ---- types from the generated OpenAPI document ---------------------------------------------

/** a route's answer, body and query (client.ts has their one definition) */
export type Data<P, M extends Method> = ApiResult<P, M>;
export type Body<P, M extends Method> = ApiBodyOf<P, M>;
export type Query<P> = ApiQueryOf<P>;

/** the paths whose GET answers a list (`{ data: [...], total }`) */
export type ListPath = { [P in keyof paths]: Data<P, 'get'> extends readonly unknown[] ? P : never }[keyof paths];
/** a list row of the collection at P */
export type ListRow<P> = Data<P, 'get'> extends readonly (infer R)[] ? R : never;
type OneOrRow<P, D> = [D] extends [never] ? ListRow<P> : D;

export interface Deleted {
  deleted: number;
}

/** one picker option */
export interface Option {
  value: string;
  label: string;
}

/**
 * A collection the kit lists, edits and picks from. Row: a list row; Item: the answer of
 * get/create/update; Create / Update: the request bodies (never: not offered).
 */
export interface Resource<Row, Item = Row, Create = never, Update = never> {
  /** names the collection (export file name, test ids) */
  readonly name: string;
  readonly base: string;
  readonly idField: keyof Row & string;
  /** a row's id, as its url writes it */
  idOf(row: Row): string;
  /** a row's name alone (confirmations, chips, picker labels); the id when it has none */
  nameOf(row: Row): string;
  /** the picker option of a row: "name (id)" */
  optionOf(row: Row): Option;
  /** <base>, <base>/<id>, <base>/<id>/<more>... (each part url-encoded) */
  url(id?: string, ...more: string[]): string;
  list(q: ListQuery, opts?: RequestOptions): Promise<{ data: Row[]; total: number }>;
  /** every row of a query (pages of 500): trees and pickers */
  listAll(q?: Omit<ListQuery, 'current' | 'pageSize'>, opts?: RequestOptions): Promise<Row[]>;
  get(id: string, opts?: RequestOptions): Promise<Item>;
  create(body: Create, opts?: RequestOptions): Promise<Item>;
  update(id: string, body: Update, opts?: RequestOptions): Promise<Item>;
  remove(id: string, opts?: RequestOptions): Promise<Deleted>;
  removeMany(ids: string[], opts?: RequestOptions): Promise<Deleted>;
  /** the xlsx of every row the query matches (paging left out); times in the browser's zone */
  exportRows(q: ListQuery, onProgress?: (loadedBytes: number) => void): Promise<DownloadedFile>;
}

/** any resource whose list rows are Row (what ResourceList and ResourceSelect take) */
export type RowResource<Row> = Resource<Row, unknown, never, never>;
/** the parts of a resource type */
export type RowOf<R> = R extends { idOf(row: infer Row): string } ? Row : never;
export type ItemOf<R> = R extends { get(id: string, opts?: RequestOptions): Promise<infer Item> } ? Item : never;
export type CreateOf<R> = R extends { create(body: infer B, opts?: RequestOptions): unknown } ? B : never;
export type UpdateOf<R> = R extends { update(id: string, body: infer B, opts?: RequestOptions): unknown } ? B : never;

/** the resource types of the collection at P, from the generated document */
export type ResourceAt<P extends ListPath> = Resource<ListRow<P>, OneOrRow<P, Data<`${P}/{id}`, 'get'>>, Body<P, 'post'>, Body<`${P}/{id}`, 'put'>>;

export interface ResourceSpec<P extends ListPath> {
  name: string;
  base: P;
  idField: keyof ListRow<P> & string;
  /** a row's name (default: none, the id stands for it) */
  rowName?: (row: ListRow<P>) => string | null | undefined;
}

interface ListEnvelope<T> extends Envelope<T[]> {
  total: number;
}

const PAGE_ALL = 500;

export function defineResource<P extends ListPath>(spec: ResourceSpec<P>): ResourceAt<P> {
  type Row = ListRow<P>;
  type R = ResourceAt<P>;
  type Item = ItemOf<R>;
  const { base, idField } = spec;
  const url = (id?: string, ...more: string[]) => [base, ...[id, ...more].filter((x): x is string => x !== undefined).map(encodeURIComponent)].join('/');
  const idOf = (row: Row) => String((row as Record<string, unknown>)[idField]);
  const nameOf = (row: Row) => spec.rowName?.(row) || idOf(row);
  const list = async (q: ListQuery, opts?: RequestOptions) => {
    const r = await request<ListEnvelope<Row>>(`${base}${listQueryString(q)}`, { method: 'GET', ...opts });
    return { data: r.data, total: r.total };
  };
  const one = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, opts?: RequestOptions, data?: unknown) =>
    request<Envelope<T>>(path, { method, ...(data === undefined ? {} : { data }), ...opts }).then((r) => r.data);
  return {
    name: spec.name,
    base,
    idField,
    idOf,
    nameOf,
    optionOf: (row) => {
      const id = idOf(row);
      const name = nameOf(row);
      return { value: id, label: name !== id ? `${name} (${id})` : id };
    },
    url,
    list,
    async listAll(q = {}, opts) {
      const rows: Row[] = [];
      for (let current = 1; ; current++) {
        const page = await list({ ...q, current, pageSize: PAGE_ALL }, opts);
        rows.push(...page.data);
        if (!page.data.length || rows.length >= page.total) return rows;
      }
    },
    get: (id, opts) => one<Item>('GET', url(id), opts),
    create: (body, opts) => one<Item>('POST', url(), opts, body),
    update: (id, body, opts) => one<Item>('PUT', url(id), opts, body),
    remove: (id, opts) => one<Deleted>('DELETE', url(id), opts),
    removeMany: (ids, opts) => one<Deleted>('DELETE', url(), opts, { ids }),
    exportRows(q, onProgress) {
      const { current: _c, pageSize: _p, ...rest } = q;
      const query = listQueryString(rest, { tzOffset: new Date().getTimezoneOffset() });
      return downloadFile(`${url('export')}${query}`, { fallbackName: `${spec.name}.xlsx`, onProgress });
    },
  };
}

// ---- downloads (export, generated files) ------------------------------------------------------

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
