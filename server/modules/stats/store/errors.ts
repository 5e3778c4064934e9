/**
 * JS error groups, one group's detail (its stack resolved through uploaded source maps), app
 * crashes: the queries over the rollups and the raw events of the retention window (read pool);
 * the source maps themselves (written through the write pool).
 */
import { originalPositionFor, type TraceMap } from '@jridgewell/trace-mapping';
import { type SQL, sql } from 'drizzle-orm';
import { STAT_KINDS } from '../../../../shared/stat';
import { AppError } from '../../../core/errors';
import { likePattern, query, type Row } from '../../../core/sql';
import { type StatFilter, filterWhere } from '../filter';
import type { StatPools } from '../pools';
import { parseSourceMap, parseStack, type StackFrame } from './stacks';

export { parseStack, type StackFrame };

/** a source map larger than this is refused (a whole app's bundle map stays far below) */
export const SOURCE_MAP_MAX_BYTES = 8 * 1024 * 1024;
/** how many raw occurrences the detail lists */
export const LATEST_OCCURRENCES = 50;

export type ErrorKind = 'js' | 'crash';

export interface ListPage {
  current: number;
  pageSize: number;
  /** column to sort by, and direction */
  sort?: string;
  order?: 'asc' | 'desc';
  keyword?: string;
}

export interface ErrorGroupRow {
  hash: string;
  message: string;
  count: number;
  /** distinct devices of each day, summed over the days (exact for one day) */
  devices: number;
  /** count / every JS error (or crash) in the filter, 0..1 */
  share: number;
  platforms: string[];
  versions: string[];
  first_ts: string;
  last_ts: string;
}

export interface RateDay {
  day: string;
  count: number;
  launches: number;
  /** count / launches, 0..; 0 without launches */
  rate: number;
}

export interface RateSummary {
  count: number;
  launches: number;
  rate: number;
  /** the same figures for the period of the same length just before */
  previous: { count: number; launches: number; rate: number };
  /** groups (JS) or version x device model rows (crashes) in the filter */
  groups: number;
  trend: RateDay[];
}

export interface CrashRow {
  version: string;
  device_model: string;
  count: number;
  devices: number;
  share: number;
  /** launches of that version in the filter (all device models) */
  launches: number;
  /** crashes of the row / launches of its version */
  rate: number;
}

export interface ResolvedStack {
  /** the version whose source maps were tried */
  version: string;
  frames: StackFrame[];
  /** how many frames a source map resolved */
  resolved: number;
}

export interface Occurrence {
  ts: string;
  device_id: string;
  platform: string;
  version: string;
  os: string;
  device_model: string;
  page: string;
  uid: string | null;
}

export interface Breakdown {
  key: string;
  count: number;
}

export interface ErrorDetail {
  hash: string;
  kind: ErrorKind;
  message: string;
  stack: string;
  first_ts: string;
  last_ts: string;
  count: number;
  devices: number;
  resolved: ResolvedStack;
  trend: { day: string; count: number }[];
  by_platform: Breakdown[];
  by_version: Breakdown[];
  /** from the raw events still kept (the retention window) */
  by_page: Breakdown[];
  by_os: Breakdown[];
  by_device_model: Breakdown[];
  /** distinct devices among the raw occurrences kept (exact) */
  raw_devices: number;
  raw_count: number;
  latest: Occurrence[];
}

export interface SourceMapRow {
  app_id: string;
  version: string;
  file: string;
  size: number;
  uploaded_by: string | null;
  created_at: string;
}

export interface ErrorReports {
  /** JS error groups, or crash groups (kind 'crash') */
  groups(f: StatFilter, page: ListPage, kind?: ErrorKind): Promise<{ rows: ErrorGroupRow[]; total: number }>;
  summary(f: StatFilter, kind: ErrorKind, previous: StatFilter): Promise<RateSummary>;
  detail(f: StatFilter, hash: string): Promise<ErrorDetail | null>;
  crashes(f: StatFilter, page: ListPage): Promise<{ rows: CrashRow[]; total: number }>;
  sourceMaps(appId: string | undefined, page: ListPage): Promise<{ rows: SourceMapRow[]; total: number }>;
  saveSourceMap(input: { appId: string; version: string; file: string; map: string; uploadedBy: string | null }): Promise<SourceMapRow>;
  deleteSourceMap(appId: string, version: string, file: string): Promise<boolean>;
  resolveStack(appId: string, version: string, stack: string): Promise<ResolvedStack>;
}

