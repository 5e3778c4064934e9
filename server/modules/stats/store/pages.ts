/**
 * Page, entry page, scene, channel and custom event reports: the queries over the rollups (read
 * pool), and the display names analysts give to channels, scenes and event keys (stat_names).
 */
import { type SQL, sql } from 'drizzle-orm';
import { type ListQuery, type ListResult, type ListSpec, runList } from '../../../core/list/query';
import { STAT_KINDS } from '../../../../shared/stat';
import { query, type Row } from '../../../core/sql';
import { filterWhere, type StatFilter } from '../filter';
import type { StatPools } from '../pools';

/** the lists these reports answer, and the fields each may be sorted on (the route's schema) */
export const PAGE_LIST_SORTS = {
  pages: ['path', 'title', 'views', 'visitors', 'exits', 'exit_rate', 'duration_s', 'avg_visit_s', 'avg_visitor_s', 'share'],
  entryPages: ['path', 'title', 'entries', 'bounces', 'bounce_rate', 'entry_duration_s', 'avg_entry_s', 'share'],
  scenes: ['scene', 'name', 'sessions', 'devices', 'new_devices', 'page_views', 'duration_s', 'avg_session_s', 'bounce_rate', 'share'],
  channels: ['channel', 'name', 'new_devices', 'active_devices', 'sessions', 'page_views', 'duration_s', 'avg_session_s', 'bounce_rate'],
  events: ['key', 'name', 'count', 'devices', 'values', 'share'],
} as const;
export type PageListKind = keyof typeof PAGE_LIST_SORTS;

export type NameKind = 'channel' | 'event' | 'scene';

/** one day of a page (GET /api/stat/pages/trend answers these) */
export interface PageDay {
  day: string;
  views: number;
  visitors: number;
  exits: number;
  entries: number;
  duration_s: number;
}

/** one day of a mini program scene */
export interface SceneDay {
  day: string;
  sessions: number;
  devices: number;
  new_devices: number;
  page_views: number;
  duration_s: number;
  bounces: number;
}

/** one day of an app channel */
export interface ChannelDay {
  day: string;
  new_devices: number;
  active_devices: number;
  sessions: number;
  page_views: number;
  duration_s: number;
  bounces: number;
}

export interface EventValues {
  /** every occurrence of the key in the range */
  total: number;
  /** the most frequent values, with their share of the total (percent) */
  values: { value: string; count: number; devices: number; share: number }[];
  /** how many other values the top leaves out */
  others: number;
  trend: { day: string; count: number; devices: number }[];
}

/** one custom event as reported (raw events are kept for the settings' raw retention days) */
export interface RawEventRow {
  ts: string;
  key: string;
  value: string | null;
  platform: string;
  channel: string;
  version: string;
  device_id: string;
  uid: string | null;
  device_model: string | null;
  os: string | null;
}

/** the events list counts at most this many rows (a page past them is not offered) */
export const RAW_EVENTS_MAX = 10_000;

export interface PageReports {
  /** one page of a list (ProTable shape) */
  list(kind: PageListKind, f: StatFilter, q: ListQuery): Promise<ListResult>;
  /** a path's figures per day of the range (days without data as zeros) */
  pageTrend(f: StatFilter, path: string): Promise<PageDay[]>;
  sceneTrend(f: StatFilter, scene: string): Promise<SceneDay[]>;
  channelTrend(f: StatFilter, channel: string): Promise<ChannelDay[]>;
  eventValues(f: StatFilter, key: string, top: number): Promise<EventValues>;
  /** the range's custom events one by one, newest first, of a key and (or) a device; total counted up to RAW_EVENTS_MAX */
  rawEvents(
    f: StatFilter,
    by: { key?: string; deviceId?: string },
    page: { current: number; pageSize: number },
  ): Promise<{ data: RawEventRow[]; total: number; capped: boolean }>;
  names(appId: string, kind: NameKind): Promise<{ key: string; name: string }[]>;
  /** sets a display name; an empty name removes it */
  setName(appId: string, kind: NameKind, key: string, name: string): Promise<void>;
}

