/** The prompt templates API (the caller's own templates, versions, restore, JSON export and import); types from the generated paths. */
import { request } from '@umijs/max';
import type { paths } from './api-types';
import { withQuery } from './query-string';
import type { RequestOptions } from './request-layer';

type Json<P extends keyof paths, M extends 'get' | 'post' | 'put'> =
  NonNullable<paths[P][M]> extends { responses: { 200: { content: { 'application/json': infer J } } } } ? J : never;
type Data<P extends keyof paths, M extends 'get' | 'post' | 'put'> = Json<P, M> extends { data: infer D } ? D : never;

export type PromptRow = Data<'/api/prompts/{id}', 'get'>;
export type PromptVersion = Data<'/api/prompts/{id}/versions', 'get'>[number];
export type PromptExport = Data<'/api/prompts/export', 'get'>;
export type PromptInput = Pick<PromptRow, 'title' | 'body' | 'category' | 'tags' | 'model_id'>;
export interface PromptQuery {
  keyword?: string;
  category?: string[];
  tag?: string[];
  current?: number;
  pageSize?: number;
}

interface Ok<T> {
  success: true;
  data: T;
}
const call = <T>(url: string, opts: RequestOptions & { method: string }) => request<Ok<T>>(url, opts).then((r) => r.data);
const BASE = '/api/prompts';

export const listPrompts = (q: PromptQuery) =>
  request<{ success: true; data: PromptRow[]; total: number }>(withQuery(BASE, q as Record<string, string | number | string[] | undefined>), { method: 'GET' });
export const createPrompt = (body: PromptInput) => call<PromptRow>(BASE, { method: 'POST', data: body });
export const updatePrompt = (id: string, body: PromptInput) => call<PromptRow>(`${BASE}/${encodeURIComponent(id)}`, { method: 'PUT', data: body });
export const deletePrompt = (id: string) => call<object>(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const listVersions = (id: string) => call<PromptVersion[]>(`${BASE}/${encodeURIComponent(id)}/versions`, { method: 'GET' });
export const restoreVersion = (id: string, version: number) => call<PromptRow>(`${BASE}/${encodeURIComponent(id)}/versions/${version}/restore`, { method: 'POST' });
export const exportPrompts = () => call<PromptExport>(`${BASE}/export`, { method: 'GET' });
export const importPrompts = (body: unknown) => call<{ imported: number }>(`${BASE}/import`, { method: 'POST', data: body, skipErrorHandler: false } as never);
