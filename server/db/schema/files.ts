/** File service (spec section 5): uploaded files, stored under DATA_DIR/files. Owned by server/modules/files. */
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const files = pgTable(
  'files',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    /** the cloudPath the client chose (spec section 5 rules), unique */
    cloudPath: text().notNull(),
    ownerId: text(),
    /** original file name */
    name: text(),
    size: bigint({ mode: 'number' }).notNull(),
    mime: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('files_cloud_path_key').on(t.cloudPath), index('files_owner_idx').on(t.ownerId, t.createdAt)],
);
