/**
 * The search index: one row per searchable thing (help document text, store prompt, own prompt,
 * conversation message), written by the modules that own the things through the search service.
 * Owned by server/modules/search.
 */
import { sql } from 'drizzle-orm';
import { customType, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const searchEntries = pgTable(
  'search_entries',
  {
    /** doc | store-prompt | prompt | message (and article once the CMS exists) */
    kind: text().notNull(),
    refId: text().notNull(),
    /** who may see it; null: everyone signed in */
    ownerId: text(),
    /** help documents: the language the text is written in; null: any */
    locale: text(),
    title: text().notNull().default(''),
    body: text().notNull().default(''),
    /** where the result leads in the console (a route with its query) */
    url: text().notNull(),
    /** built from title and body with the CJK text split into overlapping pairs */
    tsv: tsvector().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.refId] }),
    index('search_entries_tsv_idx').using('gin', t.tsv),
    // everyone's entries (help documents, store prompts): searched without the users' own rows
    index('search_entries_public_tsv_idx')
      .using('gin', t.tsv)
      .where(sql`owner_id IS NULL`),
    index('search_entries_owner_idx').on(t.ownerId, t.kind),
  ],
);
