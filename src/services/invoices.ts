/**
 * The invoice calls of the console: a user's invoiceable orders, requests and PDFs; the finance
 * holders' list and decisions. Types come from the generated document.
 */
import { api } from './client';
import type { RequestOptions } from './request-layer';
import { defineResource, downloadFile, type Body, type Data, type RowOf } from './resource';

/** the caller's own invoice requests */
export const myInvoicesResource = defineResource({ name: 'my-invoices', base: '/api/invoices', idField: 'id' });
/** everyone's requests (MANAGE_FINANCE) */
export const financeInvoicesResource = defineResource({ name: 'invoices', base: '/api/finance/invoices', idField: 'id' });

export type InvoiceRow = RowOf<typeof financeInvoicesResource>;
export type InvoiceableOrder = Data<'/api/invoices/orders', 'get'>[number];
export type InvoiceRequestBody = Body<'/api/invoices', 'post'>;
export const INVOICE_STATUSES = ['pending', 'issued', 'rejected'] as const;

export const getInvoiceableOrders = (opts?: RequestOptions) => api.get('/api/invoices/orders', opts);

export const requestInvoice = (body: InvoiceRequestBody, opts?: RequestOptions) => api.post('/api/invoices', body, opts);

export const issueInvoice = (id: string, opts?: RequestOptions) => api.post('/api/finance/invoices/{id}/issue', undefined, { ...opts, path: { id } });

export const rejectInvoice = (id: string, reason: string, opts?: RequestOptions) =>
  api.post('/api/finance/invoices/{id}/reject', { reason }, { ...opts, path: { id } });

/** the issued PDF, read with the caller's token */
export const downloadInvoicePdf = (row: Pick<InvoiceRow, 'id' | 'invoice_no'>) =>
  downloadFile(`/api/invoices/${encodeURIComponent(row.id)}/pdf`, { fallbackName: `${row.invoice_no}.pdf` });