const num = (v: unknown) => Number(v ?? 0);
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
const rate = (count: number, launches: number) => (launches > 0 ? count / launches : 0);
const kindCode = (k: ErrorKind) => (k === 'js' ? STAT_KINDS.error : STAT_KINDS.crash);

/** the page path of a url: after '#' without its query for hash routing (`#/...`), else the pathname */
const PAGE_OF_URL = sql.raw(
  `CASE WHEN url IS NULL OR url = '' THEN '' WHEN position('#/' in url) > 0 THEN split_part(split_part(url, '#', 2), '?', 1) ` +
    `ELSE split_part(split_part(regexp_replace(url, '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*', ''), '?', 1), '#', 1) END`,
);

/** parsed maps by app, version, file and upload time (a re-upload changes the time) */
const mapCache = new Map<string, TraceMap>();
const MAP_CACHE_MAX = 32;

export class PgErrorReports implements ErrorReports {
  constructor(protected pools: StatPools) {}

  async groups(f: StatFilter, page: ListPage, kind: ErrorKind = 'js'): Promise<{ rows: ErrorGroupRow[]; total: number }> {
    const orderCol: Record<string, string> = {
      count: 'd.count',
      devices: 'd.devices',
      share: 'd.count',
      first_ts: 'g.first_ts',
      last_ts: 'g.last_ts',
      message: 'g.message',
    };
    const order = sql.raw(`${orderCol[page.sort ?? ''] ?? 'd.count'} ${page.order === 'asc' ? 'ASC' : 'DESC'}, g.hash`);
    const kw = page.keyword?.trim();
    const rows = await query(
      this.pools.read,
      sql`WITH d AS (
            SELECT hash, sum(count)::int AS count, sum(devices)::int AS devices,
              coalesce(array_agg(DISTINCT platform) FILTER (WHERE platform <> ''), '{}') AS platforms,
              coalesce(array_agg(DISTINCT version) FILTER (WHERE version <> ''), '{}') AS versions,
              sum(sum(count)) OVER ()::bigint AS all_count
            FROM stat_error_days WHERE ${filterWhere(f)} AND kind = ${kind} GROUP BY hash)
          SELECT g.hash, g.message, d.count, d.devices, d.platforms, d.versions, d.all_count, g.first_ts, g.last_ts, count(*) OVER () AS total
          FROM d JOIN stat_error_groups g ON g.app_id = ${f.appId} AND g.hash = d.hash
          ${kw ? sql`WHERE g.message ILIKE ${likePattern(kw)}` : sql``}
          ORDER BY ${order}
          LIMIT ${page.pageSize} OFFSET ${(page.current - 1) * page.pageSize}`,
    );
    return {
      total: rows.length ? num(rows[0].total) : 0,
      rows: rows.map((r) => ({
        hash: String(r.hash),
        message: String(r.message),
        count: num(r.count),
        devices: num(r.devices),
        share: num(r.all_count) ? num(r.count) / num(r.all_count) : 0,
        platforms: (r.platforms as string[]).sort(),
        versions: (r.versions as string[]).sort((a, b) => b.localeCompare(a, undefined, { numeric: true })),
        first_ts: iso(r.first_ts),
        last_ts: iso(r.last_ts),
      })),
    };
  }

