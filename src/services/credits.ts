/**
 * The credits ledger and AI usage calls of the console: the caller's history and summary, the
 * admins' adjustment and reconciliation, the usage log. Types come from the generated document.
 */
import { defineResource, type Body, type Data, type RowOf } from './resource';
import { api } from './client';
import type { RequestOptions } from './request-layer';

/** the caller's own ledger entries (newest first) */
export const creditHistoryResource = defineResource({ name: 'credit-history', base: '/api/credits/history', idField: 'id' });
/** every AI request: user, model, tokens, credits, times, status */
export const aiUsageResource = defineResource({ name: 'ai-usage', base: '/api/ai/usage', idField: 'id' });
/** the usage of each published assistant */
export const assistantUsageResource = defineResource({ name: 'assistant-usage', base: '/api/ai/assistant-usage', idField: 'id' });

export type LedgerRow = RowOf<typeof creditHistoryResource>;
export type UsageRow = RowOf<typeof aiUsageResource>;
export type AssistantUsageRow = RowOf<typeof assistantUsageResource>;
export type CreditSummary = Data<'/api/credits/me', 'get'>;
export type AdjustBody = Body<'/api/credits/adjust', 'post'>;
export type AdjustResult = Data<'/api/credits/adjust', 'post'>;
export type Reconciliation = NonNullable<Data<'/api/credits/reconciliation', 'get'>>;

/** an adjustment moves at most this many credits either way (the adjust route's bound) */
export const ADJUST_MAX = 100_000_000;

export { LEDGER_KINDS } from '../../shared/ledger';
/** the states an AI request ends in */
export const USAGE_STATUSES = ['done', 'stopped', 'disconnected', 'error', 'interrupted'] as const;

export const getCreditSummary = (opts?: RequestOptions) => api.get('/api/credits/me', opts);

export const adjustCredits = (body: AdjustBody, opts?: RequestOptions) => api.post('/api/credits/adjust', body, opts);

/** the last reconciliation; null when none has run yet */
export const getReconciliation = (opts?: RequestOptions) => api.get('/api/credits/reconciliation', opts);

export const runReconciliation = (opts?: RequestOptions) => api.post('/api/credits/reconcile', undefined, opts);

export type ChatModelInfo = Data<'/api/chat/models', 'get'>[number];

/** the models the caller may chat with (an admin: every enabled one): the usage log's model filter */
export const getChatModels = (opts?: RequestOptions) => api.get('/api/chat/models', opts);

/** personal API keys: the caller's (admins: everyone's) */
export const apiKeyResource = defineResource({ name: 'api-keys', base: '/api/api-keys', idField: 'id', rowName: (r) => r.name });
export type ApiKeyRow = RowOf<typeof apiKeyResource>;
export type NewApiKeyBody = Body<'/api/api-keys', 'post'>;
export type ApiKeyPatch = Body<'/api/api-keys/{id}', 'put'>;
export const createApiKey = (body: NewApiKeyBody, opts?: RequestOptions) => api.post('/api/api-keys', body, opts);
export const updateApiKey = (id: string, body: ApiKeyPatch, opts?: RequestOptions) => api.put('/api/api-keys/{id}', body, { ...opts, path: { id } });
/** the models a key may be limited to (chat, embeddings, speech to text), with their kind */
export type KeyModel = Data<'/api/api-keys/models', 'get'>[number];
export const listKeyModels = (opts?: RequestOptions) => api.get('/api/api-keys/models', opts);
/** what the caller's keys (admins: everyone's) did, by day and model */
export const apiKeyUsageResource = defineResource({
  name: 'api-key-usage',
  base: '/api/api-keys/usage',
  idField: 'id',
  rowName: (r) => `${r.key_name} ${r.day}`,
});
export type ApiKeyUsageRow = RowOf<typeof apiKeyUsageResource>;
