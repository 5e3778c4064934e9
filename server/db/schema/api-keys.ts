/**
 * Personal API keys (owned by server/modules/api-keys): a user's keys for calling models from
 * their own programs through the relay. The key itself is never stored: only its SHA-256.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: text().notNull(),
    name: text().notNull(),
    /** SHA-256 (hex) of the whole key: what a call's key is looked up by */
    keyHash: text().notNull(),
    /** what the console shows instead: sk-AbCd…WxYz */
    keyHint: text().notNull(),
    /** null: never expires */
    expiresAt: timestamp({ withTimezone: true }),
    /** the most credits it may spend over its life, and in a day of the service's zone; null: no cap */
    creditCapTotal: bigint({ mode: 'number' }),
    creditCapDaily: bigint({ mode: 'number' }),
    /** the credits it has spent (its calls' captures) */
    creditsUsed: bigint({ mode: 'number' }).notNull().default(0),
    /** the models it may call; empty = every model its holder may use */
    models: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** addresses or CIDR ranges it may be used from; empty = anywhere */
    ipAllow: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    enabled: boolean().notNull().default(true),
    lastUsedAt: timestamp({ withTimezone: true }),
    lastUsedIp: text(),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    uniqueIndex('api_keys_hash_key').on(t.keyHash),
    index('api_keys_user_idx').on(t.userId, t.createdAt),
    check('api_keys_caps', sql`${t.creditCapTotal} >= 1 AND ${t.creditCapDaily} >= 1`),
  ],
);
