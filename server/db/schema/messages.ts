/**
 * Site messages: what staff write to everyone, some roles, some tags or chosen users, and who read
 * them. Owned by server/modules/messages.
 */
import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const siteMessages = pgTable(
  'site_messages',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    title: text().notNull(),
    /** markdown; the console renders it without raw HTML */
    body: text().notNull(),
    /** everyone | roles | tags | users: who it is meant for, matched when a user reads the inbox */
    audience: text().notNull().default('everyone'),
    /** the role ids, tag ids or user ids the audience names (empty for everyone) */
    audienceIds: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** null: a draft; in the future: scheduled. The status is derived, so no job publishes it */
    publishAt: timestamp({ withTimezone: true }),
    /** set: out of every inbox (its reads are kept) */
    withdrawnAt: timestamp({ withTimezone: true }),
    authorId: text(),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [
    // the inbox (MessageService.inbox, unreadCount): the messages to everyone that are not
    // withdrawn, and the others through their audience's ids
    index('site_messages_everyone_idx')
      .on(t.publishAt.desc())
      .where(sql`${t.audience} = 'everyone' AND ${t.withdrawnAt} IS NULL`),
    index('site_messages_audience_idx').using('gin', t.audienceIds),
    index('site_messages_updated_idx').on(t.updatedAt.desc(), t.id),
  ],
);

export const siteMessageReads = pgTable(
  'site_message_reads',
  {
    messageId: text()
      .notNull()
      .references(() => siteMessages.id, { onDelete: 'cascade' }),
    userId: text().notNull(),
    readAt: now(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.messageId] }), index('site_message_reads_message_idx').on(t.messageId, t.readAt.desc())],
);
