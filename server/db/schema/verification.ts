/** Image captchas and verification codes (issue 4). Owned by server/modules/verify. */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const captchas = pgTable(
  'captchas',
  {
    id: text().primaryKey().default(sql`gen_random_uuid()::text`),
    /** the form it was shown for (register, send-code); it is valid there only */
    scene: text().notNull(),
    /**
     * The answer, lowercase, in plain text: unlike a password or a code it guards nothing once
     * spent, it lives VERIFY.CAPTCHA_TTL_S seconds and is consumed by its first check, right or
     * wrong. Kept readable so the end-to-end tests can solve it from the database.
     */
    answer: text().notNull(),
    ip: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: now(),
  },
  (t) => [index('captchas_ip_idx').on(t.ip, t.createdAt), index('captchas_expires_idx').on(t.expiresAt)],
);

export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** register, login, bind-mobile, bind-email, reset-pwd, set-pwd */
    scene: text().notNull(),
    /** email or mobile */
    channel: text().notNull(),
    /** the address it was sent to (email lowercase) */
    target: text().notNull(),
    /** HMAC-SHA256 of the code under the server's key; the code itself is never stored */
    codeHash: text().notNull(),
    ip: text(),
    /** wrong codes tried against it; at VERIFY.CODE_MAX_ATTEMPTS it is burnt */
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** set when used, replaced by a newer code, or burnt */
    usedAt: timestamp({ withTimezone: true }),
    createdAt: now(),
  },
  (t) => [
    index('verification_codes_target_idx').on(t.target, t.scene, t.createdAt),
    index('verification_codes_ip_idx').on(t.ip, t.createdAt),
    index('verification_codes_expires_idx').on(t.expiresAt),
  ],
);
