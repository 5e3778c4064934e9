/**
 * Withdrawal calls of the console: the caller's requests and summary, finance's list, review and
 * settings. Types come from the generated document.
 */
import { defineResource, type Body, type Data, type RowOf } from './resource';
import type { RequestOptions } from './request-layer';
import { api } from './client';

/** the caller's own requests */
export const myWithdrawals = defineResource({ name: 'withdrawals', base: '/api/withdrawals', idField: 'id' });
/** every account's requests (MANAGE_FINANCE) */
export const allWithdrawals = defineResource({ name: 'withdrawals-all', base: '/api/withdrawals/all', idField: 'id', rowName: (r) => r.username });

export type WithdrawRow = RowOf<typeof myWithdrawals>;
export type WithdrawSummary = Data<'/api/withdrawals/summary', 'get'>;
export type WithdrawSettingsData = Data<'/api/withdrawals/settings', 'get'>;
export type WithdrawRequestBody = Body<'/api/withdrawals', 'post'>;
export type ReviewBody = Body<'/api/withdrawals/{id}/review', 'post'>;

export { ACCOUNT_TYPES, quote, WITHDRAW_BOUNDS, WITHDRAW_STATUSES } from '../../shared/withdraw';

export const getWithdrawSummary = (opts?: RequestOptions) => api.get('/api/withdrawals/summary', opts);
export const getWithdrawal = (id: string, opts?: RequestOptions) => api.get('/api/withdrawals/{id}', { ...opts, path: { id } });
export const createWithdrawal = (body: WithdrawRequestBody, opts?: RequestOptions) => api.post('/api/withdrawals', body, opts);
export const updateWithdrawal = (id: string, body: WithdrawRequestBody, opts?: RequestOptions) =>
  api.put('/api/withdrawals/{id}', body, { ...opts, path: { id } });
export const cancelWithdrawal = (id: string, opts?: RequestOptions) => api.post('/api/withdrawals/{id}/cancel', undefined, { ...opts, path: { id } });
export const reviewWithdrawal = (id: string, body: ReviewBody, opts?: RequestOptions) =>
  api.post('/api/withdrawals/{id}/review', body, { ...opts, path: { id } });
export const getWithdrawSettings = (opts?: RequestOptions) => api.get('/api/withdrawals/settings', opts);
export const putWithdrawSettings = (body: Partial<WithdrawSettingsData>, opts?: RequestOptions) => api.put('/api/withdrawals/settings', body, opts);
