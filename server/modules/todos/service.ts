/**
 * The task assistant: a user's tasks and their subtasks (one level), filters with counts, the
 * order the user dragged them into (kept per sibling group), and the subtasks an AI proposal adds.
 */
import { type SQL, sql } from 'drizzle-orm';
import { TODO_LIMITS } from '../../../shared/todo-breakdown';
import { textLength } from '../../../shared/text';
import { AppError } from '../../core/errors';
import { likePattern, plain, query, textArray, type Tx } from '../../core/sql';
import type { Db } from '../../db';
import type { TodoCounts, TodoRow, TodoSubtask } from './schemas';

export const TODO_FILTERS = ['all', 'today', 'upcoming', 'done'] as const;
export type TodoFilter = (typeof TODO_FILTERS)[number];

export interface TodoInput {
  title?: string;
  notes?: string | null;
  due_date?: string | null;
  priority?: number;
  done?: boolean;
}

const columns = sql`t.id, t.parent_id, t.title, t.notes, to_char(t.due_date, 'YYYY-MM-DD') AS due_date, t.priority, t.done, t.done_at,
  t.position, t.created_at, t.updated_at`;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** a YYYY-MM-DD that is a real day (PostgreSQL has no year 0), else INVALID_PARAM on field */
function day(v: string, field: string): string {
  const d = new Date(`${v}T00:00:00Z`);
  if (!DATE.test(v) || v.startsWith('0000') || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v)
    throw new AppError('INVALID_PARAM', { field, params: { reason: 'YYYY-MM-DD' } });
  return v;
}

function title(v: string | undefined, field = 'title'): string {
  const s = (v ?? '').trim();
  if (!s || textLength(s) > TODO_LIMITS.TITLE) throw new AppError('INVALID_PARAM', { field, params: { reason: `1..${TODO_LIMITS.TITLE}` } });
  return s;
}

/** each filter's condition on a top-level task t (today: the caller's date) */
function filterSql(filter: TodoFilter, today: string): SQL {
  switch (filter) {
    case 'today':
      return sql`NOT t.done AND t.due_date <= ${today}::date`;
    case 'upcoming':
      return sql`NOT t.done AND t.due_date > ${today}::date`;
    case 'done':
      return sql`t.done`;
    default:
      return sql`TRUE`;
  }
}

export class TodoService {
  constructor(private db: Db) {}

  /** one of the user's tasks or subtasks; NOT_FOUND for anyone else's */
  async get(userId: string, id: string, tx: Db | Tx = this.db): Promise<TodoSubtask> {
    const [r] = await query<TodoSubtask>(tx, sql`SELECT ${columns} FROM todos t WHERE t.id = ${id} AND t.user_id = ${userId}`);
    if (!r) throw new AppError('NOT_FOUND');
    return plain(r);
  }

  /** a task with its subtasks in order */
  async getWithSubtasks(userId: string, id: string, tx: Db | Tx = this.db): Promise<TodoRow> {
    const task = await this.get(userId, id, tx);
    const subs = (await query<TodoSubtask>(tx, sql`SELECT ${columns} FROM todos t WHERE t.parent_id = ${id} ORDER BY t.position, t.created_at`)).map(plain);
    return { ...task, subtasks: subs };
  }

  /** the top-level tasks of a filter (with their subtasks) and every filter's count */
  async list(userId: string, opts: { filter: TodoFilter; keyword?: string; today: string }): Promise<{ tasks: TodoRow[]; counts: TodoCounts }> {
    const today = day(opts.today, 'today');
    const kw = opts.keyword?.trim();
    const match = kw
      ? sql`(t.title ILIKE ${likePattern(kw)} OR t.notes ILIKE ${likePattern(kw)} OR EXISTS (SELECT 1 FROM todos s WHERE s.parent_id = t.id AND s.title ILIKE ${likePattern(kw)}))`
      : sql`TRUE`;
    const own = sql`t.user_id = ${userId} AND t.parent_id IS NULL AND ${match}`;
    const [tasks, [counts]] = await Promise.all([
      query<TodoSubtask>(this.db, sql`SELECT ${columns} FROM todos t WHERE ${own} AND ${filterSql(opts.filter, today)} ORDER BY t.position, t.created_at`),
      query<TodoCounts>(
        this.db,
        sql`SELECT count(*)::int AS "all",
          (count(*) FILTER (WHERE ${filterSql('today', today)}))::int AS today,
          (count(*) FILTER (WHERE ${filterSql('upcoming', today)}))::int AS upcoming,
          (count(*) FILTER (WHERE ${filterSql('done', today)}))::int AS done
          FROM todos t WHERE ${own}`,
      ),
    ]);
    const ids = tasks.map((t) => t.id);
    const subs = ids.length
      ? (
          await query<TodoSubtask>(this.db, sql`SELECT ${columns} FROM todos t WHERE t.parent_id = ANY(${textArray(ids)}) ORDER BY t.position, t.created_at`)
        ).map(plain)
      : [];
    const byParent = new Map<string, TodoSubtask[]>();
    for (const s of subs) byParent.set(s.parent_id!, [...(byParent.get(s.parent_id!) ?? []), s]);
    return { tasks: tasks.map((t) => ({ ...plain(t), subtasks: byParent.get(t.id) ?? [] })), counts };
  }

