/**
 * The content management section (uni-cms): article categories and articles (rich text kept
 * sanitized, covers as file urls, counts, preview secret). Owned by server/modules/cms.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const cmsCategories = pgTable('cms_categories', {
  id: text()
    .primaryKey()
    .default(sql`gen_random_uuid()::text`),
  name: text().notNull(),
  description: text().notNull().default(''),
  /** an icon name of the console's icon set, or an image url */
  icon: text().notNull().default(''),
  sort: integer().notNull().default(0),
  /** articles in the category, kept exact by the article writes' transactions */
  articleCount: integer().notNull().default(0),
  createDate: now(),
});

export const cmsArticles = pgTable(
  'cms_articles',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    /** the author (the staff member who created it) */
    userId: text(),
    categoryId: text().references(() => cmsCategories.id),
    title: text().notNull(),
    /** sanitized HTML (sanitize.ts), never what the browser sent */
    content: text().notNull().default(''),
    excerpt: text().notNull().default(''),
    /** 0 draft, 1 published */
    articleStatus: integer().notNull().default(0),
    /** none | one | three: how many cover images the list shows */
    coverMode: text().notNull().default('none'),
    thumbnail: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    viewCount: integer().notNull().default(0),
    likeCount: integer().notNull().default(0),
    commentCount: integer().notNull().default(0),
    isSticky: boolean().notNull().default(false),
    isEssence: boolean().notNull().default(false),
    /** 0 comments closed, 1 open */
    commentStatus: integer().notNull().default(1),
    publishDate: timestamp({ withTimezone: true }),
    publishIp: text(),
    lastModifyDate: now(),
    lastModifyIp: text(),
    /** random, part of every preview link's signature: a new one revokes the links given out */
    previewSecret: text().notNull(),
    createDate: now(),
  },
  (t) => [index('cms_articles_status_idx').on(t.articleStatus, t.isSticky.desc(), t.publishDate.desc()), index('cms_articles_category_idx').on(t.categoryId)],
);
