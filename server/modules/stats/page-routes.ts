/** Page, entry page, scene, channel and custom event report routes, and the display names of channels, scenes and events. */
import { type TProperties, type TSchema, Type } from '@sinclair/typebox';
import { STAT_SPEC } from '../../../shared/stat';
import { LIST } from '../../config';
import type { ListQuery } from '../../core/list/query';
import { Day, List, Nullable, ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { ACCESS } from '../../core/access';
import { StatFilterQuery } from './filter';
import { PAGE_LIST_SORTS, type PageListKind, RAW_EVENTS_MAX } from './store/pages';

/** the longest display name an analyst may give */
export const STAT_NAME_MAX = 64;
/** how many values of an event key the breakdown lists */
const TOP_VALUES = 100;

const Int = Type.Integer();
const Num = Type.Number();

const PageRowT = Type.Object(
  {
    path: Type.String(),
    title: Type.String(),
    views: Int,
    visitors: Int,
    exits: Int,
    /** exits * 100 / views */
    exit_rate: Num,
    duration_s: Num,
    avg_visit_s: Num,
    avg_visitor_s: Num,
    /** views * 100 / the views of every page */
    share: Num,
  },
  { $id: 'StatPageRow' },
);
const EntryPageRowT = Type.Object(
  {
    path: Type.String(),
    title: Type.String(),
    entries: Int,
    bounces: Int,
    /** bounces * 100 / entries */
    bounce_rate: Num,
    entry_duration_s: Num,
    avg_entry_s: Num,
    share: Num,
  },
  { $id: 'StatEntryPageRow' },
);
const SceneRowT = Type.Object(
  {
    scene: Type.String(),
    name: Type.String(),
    sessions: Int,
    devices: Int,
    new_devices: Int,
    page_views: Int,
    duration_s: Num,
    avg_session_s: Num,
    bounces: Int,
    bounce_rate: Num,
    share: Num,
  },
  { $id: 'StatSceneRow' },
);
const ChannelRowT = Type.Object(
  {
    channel: Type.String(),
    name: Type.String(),
    new_devices: Int,
    active_devices: Int,
    sessions: Int,
    page_views: Int,
    duration_s: Num,
    avg_session_s: Num,
    bounces: Int,
    bounce_rate: Num,
  },
  { $id: 'StatChannelRow' },
);
const EventRowT = Type.Object(
  {
    key: Type.String(),
    name: Type.String(),
    count: Int,
    /** devices summed over days and values (a device counts once a day per value) */
    devices: Int,
    /** distinct values reported */
    values: Int,
    share: Num,
  },
  { $id: 'StatEventRow' },
);
const DayT = Day();
const PageDayT = Type.Object({ day: DayT, views: Int, visitors: Int, exits: Int, entries: Int, duration_s: Num }, { $id: 'StatPageDay' });
const SceneDayT = Type.Object(
  { day: DayT, sessions: Int, devices: Int, new_devices: Int, page_views: Int, duration_s: Num, bounces: Int },
  { $id: 'StatSceneDay' },
);
const ChannelDayT = Type.Object(
  { day: DayT, new_devices: Int, active_devices: Int, sessions: Int, page_views: Int, duration_s: Num, bounces: Int },
  { $id: 'StatChannelDay' },
);
const EventValuesT = Type.Object(
  {
    total: Int,
    values: Type.Array(Type.Object({ value: Type.String(), count: Int, devices: Int, share: Num })),
    others: Int,
    trend: Type.Array(Type.Object({ day: DayT, count: Int, devices: Int })),
  },
  { $id: 'StatEventValues' },
);
const RawEventT = Type.Object(
  {
    ts: Type.String({ format: 'date-time' }),
    key: Type.String(),
    /** as reported: a string, or an object's JSON */
    value: Nullable(Type.String()),
    platform: Type.String(),
    channel: Type.String(),
    version: Type.String(),
    device_id: Type.String(),
    uid: Nullable(Type.String()),
    device_model: Nullable(Type.String()),
    os: Nullable(Type.String()),
  },
  { $id: 'StatRawEvent' },
);
const NameKindT = Type.Union([Type.Literal('channel'), Type.Literal('event'), Type.Literal('scene')]);
const NameT = Type.Object({ key: Type.String(), name: Type.String() }, { $id: 'StatName' });

/** the filter plus the list query (paging, keyword, the sortable fields of the list) */
function listQuery(kind: PageListKind) {
  return Type.Object({
    ...StatFilterQuery,
    current: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: LIST.MAX_PAGE_SIZE, default: LIST.DEFAULT_PAGE_SIZE })),
    keyword: Type.Optional(Type.String({ maxLength: 100 })),
    sortField: Type.Optional(Type.Unsafe<string>({ type: 'string', enum: [...PAGE_LIST_SORTS[kind]] })),
    sortOrder: Type.Optional(Type.Unsafe<'ascend' | 'descend'>({ type: 'string', enum: ['ascend', 'descend'] })),
  });
}
const withFilter = <P extends TProperties>(props: P) => Type.Object({ ...StatFilterQuery, ...props });