  /** the user's not-done tasks due today or earlier, soonest first, and how many there are */
  async due(userId: string, today: string, limit: number): Promise<{ tasks: TodoSubtask[]; total: number }> {
    const d = day(today, 'today');
    const where = sql`t.user_id = ${userId} AND t.parent_id IS NULL AND NOT t.done AND t.due_date <= ${d}::date`;
    const [rows, [n]] = await Promise.all([
      query<TodoSubtask>(this.db, sql`SELECT ${columns} FROM todos t WHERE ${where} ORDER BY t.due_date, t.priority DESC, t.position LIMIT ${limit}`),
      query<{ n: number }>(this.db, sql`SELECT count(*)::int AS n FROM todos t WHERE ${where}`),
    ]);
    return { tasks: rows.map(plain), total: n.n };
  }

  /** the parent a new subtask goes under: the user's own top-level task */
  private async parentFor(tx: Db | Tx, userId: string, parentId: string): Promise<void> {
    const [p] = await query(tx, sql`SELECT parent_id FROM todos WHERE id = ${parentId} AND user_id = ${userId}`);
    if (!p) throw new AppError('NOT_FOUND', { field: 'parent_id' });
    if (p.parent_id) throw new AppError('INVALID_PARAM', { field: 'parent_id', params: { reason: 'a subtask cannot have subtasks' } });
  }

  private fields(input: TodoInput) {
    const out: { notes?: string; due?: string | null; priority?: number } = {};
    if (input.notes !== undefined) {
      const notes = input.notes ?? '';
      if (textLength(notes) > TODO_LIMITS.NOTES) throw new AppError('INVALID_PARAM', { field: 'notes', params: { reason: `0..${TODO_LIMITS.NOTES}` } });
      out.notes = notes;
    }
    if (input.due_date !== undefined) out.due = input.due_date ? day(input.due_date, 'due_date') : null;
    if (input.priority !== undefined) {
      if (!Number.isInteger(input.priority) || input.priority < 0 || input.priority > 3)
        throw new AppError('INVALID_PARAM', { field: 'priority', params: { reason: '0..3' } });
      out.priority = input.priority;
    }
    return out;
  }

  private async insertMany(tx: Tx, userId: string, parentId: string | null, rows: { title: string; notes?: string; due?: string | null; priority?: number }[]) {
    const siblings = parentId ? sql`parent_id = ${parentId}` : sql`parent_id IS NULL`;
    const [{ next }] = await query<{ next: number }>(
      tx,
      sql`SELECT coalesce(max(position), 0) + 1 AS next FROM todos WHERE user_id = ${userId} AND ${siblings}`,
    );
    const ids: string[] = [];
    for (const [i, r] of rows.entries()) {
      const [x] = await query<{ id: string }>(
        tx,
        sql`INSERT INTO todos (user_id, parent_id, title, notes, due_date, priority, position)
          VALUES (${userId}, ${parentId}, ${r.title}, ${r.notes ?? ''}, ${r.due ?? null}, ${r.priority ?? 0}, ${Number(next) + i}) RETURNING id`,
      );
      ids.push(x.id);
    }
    return ids;
  }

  /** a task (or, with parent_id, a subtask) at the end of its siblings; `subtasks` are added under it in the same transaction */
  async create(userId: string, input: TodoInput & { parent_id?: string | null; subtasks?: string[] }): Promise<TodoRow> {
    const t = title(input.title);
    const f = this.fields(input);
    const subs = (input.subtasks ?? []).map((s, i) => title(s, `subtasks.${i}`));
    if (subs.length > TODO_LIMITS.SUBTASKS) throw new AppError('INVALID_PARAM', { field: 'subtasks', params: { reason: `at most ${TODO_LIMITS.SUBTASKS}` } });
    const parentId = input.parent_id || null;
    if (parentId && subs.length) throw new AppError('INVALID_PARAM', { field: 'parent_id', params: { reason: 'a subtask cannot have subtasks' } });
    return this.db.transaction(async (tx) => {
      if (parentId) await this.parentFor(tx, userId, parentId);
      const [id] = await this.insertMany(tx, userId, parentId, [{ title: t, ...f }]);
      if (subs.length)
        await this.insertMany(
          tx,
          userId,
          id,
          subs.map((s) => ({ title: s })),
        );
      return this.getWithSubtasks(userId, id, tx);
    });
  }

