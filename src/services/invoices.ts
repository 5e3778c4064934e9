/**
 * The invoice calls of the console: a user's invoiceable orders, requests and PDFs; the finance
 * holders' list and decisions. Types come from the generated document.
 */
import { request } from '@umijs/max';
import type { RequestOptions } from './request-layer';
import { defineResource, downloadFile, type Body, type Data, type RowOf } from './resource';

interface Ok<T> {
  success: true;
  data: T;
}

/** the caller's own invoice requests */
export const myInvoicesResource = defineResource({ name: 'my-invoices', base: '/api/invoices', idField: 'id' });
/** everyone's requests (MANAGE_FINANCE) */
export const financeInvoicesResource = defineResource({ name: 'invoices', base: '/api/finance/invoices', idField: 'id' });

export type InvoiceRow = RowOf<typeof financeInvoicesResource>;
export type InvoiceableOrder = Data<'/api/invoices/orders', 'get'>[number];
export type InvoiceRequestBody = Body<'/api/invoices', 'post'>;
export const INVOICE_STATUSES = ['pending', 'issued', 'rejected'] as const;

export const getInvoiceableOrders = (opts?: RequestOptions) =>
  request<Ok<InvoiceableOrder[]>>('/api/invoices/orders', { method: 'GET', ...opts }).then((r) => r.data);

export const requestInvoice = (body: InvoiceRequestBody, opts?: RequestOptions) =>
  request<Ok<InvoiceRow>>('/api/invoices', { method: 'POST', data: body, ...opts }).then((r) => r.data);

export const issueInvoice = (id: string, opts?: RequestOptions) =>
  request<Ok<InvoiceRow>>(`/api/finance/invoices/${encodeURIComponent(id)}/issue`, { method: 'POST', ...opts }).then((r) => r.data);

export const rejectInvoice = (id: string, reason: string, opts?: RequestOptions) =>
  request<Ok<InvoiceRow>>(`/api/finance/invoices/${encodeURIComponent(id)}/reject`, { method: 'POST', data: { reason }, ...opts }).then((r) => r.data);

/** the issued PDF, read with the caller's token */
export const downloadInvoicePdf = (row: Pick<InvoiceRow, 'id' | 'invoice_no'>) =>
  downloadFile(`/api/invoices/${encodeURIComponent(row.id)}/pdf`, { fallbackName: `${row.invoice_no}.pdf` });