export async function pageRoutes(ctx: ModuleContext) {
  const { app, stats } = ctx;
  const reports = stats.store.pages;
  const tags = ['stat'];
  const read = { access: ACCESS.readStats };

  const lists = [
    { path: '/api/stat/pages', kind: 'pages', row: PageRowT, summary: 'visited pages' },
    { path: '/api/stat/entry-pages', kind: 'entryPages', row: EntryPageRowT, summary: 'entry pages' },
    { path: '/api/stat/scenes', kind: 'scenes', row: SceneRowT, summary: 'mini program scenes' },
    { path: '/api/stat/channels', kind: 'channels', row: ChannelRowT, summary: 'app channels' },
    { path: '/api/stat/events', kind: 'events', row: EventRowT, summary: 'custom events per key' },
  ] as const;
  for (const l of lists) {
    app.get(l.path, {
      config: read,
      // the row schema widened: the loop's union of rows is more than the type provider follows
      schema: { tags, summary: l.summary, querystring: listQuery(l.kind), response: { 200: List<TSchema>(l.row) } },
      handler: async (req) => {
        const f = await stats.filter(req.query);
        return { success: true as const, ...(await reports.list(l.kind, f, req.query as ListQuery)) };
      },
    });
  }

  app.get('/api/stat/pages/trend', {
    config: read,
    schema: {
      tags,
      summary: "a page's figures per day",
      querystring: withFilter({ path: Type.String({ maxLength: 2048 }) }),
      response: { 200: Ok(Type.Array(PageDayT)) },
    },
    handler: async (req) => ok(await reports.pageTrend(await stats.filter(req.query), req.query.path)),
  });
  app.get('/api/stat/scenes/trend', {
    config: read,
    schema: {
      tags,
      summary: "a scene's figures per day",
      querystring: withFilter({ key: Type.String({ maxLength: 64 }) }),
      response: { 200: Ok(Type.Array(SceneDayT)) },
    },
    handler: async (req) => ok(await reports.sceneTrend(await stats.filter(req.query), req.query.key)),
  });
  app.get('/api/stat/channels/trend', {
    config: read,
    schema: {
      tags,
      summary: "a channel's figures per day ('' = no channel reported)",
      querystring: withFilter({ key: Type.String({ maxLength: 64 }) }),
      response: { 200: Ok(Type.Array(ChannelDayT)) },
    },
    handler: async (req) => ok(await reports.channelTrend(await stats.filter(req.query), req.query.key)),
  });
  app.get('/api/stat/events/values', {
    config: read,
    schema: {
      tags,
      summary: "an event key's values (the most frequent, with shares) and its figures per day",
      querystring: withFilter({ key: Type.String({ minLength: 1, maxLength: STAT_SPEC.EVENT_NAME_MAX }) }),
      response: { 200: Ok(EventValuesT) },
    },
    handler: async (req) => ok(await reports.eventValues(await stats.filter(req.query), req.query.key, TOP_VALUES)),
  });

  app.get('/api/stat/events/raw', {
    config: read,
    schema: {
      tags,
      summary: `the range's custom events one by one, newest first (raw events: kept for the raw retention days), of a key and (or) a device; total counts up to ${RAW_EVENTS_MAX}`,
      querystring: withFilter({
        key: Type.Optional(Type.String({ maxLength: STAT_SPEC.EVENT_NAME_MAX })),
        device_id: Type.Optional(Type.String({ maxLength: STAT_SPEC.DEVICE_ID_MAX })),
        current: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
        pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: LIST.MAX_PAGE_SIZE, default: LIST.DEFAULT_PAGE_SIZE })),
      }),
      response: {
        200: Type.Object({
          success: Type.Literal(true),
          data: Type.Array(RawEventT),
          total: Type.Integer(),
          /** more events match than the total counts */
          capped: Type.Boolean(),
        }),
      },
    },
    handler: async (req) => {
      const q = req.query;
      const r = await reports.rawEvents(
        await stats.filter(q),
        { key: q.key || undefined, deviceId: q.device_id?.trim() || undefined },
        { current: q.current ?? 1, pageSize: q.pageSize ?? LIST.DEFAULT_PAGE_SIZE },
      );
      return { success: true as const, ...r };
    },
  });

  app.get('/api/stat/names', {
    config: read,
    schema: {
      tags,
      summary: 'the display names of channels, scenes or event keys',
      querystring: Type.Object({ app_id: StatFilterQuery.app_id, kind: NameKindT }),
      response: { 200: Ok(Type.Array(NameT)) },
    },
    handler: async (req) => ok(await reports.names(req.query.app_id, req.query.kind)),
  });
  app.put('/api/stat/names', {
    config: { access: ACCESS.manageStats },
    schema: {
      tags,
      summary: 'names a channel, scene or event key (an empty name removes it)',
      body: Type.Object({
        app_id: StatFilterQuery.app_id,
        kind: NameKindT,
        key: Type.String({ maxLength: STAT_SPEC.EVENT_NAME_MAX }),
        name: Type.String({ maxLength: STAT_NAME_MAX }),
      }),
      response: { 200: Ok(NameT) },
    },
    handler: async (req) => {
      const { app_id, kind, key } = req.body;
      const name = req.body.name.trim();
      await reports.setName(app_id, kind, key, name);
      return ok({ key, name });
    },
  });
}
