/**
 * The console's payment calls: the top-up page's options and orders, following an order, and the
 * finance pages' orders, refunds, packages and settings. Types come from the generated document.
 */
import { defineResource, type Body, type Data, type RowOf } from './resource';
import { api } from './client';
import type { RequestOptions } from './request-layer';

/** the caller's own orders (newest first) */
export const myOrderResource = defineResource({ name: 'my-pay-orders', base: '/api/pay/my-orders', idField: 'order_no' });
/** every order, with the account's names */
export const orderResource = defineResource({ name: 'pay-orders', base: '/api/pay/orders', idField: 'order_no' });
/** the packages the top-up page offers */
export const packageResource = defineResource({ name: 'pay-packages', base: '/api/pay/packages', idField: 'id', rowName: (r) => r.name });

export type PayOptions = Data<'/api/pay/options', 'get'>;
export type PayMethodState = PayOptions['methods'][number];
export type PayOption = PayOptions['packages'][number];
export type CreateOrderBody = Body<'/api/pay/orders', 'post'>;
export type PayOrder = Data<'/api/pay/orders', 'post'>;
export type FollowedOrder = Data<'/api/pay/orders/{orderNo}', 'get'>;
export type OrderDetail = Data<'/api/pay/orders/{orderNo}/detail', 'get'>;
export type RefundBody = Body<'/api/pay/orders/{orderNo}/refunds', 'post'>;
export type PayRefund = Data<'/api/pay/orders/{orderNo}/refunds', 'post'>;
export type PaySettings = Data<'/api/pay/settings', 'get'>;
export type MyOrderRow = RowOf<typeof myOrderResource>;
export type OrderRow = RowOf<typeof orderResource>;
export type PackageRow = RowOf<typeof packageResource>;

export { CREDITED_STATUSES, creditsForCents, ENDED_STATUSES, ORDER_STATUSES, PAY_METHODS, PAY_PROVIDERS, QR_METHODS } from '../../shared/pay';

export const getPayOptions = (opts?: RequestOptions) => api.get('/api/pay/options', opts);

export const createPayOrder = (body: CreateOrderBody, opts?: RequestOptions) => api.post('/api/pay/orders', body, opts);

/** an order as a page following it reads it (an open one is asked about at the provider) */
export const followPayOrder = (orderNo: string, opts?: RequestOptions) => api.get('/api/pay/orders/{orderNo}', { ...opts, path: { orderNo } });

export const closePayOrder = (orderNo: string, opts?: RequestOptions) => api.post('/api/pay/orders/{orderNo}/close', undefined, { ...opts, path: { orderNo } });

export const getOrderDetail = (orderNo: string, opts?: RequestOptions) => api.get('/api/pay/orders/{orderNo}/detail', { ...opts, path: { orderNo } });

export const refundPayOrder = (orderNo: string, body: RefundBody, opts?: RequestOptions) =>
  api.post('/api/pay/orders/{orderNo}/refunds', body, { ...opts, path: { orderNo } });

export const getPaySettings = (opts?: RequestOptions) => api.get('/api/pay/settings', opts);

export const putPaySettings = (body: Partial<PaySettings>, opts?: RequestOptions) => api.put('/api/pay/settings', body, opts);

/** a console path the payment may come back to (never another site) */
export function isConsolePath(v: string | null | undefined): v is string {
  return !!v && v.startsWith('/') && !v.startsWith('//') && !v.includes('\\') && v.length <= 500;
}
