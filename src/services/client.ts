/**
 * One typed client for the console's /api calls: the path, written as the OpenAPI document writes
 * it (`/api/pay/orders/{orderNo}`), picks the path parameters, the query, the body and the answer's
 * `data` from the generated types (api-types.d.ts), so a call to a route that changed is a compile
 * error. Calls go through umi's request: the token, one refresh, the login page on expiry.
 */
import { request } from '@umijs/max';
import type { paths } from './api-types';
import { withQuery, type QueryParams } from './query-string';
import type { RequestOptions } from './request-layer';

export type Method = 'get' | 'post' | 'put' | 'delete';
/** a JSON answer of the API: what a call outside the typed paths (an upload, a built path) reads */
export type Envelope<T> = { success: true; data: T };
type Op<P, M extends Method> = P extends keyof paths ? NonNullable<paths[P][M]> : never;

/** the paths that answer this method */
export type PathOf<M extends Method> = { [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never }[keyof paths];
// The one home of the shapes read from the generated document (resource.ts, api.ts and the area
// services name theirs with these); a path that is not in the document gives never.
/** the `data` of the route's 200 answer */
export type ApiResult<P, M extends Method> = Op<P, M> extends { responses: { 200: { content: { 'application/json': { data: infer D } } } } } ? D : never;
type RequestBody<P, M extends Method> = NonNullable<Op<P, M> extends { requestBody?: infer B } ? B : never>;
/** the route's JSON body (never: the route takes none) */
export type ApiBodyOf<P, M extends Method> = [RequestBody<P, M>] extends [never]
  ? never
  : RequestBody<P, M> extends { content: { 'application/json': infer J } }
    ? J
    : never;
/** the route's query parameters */
export type ApiQueryOf<P, M extends Method = 'get'> = NonNullable<Op<P, M> extends { parameters: { query?: infer Q } } ? Q : never>;

/** the names in a path's `{...}` placeholders */
type ParamNames<P extends string> = P extends `${string}{${infer K}}${infer Rest}` ? K | ParamNames<Rest> : never;

type Options<P extends keyof paths, M extends Method> = RequestOptions & {
  /** the query string's parameters (typed by the route; arrays repeat the key) */
  query?: ApiQueryOf<P, M>;
  /** a query string built already ('?...': a list's query from listQueryString), appended as it is */
  search?: string;
};
/** the options argument: required, with `path` values, when the path has placeholders */
type Args<P extends keyof paths, M extends Method> = [ParamNames<P & string>] extends [never]
  ? [opts?: Options<P, M>]
  : [opts: Options<P, M> & { path: Record<ParamNames<P & string>, string | number> }];

/** the path with its placeholders filled (each value url-encoded) and the query appended */
export function urlOf(path: string, values?: Record<string, string | number>, query?: QueryParams): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = values?.[name];
    if (v === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(v));
  });
  return query ? withQuery(filled, query) : filled;
}

type CallOptions = RequestOptions & { path?: Record<string, string | number>; query?: object; search?: string };

function send<A>(method: Uppercase<Method>, path: string, body: unknown, opts: CallOptions | undefined) {
  const { path: values, query, search = '', ...rest } = opts ?? {};
  return request<A>(`${urlOf(path, values, query as QueryParams | undefined)}${search}`, { method, ...(body === undefined ? {} : { data: body }), ...rest });
}

async function call<T>(method: Uppercase<Method>, path: string, body: unknown, opts: CallOptions | undefined): Promise<T> {
  return (await send<{ success: true; data: T }>(method, path, body, opts)).data;
}

/** a list route's answer: the page's rows and how many rows match (ProTable reads it as it is) */
async function page<T>(path: string, opts: CallOptions | undefined): Promise<{ success: true; data: T; total: number }> {
  const { data, total } = await send<{ success: true; data: T; total: number }>('GET', path, undefined, opts);
  return { success: true, data, total };
}

/** the body argument: none for a route without one (undefined when options follow) */
type BodyArgs<P extends keyof paths, M extends 'post' | 'put'> = [ApiBodyOf<P, M>] extends [never]
  ? [ParamNames<P & string>] extends [never]
    ? [body?: undefined, ...rest: Args<P, M>]
    : [body: undefined, ...rest: Args<P, M>]
  : [body: ApiBodyOf<P, M>, ...rest: Args<P, M>];

export const api = {
  get: <P extends PathOf<'get'>>(path: P, ...[opts]: Args<P, 'get'>) => call<ApiResult<P, 'get'>>('GET', path, undefined, opts),
  /** a list route: the rows and the total */
  page: <P extends PathOf<'get'>>(path: P, ...[opts]: Args<P, 'get'>) => page<ApiResult<P, 'get'>>(path, opts),
  post: <P extends PathOf<'post'>>(path: P, ...[body, opts]: BodyArgs<P, 'post'>) => call<ApiResult<P, 'post'>>('POST', path, body, opts),
  put: <P extends PathOf<'put'>>(path: P, ...[body, opts]: BodyArgs<P, 'put'>) => call<ApiResult<P, 'put'>>('PUT', path, body, opts),
  delete: <P extends PathOf<'delete'>>(path: P, ...[opts]: Args<P, 'delete'>) => call<ApiResult<P, 'delete'>>('DELETE', path, undefined, opts),
};