  /** changes the given fields; done sets or clears done_at (a task is never marked done for its subtasks) */
  async update(userId: string, id: string, input: TodoInput): Promise<TodoRow> {
    const sets: SQL[] = [sql`updated_at = now()`];
    if (input.title !== undefined) sets.push(sql`title = ${title(input.title)}`);
    const f = this.fields(input);
    if (f.notes !== undefined) sets.push(sql`notes = ${f.notes}`);
    if (f.due !== undefined) sets.push(sql`due_date = ${f.due}`);
    if (f.priority !== undefined) sets.push(sql`priority = ${f.priority}`);
    if (input.done !== undefined)
      sets.push(sql`done = ${input.done}`, sql`done_at = CASE WHEN ${input.done}::boolean THEN coalesce(done_at, now()) ELSE NULL END`);
    const r = await this.db.execute(sql`UPDATE todos SET ${sql.join(sets, sql`, `)} WHERE id = ${id} AND user_id = ${userId}`);
    if (!r.rowCount) throw new AppError('NOT_FOUND');
    return this.getWithSubtasks(userId, id);
  }

  /** deletes a task and (by the foreign key) its subtasks */
  async remove(userId: string, id: string) {
    const r = await this.db.execute(sql`DELETE FROM todos WHERE id = ${id} AND user_id = ${userId}`);
    if (!r.rowCount) throw new AppError('NOT_FOUND');
  }

  /**
   * Puts siblings in the given order: the places they held are dealt out again in that order, so
   * siblings not listed (hidden by a filter) keep theirs.
   */
  async reorder(userId: string, parentId: string | null, ids: string[]) {
    if (new Set(ids).size !== ids.length) throw new AppError('INVALID_PARAM', { field: 'ids', params: { reason: 'repeated id' } });
    await this.db.transaction(async (tx) => {
      const rows = await query<{ id: string; parent_id: string | null; position: number }>(
        tx,
        sql`SELECT id, parent_id, position FROM todos WHERE user_id = ${userId} AND id = ANY(${textArray(ids)}) FOR UPDATE`,
      );
      if (rows.length !== ids.length) throw new AppError('NOT_FOUND', { field: 'ids' });
      if (rows.some((r) => (r.parent_id ?? null) !== parentId)) throw new AppError('INVALID_PARAM', { field: 'parent_id', params: { reason: 'not siblings' } });
      const places = rows.map((r) => Number(r.position)).sort((a, b) => a - b);
      // equal places (never reordered) would keep no order: spread them from the first
      for (let i = 1; i < places.length; i++) if (places[i] <= places[i - 1]) places[i] = places[i - 1] + 1;
      for (const [i, id] of ids.entries()) await tx.execute(sql`UPDATE todos SET position = ${places[i]} WHERE id = ${id}`);
    });
  }

  /** the accepted proposal: every title becomes a subtask of the task, all or none */
  async addSubtasks(userId: string, id: string, titles: string[]): Promise<TodoRow> {
    const clean = titles.map((s, i) => title(s, `titles.${i}`));
    if (!clean.length || clean.length > TODO_LIMITS.SUBTASKS)
      throw new AppError('INVALID_PARAM', { field: 'titles', params: { reason: `1..${TODO_LIMITS.SUBTASKS}` } });
    return this.db.transaction(async (tx) => {
      await this.topLevel(tx, userId, id);
      await this.insertMany(
        tx,
        userId,
        id,
        clean.map((t) => ({ title: t })),
      );
      return this.getWithSubtasks(userId, id, tx);
    });
  }

  /** the user's top-level task (a subtask gets no subtasks: INVALID_PARAM parent_id) */
  async topLevel(tx: Db | Tx, userId: string, id: string): Promise<TodoSubtask> {
    const t = await this.get(userId, id, tx);
    if (t.parent_id) throw new AppError('INVALID_PARAM', { field: 'parent_id', params: { reason: 'a subtask cannot have subtasks' } });
    return t;
  }
}
