/** Image captchas and verification codes. Owned by server/modules/verify. */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const captchas = pgTable(
  'captchas',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
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

/**
 * SMS test mode (no SMS provider configured): every message that would have been sent, so
 * admins can read the codes in the console. Nothing is written here when a provider is set.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    mobile: text().notNull(),
    scene: text().notNull(),
    /** the message as it would have been sent (holds the code: test mode only) */
    content: text().notNull(),
    createdAt: now(),
  },
  (t) => [index('sms_outbox_created_idx').on(t.createdAt.desc())],
);

/**
 * OAuth2 state of a third-party sign-in (weixin): issued with the authorize URL, checked and
 * spent by the callback. `userId` is set when a signed-in user links the provider to an account.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    state: text().primaryKey(),
    provider: text().notNull(),
    /** login | bind */
    purpose: text().notNull(),
    userId: text(),
    /** where the console goes afterwards (a console path) */
    redirect: text(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    /**
     * After a successful callback: sha-256 of the one-time ticket the console exchanges for a
     * sign-in (tokens never travel in a URL), the account it signs in to, and its expiry.
     */
    ticketHash: text(),
    resultUserId: text(),
    ticketExpiresAt: timestamp({ withTimezone: true }),
    ticketUsedAt: timestamp({ withTimezone: true }),
    createdAt: now(),
  },
  (t) => [index('oauth_states_expires_idx').on(t.expiresAt), uniqueIndex('oauth_states_ticket_key').on(t.ticketHash)],
);
