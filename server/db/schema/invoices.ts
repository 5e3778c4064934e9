/** Invoices users request for their paid top-up orders. Owned by server/modules/invoices. */
import { sql } from 'drizzle-orm';
import { bigserial, bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const invoices = pgTable(
  'invoices',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** INV + the request's date (China time) + the id, e.g. INV20261124000042 */
    invoiceNo: text().notNull(),
    userId: text().notNull(),
    /** personal | company */
    type: text().notNull(),
    title: text().notNull(),
    /** the buyer's unified social credit code (company; optional for a person) */
    taxNumber: text(),
    /** where the issued PDF is mailed */
    email: text().notNull(),
    /** the sum of the orders' paid-and-not-refunded cents at request time */
    amountCents: integer().notNull(),
    /** the language the user asked in: the PDF's labels */
    lang: text().notNull().default('zh-Hans'),
    /** pending | issued | rejected */
    status: text().notNull().default('pending'),
    /** why it was rejected (shown to the user) */
    reason: text(),
    /** the PDF in the file service */
    fileId: text(),
    issuerId: text(),
    issuedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_no_key').on(t.invoiceNo),
    index('invoices_user_idx').on(t.userId, t.createdAt.desc()),
    index('invoices_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

export const invoiceOrders = pgTable(
  'invoice_orders',
  {
    invoiceId: bigint({ mode: 'number' })
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    orderId: text().notNull(),
    /** the order's invoiced cents (amount - refunded when requested) */
    amountCents: integer().notNull(),
    /** false once the invoice is rejected: the order may be invoiced again, the link stays as history */
    active: boolean().notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.orderId] }),
    // an order is in at most one pending or issued invoice, whoever races for it
    uniqueIndex('invoice_orders_active_order_key')
      .on(t.orderId)
      .where(sql`active`),
  ],
);
