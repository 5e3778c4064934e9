/**
 * Redemption codes and rewarded ads in the console: batches and codes (finance admins),
 * redeeming, ad settings, ad views. Types come from the generated document.
 */
import { request } from '@umijs/max';
import { defineResource, type Body, type Data, type RowOf } from './resource';
import type { RequestOptions } from './request-layer';

interface Ok<T> {
  success: true;
  data: T;
}

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

export const generateBatch = (body: BatchBody, opts?: RequestOptions) =>
  request<Ok<RedeemBatch>>('/api/redeem/batches', { method: 'POST', data: body, ...opts }).then((r) => r.data);

export const setBatchDisabled = (id: string, disabled: boolean, opts?: RequestOptions) =>
  request<Ok<RedeemBatch>>(`/api/redeem/batches/${encodeURIComponent(id)}/disabled`, { method: 'PUT', data: { disabled }, ...opts }).then((r) => r.data);

export const redeemCode = (code: string, opts?: RequestOptions) =>
  request<Ok<RedeemResult>>('/api/redeem', { method: 'POST', data: { code }, ...opts }).then((r) => r.data);

export const getAdSettings = (opts?: RequestOptions) => request<Ok<AdSettings>>('/api/ads/settings', { method: 'GET', ...opts }).then((r) => r.data);

export const putAdSettings = (body: AdSettingsBody, opts?: RequestOptions) =>
  request<Ok<AdSettings>>('/api/ads/settings', { method: 'PUT', data: body, ...opts }).then((r) => r.data);

export const startAdView = (opts?: RequestOptions) =>
  request<Ok<{ id: string; url: string }>>('/api/ads/views', { method: 'POST', ...opts }).then((r) => r.data);

export const getAdView = (id: string, opts?: RequestOptions) =>
  request<Ok<AdView>>(`/api/ads/views/${encodeURIComponent(id)}`, { method: 'GET', ...opts }).then((r) => r.data);
