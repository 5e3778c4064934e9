/** JS error and app crash report routes, source map upload (thin: store/errors.ts answers). */
import { type TProperties, Type } from '@sinclair/typebox';
import { addDays } from '../../../shared/stat';
import { LIST } from '../../config';
import { AppError } from '../../core/errors';
import { List, Nullable, ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { ACCESS } from '../../core/access';
import { shiftFilter, StatFilterQuery } from './filter';
import { type ListPage, SOURCE_MAP_MAX_BYTES } from './store/errors';

const tags = ['stat'];

const paging = (sorts: [string, ...string[]]) => ({
  current: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: LIST.MAX_PAGE_SIZE, default: LIST.DEFAULT_PAGE_SIZE })),
  keyword: Type.Optional(Type.String({ maxLength: 100 })),
  sortField: Type.Optional(Type.String({ enum: sorts })),
  sortOrder: Type.Optional(Type.Union([Type.Literal('ascend'), Type.Literal('descend')])),
});

const pageOf = (q: { current?: number; pageSize?: number; keyword?: string; sortField?: string; sortOrder?: 'ascend' | 'descend' }): ListPage => ({
  current: q.current ?? 1,
  pageSize: q.pageSize ?? LIST.DEFAULT_PAGE_SIZE,
  keyword: q.keyword,
  sort: q.sortField,
  order: q.sortOrder === 'ascend' ? 'asc' : 'desc',
});

const Rate = Type.Object({ count: Type.Integer(), launches: Type.Integer(), rate: Type.Number() });
const RateSummaryT = Type.Object(
  {
    count: Type.Integer(),
    launches: Type.Integer(),
    /** count / launches */
    rate: Type.Number(),
    previous: Rate,
    groups: Type.Integer(),
    trend: Type.Array(Type.Object({ day: Type.String(), count: Type.Integer(), launches: Type.Integer(), rate: Type.Number() })),
  },
  { $id: 'StatErrorSummary' },
);

const ErrorGroupT = Type.Object(
  {
    hash: Type.String(),
    message: Type.String(),
    count: Type.Integer(),
    devices: Type.Integer(),
    share: Type.Number(),
    platforms: Type.Array(Type.String()),
    versions: Type.Array(Type.String()),
    first_ts: Type.String(),
    last_ts: Type.String(),
  },
  { $id: 'StatErrorGroup' },
);

const CrashRowT = Type.Object(
  {
    version: Type.String(),
    device_model: Type.String(),
    count: Type.Integer(),
    devices: Type.Integer(),
    share: Type.Number(),
    launches: Type.Integer(),
    rate: Type.Number(),
  },
  { $id: 'StatCrashRow' },
);

const Breakdown = Type.Array(Type.Object({ key: Type.String(), count: Type.Integer() }));
const FrameT = Type.Object({
  raw: Type.String(),
  fn: Type.String(),
  url: Type.String(),
  file: Type.String(),
  line: Type.Integer(),
  column: Type.Integer(),
  original: Nullable(Type.Object({ source: Type.String(), line: Type.Integer(), column: Type.Integer(), name: Nullable(Type.String()) })),
});
const ResolvedT = Type.Object({ version: Type.String(), frames: Type.Array(FrameT), resolved: Type.Integer() }, { $id: 'StatResolvedStack' });

const ErrorDetailT = Type.Object(
  {
    hash: Type.String(),
    kind: Type.Union([Type.Literal('js'), Type.Literal('crash')]),
    message: Type.String(),
    stack: Type.String(),
    first_ts: Type.String(),
    last_ts: Type.String(),
    count: Type.Integer(),
    devices: Type.Integer(),
    resolved: ResolvedT,
    trend: Type.Array(Type.Object({ day: Type.String(), count: Type.Integer() })),
    by_platform: Breakdown,
    by_version: Breakdown,
    by_page: Breakdown,
    by_os: Breakdown,
    by_device_model: Breakdown,
    raw_count: Type.Integer(),
    raw_devices: Type.Integer(),
    latest: Type.Array(
      Type.Object({
        ts: Type.String(),
        device_id: Type.String(),
        platform: Type.String(),
        version: Type.String(),
        os: Type.String(),
        device_model: Type.String(),
        page: Type.String(),
        uid: Nullable(Type.String()),
      }),
    ),
  },
  { $id: 'StatErrorDetail' },
);

const SourceMapT = Type.Object(
  {
    app_id: Type.String(),
    version: Type.String(),
    file: Type.String(),
    size: Type.Integer(),
    uploaded_by: Nullable(Type.String()),
    created_at: Type.String(),
  },
  { $id: 'StatSourceMap' },
);

const SourceMapKey = {
  app_id: Type.String({ minLength: 1, maxLength: 64 }),
  version: Type.String({ maxLength: 32 }),
  /** the minified script's file name as stacks name it; a path is cut to its last segment */
  file: Type.String({ minLength: 1, maxLength: 255 }),
};

const baseName = (file: string) => file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);

