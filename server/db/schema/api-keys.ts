/**
 * Personal API keys (owned by server/modules/api-keys): a user's keys for calling models from
 * their own programs through the relay. The key itself is never stored: only its SHA-256.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    /** what its calls under way hold now: counted against its caps until they settle */
    creditsHeld: bigint({ mode: 'number' }).notNull().default(0),
    /** requests and tokens a minute it may use; null: the service's defaults (RELAY_LIMITS) */
    rpmLimit: integer(),
    tpmLimit: integer(),
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
    check('api_keys_rates', sql`${t.rpmLimit} >= 1 AND ${t.tpmLimit} >= 1`),
  ],
);

/** a key's use per day (the service's zone) and model: its holder's usage page and its daily cap */
export const apiKeyDays = pgTable(
  'api_key_days',
  {
    keyId: text().notNull(),
    day: date().notNull(),
    modelId: text().notNull(),
    modelName: text().notNull(),
    requests: integer().notNull().default(0),
    errors: integer().notNull().default(0),
    inputTokens: bigint({ mode: 'number' }).notNull().default(0),
    outputTokens: bigint({ mode: 'number' }).notNull().default(0),
    credits: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.day, t.modelId] })],
);

/**
 * A key's requests and tokens in one minute: the rate limits, counted in the database so they
 * hold across instances (rows older than a few minutes are cleared by a job)
 */
export const apiKeyMinutes = pgTable(
  'api_key_minutes',
  {
    keyId: text().notNull(),
    minute: timestamp({ withTimezone: true }).notNull(),
    requests: integer().notNull().default(0),
    tokens: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.minute] })],
);
