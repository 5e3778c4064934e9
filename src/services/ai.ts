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

/** a model's channels (more providers behind it) with their health, and its own provider's */
export type ChannelList = Data<'/api/ai/models/{id}/channels', 'get'>;
export type AiChannelRow = ChannelList['channels'][number];
export type NewChannelBody = Body<'/api/ai/models/{id}/channels', 'post'>;
export type ChannelPatch = Body<'/api/ai/channels/{id}', 'put'>;
export const listChannels = (modelId: string, opts?: RequestOptions) => api.get('/api/ai/models/{id}/channels', { ...opts, path: { id: modelId } });
export const createChannel = (modelId: string, body: NewChannelBody, opts?: RequestOptions) =>
  api.post('/api/ai/models/{id}/channels', body, { ...opts, path: { id: modelId } });
export const updateChannel = (id: string, body: ChannelPatch, opts?: RequestOptions) => api.put('/api/ai/channels/{id}', body, { ...opts, path: { id } });
export const deleteChannel = (id: string, opts?: RequestOptions) => api.delete('/api/ai/channels/{id}', { ...opts, path: { id } });
