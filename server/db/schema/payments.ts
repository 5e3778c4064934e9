/**
 * Top-up payments: packages, orders, the notifications providers sent, refunds. Owned by
 * server/modules/payments; money is integer cents (fen), credits integers.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const payPackages = pgTable('pay_packages', {
  id: text()
    .primaryKey()
    .default(sql`gen_random_uuid()::text`),
  name: text().notNull(),
  priceCents: integer().notNull(),
  credits: integer().notNull(),
  bonusCredits: integer().notNull().default(0),
  /** shown first when lower */
  sort: integer().notNull().default(0),
  enabled: boolean().notNull().default(true),
  createdAt: now(),
  updatedAt: now(),
});

export const payOrders = pgTable(
  'pay_orders',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    /** what the provider knows the order by (out_trade_no): unique, never reused */
    orderNo: text().notNull(),
    userId: text().notNull(),
    /** alipay | wxpay */
    provider: text().notNull(),
    /** alipay_page | alipay_qr | wxpay_native */
    method: text().notNull(),
    /** the package bought; null: a custom amount */
    packageId: text(),
    subject: text().notNull(),
    amountCents: integer().notNull(),
    /** what paying credits: the package's credits and bonus, or the custom amount at the rate */
    credits: integer().notNull(),
    /**
     * created -> credited (paid and credited in one transaction); or paid (paid, the account gone),
     * expired, closed, failed (the provider refused to create it), refunded (in full)
     */
    status: text().notNull().default('created'),
    /** the provider's trade / transaction id */
    tradeNo: text(),
    /** the QR code's content (precreate qr_code, Native code_url) */
    qrCode: text(),
    /** the page the browser goes to (computer-website pay) */
    payUrl: text(),
    /** the console page the payment was started from ("back" on the result page) */
    returnTo: text(),
    /** where the order was started: web, app, mini program (usage statistics read it) */
    platform: text().notNull().default('web'),
    channel: text(),
    clientIp: text(),
    refundedCents: integer().notNull().default(0),
    refundedCredits: integer().notNull().default(0),
    /** the last time the provider was asked about the order (the re-query job spaces its questions) */
    queriedAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
    creditedAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    uniqueIndex('pay_orders_no').on(t.orderNo),
    index('pay_orders_user_idx').on(t.userId, t.createdAt.desc()),
    index('pay_orders_created_idx').on(t.createdAt.desc()),
    // what the re-query and expiry job walks
    index('pay_orders_open_idx')
      .on(t.expiresAt)
      .where(sql`status = 'created'`),
  ],
);

/** every notification received, verified or not: a forged one is kept here and credits nothing */
export const payNotifications = pgTable(
  'pay_notifications',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    provider: text().notNull(),
    /** the order it names (as the notification says; unverified ones may name anything) */
    orderNo: text(),
    /** the provider's id of the notification (wxpay resource id, alipay notify_id) */
    notifyId: text(),
    verified: boolean().notNull(),
    /** credited | duplicate | forged | amount_mismatch | app_mismatch | unknown_order | not_paid | closed_order | error */
    outcome: text().notNull(),
    detail: text(),
    ip: text(),
    receivedAt: now(),
  },
  (t) => [index('pay_notifications_order_idx').on(t.orderNo), index('pay_notifications_received_idx').on(t.receivedAt.desc())],
);

export const payRefunds = pgTable(
  'pay_refunds',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    orderId: text()
      .notNull()
      .references(() => payOrders.id),
    /** out_refund_no: unique per refund */
    refundNo: text().notNull(),
    amountCents: integer().notNull(),
    /** the credits taken back from the balance */
    credits: integer().notNull(),
    /** credits the balance could not cover (already spent): written down, not taken */
    creditsShortfall: integer().notNull().default(0),
    /** pending | succeeded | failed */
    status: text().notNull().default('pending'),
    reason: text().notNull(),
    providerRefundId: text(),
    error: text(),
    actorId: text().notNull(),
    createdAt: now(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('pay_refunds_no').on(t.refundNo), index('pay_refunds_order_idx').on(t.orderId)],
);
