/**
 * The AI model providers (/api/ai/models) as a kit resource, and test connection; types come
 * from the generated OpenAPI document.
 */
import { api } from './client';
import type { RequestOptions } from './request-layer';
import { defineResource, type Body, type Data, type ItemOf } from './resource';

export const aiModelResource = defineResource({ name: 'ai-models', base: '/api/ai/models', idField: 'id', rowName: (r) => r.name });

export type AiModelRow = ItemOf<typeof aiModelResource>;
export type TestResult = Data<'/api/ai/models/test', 'post'>;
export type TestValues = Body<'/api/ai/models/test', 'post'>;

/** the provider's model ids and its one-token answer, for the values of an unsaved form */
export const testModelValues = (body: TestValues, opts?: RequestOptions) => api.post('/api/ai/models/test', body, opts);

/** the same for a stored model (its stored key) */
export const testStoredModel = (id: string, opts?: RequestOptions) => api.post('/api/ai/models/{id}/test', undefined, { ...opts, path: { id } });
