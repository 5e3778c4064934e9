/**
 * Prompt templates: a user's own reusable prompts and every saved version of each (owned by
 * server/modules/prompts).
 */
import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const promptTemplates = pgTable(
  'prompt_templates',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    category: text().notNull().default(''),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** the model the chat starts with; null: the chat's default */
    modelId: text(),
    /** the number of the latest saved version */
    version: integer().notNull().default(1),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [index('prompt_templates_user_idx').on(t.userId, t.updatedAt.desc())],
);

export const promptTemplateVersions = pgTable(
  'prompt_template_versions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    templateId: text()
      .notNull()
      .references(() => promptTemplates.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    category: text().notNull().default(''),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    modelId: text(),
    createdAt: now(),
  },
  (t) => [unique('prompt_template_versions_uq').on(t.templateId, t.version)],
);
