/** The help documents API (tree, one document, the page's search, editors' writes); types from the generated paths. */
import { request } from '@umijs/max';
import type { paths } from './api-types';
import { withQuery } from './query-string';
import type { RequestOptions } from './request-layer';

type Json<P extends keyof paths, M extends 'get' | 'post' | 'put' | 'delete'> =
  NonNullable<paths[P][M]> extends { responses: { 200: { content: { 'application/json': infer J } } } } ? J : never;
type Data<P extends keyof paths, M extends 'get' | 'post' | 'put' | 'delete'> = Json<P, M> extends { data: infer D } ? D : never;

export type DocLocale = 'en-US' | 'zh-CN' | 'zh-TW';
export const DOC_LOCALES: DocLocale[] = ['en-US', 'zh-CN', 'zh-TW'];
export type DocTreeItem = Data<'/api/docs/tree', 'get'>[number];
export type DocView = Data<'/api/docs/{id}', 'get'>;
export type DocTexts = Data<'/api/docs/{id}/texts', 'get'>;
export type DocSearchHit = Data<'/api/docs/search', 'get'>[number];
export interface DocTextInput {
  title: string;
  body: string;
}
export interface DocCreateInput {
  parent_id: string | null;
  slug: string;
  texts: (DocTextInput & { locale: DocLocale })[];
}

interface Ok<T> {
  success: true;
  data: T;
}
const call = <T>(url: string, opts: RequestOptions & { method: string }) => request<Ok<T>>(url, opts).then((r) => r.data);
const BASE = '/api/docs';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const docTree = (locale: DocLocale) => call<DocTreeItem[]>(withQuery(`${BASE}/tree`, { locale }), { method: 'GET' });
export const readDoc = (id: string, locale: DocLocale) => call<DocView>(withQuery(one(id), { locale }), { method: 'GET' });
export const searchDocs = (keyword: string, locale: DocLocale) => call<DocSearchHit[]>(withQuery(`${BASE}/search`, { keyword, locale }), { method: 'GET' });
export const docTexts = (id: string) => call<DocTexts>(`${one(id)}/texts`, { method: 'GET' });
/** errors come back to the caller, which shows them on the form's fields */
export const createDoc = (body: DocCreateInput) => call<DocTexts>(BASE, { method: 'POST', data: body, skipErrorHandler: true });
export const saveDocText = (id: string, locale: DocLocale, body: DocTextInput) => call<DocTexts>(`${one(id)}/texts/${locale}`, { method: 'PUT', data: body });
export const deleteDoc = (id: string, cascade: boolean) => call<{ deleted: number }>(withQuery(one(id), { cascade: cascade || undefined }), { method: 'DELETE' });