/** a percentage (or a ratio) of two SQL numbers, two decimals, 0 when nothing to divide by */
const ratio = (num: string, den: string, scale = 1) =>
  sql.raw(`CASE WHEN ${den} > 0 THEN round((${num})::numeric * ${scale} / (${den}), 2)::float8 ELSE 0 END`);

/** the app and dimensions of a filter over stat_devices (whose day is the device's first one) */
function deviceDimsWhere(f: StatFilter, alias: string): SQL {
  const col = (c: string) => sql.raw(`${alias}.${c}`);
  const parts: SQL[] = [sql`${col('app_id')} = ${f.appId}`];
  if (f.platform) parts.push(sql`${col('platform')} = ${f.platform}`);
  if (f.channel) parts.push(sql`${col('channel')} = ${f.channel}`);
  if (f.version) parts.push(sql`${col('version')} = ${f.version}`);
  return sql.join(parts, sql` AND `);
}
const newDevicesWhere = (f: StatFilter, alias: string) =>
  sql`${deviceDimsWhere(f, alias)} AND ${sql.raw(alias)}.first_day BETWEEN ${f.start}::date AND ${f.end}::date`;

/** the days of the range as a FROM item `d(day)`, so days without rows show as zeros */
const days = (f: StatFilter) => sql`(SELECT generate_series(${f.start}::date, ${f.end}::date, interval '1 day')::date AS day) d`;

export class PgPageReports implements PageReports {
  constructor(protected pools: StatPools) {}

