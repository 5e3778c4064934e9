/**
 * SQL helpers every service shares: the transaction type, array parameters, LIKE patterns,
 * raw queries through the pool or a transaction, the driver's error codes, unique-violation
 * mapping and batch delete.
 */
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db';
import { AppError } from './errors';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Row = Record<string, unknown>;

const dialect = new PgDialect();

/** a JS array as one PostgreSQL text[] parameter (drizzle would otherwise expand it) */
export const textArray = (xs: readonly string[]) => sql`${sql.param([...xs])}::text[]`;
export const intArray = (xs: readonly number[]) => sql`${sql.param([...xs])}::int[]`;

/** `%kw%` with LIKE's wildcards escaped (backslash is ILIKE's default escape) */
export const likePattern = (kw: string) => `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** `kw%`, escaped the same way: the values that start with kw (a btree range with text_pattern_ops) */
export const likePrefix = (kw: string) => `${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const compile = (q: SQL) => dialect.sqlToQuery(q);

/** runs a query through the pool or a transaction's client */
export async function query<T extends Row = Row>(db: Db | Tx, q: SQL): Promise<T[]> {
  const r = await db.execute(q);
  return r.rows as T[];
}

/** Date values become ISO strings (a row typed with string times is one after this) */
export function plain<T extends Row>(r: T): T {
  const out: Row = {};
  for (const [k, v] of Object.entries(r)) out[k] = v instanceof Date ? v.toISOString() : v;
  return out as T;
}

/** the driver's error (its SQLSTATE code and constraint) inside drizzle's wrappers */
export function pgErrorOf(e: unknown): { code?: string; constraint?: string } {
  let err = e as { code?: string; constraint?: string; cause?: unknown } | undefined;
  for (let depth = 0; err && typeof err === 'object' && depth < 3; depth++, err = err.cause as typeof err) {
    if (err.code) return err;
  }
  return {};
}

/** a unique violation (23505), of the named constraint when one is given */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const err = pgErrorOf(e);
  return err.code === '23505' && (constraint === undefined || err.constraint === constraint);
}

/** maps a unique violation to ID_EXISTS (or the given code) on the right field */
export function uniqueViolation(e: unknown, fields: Record<string, { code?: 'ID_EXISTS' | 'ACCOUNT_EXISTS'; field: string }>): never {
  const err = pgErrorOf(e);
  if (err.code === '23505' && err.constraint) {
    const hit = fields[err.constraint];
    if (hit) throw new AppError(hit.code ?? 'ID_EXISTS', { field: hit.field, cause: e });
  }
  throw e;
}

/**
 * Deletes rows by id in one transaction; `before` runs first in the same transaction (clean up
 * references, refuse protected rows). Answers how many rows went.
 */
export async function deleteByIds(db: Db, table: SQL, idColumn: SQL, ids: string[], before?: (tx: Tx, ids: string[]) => Promise<void>): Promise<number> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    await before?.(tx, unique);
    const r = await tx.execute(sql`DELETE FROM ${table} WHERE ${idColumn} = ANY(${textArray(unique)})`);
    return r.rowCount ?? 0;
  });
}
