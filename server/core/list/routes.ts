/**
 * The routes of one list: registerListRoutes adds, for a ListSpec,
 *   GET    <base>          the list (through the list cache when the spec is cached)
 *   GET    <base>/export   the xlsx of every matching row (unless exportable: false)
 *   DELETE <base>          { ids } -> { deleted } (when deleteMany is given)
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { LIST } from '../../config';
import type { Db } from '../../db';
import type { AccessRule, AuthUser } from '../auth';
import type { ModuleApp } from '../context';
import { List, ok, Ok } from '../schemas';
import { assertCacheable, cachedList } from './cache';
import { streamExport, XLSX_TYPE } from './export';
import { type ListQuery, type ListSpec, listQuerySchema } from './query';

const IdsBody = Type.Object({ ids: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1, maxItems: LIST.MAX_PAGE_SIZE }) });
export const Deleted = Ok(Type.Object({ deleted: Type.Integer() }));

/** the access rules of a resource's routes */
export interface ResourceAccess {
  read: AccessRule;
  create: AccessRule;
  update: AccessRule;
  delete: AccessRule;
}

export function registerListRoutes<S extends TSchema>(
  app: ModuleApp,
  opts: {
    base: string;
    tags: string[];
    spec: ListSpec;
    row: S;
    db: Db;
    access: Pick<ResourceAccess, 'read' | 'delete'>;
    /** false: no export route (lists meant for working through, not for taking away) */
    exportable?: boolean;
    /** where the xlsx export answers when <base>/export is taken by the area's own export */
    exportPath?: string;
    /** batch delete (one transaction); leave out for resources that cannot be deleted in batch */
    deleteMany?: (ids: string[], caller: AuthUser | undefined) => Promise<number>;
    /** an OpenAPI summary of the list route */
    summary?: string;
    /**
     * the rows this caller may see, added to every query (a user's own rows); a scoped list is
     * read afresh each time, so it cannot be a cached one
     */
    scope?: (caller: AuthUser) => SQL;
  },
) {
  const { base, tags, db, scope } = opts;
  assertCacheable(opts.spec);
  if (scope && opts.spec.cached) throw new Error(`list ${opts.spec.resource}: a scoped list cannot be cached`);
  const specFor = (req: FastifyRequest): ListSpec => {
    if (!scope) return opts.spec;
    const own = scope(req.auth!);
    return { ...opts.spec, where: opts.spec.where ? sql`(${opts.spec.where}) AND (${own})` : own };
  };
  app.get(base, {
    config: { access: opts.access.read },
    // the row schema widened to TSchema: inside this generic function the type provider cannot
    // compute Static<S>; the spec's columns are the schema's fields (the list tests compare them)
    schema: { tags, ...(opts.summary ? { summary: opts.summary } : {}), querystring: listQuerySchema(opts.spec), response: { 200: List<TSchema>(opts.row) } },
    handler: async (req) => ({ success: true as const, ...(await cachedList(db, specFor(req), req.query as ListQuery, req.dataVersion)) }),
  });
  if (opts.exportable !== false) {
    app.get(opts.exportPath ?? `${base}/export`, {
      config: { access: opts.access.read },
      schema: {
        tags,
        summary: 'xlsx of every row matching the query',
        querystring: listQuerySchema(opts.spec, { export: true }),
        produces: [XLSX_TYPE],
      },
      handler: async (req, reply) => streamExport(db, specFor(req), req.query as ListQuery, req, reply),
    });
  }
  if (opts.deleteMany) {
    const deleteMany = opts.deleteMany;
    app.delete(base, {
      config: { access: opts.access.delete },
      schema: { tags, body: IdsBody, response: { 200: Deleted } },
      handler: async (req) => ok({ deleted: await deleteMany((req.body as Static<typeof IdsBody>).ids, req.auth) }),
    });
  }
}