  /** errors (or crashes) and launches by day, in the filter and the period before */
  async summary(f: StatFilter, kind: ErrorKind, previous: StatFilter): Promise<RateSummary> {
    const perDay = async (x: StatFilter) => {
      const rows = await query(
        this.pools.read,
        sql`SELECT to_char(days.day, 'YYYY-MM-DD') AS day, coalesce(e.count, 0)::int AS count, coalesce(l.launches, 0)::int AS launches
            FROM generate_series(${x.start}::date, ${x.end}::date, interval '1 day') AS days(day)
            LEFT JOIN (SELECT day, sum(count) AS count FROM stat_error_days WHERE ${filterWhere(x)} AND kind = ${kind} GROUP BY day) e ON e.day = days.day
            LEFT JOIN (SELECT day, sum(sessions) AS launches FROM stat_daily WHERE ${filterWhere(x)} GROUP BY day) l ON l.day = days.day
            ORDER BY days.day`,
      );
      return rows.map((r) => ({ day: String(r.day), count: num(r.count), launches: num(r.launches), rate: rate(num(r.count), num(r.launches)) }));
    };
    const [trend, before, groups] = await Promise.all([
      perDay(f),
      perDay(previous),
      query(
        this.pools.read,
        kind === 'js'
          ? sql`SELECT count(DISTINCT hash)::int AS n FROM stat_error_days WHERE ${filterWhere(f)} AND kind = 'js'`
          : sql`SELECT count(*)::int AS n FROM (SELECT DISTINCT version, device_model FROM stat_error_days WHERE ${filterWhere(f)} AND kind = 'crash') x`,
      ),
    ]);
    const total = (xs: RateDay[]) => {
      const count = xs.reduce((s, x) => s + x.count, 0);
      const launches = xs.reduce((s, x) => s + x.launches, 0);
      return { count, launches, rate: rate(count, launches) };
    };
    return { ...total(trend), previous: total(before), groups: num(groups[0]?.n), trend };
  }

  async crashes(f: StatFilter, page: ListPage): Promise<{ rows: CrashRow[]; total: number }> {
    const orderCol: Record<string, string> = {
      count: 'c.count',
      devices: 'c.devices',
      share: 'c.count',
      rate: 'rate',
      launches: 'launches',
      version: 'c.version',
      device_model: 'c.device_model',
    };
    const order = sql.raw(`${orderCol[page.sort ?? ''] ?? 'c.count'} ${page.order === 'asc' ? 'ASC' : 'DESC'}, c.version DESC, c.device_model`);
    const kw = page.keyword?.trim();
    const rows = await query(
      this.pools.read,
      sql`WITH c AS (
            SELECT version, device_model, sum(count)::int AS count, sum(devices)::int AS devices, sum(sum(count)) OVER ()::bigint AS all_count
            FROM stat_error_days WHERE ${filterWhere(f)} AND kind = 'crash' GROUP BY version, device_model),
          l AS (SELECT version, sum(sessions)::int AS launches FROM stat_daily WHERE ${filterWhere(f)} GROUP BY version)
          SELECT c.*, coalesce(l.launches, 0) AS launches,
            CASE WHEN coalesce(l.launches, 0) > 0 THEN c.count::float8 / l.launches ELSE 0 END AS rate,
            count(*) OVER () AS total
          FROM c LEFT JOIN l ON l.version = c.version
          ${kw ? sql`WHERE c.device_model ILIKE ${likePattern(kw)} OR c.version ILIKE ${likePattern(kw)}` : sql``}
          ORDER BY ${order}
          LIMIT ${page.pageSize} OFFSET ${(page.current - 1) * page.pageSize}`,
    );
    return {
      total: rows.length ? num(rows[0].total) : 0,
      rows: rows.map((r) => ({
        version: String(r.version),
        device_model: String(r.device_model),
        count: num(r.count),
        devices: num(r.devices),
        share: num(r.all_count) ? num(r.count) / num(r.all_count) : 0,
        launches: num(r.launches),
        rate: num(r.rate),
      })),
    };
  }

