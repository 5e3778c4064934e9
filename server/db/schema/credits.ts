/**
 * The credits ledger (owned by server/modules/credits, the one writer of balances: users.score).
 * Append-only: a balance always equals the sum of its user's entries.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: text().notNull(),
    /** grant | hold | capture | release | topup | refund | withdrawal | adjustment */
    kind: text().notNull(),
    /** the change to the balance (negative: out) */
    amount: integer().notNull(),
    balanceAfter: integer().notNull(),
    /** a repeat of the same key is the same movement, never a second one */
    idempotencyKey: text().notNull(),
    reason: text(),
    /** what the movement is for: message, order, admin, register, ... */
    refType: text(),
    refId: text(),
    holdId: bigint({ mode: 'number' }),
    /** the admin who made an adjustment */
    actorId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('credit_ledger_key').on(t.idempotencyKey),
    index('credit_ledger_user_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('credit_ledger_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

export const creditHolds = pgTable(
  'credit_holds',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: text().notNull(),
    amount: integer().notNull(),
    /** the cost so far, kept up to date while the work runs: what a crash settlement captures */
    progress: integer().notNull().default(0),
    /** set when settled */
    captured: integer(),
    /** open | settled */
    status: text().notNull().default('open'),
    idempotencyKey: text().notNull(),
    refType: text(),
    refId: text(),
    /** the server process that runs the work (it holds an advisory lock while it lives) */
    owner: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('credit_holds_key').on(t.idempotencyKey),
    index('credit_holds_open_idx')
      .on(t.owner)
      .where(sql`status = 'open'`),
  ],
);

export interface Mismatch {
  userId: string;
  balance: number;
  ledgerSum: number;
}

export const creditReconciliations = pgTable('credit_reconciliations', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  /** nightly | admin */
  trigger: text().notNull(),
  usersChecked: integer().notNull(),
  mismatches: jsonb().$type<Mismatch[]>().notNull().default([]),
  ranAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