  /** the list of a report as a ListSpec over an aggregate (the list kit searches, sorts and pages it) */
  spec(kind: PageListKind, f: StatFilter): ListSpec {
    const sorts = (cols: readonly string[]) => Object.fromEntries(cols.map((c) => [c, sql.raw(`r.${c === 'values' ? '"values"' : c}`)]));
    const base = { filters: {}, exportColumns: [], sorts: sorts(PAGE_LIST_SORTS[kind]), columns: sql`r.*`, aggregate: true };
    switch (kind) {
      case 'pages':
        return {
          ...base,
          resource: 'stat-pages',
          from: sql`(SELECT a.*, ${ratio('a.exits * 100', 'a.views')} AS exit_rate, ${ratio('a.duration_s', 'a.views')} AS avg_visit_s,
              ${ratio('a.duration_s', 'a.visitors')} AS avg_visitor_s, ${ratio('a.views * 100', 'a.all_views')} AS share
            FROM (SELECT path, coalesce((array_agg(title ORDER BY day DESC) FILTER (WHERE title <> ''))[1], '') AS title,
                sum(views)::int AS views, sum(visitors)::int AS visitors, sum(exits)::int AS exits, sum(duration_s)::float8 AS duration_s,
                sum(sum(views)) OVER () AS all_views
              FROM stat_pages WHERE ${filterWhere(f)} GROUP BY path) a) r`,
          columns: sql`r.path, r.title, r.views, r.visitors, r.exits, r.exit_rate, r.duration_s, r.avg_visit_s, r.avg_visitor_s, r.share`,
          search: [sql`r.path`, sql`r.title`],
          defaultSort: { field: 'views', order: 'descend' },
          tiebreak: sql`r.path`,
        };
      case 'entryPages':
        return {
          ...base,
          resource: 'stat-entry-pages',
          from: sql`(SELECT a.*, ${ratio('a.bounces * 100', 'a.entries')} AS bounce_rate, ${ratio('a.entry_duration_s', 'a.entries')} AS avg_entry_s,
              ${ratio('a.entries * 100', 'a.all_entries')} AS share
            FROM (SELECT path, coalesce((array_agg(title ORDER BY day DESC) FILTER (WHERE title <> ''))[1], '') AS title,
                sum(entries)::int AS entries, sum(bounces)::int AS bounces, sum(entry_duration_s)::float8 AS entry_duration_s,
                sum(sum(entries)) OVER () AS all_entries
              FROM stat_pages WHERE ${filterWhere(f)} GROUP BY path HAVING sum(entries) > 0) a) r`,
          columns: sql`r.path, r.title, r.entries, r.bounces, r.bounce_rate, r.entry_duration_s, r.avg_entry_s, r.share`,
          search: [sql`r.path`, sql`r.title`],
          defaultSort: { field: 'entries', order: 'descend' },
          tiebreak: sql`r.path`,
        };
      case 'scenes':
        return {
          ...base,
          resource: 'stat-scenes',
          from: sql`(SELECT a.*, coalesce(n.name, '') AS name, ${ratio('a.bounces * 100', 'a.sessions')} AS bounce_rate,
              ${ratio('a.duration_s', 'a.sessions')} AS avg_session_s, ${ratio('a.sessions * 100', 'a.all_sessions')} AS share
            FROM (SELECT scene, sum(sessions)::int AS sessions, count(*)::int AS devices, count(*) FILTER (WHERE first_visit)::int AS new_devices,
                sum(page_views)::int AS page_views, sum(duration_s)::float8 AS duration_s, sum(bounces)::int AS bounces,
                sum(sum(sessions)) OVER () AS all_sessions
              -- distinct devices by grouping (scene, device) first: a hash aggregate, where count(DISTINCT) sorts
              FROM (SELECT scene, device_id, count(*) AS sessions, bool_or(first_visit) AS first_visit, sum(page_count) AS page_views,
                  sum(duration_s) AS duration_s, count(*) FILTER (WHERE page_count = 1) AS bounces
                FROM stat_sessions WHERE ${filterWhere(f)} AND scene <> '' GROUP BY 1, 2) x
              GROUP BY scene) a
            LEFT JOIN stat_names n ON n.app_id = ${f.appId} AND n.kind = 'scene' AND n.key = a.scene) r`,
          columns: sql`r.scene, r.name, r.sessions, r.devices, r.new_devices, r.page_views, r.duration_s, r.avg_session_s, r.bounces, r.bounce_rate, r.share`,
          search: [sql`r.scene`, sql`r.name`],
          defaultSort: { field: 'sessions', order: 'descend' },
          tiebreak: sql`r.scene`,
        };
      case 'channels':
        return {
          ...base,
          resource: 'stat-channels',
          // the channels of the device days and of the day figures (one scan of each)
          from: sql`(SELECT c.channel, coalesce(n.name, '') AS name, coalesce(nw.new_devices, 0) AS new_devices, c.active_devices,
              c.sessions, c.page_views, c.duration_s, c.bounces, ${ratio('c.duration_s', 'c.sessions')} AS avg_session_s,
              ${ratio('c.bounces * 100', 'c.sessions')} AS bounce_rate
            FROM (SELECT coalesce(d.channel, act.channel) AS channel, coalesce(act.active_devices, 0) AS active_devices,
                coalesce(d.sessions, 0) AS sessions, coalesce(d.page_views, 0) AS page_views, coalesce(d.duration_s, 0) AS duration_s,
                coalesce(d.bounces, 0) AS bounces
              FROM (SELECT channel, sum(sessions)::int AS sessions, sum(page_views)::int AS page_views, sum(duration_s)::float8 AS duration_s,
                  sum(bounces)::int AS bounces FROM stat_daily WHERE ${filterWhere(f)} GROUP BY channel) d
              FULL JOIN (SELECT channel, count(*)::int AS active_devices
                  FROM (SELECT channel, device_id FROM stat_device_days WHERE ${filterWhere(f)} GROUP BY 1, 2) x GROUP BY channel) act
                ON act.channel = d.channel) c
            LEFT JOIN (SELECT s.channel, count(*)::int AS new_devices FROM stat_devices s WHERE ${newDevicesWhere(f, 's')} GROUP BY s.channel) nw
              ON nw.channel = c.channel
            LEFT JOIN stat_names n ON n.app_id = ${f.appId} AND n.kind = 'channel' AND n.key = c.channel) r`,
          columns: sql`r.channel, r.name, r.new_devices, r.active_devices, r.sessions, r.page_views, r.duration_s, r.avg_session_s, r.bounces, r.bounce_rate`,
          search: [sql`r.channel`, sql`r.name`],
          defaultSort: { field: 'active_devices', order: 'descend' },
          tiebreak: sql`r.channel`,
        };
      case 'events':
        return {
          ...base,
          resource: 'stat-events',
          from: sql`(SELECT a.*, coalesce(n.name, '') AS name, ${ratio('a.count * 100', 'a.all_count')} AS share
            FROM (SELECT key, sum(count)::int AS count, sum(devices)::int AS devices, count(*)::int AS "values",
                sum(sum(count)) OVER () AS all_count
              FROM (SELECT key, value, sum(count) AS count, sum(devices) AS devices FROM stat_event_days WHERE ${filterWhere(f)} GROUP BY 1, 2) x
              GROUP BY key) a
            LEFT JOIN stat_names n ON n.app_id = ${f.appId} AND n.kind = 'event' AND n.key = a.key) r`,
          columns: sql`r.key, r.name, r.count, r.devices, r."values", r.share`,
          search: [sql`r.key`, sql`r.name`],
          defaultSort: { field: 'count', order: 'descend' },
          tiebreak: sql`r.key`,
        };
    }
  }