export async function errorRoutes(ctx: ModuleContext) {
  const { app, stats } = ctx;
  const store = () => stats.store.errors;
  /** the period of the same length just before the filter's */
  const before = async (q: Parameters<typeof stats.filter>[0]) => {
    const f = await stats.filter(q);
    return { f, previous: shiftFilter(f, addDays(f.start, -f.days), addDays(f.start, -1)) };
  };
  const querySchema = <T extends TProperties>(extra: T) => Type.Object({ ...StatFilterQuery, ...extra });

  app.get('/api/stat/errors', {
    config: { access: ACCESS.readStats },
    schema: {
      tags,
      summary: 'JS error groups in the filter: count, share, devices, platforms, versions, first and last seen (keyword on the message)',
      querystring: querySchema(paging(['count', 'devices', 'share', 'first_ts', 'last_ts', 'message'])),
      response: { 200: List(ErrorGroupT) },
    },
    handler: async (req) => {
      const { rows, total } = await store().groups(await stats.filter(req.query), pageOf(req.query));
      return { success: true as const, data: rows, total };
    },
  });

  app.get('/api/stat/errors/summary', {
    config: { access: ACCESS.readStats },
    schema: {
      tags,
      summary: 'JS errors, launches and the error rate (errors / launches) in the filter and the period before, by day',
      querystring: querySchema({}),
      response: { 200: Ok(RateSummaryT) },
    },
    handler: async (req) => {
      const { f, previous } = await before(req.query);
      return ok(await store().summary(f, 'js', previous));
    },
  });

  app.get('/api/stat/errors/:hash', {
    config: { access: ACCESS.readStats },
    schema: {
      tags,
      summary: "an error or crash group: its latest stack resolved through the app version's source maps, trend, breakdowns, latest raw occurrences",
      params: Type.Object({ hash: Type.String({ minLength: 1, maxLength: 128 }) }),
      querystring: querySchema({}),
      response: { 200: Ok(ErrorDetailT) },
    },
    handler: async (req) => {
      const detail = await store().detail(await stats.filter(req.query), req.params.hash);
      if (!detail) throw new AppError('NOT_FOUND', { field: 'hash' });
      return ok(detail);
    },
  });

  app.get('/api/stat/crashes', {
    config: { access: ACCESS.readStats },
    schema: {
      tags,
      summary: 'app crashes by version and device model: count, devices, share, launches of the version, crash rate (keyword on model or version)',
      querystring: querySchema(paging(['count', 'devices', 'share', 'rate', 'launches', 'version', 'device_model'])),
      response: { 200: List(CrashRowT) },
    },
    handler: async (req) => {
      const { rows, total } = await store().crashes(await stats.filter(req.query), pageOf(req.query));
      return { success: true as const, data: rows, total };
    },
  });

  app.get('/api/stat/crashes/groups', {
    config: { access: ACCESS.readStats },
    schema: {
      tags,
      summary: 'app crash groups in the filter (by message): count, share, devices, platforms, versions, first and last seen (keyword on the message)',
      querystring: querySchema(paging(['count', 'devices', 'share', 'first_ts', 'last_ts', 'message'])),
      response: { 200: List(ErrorGroupT) },
    },
    handler: async (req) => {
      const { rows, total } = await store().groups(await stats.filter(req.query), pageOf(req.query), 'crash');
      return { success: true as const, data: rows, total };
    },
  });

  app.get('/api/stat/crashes/summary', {
    config: { access: ACCESS.readStats },
    schema: {
      tags,
      summary: 'app crashes, launches and the crash rate (crashes / launches) in the filter and the period before, by day',
      querystring: querySchema({}),
      response: { 200: Ok(RateSummaryT) },
    },
    handler: async (req) => {
      const { f, previous } = await before(req.query);
      return ok(await store().summary(f, 'crash', previous));
    },
  });

  app.get('/api/stat/source-maps', {
    config: { access: ACCESS.readStats },
    schema: {
      tags,
      summary: 'uploaded source maps (without their content), newest first',
      querystring: Type.Object({ app_id: Type.Optional(Type.String({ maxLength: 64 })), ...paging(['created_at']) }),
      response: { 200: List(SourceMapT) },
    },
    handler: async (req) => {
      const { rows, total } = await store().sourceMaps(req.query.app_id || undefined, pageOf(req.query));
      return { success: true as const, data: rows, total };
    },
  });

  app.post('/api/stat/source-maps', {
    config: { access: ACCESS.manageStats },
    // the map travels as a JSON string: room for the cap plus its escaping
    bodyLimit: SOURCE_MAP_MAX_BYTES * 2,
    schema: {
      tags,
      summary: `upload (or replace) the source map of an app version's script; at most ${SOURCE_MAP_MAX_BYTES} bytes; STAT_SOURCE_MAP_INVALID (field file) if it is none`,
      body: Type.Object({ ...SourceMapKey, map: Type.String({ minLength: 1 }) }),
      response: { 200: Ok(SourceMapT) },
    },
    handler: async (req) => {
      const file = baseName(req.body.file);
      if (!file) throw new AppError('INVALID_PARAM', { field: 'file', params: { reason: 'a file name' } });
      const row = await store().saveSourceMap({
        appId: req.body.app_id,
        version: req.body.version,
        file,
        map: req.body.map,
        uploadedBy: req.auth?.uid ?? null,
      });
      return ok(row);
    },
  });

  app.delete('/api/stat/source-maps', {
    config: { access: ACCESS.manageStats },
    schema: {
      tags,
      summary: 'delete the source map of an app version and file',
      querystring: Type.Object(SourceMapKey),
      response: { 200: Ok(Type.Object({ deleted: Type.Boolean() })) },
    },
    handler: async (req) => {
      const deleted = await store().deleteSourceMap(req.query.app_id, req.query.version, req.query.file);
      if (!deleted) throw new AppError('NOT_FOUND', { field: 'file' });
      return ok({ deleted });
    },
  });
}
