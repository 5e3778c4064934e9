/**
 * The prompt store: prompts published for everyone (curated by staff or submitted by users for
 * review), favourites and uses. Owned by server/modules/prompt-store.
 */
import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const storePrompts = pgTable(
  'store_prompts',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    title: text().notNull(),
    description: text().notNull().default(''),
    body: text().notNull(),
    category: text().notNull().default(''),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    modelId: text(),
    /** who submitted it (a user publishing an own template) or who added it (staff) */
    authorId: text(),
    /** the own template it was published from, if any */
    sourceTemplateId: text(),
    /** pending | approved | rejected | taken_down */
    status: text().notNull().default('pending'),
    /** why it was rejected or taken down: the author sees it */
    reason: text(),
    featured: boolean().notNull().default(false),
    useCount: integer().notNull().default(0),
    favouriteCount: integer().notNull().default(0),
    reviewedBy: text(),
    reviewedAt: timestamp({ withTimezone: true }),
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [index('store_prompts_status_idx').on(t.status, t.publishedAt.desc()), index('store_prompts_author_idx').on(t.authorId, t.createdAt.desc())],
);

export const storePromptFavourites = pgTable(
  'store_prompt_favourites',
  {
    promptId: text()
      .notNull()
      .references(() => storePrompts.id, { onDelete: 'cascade' }),
    userId: text().notNull(),
    createdAt: now(),
  },
  (t) => [primaryKey({ columns: [t.promptId, t.userId] }), index('store_prompt_favourites_user_idx').on(t.userId, t.createdAt.desc())],
);

/** one row per question sent to the chat with a store prompt: what "most used" counts */
export const storePromptUses = pgTable(
  'store_prompt_uses',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    promptId: text()
      .notNull()
      .references(() => storePrompts.id, { onDelete: 'cascade' }),
    userId: text().notNull(),
    conversationId: text(),
    createdAt: now(),
  },
  (t) => [index('store_prompt_uses_prompt_idx').on(t.promptId, t.createdAt)],
);
