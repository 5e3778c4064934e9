/** The task assistant: a user's tasks and their subtasks. Owned by server/modules/todos. */
import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, pgTable, smallint, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const todos = pgTable(
  'todos',
  {
    id: text()
      .primaryKey()
      .default(sql`gen_random_uuid()::text`),
    userId: text().notNull(),
    /** a subtask's task (one level deep) */
    parentId: text().references((): AnyPgColumn => todos.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    notes: text().notNull().default(''),
    dueDate: date({ mode: 'string' }),
    /** 0 none, 1 low, 2 medium, 3 high */
    priority: smallint().notNull().default(0),
    done: boolean().notNull().default(false),
    doneAt: timestamp({ withTimezone: true }),
    /** the order the user dragged them into (among siblings) */
    position: doublePrecision().notNull().default(0),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [index('todos_user_idx').on(t.userId, t.parentId, t.position), index('todos_due_idx').on(t.userId, t.done, t.dueDate)],
);
