/**
 * The console's payment calls: the top-up page's options and orders, following an order, and the
 * finance pages' orders, refunds, packages and settings. Types come from the generated document.
 */
import { request } from '@umijs/max';
import { defineResource, type Body, type Data, type RowOf } from './resource';
import type { RequestOptions } from './request-layer';

interface Ok<T> {
  success: true;
  data: T;
}

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

const path = (orderNo: string, more = '') => `/api/pay/orders/${encodeURIComponent(orderNo)}${more}`;

export const getPayOptions = (opts?: RequestOptions) => request<Ok<PayOptions>>('/api/pay/options', { method: 'GET', ...opts }).then((r) => r.data);

export const createPayOrder = (body: CreateOrderBody, opts?: RequestOptions) =>
  request<Ok<PayOrder>>('/api/pay/orders', { method: 'POST', data: body, ...opts }).then((r) => r.data);

/** an order as a page following it reads it (an open one is asked about at the provider) */
export const followPayOrder = (orderNo: string, opts?: RequestOptions) =>
  request<Ok<FollowedOrder>>(path(orderNo), { method: 'GET', ...opts }).then((r) => r.data);

export const closePayOrder = (orderNo: string, opts?: RequestOptions) =>
  request<Ok<PayOrder>>(path(orderNo, '/close'), { method: 'POST', ...opts }).then((r) => r.data);

export const getOrderDetail = (orderNo: string, opts?: RequestOptions) =>
  request<Ok<OrderDetail>>(path(orderNo, '/detail'), { method: 'GET', ...opts }).then((r) => r.data);

export const refundPayOrder = (orderNo: string, body: RefundBody, opts?: RequestOptions) =>
  request<Ok<PayRefund>>(path(orderNo, '/refunds'), { method: 'POST', data: body, ...opts }).then((r) => r.data);

export const getPaySettings = (opts?: RequestOptions) => request<Ok<PaySettings>>('/api/pay/settings', { method: 'GET', ...opts }).then((r) => r.data);

export const putPaySettings = (body: Partial<PaySettings>, opts?: RequestOptions) =>
  request<Ok<PaySettings>>('/api/pay/settings', { method: 'PUT', data: body, ...opts }).then((r) => r.data);

/** a console path the payment may come back to (never another site) */
export function isConsolePath(v: string | null | undefined): v is string {
  return !!v && v.startsWith('/') && !v.startsWith('//') && !v.includes('\\') && v.length <= 500;
}
