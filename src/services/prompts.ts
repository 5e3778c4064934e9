/** The prompt templates API (the caller's own templates, versions, restore, JSON export and import); types from the generated paths. */
import { api, type ApiBodyOf, type ApiResult as Data } from './client';

export type PromptRow = Data<'/api/prompts/{id}', 'get'>;
export type PromptVersion = Data<'/api/prompts/{id}/versions', 'get'>[number];
export type PromptExport = Data<'/api/prompts/export', 'get'>;
/** an export file as read from disk: checked by the server */
export type ImportBody = ApiBodyOf<'/api/prompts/import', 'post'>;
export type PromptInput = Pick<PromptRow, 'title' | 'body' | 'category' | 'tags' | 'model_id'>;
export interface PromptQuery {
  keyword?: string;
  category?: string[];
  tag?: string[];
  current?: number;
  pageSize?: number;
}

export const listPrompts = (q: PromptQuery) => api.page('/api/prompts', { query: q });
export const createPrompt = (body: PromptInput) => api.post('/api/prompts', body);
export const updatePrompt = (id: string, body: PromptInput) => api.put('/api/prompts/{id}', body, { path: { id } });
export const deletePrompt = (id: string) => api.delete('/api/prompts/{id}', { path: { id } });
export const listVersions = (id: string) => api.get('/api/prompts/{id}/versions', { path: { id } });
export const restoreVersion = (id: string, version: number) => api.post('/api/prompts/{id}/versions/{version}/restore', undefined, { path: { id, version } });
export const exportPrompts = () => api.get('/api/prompts/export');
export const importPrompts = (body: ImportBody) => api.post('/api/prompts/import', body);
