/**
 * The list query every resource uses (ProTable's server side): a resource describes itself once
 * in a ListSpec; keyword search (case-insensitive ILIKE over the spec's search fields; the big
 * tables back it with pg_trgm GIN indexes), filters, whitelisted sorting and paging (20 by
 * default, 500 at most) answering `{ data, total }`. Cache: cache.ts; export: export.ts; routes: routes.ts.
 */
import { type TSchema, Type } from '@sinclair/typebox';
import { type SQL, sql } from 'drizzle-orm';
import type { ListQueryBase, SortOrder } from '../../../shared/list-query';
import { LIST } from '../../config';
import type { Db } from '../../db';
import { AppError } from '../errors';
import type { Lang } from '../i18n';
import { intArray, likePattern, plain, query, type Row, textArray } from '../sql';

// ------------------------------------------------------------------------------------------
// the spec of one resource's list

export type Filter =
  /** `field=a&field=b`: the column equals one of the values */
  | { kind: 'eq'; column: SQL; type?: 'text' | 'int' | 'bool' }
  /** `field=a&field=b`: the array column holds any of the values */
  | { kind: 'overlaps'; column: SQL }
  /** `field_from` / `field_to` (ISO dates or date-times, inclusive) */
  | { kind: 'range'; column: SQL }
  /** anything else: values -> condition */
  | { kind: 'custom'; build: (values: string[]) => SQL };

export interface ExportColumn {
  key: string;
  /** translation key of the header; `field.<key>` by default */
  header?: string;
  width?: number;
  /** the cell of a (mapped) row; by default the row's value, arrays joined with ', ' */
  value?: (row: Row, lang: Lang) => string | number | boolean | null | undefined;
  date?: boolean;
}

export interface ListSpec {
  /** the file name of exports */
  resource: string;
  /** FROM clause, e.g. sql`users u` */
  from: SQL;
  /** set when `from` is one table under this alias (lets a keyword page skip work, see runList) */
  alias?: string;
  /** SELECT list, aliased with the API's field names */
  columns: SQL;
  /** expressions the keyword is searched in with ILIKE (OR), unless keywordWhere is set */
  search?: SQL[];
  /**
   * the whole keyword condition of a resource that matches keywords its own way (the users:
   * a prefix rule for short keywords, role names); gets the keyword trimmed, never empty
   */
  keywordWhere?: (keyword: string) => SQL;
  /** a condition every row satisfies, whatever the query (optional) */
  where?: SQL;
  filters: Record<string, Filter>;
  sorts: Record<string, SQL>;
  /** sort fields whose column may be NULL: nulls come last in both directions */
  nullable?: string[];
  defaultSort: { field: string; order: SortOrder };
  /** unique column appended to every ORDER BY so paging is stable */
  tiebreak: SQL;
  /** db row -> API row (dates are ISO strings already) */
  toRow?: (r: Row) => Row;
  /** the columns of the export, in the list's order */
  exportColumns: ExportColumn[];
  /**
   * the tables the rows are read from. Required for a cached list: every one must be counted
   * by change_counters (COUNTED_TABLES, core/list/cache.ts), or registering the list throws
   */
  reads?: string[];
  /** pages may come from the list cache (core/list/cache.ts) */
  cached?: boolean;
  /**
   * `from` is an aggregate (a report's rows): the page and the count come from one query, so the
   * aggregate is computed once (a plain table is counted apart, its page read along an index)
   */
  aggregate?: boolean;
}

export type { SortOrder };

// ------------------------------------------------------------------------------------------
// query schema and parsing

/** the last page one may ask for (a million pages of the largest size) */
const MAX_PAGE = 1_000_000;

/** PostgreSQL's int4, the type of the integer columns filtered on */
const INT4_MAX = 2_147_483_647;

const StringList = Type.Array(Type.String({ maxLength: 200 }), { maxItems: LIST.MAX_PAGE_SIZE });

