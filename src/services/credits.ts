/**
 * The credits ledger and AI usage calls of the console: the caller's history and summary, the
 * admins' adjustment and reconciliation, the usage log. Types come from the generated document.
 */
import { request } from '@umijs/max';
import { defineResource, type Body, type Data, type RowOf } from './resource';
import type { RequestOptions } from './request-layer';

interface Ok<T> {
  success: true;
  data: T;
}

/** the caller's own ledger entries (newest first) */
export const creditHistoryResource = defineResource({ name: 'credit-history', base: '/api/credits/history', idField: 'id' });
/** every AI request: user, model, tokens, credits, times, status */
export const aiUsageResource = defineResource({ name: 'ai-usage', base: '/api/ai/usage', idField: 'id' });

export type LedgerRow = RowOf<typeof creditHistoryResource>;
export type UsageRow = RowOf<typeof aiUsageResource>;
export type CreditSummary = Data<'/api/credits/me', 'get'>;
export type AdjustBody = Body<'/api/credits/adjust', 'post'>;
export type AdjustResult = Data<'/api/credits/adjust', 'post'>;
export type Reconciliation = NonNullable<Data<'/api/credits/reconciliation', 'get'>>;

/** an adjustment moves at most this many credits either way (the adjust route's bound) */
export const ADJUST_MAX = 100_000_000;

export { LEDGER_KINDS } from '../../shared/ledger';
/** the states an AI request ends in */
export const USAGE_STATUSES = ['done', 'stopped', 'disconnected', 'error', 'interrupted'] as const;

export const getCreditSummary = (opts?: RequestOptions) =>
  request<Ok<CreditSummary>>('/api/credits/me', { method: 'GET', ...opts }).then((r) => r.data);

export const adjustCredits = (body: AdjustBody, opts?: RequestOptions) =>
  request<Ok<AdjustResult>>('/api/credits/adjust', { method: 'POST', data: body, ...opts }).then((r) => r.data);

/** the last reconciliation; null when none has run yet */
export const getReconciliation = (opts?: RequestOptions) =>
  request<Ok<Reconciliation | null>>('/api/credits/reconciliation', { method: 'GET', ...opts }).then((r) => r.data);

export const runReconciliation = (opts?: RequestOptions) =>
  request<Ok<Reconciliation>>('/api/credits/reconcile', { method: 'POST', ...opts }).then((r) => r.data);

export type ChatModelInfo = Data<'/api/chat/models', 'get'>[number];

/** the models the caller may chat with (an admin: every enabled one): the usage log's model filter */
export const getChatModels = (opts?: RequestOptions) =>
  request<Ok<ChatModelInfo[]>>('/api/chat/models', { method: 'GET', ...opts }).then((r) => r.data);
