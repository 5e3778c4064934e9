/**
 * Withdrawal requests: a user asks for earned credits to be paid out; finance reviews. Owned by
 * server/modules/withdrawals; the held credits are ledger entries (kind 'withdrawal').
 */
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const withdrawRequests = pgTable(
  'withdraw_requests',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: text().notNull(),
    /** credits taken out of the balance (held while pending) */
    amount: integer().notNull(),
    /** credits kept as the fee, part of amount */
    fee: integer().notNull(),
    /** what is paid: (amount - fee) x cents per credit (can pass 2^31 at a high rate) */
    payoutCents: bigint({ mode: 'number' }).notNull(),
    /** alipay | bank */
    accountType: text().notNull(),
    accountName: text().notNull(),
    accountNo: text().notNull(),
    bankName: text(),
    /** pending | approved | rejected | cancelled */
    status: text().notNull().default('pending'),
    /** why it was rejected */
    reason: text(),
    /** the payout's reference (bank or Alipay transaction number) */
    payoutRef: text(),
    reviewerId: text(),
    reviewedAt: timestamp({ withTimezone: true }),
    createdAt: now(),
    updatedAt: now(),
    /** bumped on each change: the hold's ledger key names it */
    version: integer().notNull().default(1),
  },
  (t) => [index('withdraw_requests_user_idx').on(t.userId, t.createdAt), index('withdraw_requests_status_idx').on(t.status, t.createdAt)],
);