export function listQuerySchema(spec: ListSpec, opts: { export?: boolean } = {}) {
  const props: Record<string, TSchema> = {
    // bounded so (current - 1) * pageSize stays a safe integer and a valid OFFSET
    current: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: LIST.MAX_PAGE_SIZE, default: LIST.DEFAULT_PAGE_SIZE })),
    keyword: Type.Optional(Type.String({ maxLength: 100 })),
    sortField: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: Object.keys(spec.sorts) })),
    sortOrder: Type.Optional(Type.Unsafe<SortOrder>({ type: 'string', enum: ['ascend', 'descend'] })),
  };
  for (const [name, f] of Object.entries(spec.filters)) {
    if (f.kind === 'range') {
      props[`${name}_from`] = Type.Optional(Type.String({ maxLength: 40 }));
      props[`${name}_to`] = Type.Optional(Type.String({ maxLength: 40 }));
    } else {
      props[name] = Type.Optional(StringList);
    }
  }
  if (opts.export) {
    props.columns = Type.Optional(Type.Array(Type.Unsafe<string>({ type: 'string', enum: spec.exportColumns.map((c) => c.key) })));
    /** the browser's Date#getTimezoneOffset(), so exported times read as local times */
    props.tzOffset = Type.Optional(Type.Integer({ minimum: -840, maximum: 840 }));
  }
  return Type.Object(props);
}

export interface ListQuery extends ListQueryBase {
  columns?: string[];
  tzOffset?: number;
  [filter: string]: unknown;
}

/**
 * A date the database can store and compare: years 1 to 9999 (PostgreSQL has no year 0, and
 * 'infinity' or year 300000 are no calendar dates a person filters on).
 */
