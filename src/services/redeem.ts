/**
 * Redemption codes and rewarded ads in the console: batches and codes (finance admins),
 * redeeming, ad settings, ad views. Types come from the generated document.
 */
import { defineResource, type Body, type Data, type RowOf } from './resource';
import { api } from './client';
import type { RequestOptions } from './request-layer';

export const redeemBatchResource = defineResource({ name: 'redeem-batches', base: '/api/redeem/batches', idField: 'id', rowName: (r) => r.name });
export const redeemCodeResource = defineResource({ name: 'redeem-codes', base: '/api/redeem/codes', idField: 'code' });

export type RedeemBatch = RowOf<typeof redeemBatchResource>;
export type RedeemCode = RowOf<typeof redeemCodeResource>;
export type BatchBody = Body<'/api/redeem/batches', 'post'>;
export type RedeemResult = Data<'/api/redeem', 'post'>;
export type AdSettings = Data<'/api/ads/settings', 'get'>;
export type AdSettingsBody = Body<'/api/ads/settings', 'put'>;
export type AdView = Data<'/api/ads/views/{id}', 'get'>;

/** the server's bounds of a batch */
export const BATCH_MAX = 10_000;
export const CREDITS_MAX = 1_000_000;

export const generateBatch = (body: BatchBody, opts?: RequestOptions) => api.post('/api/redeem/batches', body, opts);

export const setBatchDisabled = (id: string, disabled: boolean, opts?: RequestOptions) =>
  api.put('/api/redeem/batches/{id}/disabled', { disabled }, { ...opts, path: { id } });

export const redeemCode = (code: string, opts?: RequestOptions) => api.post('/api/redeem', { code }, opts);

export const getAdSettings = (opts?: RequestOptions) => api.get('/api/ads/settings', opts);

export const putAdSettings = (body: AdSettingsBody, opts?: RequestOptions) => api.put('/api/ads/settings', body, opts);

export const startAdView = (opts?: RequestOptions) => api.post('/api/ads/views', undefined, opts);

export const getAdView = (id: string, opts?: RequestOptions) => api.get('/api/ads/views/{id}', { ...opts, path: { id } });
