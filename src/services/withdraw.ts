/**
 * Withdrawal calls of the console: the caller's requests and summary, finance's list, review and
 * settings. Types come from the generated document.
 */
import { request } from '@umijs/max';
import { defineResource, type Body, type Data, type RowOf } from './resource';
import type { RequestOptions } from './request-layer';

interface Ok<T> {
  success: true;
  data: T;
}

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

const one = <T>(method: 'GET' | 'POST' | 'PUT', url: string, opts?: RequestOptions, data?: unknown) =>
  request<Ok<T>>(url, { method, ...(data === undefined ? {} : { data }), ...opts }).then((r) => r.data);
const at = (id: string, more = '') => `/api/withdrawals/${encodeURIComponent(id)}${more}`;

export const getWithdrawSummary = (opts?: RequestOptions) => one<WithdrawSummary>('GET', '/api/withdrawals/summary', opts);
export const getWithdrawal = (id: string, opts?: RequestOptions) => one<WithdrawRow>('GET', at(id), opts);
export const createWithdrawal = (body: WithdrawRequestBody, opts?: RequestOptions) => one<WithdrawRow>('POST', '/api/withdrawals', opts, body);
export const updateWithdrawal = (id: string, body: WithdrawRequestBody, opts?: RequestOptions) => one<WithdrawRow>('PUT', at(id), opts, body);
export const cancelWithdrawal = (id: string, opts?: RequestOptions) => one<WithdrawRow>('POST', at(id, '/cancel'), opts);
export const reviewWithdrawal = (id: string, body: ReviewBody, opts?: RequestOptions) => one<WithdrawRow>('POST', at(id, '/review'), opts, body);
export const getWithdrawSettings = (opts?: RequestOptions) => one<WithdrawSettingsData>('GET', '/api/withdrawals/settings', opts);
export const putWithdrawSettings = (body: Partial<WithdrawSettingsData>, opts?: RequestOptions) =>
  one<WithdrawSettingsData>('PUT', '/api/withdrawals/settings', opts, body);