function parseDate(v: string, field: string, end: boolean): Date {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(v);
  const d = new Date(dateOnly ? `${v}T00:00:00Z` : v);
  const year = d.getUTCFullYear();
  if (Number.isNaN(d.getTime()) || year < 1 || year > 9999) throw new AppError('INVALID_PARAM', { field, params: { reason: 'not a date' } });
  // a date-only upper bound includes the whole day
  if (dateOnly && end) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/** the keyword as searched: trimmed, line breaks (the users' search text separator) removed */
const keywordOf = (q: ListQuery) => q.keyword?.replace(/[\r\n]+/g, ' ').trim() || '';

/** the WHERE clause of a query (keyword + filters), validating every value */
export function whereOf(spec: ListSpec, q: ListQuery): SQL {
  const conds: SQL[] = spec.where ? [spec.where] : [];
  const kw = keywordOf(q);
  if (kw && spec.keywordWhere) {
    conds.push(sql`(${spec.keywordWhere(kw)})`);
  } else if (kw) {
    const p = likePattern(kw);
    conds.push(
      spec.search?.length
        ? sql`(${sql.join(
            spec.search.map((e) => sql`${e} ILIKE ${p}`),
            sql` OR `,
          )})`
        : sql`false`,
    );
  }
  for (const [name, f] of Object.entries(spec.filters)) {
    if (f.kind === 'range') {
      const from = q[`${name}_from`] as string | undefined;
      const to = q[`${name}_to`] as string | undefined;
      if (from) conds.push(sql`${f.column} >= ${parseDate(from, `${name}_from`, false)}`);
      if (to) {
        const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(to);
        const end = parseDate(to, `${name}_to`, true);
        conds.push(dateOnly ? sql`${f.column} < ${end}` : sql`${f.column} <= ${end}`);
      }
      continue;
    }
    const raw = q[name] as string[] | undefined;
    const values = raw?.filter((v) => v !== '');
    if (!values?.length) continue;
    if (f.kind === 'custom') {
      conds.push(f.build(values));
    } else if (f.kind === 'overlaps') {
      conds.push(sql`${f.column} && ${textArray(values)}`);
    } else if (f.type === 'int') {
      const ints = values.map(Number);
      if (ints.some((n) => !Number.isInteger(n) || Math.abs(n) > INT4_MAX)) throw new AppError('PARAM_ERROR', { field: name, params: { type: 'integer' } });
      conds.push(sql`${f.column} = ANY(${intArray(ints)})`);
    } else if (f.type === 'bool') {
      const bools = values.map((v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : null));
      if (bools.some((b) => b === null)) throw new AppError('PARAM_ERROR', { field: name, params: { type: 'boolean' } });
      conds.push(sql`${f.column} = ANY(${sql.param(bools)}::boolean[])`);
    } else {
      conds.push(sql`${f.column} = ANY(${textArray(values)})`);
    }
  }
  return conds.length ? sql`WHERE ${sql.join(conds, sql` AND `)}` : sql``;
}

/** the sort expression, direction and null placement a query asks for (validated) */
function sortOf(spec: ListSpec, q: ListQuery) {
  const field = q.sortField ?? spec.defaultSort.field;
  const expr = spec.sorts[field];
  if (!expr) throw new AppError('INVALID_PARAM', { field: 'sortField', params: { reason: `cannot sort on ${field}` } });
  const order = q.sortField ? (q.sortOrder ?? 'ascend') : (q.sortOrder ?? spec.defaultSort.order);
  const dir = sql.raw(order === 'descend' ? 'DESC' : 'ASC');
  // NULLS LAST only where nulls can occur, so the plain (x, id) indexes serve both directions
  const nulls = sql.raw(spec.nullable?.includes(field) ? ' NULLS LAST' : '');
  return { expr, dir, nulls };
}

export function orderOf(spec: ListSpec, q: ListQuery): SQL {
  const { expr, dir, nulls } = sortOf(spec, q);
  return sql`ORDER BY ${expr} ${dir}${nulls}, ${spec.tiebreak} ${dir}`;
}

/**
 * One page and the total. With a keyword, the matches (found through the keyword's indexes) are
 * gathered once and both counted and paged in one query; without one, the page comes along an
 * order index and the total from its own count, run side by side.
 */
export type ListResult = { data: Row[]; total: number };

export async function runList(db: Db, spec: ListSpec, q: ListQuery): Promise<ListResult> {
  const where = whereOf(spec, q);
  const order = orderOf(spec, q);
  const pageSize = Math.min(q.pageSize ?? LIST.DEFAULT_PAGE_SIZE, LIST.MAX_PAGE_SIZE);
  const offset = ((q.current ?? 1) - 1) * pageSize;
  const map = (r: Row) => (spec.toRow ?? ((x: Row) => x))(plain(r));
  const count = async () => Number((await query<{ n: string }>(db, sql`SELECT count(*) AS n FROM ${spec.from} ${where}`))[0].n);
  if (keywordOf(q) && spec.alias) {
    // a one-table FROM: the matches are gathered once (planned without the LIMIT, so through
    // the keyword's indexes rather than along an order index), keeping only their sort key and
    // tiebreak (narrow rows: a broad keyword gathers thousands), counted, and the page cut from
    // them; the page's rows are read again by tiebreak and their columns (subqueries) computed
    // for the page only. The count row comes even past the last page, so one round trip.
    const { expr, dir, nulls } = sortOf(spec, q);
    const keyOrder = sql`ORDER BY "__s" ${dir}${nulls}, "__k" ${dir}`;
    const rows = await query(
      db,
      sql`WITH "matches" AS MATERIALIZED (SELECT ${expr} AS "__s", ${spec.tiebreak} AS "__k" FROM ${spec.from} ${where}),
        "page" AS (SELECT "__s", "__k" FROM "matches" ${keyOrder} LIMIT ${pageSize} OFFSET ${offset})
        SELECT "p".*, "c"."__total" FROM (SELECT count(*) AS "__total" FROM "matches") "c"
          LEFT JOIN (SELECT ${spec.columns}, "page"."__s", "page"."__k" FROM "page" JOIN ${spec.from} ON ${spec.tiebreak} = "page"."__k") "p" ON true
          ${keyOrder}`,
    );
    const total = Number(rows[0].__total);
    return { data: rows.filter((r) => r.__k !== null).map(({ __total, __s, __k, ...r }) => map(r)), total };
  }
  if (keywordOf(q) || spec.aggregate) {
    const rows = await query(
      db,
      sql`SELECT ${spec.columns}, count(*) OVER () AS "__total" FROM ${spec.from} ${where} ${order} LIMIT ${pageSize} OFFSET ${offset}`,
    );
    // past the last page the window has no row to carry the total
    const total = rows.length ? Number(rows[0].__total) : offset > 0 ? await count() : 0;
    return { data: rows.map(({ __total, ...r }) => map(r)), total };
  }
  const [rows, total] = await Promise.all([
    query(db, sql`SELECT ${spec.columns} FROM ${spec.from} ${where} ${order} LIMIT ${pageSize} OFFSET ${offset}`),
    count(),
  ]);
  return { data: rows.map(map), total };
}
