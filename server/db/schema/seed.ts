/** What the initial data has put in once (server/db/seed.ts): a starter item someone deleted stays deleted. */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const seedMarks = pgTable('seed_marks', {
  /** e.g. help-doc:<slug>, store-prompt:<id> */
  key: text().primaryKey(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
