/**
 * The resource kit: one-row helpers and field schemas every resource shares, and
 * registerResource, which adds a resource's list routes (core/list) plus its one-row routes.
 */
import { type Static, type TObject, type TSchema, Type } from '@sinclair/typebox';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db';
import type { AuthUser } from './auth';
import type { ModuleApp } from './context';
import { AppError } from './errors';
import type { ListSpec } from './list/query';
import { Deleted, registerListRoutes, type ResourceAccess } from './list/routes';
import { ok, Ok } from './schemas';
import { plain, query, type Row, textArray, type Tx } from './sql';

/** ids of roles, permissions, tags, menus and apps: letters, digits and _ . : - */
export const Id = (field: string) =>
  Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$', description: `${field}: letters, digits, _ . : -` });
export const IdParam = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });
export const Text = (max: number) => Type.String({ maxLength: max });
export const OptText = (max: number) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));

/** one row in the list's shape, or NOT_FOUND */
export async function fetchRow<T extends Row = Row>(db: Db | Tx, spec: ListSpec, idExpr: SQL, id: string | number): Promise<T> {
  const [r] = await query(db, sql`SELECT ${spec.columns} FROM ${spec.from} WHERE ${idExpr} = ${id}`);
  if (!r) throw new AppError('NOT_FOUND');
  // the caller names the row type its spec's columns give (as with query<T>)
  return (spec.toRow ?? ((x: Row) => x))(plain(r)) as T;
}

/** every value must name an existing row of `table` (REFERENCE_NOT_FOUND on `field`) */
export async function assertReferences(db: Db | Tx, table: SQL, column: SQL, values: readonly string[] | null | undefined, field: string) {
  if (!values?.length) return;
  const wanted = [...new Set(values)];
  const found = await query<{ v: string }>(db, sql`SELECT ${column} AS v FROM ${table} WHERE ${column} = ANY(${textArray(wanted)})`);
  const have = new Set(found.map((f) => f.v));
  const missing = wanted.find((v) => !have.has(v));
  if (missing !== undefined) throw new AppError('REFERENCE_NOT_FOUND', { field, params: { value: missing } });
}

/** a PUT may repeat a fixed field but not change it */
export function assertUnchanged(given: unknown, current: unknown, field: string) {
  if (given !== undefined && given !== current) throw new AppError('FIELD_IMMUTABLE', { field });
}

/** trims a text input; empty becomes null */
export const clean = (v: string | null | undefined) => {
  if (v === undefined) return undefined;
  const s = v?.trim();
  return s ? s : null;
};

/** list, export, batch delete (core/list) plus GET/POST/PUT/DELETE of one row */
export function registerResource<C extends TObject, U extends TObject>(
  app: ModuleApp,
  opts: {
    base: string;
    tags: string[];
    spec: ListSpec;
    /** the row schema (a $id'd schema added with app.addSchema) */
    row: TSchema;
    db: Db;
    access: ResourceAccess;
    get: (id: string) => Promise<Row>;
    /** `caller`: who asks (the access check's view), for rules that depend on the caller's own rights */
    create?: { body: C; run: (body: Static<C>, caller: AuthUser | undefined) => Promise<Row> };
    update?: { body: U; run: (id: string, body: Static<U>, caller: AuthUser | undefined) => Promise<Row> };
    deleteMany?: (ids: string[], caller: AuthUser | undefined) => Promise<number>;
  },
) {
  const { base, tags, row, access } = opts;
  registerListRoutes(app, { base, tags, spec: opts.spec, row, db: opts.db, access, deleteMany: opts.deleteMany });
  app.get(`${base}/:id`, {
    config: { access: access.read },
    schema: { tags, params: IdParam, response: { 200: Ok(row) } },
    handler: async (req) => ok(await opts.get((req.params as Static<typeof IdParam>).id)),
  });
  if (opts.create) {
    const { body, run } = opts.create;
    app.post(base, {
      config: { access: access.create },
      schema: { tags, body, response: { 200: Ok(row) } },
      handler: async (req) => ok(await run(req.body as Static<C>, req.auth)),
    });
  }
  if (opts.update) {
    const { body, run } = opts.update;
    app.put(`${base}/:id`, {
      config: { access: access.update },
      schema: { tags, params: IdParam, body, response: { 200: Ok(row) } },
      handler: async (req) => ok(await run((req.params as Static<typeof IdParam>).id, req.body as Static<U>, req.auth)),
    });
  }
  if (opts.deleteMany) {
    const deleteMany = opts.deleteMany;
    app.delete(`${base}/:id`, {
      config: { access: access.delete },
      schema: { tags, params: IdParam, response: { 200: Deleted } },
      handler: async (req) => {
        const deleted = await deleteMany([(req.params as Static<typeof IdParam>).id], req.auth);
        if (!deleted) throw new AppError('NOT_FOUND');
        return ok({ deleted });
      },
    });
  }
}
