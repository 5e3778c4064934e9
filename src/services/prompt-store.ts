/** The prompt store API (browse, favourite, copy, submissions, publish) and its curation resource; types from the generated paths. */
import { api } from './client';
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

export const browseStore = (q: StoreQuery) => api.page('/api/prompt-store', { query: q });
export const storeFacets = () => api.get('/api/prompt-store/facets');
export const getStorePrompt = (id: string, opts?: RequestOptions) => api.get('/api/prompt-store/{id}', { ...opts, path: { id } });
export const favouriteStorePrompt = (id: string, favourite: boolean, opts?: RequestOptions) =>
  api.put('/api/prompt-store/{id}/favourite', { favourite }, { ...opts, path: { id } });
export const copyStorePrompt = (id: string, opts?: RequestOptions) => api.post('/api/prompt-store/{id}/copy', undefined, { ...opts, path: { id } });
export const mySubmissions = () => api.get('/api/prompt-store/submissions');
export const publishTemplate = (id: string, description?: string) => api.post('/api/prompts/{id}/publish', { description }, { path: { id } });

const changed = (action: 'approve' | 'reject' | 'take-down', body: { ids: string[]; reason?: string }) => api.post(`/api/store-prompts/${action}`, body);
export const approveStorePrompts = (ids: string[]) => changed('approve', { ids });
export const rejectStorePrompts = (ids: string[], reason: string) => changed('reject', { ids, reason });
export const takeDownStorePrompts = (ids: string[], reason: string) => changed('take-down', { ids, reason });
export const featureStorePrompt = (id: string, featured: boolean) => api.put('/api/store-prompts/{id}/featured', { featured }, { path: { id } });
