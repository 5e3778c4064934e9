/**
 * The invoices' answers: their schemas (the routes declare them; the OpenAPI document names them)
 * and their types (the service returns them, so a field the schema lacks is a compile error).
 */
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../../core/schemas';

const Status = Type.Union([Type.Literal('pending'), Type.Literal('issued'), Type.Literal('rejected')]);
/** an invoice's buyer: a person or a company (the request's body names it too) */
export const InvoiceKind = Type.Union([Type.Literal('personal'), Type.Literal('company')]);

export const InvoiceRow = Type.Object(
  {
    id: Type.String(),
    /** INV + date + sequence */
    invoice_no: Type.String(),
    user_id: Type.String(),
    username: Nullable(Type.String()),
    nickname: Nullable(Type.String()),
    type: InvoiceKind,
    title: Type.String(),
    tax_number: Nullable(Type.String()),
    email: Type.String(),
    /** cents (fen) */
    amount_cents: Type.Integer(),
    status: Status,
    /** why it was rejected */
    reason: Nullable(Type.String()),
    /** issued: GET /api/invoices/:id/pdf answers the PDF */
    has_pdf: Type.Boolean(),
    issuer_name: Nullable(Type.String()),
    issued_at: Nullable(Type.String({ format: 'date-time' })),
    created_at: Type.String({ format: 'date-time' }),
    order_nos: Type.Array(Type.String()),
  },
  { $id: 'InvoiceRow' },
);

export const InvoiceableOrder = Type.Object(
  {
    id: Type.String(),
    order_no: Type.String(),
    subject: Type.String(),
    amount_cents: Type.Integer(),
    refunded_cents: Type.Integer(),
    /** what the invoice would cover: amount - refunded */
    invoiceable_cents: Type.Integer(),
    paid_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'InvoiceableOrder' },
);

export type InvoiceRow = Static<typeof InvoiceRow>;
export type InvoiceableOrder = Static<typeof InvoiceableOrder>;
