/**
 * The one list building block every system resource uses (ProTable's server side):
 * keyword search (case-insensitive, ILIKE over the resource's search fields; the big tables
 * back it with pg_trgm GIN indexes), filters, whitelisted sorting, paging (20 by default, 500
 * at most) answering `{ success, data, total }`; an xlsx export of the whole current query,
 * streamed from a server-side cursor in batches (never every row in memory); and batch delete
 * in one transaction.
 *
 * A resource describes itself once in a ListSpec; `registerListRoutes` adds its
 *   GET    <base>          the list
 *   GET    <base>/export   the xlsx of every matching row
 *   DELETE <base>          { ids } -> { deleted }
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIST } from '../config';
import type { Db } from '../db';
import type { AccessRule } from './auth';
import { AppError } from './errors';
import { pickLang, t, type Lang } from './i18n';
import { List, Ok } from './schemas';
import { type Cell, XlsxStream } from './xlsx';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Row = Record<string, unknown>;

// ------------------------------------------------------------------------------------------
// SQL helpers

const dialect = new PgDialect();

/** a JS array as one PostgreSQL text[] parameter (drizzle would otherwise expand it) */
export const textArray = (xs: readonly string[]) => sql`${sql.param([...xs])}::text[]`;
export const intArray = (xs: readonly number[]) => sql`${sql.param([...xs])}::int[]`;

