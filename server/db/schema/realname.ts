/** Real-name verification. Owned by server/modules/realname. */
import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const realnameVerifications = pgTable(
  'realname_verifications',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: text().notNull(),
    realName: text().notNull(),
    /** HMAC of the normalised ID number: finds the same ID on other accounts without decrypting */
    idCardHash: text().notNull(),
    /** AES-256-GCM of the ID number (iv.tag.ciphertext, base64url) */
    idCardEnc: text().notNull(),
    /** shown everywhere instead of the number, e.g. 1101**********1234 */
    idCardMasked: text().notNull(),
    /** pending | approved | rejected */
    status: text().notNull().default('pending'),
    reason: text(),
    reviewerId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('realname_user_idx').on(t.userId, t.createdAt),
    index('realname_status_idx').on(t.status, t.createdAt),
    // one account per ID: at most one standing (pending or approved) record per number
    uniqueIndex('realname_id_card_standing_key')
      .on(t.idCardHash)
      .where(sql`status IN ('pending', 'approved')`),
  ],
);
