/**
 * Help documents: a tree of sections and pages, each written in the three console languages.
 * Owned by server/modules/docs.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const helpDocuments = pgTable(
  'help_documents',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    parentId: text().references((): AnyPgColumn => helpDocuments.id, { onDelete: 'cascade' }),
    /** a stable name for links (unique) */
    slug: text().notNull().unique(),
    sort: integer().notNull().default(0),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [index('help_documents_parent_idx').on(t.parentId, t.sort)],
);

export const helpDocumentTexts = pgTable(
  'help_document_texts',
  {
    documentId: text()
      .notNull()
      .references(() => helpDocuments.id, { onDelete: 'cascade' }),
    /** en-US | zh-CN | zh-TW */
    locale: text().notNull(),
    title: text().notNull(),
    /** markdown */
    body: text().notNull().default(''),
    updatedBy: text(),
    updatedAt: now(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.locale] })],
);