/** `%kw%` with LIKE's wildcards escaped (backslash is ILIKE's default escape) */
export const likePattern = (kw: string) => `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const compile = (q: SQL) => dialect.sqlToQuery(q);

/** runs a compiled query through the pool or a transaction's client */
export async function query<T extends Row = Row>(db: Db | Tx, q: SQL): Promise<T[]> {
  const r = await db.execute(q);
  return r.rows as T[];
}

/** maps a unique violation to ID_EXISTS (or the given code) on the right field */
export function uniqueViolation(e: unknown, fields: Record<string, { code?: 'ID_EXISTS' | 'ACCOUNT_EXISTS'; field: string }>): never {
  // drizzle wraps the driver's error in its own (the pg error is the cause)
  const outer = e as { code?: string; constraint?: string; cause?: unknown };
  const err = (outer?.code ? outer : (outer?.cause as typeof outer | undefined)) ?? {};
  if (err.code === '23505' && err.constraint) {
    const hit = fields[err.constraint];
    if (hit) throw new AppError(hit.code ?? 'ID_EXISTS', { field: hit.field, cause: e });
  }
  throw e;
}

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
  /** expressions the keyword is searched in with ILIKE (OR) */
  search: SQL[];
  /**
   * more keyword conditions, worked out before the query (e.g. role names -> role ids, so the
   * condition is a constant the planner can put on an index); null = none
   */
  searchMore?: (db: Db, pattern: string) => Promise<SQL | null>;
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
   * the rows depend on nothing but users, roles and tags (whose changes change_counters
   * counts): pages may come from the list cache (see ListCache)
   */
  cached?: boolean;
}

export type SortOrder = 'ascend' | 'descend';

// ------------------------------------------------------------------------------------------
// query schema and parsing

const StringList = Type.Array(Type.String({ maxLength: 200 }), { maxItems: LIST.MAX_PAGE_SIZE });

export function listQuerySchema(spec: ListSpec, opts: { export?: boolean } = {}) {
  const props: Record<string, TSchema> = {
    current: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
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

export interface ListQuery {
  current?: number;
  pageSize?: number;
  keyword?: string;
  sortField?: string;
  sortOrder?: SortOrder;
  columns?: string[];
  tzOffset?: number;
  [filter: string]: unknown;
}

function parseDate(v: string, field: string, end: boolean): Date {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(v);
  const d = new Date(dateOnly ? `${v}T00:00:00Z` : v);
  if (Number.isNaN(d.getTime())) throw new AppError('INVALID_PARAM', { field, params: { reason: 'not a date' } });
  // a date-only upper bound includes the whole day
  if (dateOnly && end) d.setUTCDate(d.getUTCDate() + 1);
  return d;
}

/** the keyword as searched: trimmed, line breaks (the users' search text separator) removed */
export const keywordOf = (q: ListQuery) => q.keyword?.replace(/[\r\n]+/g, ' ').trim() || '';

/** the WHERE clause of a query (keyword + filters), validating every value */
export async function whereOf(db: Db, spec: ListSpec, q: ListQuery): Promise<SQL> {
  const conds: SQL[] = spec.where ? [spec.where] : [];
  const kw = keywordOf(q);
  if (kw) {
    const p = likePattern(kw);
    const arms = spec.search.map((e) => sql`${e} ILIKE ${p}`);
    const more = await spec.searchMore?.(db, p);
    if (more) arms.push(more);
    conds.push(arms.length ? sql`(${sql.join(arms, sql` OR `)})` : sql`false`);
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
      if (ints.some((n) => !Number.isInteger(n))) throw new AppError('PARAM_ERROR', { field: name, params: { type: 'integer' } });
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

export function orderOf(spec: ListSpec, q: ListQuery): SQL {
  const field = q.sortField ?? spec.defaultSort.field;
  const expr = spec.sorts[field];
  if (!expr) throw new AppError('INVALID_PARAM', { field: 'sortField', params: { reason: `cannot sort on ${field}` } });
  const order = q.sortField ? (q.sortOrder ?? 'ascend') : (q.sortOrder ?? spec.defaultSort.order);
  const dir = sql.raw(order === 'descend' ? 'DESC' : 'ASC');
  // NULLS LAST only where nulls can occur, so the plain (x, id) indexes serve both directions
  const nulls = sql.raw(spec.nullable?.includes(field) ? ' NULLS LAST' : '');
  return sql`ORDER BY ${expr} ${dir}${nulls}, ${spec.tiebreak} ${dir}`;
}

/** Date values become ISO strings, bigint counts numbers */
export function plain(r: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(r)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out;
}

// ------------------------------------------------------------------------------------------
// list, export, delete

/**
 * One page and the total. With a keyword, the matches (found through the trigram index) are
 * gathered once and both counted and paged in one query; without one, the page comes along an
 * order index and the total from its own count, run side by side.
 */
export async function runList(db: Db, spec: ListSpec, q: ListQuery): Promise<{ data: Row[]; total: number }> {
  const where = await whereOf(db, spec, q);
  const order = orderOf(spec, q);
  const pageSize = Math.min(q.pageSize ?? LIST.DEFAULT_PAGE_SIZE, LIST.MAX_PAGE_SIZE);
  const offset = ((q.current ?? 1) - 1) * pageSize;
  const map = (r: Row) => (spec.toRow ?? ((x: Row) => x))(plain(r));
  const count = async () => Number((await query<{ n: string }>(db, sql`SELECT count(*) AS n FROM ${spec.from} ${where}`))[0].n);
  if (keywordOf(q)) {
    const page = sql`LIMIT ${pageSize} OFFSET ${offset}`;
    // a one-table FROM: the matches are gathered once (planned without the LIMIT, so through
    // the trigram index rather than along an order index), counted, and the page cut from
    // them; the columns (subqueries) are computed for the page only
    const a = spec.alias ? sql.raw(spec.alias) : null;
    const rows = a
      ? await query(db, sql`WITH "matches" AS MATERIALIZED (SELECT ${a}.* FROM ${spec.from} ${where})
          SELECT ${spec.columns}, (SELECT count(*) FROM "matches") AS "__total"
            FROM (SELECT * FROM "matches" ${a} ${order} ${page}) ${a} ${order}`)
      : await query(db, sql`SELECT ${spec.columns}, count(*) OVER () AS "__total" FROM ${spec.from} ${where} ${order} ${page}`);
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

// ------------------------------------------------------------------------------------------
// the list cache

type ListResult = { data: Row[]; total: number };

/**
 * Pages of cached lists (ListSpec.cached), keyed by the resource and the exact query, each with
 * the data version it was computed under: the sum of change_counters, which a deferred trigger
 * raises at the commit of every transaction that changed users, roles or tags, from whatever
 * wrote (migration 0005). The version comes with the per-request token check
 * (AccountService.assertTokenStands, same round trip), read before the page's query runs, so an
 * entry never holds data older than its version: a page is served from here only when nothing it
 * depends on changed since, on any instance. Access is checked before, on every request.
 * Bounded by entries and rows, least recently used first out.
 */
export class ListCache {
  private entries = new Map<string, { version: bigint; result: ListResult }>();
  private rows = 0;
  constructor(
    private maxEntries = 1000,
    private maxRows = 20_000,
  ) {}

  static keyOf(spec: ListSpec, q: ListQuery): string {
    return JSON.stringify([spec.resource, ...Object.keys(q).sort().map((k) => [k, q[k]])]);
  }

  get(key: string, version: string): ListResult | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    if (e.version !== BigInt(version)) {
      this.rows -= e.result.data.length;
      return undefined;
    }
    this.entries.set(key, e); // most recently used last
    return e.result;
  }

  set(key: string, version: string, result: ListResult) {
    const v = BigInt(version);
    const old = this.entries.get(key);
    // a slower request that read an older version must not replace a newer page
    if (old && old.version > v) return;
    if (old) {
      this.entries.delete(key);
      this.rows -= old.result.data.length;
    }
    if (result.data.length > this.maxRows) return;
    this.entries.set(key, { version: v, result });
    this.rows += result.data.length;
    while (this.entries.size > this.maxEntries || this.rows > this.maxRows) {
      const [k, e] = this.entries.entries().next().value!;
      this.entries.delete(k);
      this.rows -= e.result.data.length;
    }
  }
}

/** LIST_CACHE=off: every page from the database (the bench measures both ways) */
const LIST_CACHE_OFF = process.env.LIST_CACHE === 'off';

/** one cache per database (tests run several apps, each on its own database, in one process) */
const caches = new WeakMap<Db, ListCache>();
export function listCacheOf(db: Db): ListCache {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new ListCache()));
  return c;
}

/**
 * runList through the list cache when the spec allows it and the request's token check read
 * the data version (every signed-in request does)
 */
export async function cachedList(db: Db, spec: ListSpec, q: ListQuery, version: string | undefined): Promise<ListResult> {
  if (!spec.cached || !version || LIST_CACHE_OFF) return runList(db, spec, q);
  const cache = listCacheOf(db);
  const key = ListCache.keyOf(spec, q);
  const hit = cache.get(key, version);
  if (hit) return hit;
  const result = await runList(db, spec, q);
  cache.set(key, version, result);
  return result;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXPORT_BATCH = 1000;

const pad = (n: number) => String(n).padStart(2, '0');
function formatDate(iso: string, tzOffset: number): string {
  const d = new Date(new Date(iso).getTime() - tzOffset * 60_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export function exportFileName(resource: string, now = new Date()): string {
  const s = now.toISOString();
  return `${resource}-${s.slice(0, 10).replace(/-/g, '')}-${s.slice(11, 19).replace(/:/g, '')}.xlsx`;
}

function cellOf(c: ExportColumn, row: Row, lang: Lang, tzOffset: number): Cell {
  const v = c.value ? c.value(row, lang) : row[c.key];
  if (v === null || v === undefined) return null;
  if (c.date && typeof v === 'string') return formatDate(v, tzOffset);
  if (Array.isArray(v)) return v.join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return v as string | number | boolean;
}

/**
 * Streams every row of the query as xlsx. The query runs in a read-only snapshot through a
 * server-side cursor, EXPORT_BATCH rows at a time; bad input is refused before anything is sent.
 */
export async function streamExport(db: Db, spec: ListSpec, q: ListQuery, req: FastifyRequest, reply: FastifyReply) {
  const where = await whereOf(db, spec, q);
  const order = orderOf(spec, q);
  const lang = pickLang(req.headers['accept-language']);
  const tz = q.tzOffset ?? 0;
  const wanted = q.columns?.length ? new Set(q.columns) : null;
  const cols = spec.exportColumns.filter((c) => !wanted || wanted.has(c.key));
  const map = spec.toRow ?? ((r: Row) => r);
  const { sql: text, params } = compile(sql`SELECT ${spec.columns} FROM ${spec.from} ${where} ${order}`);

  const client = await db.$client.connect();
  let released = false;
  const release = async (ok: boolean) => {
    if (released) return;
    released = true;
    await client.query(ok ? 'COMMIT' : 'ROLLBACK').catch(() => undefined);
    client.release();
  };
  let first: Row[];
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(`DECLARE list_export NO SCROLL CURSOR FOR ${text}`, params);
    first = (await client.query(`FETCH ${EXPORT_BATCH} FROM list_export`)).rows;
  } catch (e) {
    await release(false);
    throw e;
  }

  const file = new XlsxStream(
    spec.resource,
    cols.map((c) => {
      const key = c.header ?? `field.${c.key}`;
      const label = t(lang, key);
      return { header: label === key ? c.key : label, width: c.width };
    }),
  );
  const pump = async () => {
    try {
      let batch = first;
      while (batch.length && !file.closed) {
        for (const raw of batch) {
          const row = map(plain(raw));
          // waits while the response has not taken what was written (flat memory)
          await file.addRow(cols.map((c) => cellOf(c, row, lang, tz)));
          if (file.closed) break;
        }
        if (batch.length < EXPORT_BATCH || file.closed) break;
        batch = (await client.query(`FETCH ${EXPORT_BATCH} FROM list_export`)).rows;
      }
      await release(true);
      if (!file.closed) await file.end();
    } catch (e) {
      await release(false);
      req.log.error({ err: e }, 'export failed');
      file.destroy(e as Error);
    }
  };

  reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${exportFileName(spec.resource)}"`)
    .header('cache-control', 'no-store');
  void pump();
  return reply.send(file.output);
}

