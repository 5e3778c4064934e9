/** Admin menus (the database part of the left menu). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const adminMenus = pgTable(
  'admin_menus',
  {
    menuId: text().primaryKey(),
    name: text().notNull(),
    icon: text(),
    /** starts with '/' or http; empty = folder node */
    url: text(),
    /** larger comes later */
    sort: integer().notNull().default(0),
    parentId: text(),
    /** empty = admin only */
    permission: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    enable: boolean().notNull().default(true),
    createDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_menus_parent_idx').on(t.parentId)],
);