  async detail(f: StatFilter, hash: string): Promise<ErrorDetail | null> {
    const db = this.pools.read;
    const [group] = await query(
      db,
      sql`SELECT hash, kind, message, stack, first_ts, last_ts FROM stat_error_groups WHERE app_id = ${f.appId} AND hash = ${hash}`,
    );
    if (!group) return null;
    const kind = (group.kind === 'crash' ? 'crash' : 'js') as ErrorKind;
    const inGroup = sql`${filterWhere(f)} AND hash = ${hash}`;
    // raw rows of the group in the range (only the partitions still kept exist)
    const raw = sql`stat_events WHERE ts >= ${f.from.toISOString()}::timestamptz AND ts < ${f.to.toISOString()}::timestamptz
      AND app_id = ${f.appId} AND kind = ${kindCode(kind)} AND err_hash = ${hash}
      ${f.platform ? sql`AND platform = ${f.platform}` : sql``} ${f.channel ? sql`AND channel = ${f.channel}` : sql``}
      ${f.version ? sql`AND version = ${f.version}` : sql``}`;
    // the group's raw rows are read once; the breakdowns and the latest occurrences come from them
    const by = (col: SQL) =>
      sql`(SELECT coalesce(json_agg(x), '[]') FROM (SELECT ${col} AS key, count(*)::int AS count FROM r GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 20) x)`;
    const rawQuery = query<{ by_page: Row[]; by_os: Row[]; by_model: Row[]; count: number; devices: number; latest: Row[] }>(
      db,
      sql`WITH r AS MATERIALIZED (SELECT ts, device_id, platform, version, os, device_model, url, uid FROM ${raw})
        SELECT ${by(PAGE_OF_URL)} AS by_page, ${by(sql`coalesce(os, '')`)} AS by_os, ${by(sql`coalesce(device_model, '')`)} AS by_model,
          (SELECT count(*)::int FROM r) AS count, (SELECT count(DISTINCT device_id)::int FROM r) AS devices,
          (SELECT coalesce(json_agg(x), '[]') FROM (SELECT ts, device_id, platform, version, coalesce(os, '') AS os, coalesce(device_model, '') AS device_model,
              ${PAGE_OF_URL} AS page, uid FROM r ORDER BY ts DESC LIMIT ${LATEST_OCCURRENCES}) x) AS latest`,
    );
    const keyed = (rs: Row[]) => rs.map((r) => ({ key: String(r.key ?? ''), count: num(r.count) }));
    const rollupBy = (col: string) =>
      query(db, sql`SELECT ${sql.raw(col)} AS key, sum(count)::int AS count FROM stat_error_days WHERE ${inGroup} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 20`).then(
        (rs) => rs.map((r) => ({ key: String(r.key), count: num(r.count) })),
      );
    const [totals, trend, byPlatform, byVersion, [rawFigures]] = await Promise.all([
      query(db, sql`SELECT coalesce(sum(count), 0)::int AS count, coalesce(sum(devices), 0)::int AS devices FROM stat_error_days WHERE ${inGroup}`),
      query(
        db,
        sql`SELECT to_char(days.day, 'YYYY-MM-DD') AS day, coalesce(e.count, 0)::int AS count
            FROM generate_series(${f.start}::date, ${f.end}::date, interval '1 day') AS days(day)
            LEFT JOIN (SELECT day, sum(count) AS count FROM stat_error_days WHERE ${inGroup} GROUP BY day) e ON e.day = days.day ORDER BY days.day`,
      ),
      rollupBy('platform'),
      rollupBy('version'),
      rawQuery,
    ]);
    const latest = rawFigures.latest;
    // the stack is the latest occurrence's: its version's maps resolve it
    let version = latest[0] ? String(latest[0].version) : '';
    if (!latest[0]) {
      const [v] = await query(db, sql`SELECT version FROM stat_error_days WHERE ${inGroup} ORDER BY day DESC, count DESC LIMIT 1`);
      version = v ? String(v.version) : (f.version ?? '');
    }
    const stack = String(group.stack ?? '');
    return {
      hash,
      kind,
      message: String(group.message),
      stack,
      first_ts: iso(group.first_ts),
      last_ts: iso(group.last_ts),
      count: num(totals[0]?.count),
      devices: num(totals[0]?.devices),
      resolved: await this.resolveStack(f.appId, version, stack),
      trend: trend.map((r) => ({ day: String(r.day), count: num(r.count) })),
      by_platform: byPlatform,
      by_version: byVersion,
      by_page: keyed(rawFigures.by_page),
      by_os: keyed(rawFigures.by_os),
      by_device_model: keyed(rawFigures.by_model),
      raw_count: num(rawFigures.count),
      raw_devices: num(rawFigures.devices),
      latest: latest.map((r) => ({
        ts: iso(r.ts),
        device_id: String(r.device_id),
        platform: String(r.platform),
        version: String(r.version),
        os: String(r.os),
        device_model: String(r.device_model),
        page: String(r.page ?? ''),
        uid: r.uid == null ? null : String(r.uid),
      })),
    };
  }

