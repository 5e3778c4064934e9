/** The help documents API (tree, one document, the page's search, editors' writes); types from the generated paths. */
import { api, type ApiResult as Data } from './client';

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

export const docTree = (locale: DocLocale) => api.get('/api/docs/tree', { query: { locale } });
export const readDoc = (id: string, locale: DocLocale) => api.get('/api/docs/{id}', { path: { id }, query: { locale } });
export const searchDocs = (keyword: string, locale: DocLocale) => api.get('/api/docs/search', { query: { keyword, locale } });
export const docTexts = (id: string) => api.get('/api/docs/{id}/texts', { path: { id } });
/** errors come back to the caller, which shows them on the form's fields */
export const createDoc = (body: DocCreateInput) => api.post('/api/docs', body, { skipErrorHandler: true });
export const saveDocText = (id: string, locale: DocLocale, body: DocTextInput) => api.put('/api/docs/{id}/texts/{locale}', body, { path: { id, locale } });
export const deleteDoc = (id: string, cascade: boolean) => api.delete('/api/docs/{id}', { path: { id }, query: { cascade: cascade || undefined } });