/**
 * Deletes rows by id in one transaction; `before` runs first in the same transaction (clean up
 * references, refuse protected rows). Answers how many rows went.
 */
export async function deleteByIds(
  db: Db,
  table: SQL,
  idColumn: SQL,
  ids: string[],
  before?: (tx: Tx, ids: string[]) => Promise<void>,
): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    await before?.(tx, unique);
    const r = await tx.execute(sql`DELETE FROM ${table} WHERE ${idColumn} = ANY(${textArray(unique)})`);
    return r.rowCount ?? 0;
  });
}

// ------------------------------------------------------------------------------------------
// routes

export const IdsBody = Type.Object({ ids: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: LIST.MAX_PAGE_SIZE }) });
export const Deleted = Ok(Type.Object({ deleted: Type.Integer() }));

/** the access rules of a resource's routes */
export interface ResourceAccess {
  read: AccessRule;
  create: AccessRule;
  update: AccessRule;
  delete: AccessRule;
}

/** CREATE_/READ_/UPDATE_/DELETE_ + the collection, as seeded */
export const crudAccess = (collection: string): ResourceAccess => ({
  read: { permission: `READ_${collection}` },
  create: { permission: `CREATE_${collection}` },
  update: { permission: `UPDATE_${collection}` },
  delete: { permission: `DELETE_${collection}` },
});