  list(kind: PageListKind, f: StatFilter, q: ListQuery): Promise<ListResult> {
    return runList(this.pools.read, this.spec(kind, f), q);
  }

  /** the days of a trend query (its day column is text already: to_char) */
  private trend<T extends { day: string }>(q: SQL): Promise<T[]> {
    return query<T>(this.pools.read, q);
  }

  pageTrend(f: StatFilter, path: string) {
    return this
      .trend<PageDay>(sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(sum(p.views), 0)::int AS views, coalesce(sum(p.visitors), 0)::int AS visitors,
        coalesce(sum(p.exits), 0)::int AS exits, coalesce(sum(p.entries), 0)::int AS entries, coalesce(sum(p.duration_s), 0)::float8 AS duration_s
      FROM ${days(f)} LEFT JOIN stat_pages p ON p.day = d.day AND ${filterWhere(f, 'p')} AND p.path = ${path}
      GROUP BY d.day ORDER BY d.day`);
  }

  sceneTrend(f: StatFilter, scene: string) {
    return this.trend<SceneDay>(sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(s.sid)::int AS sessions, count(DISTINCT s.device_id)::int AS devices,
        count(DISTINCT s.device_id) FILTER (WHERE s.first_visit)::int AS new_devices, coalesce(sum(s.page_count), 0)::int AS page_views,
        coalesce(sum(s.duration_s), 0)::float8 AS duration_s, count(s.sid) FILTER (WHERE s.page_count = 1)::int AS bounces
      FROM ${days(f)} LEFT JOIN stat_sessions s ON s.day = d.day AND ${filterWhere(f, 's')} AND s.scene = ${scene}
      GROUP BY d.day ORDER BY d.day`);
  }

