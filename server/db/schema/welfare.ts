/**
 * Welfare campaigns (credits users claim from the console home) and their claims, one per user
 * and period. Owned by server/modules/welfare.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const welfareCampaigns = pgTable(
  'welfare_campaigns',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    title: text().notNull(),
    description: text().notNull().default(''),
    /** credits one claim gives */
    credits: integer().notNull(),
    /** who may claim: everyone | roles | tags | new_users | realname */
    eligibility: text().notNull().default('everyone'),
    /** the role ids (roles) or tag ids (tags) of the eligibility; empty otherwise */
    eligibilityValues: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** new_users: accounts registered within this many days */
    newUserDays: integer(),
    /** once | daily | weekly (periods in UTC) */
    frequency: text().notNull().default('once'),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    /** the most credits all claims together may give */
    budget: integer().notNull(),
    /** credits given so far: never above budget (claims lock the row) */
    used: integer().notNull().default(0),
    enabled: boolean().notNull().default(true),
    createdBy: text(),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [index('welfare_campaigns_window_idx').on(t.endsAt, t.startsAt)],
);

export const welfareClaims = pgTable(
  'welfare_claims',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    campaignId: text()
      .notNull()
      .references(() => welfareCampaigns.id),
    userId: text().notNull(),
    /** 'once', the UTC day (2026-11-24) or the ISO week (2026-W48) */
    period: text().notNull(),
    amount: integer().notNull(),
    /** the credit_ledger entry that gave the credits */
    ledgerEntryId: bigint({ mode: 'number' }).notNull(),
    createdAt: now(),
  },
  (t) => [
    unique('welfare_claims_once_per_period').on(t.campaignId, t.userId, t.period),
    index('welfare_claims_campaign_idx').on(t.campaignId, t.createdAt),
    index('welfare_claims_user_idx').on(t.userId, t.createdAt),
  ],
);