type AnyApp = import('../modules').ModuleContext['app'];

export function registerListRoutes<S extends TSchema>(
  app: AnyApp,
  opts: {
    base: string;
    tags: string[];
    spec: ListSpec;
    row: S;
    db: Db;
    access: Pick<ResourceAccess, 'read' | 'delete'>;
    /** batch delete (one transaction); leave out for resources that cannot be deleted in batch */
    deleteMany?: (ids: string[]) => Promise<number>;
  },
) {
  const { base, tags, spec, db } = opts;
  app.get(base, {
    config: { access: opts.access.read },
    schema: { tags, querystring: listQuerySchema(spec), response: { 200: List(opts.row) } },
    handler: async (req) => ({ success: true as const, ...(await cachedList(db, spec, req.query as ListQuery, req.dataVersion)) }) as never,
  });
  app.get(`${base}/export`, {
    config: { access: opts.access.read },
    schema: {
      tags,
      summary: 'xlsx of every row matching the query',
      querystring: listQuerySchema(spec, { export: true }),
      produces: [XLSX_TYPE],
    },
    handler: async (req, reply) => streamExport(db, spec, req.query as ListQuery, req, reply),
  });
  if (opts.deleteMany) {
    const deleteMany = opts.deleteMany;
    app.delete(base, {
      config: { access: opts.access.delete },
      schema: { tags, body: IdsBody, response: { 200: Deleted } },
      handler: async (req) => ({ success: true as const, data: { deleted: await deleteMany((req.body as Static<typeof IdsBody>).ids) } }),
    });
  }
}