  channelTrend(f: StatFilter, channel: string) {
    // '' (no channel reported) is a channel of its own here, so the condition is explicit
    const cf = { ...f, channel: undefined };
    return this.trend<ChannelDay>(sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
        (SELECT count(*) FROM stat_devices s WHERE ${deviceDimsWhere(cf, 's')} AND s.channel = ${channel} AND s.first_day = d.day)::int AS new_devices,
        (SELECT count(*) FROM stat_device_days x WHERE ${filterWhere(cf, 'x')} AND x.channel = ${channel} AND x.day = d.day)::int AS active_devices,
        coalesce(sum(a.sessions), 0)::int AS sessions, coalesce(sum(a.page_views), 0)::int AS page_views,
        coalesce(sum(a.duration_s), 0)::float8 AS duration_s, coalesce(sum(a.bounces), 0)::int AS bounces
      FROM ${days(f)} LEFT JOIN stat_daily a ON a.day = d.day AND ${filterWhere(cf, 'a')} AND a.channel = ${channel}
      GROUP BY d.day ORDER BY d.day`);
  }

  async eventValues(f: StatFilter, key: string, top: number): Promise<EventValues> {
    const where = sql`${filterWhere(f)} AND key = ${key}`;
    const [values, totals, trend] = await Promise.all([
      query<{ value: string; count: number; devices: number }>(
        this.pools.read,
        sql`SELECT value, sum(count)::int AS count, sum(devices)::int AS devices FROM stat_event_days WHERE ${where}
          GROUP BY value ORDER BY sum(count) DESC, value LIMIT ${top}`,
      ),
      query<{ total: number; n: number }>(
        this.pools.read,
        sql`SELECT coalesce(sum(count), 0)::int AS total, count(DISTINCT value)::int AS n FROM stat_event_days WHERE ${where}`,
      ),
      query<{ day: string; count: number; devices: number }>(
        this.pools.read,
        sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, coalesce(sum(e.count), 0)::int AS count, coalesce(sum(e.devices), 0)::int AS devices
          FROM ${days(f)} LEFT JOIN stat_event_days e ON e.day = d.day AND ${filterWhere(f, 'e')} AND e.key = ${key}
          GROUP BY d.day ORDER BY d.day`,
      ),
    ]);
    const total = totals[0].total;
    return {
      total,
      values: values.map((v) => ({ ...v, share: total ? Math.round((v.count * 10000) / total) / 100 : 0 })),
      others: Math.max(0, totals[0].n - values.length),
      trend,
    };
  }

  async rawEvents(f: StatFilter, by: { key?: string; deviceId?: string }, page: { current: number; pageSize: number }) {
    // the partitions of the range only (by ts), the app's events, then the filter's dimensions
    const parts: SQL[] = [
      sql`e.ts >= ${f.from.toISOString()}::timestamptz AND e.ts < ${f.to.toISOString()}::timestamptz`,
      sql`e.app_id = ${f.appId} AND e.kind = ${STAT_KINDS.event}`,
    ];
    if (f.platform) parts.push(sql`e.platform = ${f.platform}`);
    if (f.channel) parts.push(sql`e.channel = ${f.channel}`);
    if (f.version) parts.push(sql`e.version = ${f.version}`);
    if (by.key) parts.push(sql`e.ev_key = ${by.key}`);
    if (by.deviceId) parts.push(sql`e.device_id = ${by.deviceId}`);
    const where = sql.join(parts, sql` AND `);
    const offset = (page.current - 1) * page.pageSize;
    const [rows, [{ n }]] = await Promise.all([
      offset >= RAW_EVENTS_MAX
        ? Promise.resolve([])
        : query<RawEventRow & Row>(
            this.pools.read,
            sql`SELECT e.ts, coalesce(e.ev_key, '') AS key, e.ev_value AS value, e.platform, e.channel, e.version, e.device_id, e.uid, e.device_model, e.os
              FROM stat_events e WHERE ${where} ORDER BY e.ts DESC, e.eid DESC LIMIT ${Math.min(page.pageSize, RAW_EVENTS_MAX - offset)} OFFSET ${offset}`,
          ),
      // counting stops at the cap: a busy app's week would otherwise be counted row by row
      query<{ n: number }>(this.pools.read, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM stat_events e WHERE ${where} LIMIT ${RAW_EVENTS_MAX + 1}) x`),
    ]);
    return {
      data: rows.map((r) => ({ ...r, ts: new Date(r.ts).toISOString() })),
      total: Math.min(n, RAW_EVENTS_MAX),
      capped: n > RAW_EVENTS_MAX,
    };
  }

  names(appId: string, kind: NameKind) {
    return query<{ key: string; name: string }>(this.pools.read, sql`SELECT key, name FROM stat_names WHERE app_id = ${appId} AND kind = ${kind} ORDER BY key`);
  }

  async setName(appId: string, kind: NameKind, key: string, name: string) {
    if (!name) {
      await this.pools.write.execute(sql`DELETE FROM stat_names WHERE app_id = ${appId} AND kind = ${kind} AND key = ${key}`);
      return;
    }
    await this.pools.write.execute(sql`INSERT INTO stat_names (app_id, kind, key, name) VALUES (${appId}, ${kind}, ${key}, ${name})
      ON CONFLICT (app_id, kind, key) DO UPDATE SET name = EXCLUDED.name, updated_at = now()`);
  }
}
