/** The prompt store API (browse, favourite, copy, submissions, publish) and its curation resource; types from the generated paths. */
import { request } from '@umijs/max';
import { withQuery } from './query-string';
import type { RequestOptions } from './request-layer';
import { defineResource, type Data, type ItemOf, type Query } from './resource';

export const storePromptResource = defineResource({ name: 'store-prompts', base: '/api/store-prompts', idField: 'id', rowName: (r) => r.title });
export type StorePromptAdminRow = ItemOf<typeof storePromptResource>;

export type StorePrompt = Data<'/api/prompt-store/{id}', 'get'>;
export type StoreQuery = Query<'/api/prompt-store'>;
export type StoreFacets = Data<'/api/prompt-store/facets', 'get'>;
export type StoreSubmission = Data<'/api/prompt-store/submissions', 'get'>[number];
export type StoreStatus = 'pending' | 'approved' | 'rejected' | 'taken_down';
export const STORE_STATUSES: StoreStatus[] = ['pending', 'approved', 'rejected', 'taken_down'];

interface Ok<T> {
  success: true;
  data: T;
}
const call = <T>(url: string, opts: RequestOptions & { method: string; data?: unknown }) => request<Ok<T>>(url, opts).then((r) => r.data);
const BASE = '/api/prompt-store';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const browseStore = (q: StoreQuery) =>
  request<{ success: true; data: StorePrompt[]; total: number }>(withQuery(BASE, q as Record<string, string | number | undefined>), { method: 'GET' });
export const storeFacets = () => call<StoreFacets>(`${BASE}/facets`, { method: 'GET' });
export const getStorePrompt = (id: string, opts?: RequestOptions) => call<StorePrompt>(one(id), { method: 'GET', ...opts });
export const favouriteStorePrompt = (id: string, favourite: boolean, opts?: RequestOptions) =>
  call<{ favourited: boolean; favourite_count: number }>(`${one(id)}/favourite`, { method: 'PUT', data: { favourite }, ...opts });
export const copyStorePrompt = (id: string, opts?: RequestOptions) => call<{ id: string; title: string }>(`${one(id)}/copy`, { method: 'POST', ...opts });
export const mySubmissions = () => call<StoreSubmission[]>(`${BASE}/submissions`, { method: 'GET' });
export const publishTemplate = (templateId: string, description?: string) =>
  call<StoreSubmission>(`/api/prompts/${encodeURIComponent(templateId)}/publish`, { method: 'POST', data: { description } });

const changed = (action: 'approve' | 'reject' | 'take-down', body: { ids: string[]; reason?: string }) =>
  call<{ changed: number }>(`${storePromptResource.base}/${action}`, { method: 'POST', data: body });
export const approveStorePrompts = (ids: string[]) => changed('approve', { ids });
export const rejectStorePrompts = (ids: string[], reason: string) => changed('reject', { ids, reason });
export const takeDownStorePrompts = (ids: string[], reason: string) => changed('take-down', { ids, reason });
export const featureStorePrompt = (id: string, featured: boolean) =>
  call<StorePromptAdminRow>(`${storePromptResource.url(id)}/featured`, { method: 'PUT', data: { featured } });