  async resolveStack(appId: string, version: string, stack: string): Promise<ResolvedStack> {
    const frames = parseStack(stack);
    const files = [...new Set(frames.map((fr) => fr.file).filter(Boolean))];
    const maps = new Map<string, TraceMap>();
    if (files.length) {
      const rows = await query(
        this.pools.read,
        sql`SELECT file, created_at, map FROM stat_source_maps WHERE app_id = ${appId} AND version = ${version} AND file = ANY(${sql.param(files)}::text[])`,
      );
      for (const r of rows) {
        const key = `${appId}\n${version}\n${r.file}\n${iso(r.created_at)}`;
        let map = mapCache.get(key);
        if (!map) {
          try {
            map = parseSourceMap(String(r.map));
          } catch {
            continue;
          }
          if (mapCache.size >= MAP_CACHE_MAX) mapCache.delete(mapCache.keys().next().value!);
          mapCache.set(key, map);
        }
        maps.set(String(r.file), map);
      }
    }
    // stacks count columns from 1, source maps from 0
    const positions = frames.map((fr) => {
      const map = maps.get(fr.file);
      if (!map) return null;
      const pos = originalPositionFor(map, { line: fr.line, column: Math.max(0, fr.column - 1) });
      return pos.source === null || pos.line === null ? null : { source: pos.source, line: pos.line, column: pos.column ?? 0, name: pos.name };
    });
    const out = frames.map(({ lineNo, ...fr }, i) => {
      const pos = positions[i];
      if (!pos) return { ...fr, original: null };
      // a frame's function is named by the identifier its caller called: the next frame's
      // original token, when that frame is the very next line (no native frame between)
      const caller = frames[i + 1]?.lineNo === lineNo + 1 ? positions[i + 1] : null;
      return { ...fr, original: { source: pos.source, line: pos.line, column: pos.column + 1, name: caller?.name ?? null } };
    });
    return { version, frames: out, resolved: positions.filter(Boolean).length };
  }

  async sourceMaps(appId: string | undefined, page: ListPage): Promise<{ rows: SourceMapRow[]; total: number }> {
    const kw = page.keyword?.trim();
    const where = sql.join(
      [sql`true`, ...(appId ? [sql`app_id = ${appId}`] : []), ...(kw ? [sql`(file ILIKE ${likePattern(kw)} OR version ILIKE ${likePattern(kw)})`] : [])],
      sql` AND `,
    );
    const rows = await query(
      this.pools.read,
      sql`SELECT app_id, version, file, octet_length(map) AS size, uploaded_by, created_at, count(*) OVER () AS total
          FROM stat_source_maps WHERE ${where} ORDER BY created_at DESC, app_id, version, file
          LIMIT ${page.pageSize} OFFSET ${(page.current - 1) * page.pageSize}`,
    );
    return { total: rows.length ? num(rows[0].total) : 0, rows: rows.map(mapRow) };
  }

  async saveSourceMap(input: { appId: string; version: string; file: string; map: string; uploadedBy: string | null }): Promise<SourceMapRow> {
    if (Buffer.byteLength(input.map) > SOURCE_MAP_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', { field: 'map' });
    parseSourceMap(input.map);
    const db = this.pools.write;
    const [app] = await query(db, sql`SELECT 1 AS ok FROM apps WHERE appid = ${input.appId}`);
    if (!app) throw new AppError('STAT_APP_UNKNOWN', { field: 'app_id' });
    const [row] = await query(
      db,
      sql`INSERT INTO stat_source_maps (app_id, version, file, map, uploaded_by, created_at)
          VALUES (${input.appId}, ${input.version}, ${input.file}, ${input.map}, ${input.uploadedBy}, now())
          ON CONFLICT (app_id, version, file) DO UPDATE SET map = excluded.map, uploaded_by = excluded.uploaded_by, created_at = now()
          RETURNING app_id, version, file, octet_length(map) AS size, uploaded_by, created_at`,
    );
    return mapRow(row);
  }

  async deleteSourceMap(appId: string, version: string, file: string): Promise<boolean> {
    const r = await this.pools.write.execute(sql`DELETE FROM stat_source_maps WHERE app_id = ${appId} AND version = ${version} AND file = ${file}`);
    return (r.rowCount ?? 0) > 0;
  }
}

function mapRow(r: Record<string, unknown>): SourceMapRow {
  return {
    app_id: String(r.app_id),
    version: String(r.version),
    file: String(r.file),
    size: num(r.size),
    uploaded_by: r.uploaded_by == null ? null : String(r.uploaded_by),
    created_at: iso(r.created_at),
  };
}
