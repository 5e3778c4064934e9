/** Device and user reports: overview, activity, trend, retention, comparison, stickiness (subject device or user): the queries over the rollups (read pool). */
import { type SQL, sql } from 'drizzle-orm';
import { addDays, DEPTH_BUCKETS, DURATION_BUCKETS, RETENTION_DAYS, statDay } from '../../../../shared/stat';
import { query } from '../../../core/sql';
import { type StatFilter, filterWhere, shiftFilter } from '../filter';
import type { StatPools } from '../pools';
import {
  type StatSubject,
  type TrendGranularity,
  type RetentionMode,
  type RetentionUnit,
  type DayFigures,
  type OverviewReport,
  type ActivityReport,
  type TrendReport,
  type RetentionReport,
  type Totals,
  type ComparisonSide,
  type ComparisonReport,
  type BucketRow,
  type StickinessReport,
  type DeviceReports,
  RETENTION_PERIODS,
} from './device-types';

export type { DeviceReports, StatSubject } from './device-types';

const TABLES = {
  device: { days: sql.raw('stat_device_days'), firsts: sql.raw('stat_devices'), id: sql.raw('device_id'), sessionsOnly: sql`` },
  user: { days: sql.raw('stat_user_days'), firsts: sql.raw('stat_users'), id: sql.raw('uid'), sessionsOnly: sql` AND s.uid IS NOT NULL` },
} as const;
const DAY_MS = 86_400_000;

/** the filter's dimensions only (no days): windows reaching before the range */
function dimsWhere(f: StatFilter, alias: string): SQL {
  const col = (c: string) => sql.raw(`${alias}.${c}`);
  const parts: SQL[] = [sql`${col('app_id')} = ${f.appId}`];
  if (f.platform) parts.push(sql`${col('platform')} = ${f.platform}`);
  if (f.channel) parts.push(sql`${col('channel')} = ${f.channel}`);
  if (f.version) parts.push(sql`${col('version')} = ${f.version}`);
  return sql.join(parts, sql` AND `);
}

const ratio = (a: number, b: number, digits = 1) => (b ? Math.round((a / b) * 100 * 10 ** digits) / 10 ** digits : 0);
const days = (start: string, end: string) => sql`SELECT d::date AS day FROM generate_series(${start}::date, ${end}::date, interval '1 day') d`;

export class PgDeviceReports implements DeviceReports {
  constructor(protected pools: StatPools) {}

  private get db() {
    return this.pools.read;
  }

  /**
   * new / active / launches / duration per day of the filter's range (every day, zeros included).
   * Devices of every platform or one: the kept DAU and the day figures (a device keeps its
   * platform, so its days' sums are the day's); else counted from the device (user) days.
   */
  private async daily(subject: StatSubject, f: StatFilter) {
    const T = TABLES[subject];
    const a =
      subject === 'device' && !f.channel && !f.version
        ? sql`SELECT s.day, coalesce(k.dau, 0) AS active, s.sessions, s.page_views, s.duration_s
            FROM (SELECT d.day, sum(d.sessions)::int AS sessions, sum(d.page_views)::int AS page_views, sum(d.duration_s::int) AS duration_s
              FROM stat_daily d WHERE ${filterWhere(f, 'd')} GROUP BY d.day) s
            LEFT JOIN stat_activity k ON k.app_id = ${f.appId} AND k.subject = 'device' AND k.platform = ${f.platform ?? ''} AND k.day = s.day`
        : sql`SELECT t.day, count(*)::int AS active, sum(t.sessions)::int AS sessions, sum(t.page_views)::int AS page_views, sum(t.duration_s::int) AS duration_s
            FROM ${T.days} t WHERE ${filterWhere(f, 't')} GROUP BY t.day`;
    return query<{ day: string; new: number; active: number; sessions: number; page_views: number; duration_s: number }>(
      this.db,
      sql`WITH g AS (${days(f.start, f.end)}),
        a AS (${a}),
        n AS (SELECT t.first_day AS day, count(*)::int AS new FROM ${T.firsts} t
              WHERE ${dimsWhere(f, 't')} AND t.first_day BETWEEN ${f.start}::date AND ${f.end}::date GROUP BY t.first_day)
      SELECT to_char(g.day, 'YYYY-MM-DD') AS day, coalesce(n.new, 0) AS new, coalesce(a.active, 0) AS active,
        coalesce(a.sessions, 0) AS sessions, coalesce(a.page_views, 0) AS page_views, coalesce(a.duration_s, 0)::float8 AS duration_s
      FROM g LEFT JOIN a ON a.day = g.day LEFT JOIN n ON n.day = g.day ORDER BY g.day`,
    );
  }

  private async dayFigures(subject: StatSubject, f: StatFilter, day: string): Promise<DayFigures> {
    const T = TABLES[subject];
    const one = shiftFilter(f, day, day);
    const [d] = await this.daily(subject, one);
    const [extra] = await query<{ total: number; launches: number; bounces: number }>(
      this.db,
      sql`SELECT (SELECT count(*)::int FROM ${T.firsts} t WHERE ${dimsWhere(f, 't')} AND t.first_day <= ${day}::date) AS total,
        (SELECT count(*)::int FROM stat_sessions s WHERE ${filterWhere(one, 's')}${T.sessionsOnly}) AS launches,
        (SELECT count(*)::int FROM stat_sessions s WHERE ${filterWhere(one, 's')}${T.sessionsOnly} AND s.page_count = 1) AS bounces`,
    );
    return {
      new: d.new,
      active: d.active,
      sessions: d.sessions,
      page_views: d.page_views,
      duration_s: d.duration_s,
      avg_session_s: d.sessions ? Math.round(d.duration_s / d.sessions) : 0,
      avg_subject_s: d.active ? Math.round(d.duration_s / d.active) : 0,
      bounce_rate: ratio(extra.bounces, extra.launches),
      total: extra.total,
    };
  }

  /**
   * A day's figures up to an instant, from its sessions (a session's part of the day has a row
   * there): those started before `until` with all their page views and time, the devices (users)
   * they came from, and those first seen before it. Without a cut this gives the day's figures.
   */
  private async dayFiguresUntil(subject: StatSubject, f: StatFilter, day: string, until: Date): Promise<DayFigures> {
    const T = TABLES[subject];
    const one = shiftFilter(f, day, day);
    const cut = until.toISOString();
    const [r] = await query<{ new: number; total: number; active: number; sessions: number; page_views: number; duration_s: number; bounces: number }>(
      this.db,
      sql`SELECT
          (SELECT count(*)::int FROM ${T.firsts} t WHERE ${dimsWhere(f, 't')} AND t.first_day = ${day}::date AND t.first_ts < ${cut}::timestamptz) AS new,
          (SELECT count(*)::int FROM ${T.firsts} t WHERE ${dimsWhere(f, 't')} AND t.first_day <= ${day}::date AND t.first_ts < ${cut}::timestamptz) AS total,
          count(DISTINCT s.${T.id})::int AS active, count(*)::int AS sessions, coalesce(sum(s.page_count), 0)::int AS page_views,
          coalesce(sum(s.duration_s), 0)::float8 AS duration_s, count(*) FILTER (WHERE s.page_count = 1)::int AS bounces
        FROM stat_sessions s WHERE ${filterWhere(one, 's')}${T.sessionsOnly} AND s.started_at < ${cut}::timestamptz`,
    );
    return {
      new: r.new,
      active: r.active,
      sessions: r.sessions,
      page_views: r.page_views,
      duration_s: r.duration_s,
      avg_session_s: r.sessions ? Math.round(r.duration_s / r.sessions) : 0,
      avg_subject_s: r.active ? Math.round(r.duration_s / r.active) : 0,
      bounce_rate: ratio(r.bounces, r.sessions),
      total: r.total,
    };
  }

  async overview(subject: StatSubject, f: StatFilter, now = Date.now()): Promise<OverviewReport> {
    const T = TABLES[subject];
    // today is not over: today so far against yesterday up to the same time of day
    const partial = f.end === statDay(now, f.tz);
    const yesterday = addDays(f.end, -1);
    const [today, previous, trend, top, platforms] = await Promise.all([
      partial ? this.dayFiguresUntil(subject, f, f.end, new Date(now)) : this.dayFigures(subject, f, f.end),
      partial ? this.dayFiguresUntil(subject, f, yesterday, new Date(now - DAY_MS)) : this.dayFigures(subject, f, yesterday),
      this.daily(subject, f),
      query<OverviewReport['top_pages'][number]>(
        this.db,
        sql`SELECT p.path, max(p.title) AS title, sum(p.views)::int AS views, sum(p.entries)::int AS entries, sum(p.duration_s)::float8 AS duration_s
          FROM stat_pages p WHERE ${filterWhere(f, 'p')} GROUP BY p.path ORDER BY views DESC, p.path LIMIT 10`,
      ),
      query<{ platform: string; active: number }>(
        this.db,
        // distinct ids by grouping (platform, id) first: a hash aggregate, where count(DISTINCT) sorts
        sql`SELECT x.platform, count(*)::int AS active FROM (SELECT t.platform, t.${T.id} FROM ${T.days} t WHERE ${filterWhere(f, 't')} GROUP BY 1, 2) x
          GROUP BY x.platform ORDER BY active DESC, x.platform`,
      ),
    ]);
    return {
      day: f.end,
      partial,
      as_of: partial ? new Date(now).toISOString() : null,
      today,
      previous,
      trend: trend.map(({ day, new: n, active, sessions }) => ({ day, new: n, active, sessions })),
      top_pages: top,
      platforms,
    };
  }

  async activity(subject: StatSubject, f: StatFilter): Promise<ActivityReport> {
    const rows = f.channel || f.version ? await this.activityCounted(subject, f) : await this.activityKept(subject, f);
    return { days: rows.map((r) => ({ ...r, dau_wau: ratio(r.dau, r.wau), dau_mau: ratio(r.dau, r.mau) })) };
  }

  /** every platform or one: the rows the rollup keeps (a day without one had nobody active in its 30 days) */
  private activityKept(subject: StatSubject, f: StatFilter) {
    return query<{ day: string; dau: number; wau: number; mau: number }>(
      this.db,
      sql`SELECT to_char(g.day, 'YYYY-MM-DD') AS day, coalesce(a.dau, 0) AS dau, coalesce(a.wau, 0) AS wau, coalesce(a.mau, 0) AS mau
        FROM (${days(f.start, f.end)}) g
        LEFT JOIN stat_activity a ON a.app_id = ${f.appId} AND a.subject = ${subject} AND a.platform = ${f.platform ?? ''} AND a.day = g.day
        ORDER BY g.day`,
    );
  }

  /** a channel or a version: counted from the device (user) days */
  private activityCounted(subject: StatSubject, f: StatFilter) {
    const T = TABLES[subject];
    // Each active day d of an id counts it in the 7 (30) days from d on, until its next active
    // day takes over: [d, min(d + 7, next)) never overlap, so the running sum of +1 at d and -1
    // at the end is the exact number of distinct ids in the trailing window, in one pass over
    // the rows (a window per day would read every row 30 times).
    return query<{ day: string; dau: number; wau: number; mau: number }>(
      this.db,
      sql`WITH t AS (
          SELECT t.day, lead(t.day) OVER (PARTITION BY t.${T.id} ORDER BY t.day) AS nxt
          FROM ${T.days} t WHERE ${dimsWhere(f, 't')} AND t.day BETWEEN ${f.start}::date - 29 AND ${f.end}::date
        ), deltas AS (
          SELECT day AS d, 1 AS dau, 1 AS w7, 1 AS w30 FROM t
          UNION ALL SELECT least(day + 7, coalesce(nxt, day + 7)), 0, -1, 0 FROM t
          UNION ALL SELECT least(day + 30, coalesce(nxt, day + 30)), 0, 0, -1 FROM t
          UNION ALL SELECT day, 0, 0, 0 FROM (${days(f.start, f.end)}) g
        ), daily AS (
          SELECT d, sum(dau) AS dau, sum(w7) AS w7, sum(w30) AS w30 FROM deltas GROUP BY d
        ), run AS (
          SELECT d, dau, sum(w7) OVER (ORDER BY d) AS wau, sum(w30) OVER (ORDER BY d) AS mau FROM daily
        )
      SELECT to_char(d, 'YYYY-MM-DD') AS day, dau::int, wau::int, mau::int FROM run
      WHERE d BETWEEN ${f.start}::date AND ${f.end}::date ORDER BY d`,
    );
  }

  async trend(subject: StatSubject, f: StatFilter, granularity: TrendGranularity): Promise<TrendReport> {
    const T = TABLES[subject];
    if (granularity === 'hour') {
      const tz = sql.raw(`interval '${f.tz} minutes'`);
      const activeCol = sql.raw(subject === 'device' ? 'active_devices' : 'active_users');
      // hours of the range in local time; launches and time of users come from their sessions
      const rows = await query<TrendReport['rows'][number]>(
        this.db,
        sql`WITH g AS (SELECT h FROM generate_series(${f.from.toISOString()}::timestamptz, ${f.to.toISOString()}::timestamptz - interval '1 hour', interval '1 hour') h),
          hr AS (SELECT t.hour, sum(t.${activeCol})::int AS active, sum(t.sessions)::int AS sessions, sum(t.duration_s)::float8 AS duration_s
                 FROM stat_hourly t WHERE ${filterWhere(f, 't', 'hour')} GROUP BY t.hour),
          us AS (SELECT date_trunc('hour', s.started_at) AS hour, count(*)::int AS sessions, sum(s.duration_s)::float8 AS duration_s
                 FROM stat_sessions s WHERE ${filterWhere(f, 's')} AND s.uid IS NOT NULL GROUP BY 1),
          n AS (SELECT date_trunc('hour', t.first_ts) AS hour, count(*)::int AS new FROM ${T.firsts} t
                WHERE ${dimsWhere(f, 't')} AND t.first_ts >= ${f.from.toISOString()}::timestamptz AND t.first_ts < ${f.to.toISOString()}::timestamptz GROUP BY 1)
        SELECT to_char((g.h AT TIME ZONE 'UTC') + ${tz}, 'YYYY-MM-DD HH24:00') AS bucket, coalesce(n.new, 0) AS new, coalesce(hr.active, 0) AS active,
          ${subject === 'device' ? sql`coalesce(hr.sessions, 0)` : sql`coalesce(us.sessions, 0)`} AS sessions,
          ${subject === 'device' ? sql`coalesce(hr.duration_s, 0)` : sql`coalesce(us.duration_s, 0)`} AS duration_s
        FROM g LEFT JOIN hr ON hr.hour = g.h LEFT JOIN us ON us.hour = g.h LEFT JOIN n ON n.hour = g.h ORDER BY g.h`,
      );
      return { granularity, rows };
    }
    if (granularity === 'day') {
      // an id has one row a day: the day's figures are its rows' (no distinct to count)
      const rows = await this.daily(subject, f);
      return { granularity, rows: rows.map((r) => ({ bucket: r.day, new: r.new, active: r.active, sessions: r.sessions, duration_s: r.duration_s })) };
    }
    const unit = sql.raw(`'${granularity}'`);
    const bucket = (col: SQL) => sql`date_trunc(${unit}, ${col})::date`;
    const rows = await query<TrendReport['rows'][number]>(
      this.db,
      sql`WITH g AS (SELECT DISTINCT ${bucket(sql`d.day`)} AS b FROM (${days(f.start, f.end)}) d),
        a AS (SELECT x.b, count(*)::int AS active, sum(x.sessions)::int AS sessions, sum(x.duration_s)::float8 AS duration_s
              FROM (SELECT ${bucket(sql`t.day`)} AS b, t.${T.id}, sum(t.sessions) AS sessions, sum(t.duration_s) AS duration_s
                    FROM ${T.days} t WHERE ${filterWhere(f, 't')} GROUP BY 1, 2) x GROUP BY 1),
        n AS (SELECT ${bucket(sql`t.first_day`)} AS b, count(*)::int AS new FROM ${T.firsts} t
              WHERE ${dimsWhere(f, 't')} AND t.first_day BETWEEN ${f.start}::date AND ${f.end}::date GROUP BY 1)
      SELECT to_char(g.b, 'YYYY-MM-DD') AS bucket, coalesce(n.new, 0) AS new, coalesce(a.active, 0) AS active,
        coalesce(a.sessions, 0) AS sessions, coalesce(a.duration_s, 0) AS duration_s
      FROM g LEFT JOIN a ON a.b = g.b LEFT JOIN n ON n.b = g.b ORDER BY g.b`,
    );
    return { granularity, rows };
  }

  async retention(subject: StatSubject, f: StatFilter, mode: RetentionMode, unit: RetentionUnit = 'day', now = Date.now()): Promise<RetentionReport> {
    if (unit !== 'day') return this.periodRetention(subject, f, mode, unit, now);
    const T = TABLES[subject];
    // the cohort's size from the base tables (a cohort with no day passed yet has no retention rows)
    const cohortQuery =
      mode === 'new'
        ? sql`SELECT t.first_day AS day, count(*)::int AS cohort FROM ${T.firsts} t WHERE ${dimsWhere(f, 't')} AND t.first_day BETWEEN ${f.start}::date AND ${f.end}::date GROUP BY 1`
        : sql`SELECT t.day, count(*)::int AS cohort FROM ${T.days} t WHERE ${filterWhere(f, 't')} GROUP BY 1`;
    const [cohorts, cells] = await Promise.all([
      query<{ day: string; cohort: number }>(
        this.db,
        sql`SELECT to_char(c.day, 'YYYY-MM-DD') AS day, c.cohort FROM (${cohortQuery}) c WHERE c.cohort > 0 ORDER BY c.day DESC`,
      ),
      query<{ day: string; n: number; retained: number }>(
        this.db,
        sql`SELECT to_char(r.cohort_day, 'YYYY-MM-DD') AS day, r.n::int AS n, sum(r.retained)::int AS retained FROM stat_retention r
          WHERE ${filterWhere(f, 'r', 'cohort_day')} AND r.subject = ${subject} AND r.mode = ${mode} GROUP BY r.cohort_day, r.n`,
      ),
    ]);
    const byKey = new Map(cells.map((c) => [`${c.day}:${c.n}`, c.retained]));
    return {
      mode,
      unit,
      days: [...RETENTION_DAYS],
      rows: cohorts.map((c) => ({
        cohort_day: c.day,
        cohort: c.cohort,
        cells: RETENTION_DAYS.map((n) => {
          const retained = byKey.get(`${c.day}:${n}`);
          return retained === undefined ? { n, retained: null, pct: null } : { n, retained, pct: ratio(retained, c.cohort, 2) };
        }),
      })),
    };
  }

  /**
   * Weekly (from Monday) or monthly retention, counted from the device (user) days: the cohort of
   * a week (month) is the ids new in it (first seen in it) or active in it, under the filter's
   * dimensions, over the whole weeks (months) the range touches; retained after n weeks (months)
   * = those of them active at all in the n-th one after. A period not begun yet has null cells;
   * the one running now counts so far.
   */
  private async periodRetention(subject: StatSubject, f: StatFilter, mode: RetentionMode, unit: 'week' | 'month', now: number): Promise<RetentionReport> {
    const T = TABLES[subject];
    const u = sql.raw(`'${unit}'`);
    const step = sql.raw(`interval '1 ${unit}'`);
    const today = statDay(now, f.tz);
    const first = sql`date_trunc(${u}, ${f.start}::date)::date`;
    const last = sql`least(${f.end}::date, ${today}::date)`;
    const max = RETENTION_PERIODS[RETENTION_PERIODS.length - 1];
    const cohort =
      mode === 'new'
        ? sql`SELECT t.${T.id} AS id, date_trunc(${u}, t.first_day)::date AS cp FROM ${T.firsts} t
            WHERE ${dimsWhere(f, 't')} AND t.first_day BETWEEN ${first} AND ${last}`
        : sql`SELECT t.${T.id} AS id, date_trunc(${u}, t.day)::date AS cp FROM ${T.days} t
            WHERE ${dimsWhere(f, 't')} AND t.day BETWEEN ${first} AND ${last} GROUP BY 1, 2`;
    const rows = await query<{ cp: string; n: number; ids: number }>(
      this.db,
      sql`WITH c AS MATERIALIZED (${cohort}),
        a AS (SELECT r.${T.id} AS id, date_trunc(${u}, r.day)::date AS ap FROM ${T.days} r
          WHERE r.app_id = ${f.appId} AND r.day >= ${first} + ${step} AND r.day < (date_trunc(${u}, ${last}) + ${sql.raw(`interval '${max + 1} ${unit}'`)})::date
          GROUP BY 1, 2),
        k AS (SELECT c.cp, ${
          unit === 'week'
            ? sql`((a.ap - c.cp) / 7)::int`
            : sql`((extract(year FROM a.ap) - extract(year FROM c.cp)) * 12 + extract(month FROM a.ap) - extract(month FROM c.cp))::int`
        } AS n FROM c JOIN a ON a.id = c.id AND a.ap > c.cp)
      SELECT to_char(cp, 'YYYY-MM-DD') AS cp, 0 AS n, count(*)::int AS ids FROM c GROUP BY cp
      UNION ALL SELECT to_char(cp, 'YYYY-MM-DD'), n, count(*)::int FROM k WHERE n <= ${max} GROUP BY 1, 2`,
    );
    const byKey = new Map(rows.map((r) => [`${r.cp}:${r.n}`, r.ids]));
    const cohorts = rows.filter((r) => r.n === 0 && r.ids > 0).sort((a, b) => b.cp.localeCompare(a.cp));
    // the first day of the n-th period after a cohort's
    const startOf = (cp: string, n: number) => {
      if (unit === 'week') return addDays(cp, 7 * n);
      const m = Number(cp.slice(0, 4)) * 12 + Number(cp.slice(5, 7)) - 1 + n;
      return `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-01`;
    };
    return {
      mode,
      unit,
      days: [...RETENTION_PERIODS],
      rows: cohorts.map((c) => ({
        cohort_day: c.cp,
        cohort: c.ids,
        cells: RETENTION_PERIODS.map((n) => {
          if (startOf(c.cp, n) > today) return { n, retained: null, pct: null };
          const retained = byKey.get(`${c.cp}:${n}`) ?? 0;
          return { n, retained, pct: ratio(retained, c.ids, 2) };
        }),
      })),
    };
  }

  /**
   * Totals over the range: every platform (platform null) and, with `byPlatform`, each platform, in
   * one pass (grouping sets: the ids per platform and overall counted from the same rows).
   */
  private async totals(subject: StatSubject, f: StatFilter, byPlatform: boolean) {
    const T = TABLES[subject];
    const sets = byPlatform ? sql`GROUPING SETS ((t.platform, t.${T.id}), (t.${T.id}))` : sql`t.${T.id}`;
    const platform = byPlatform ? sql`t.platform` : sql`NULL::text`;
    // a day's duration fits an int: summed as int (bigint sums are numeric, and slow)
    return query<{ platform: string | null } & Totals>(
      this.db,
      // the overall row's key is '*' (no platform is called that): a full join wants an equality
      sql`WITH a AS (SELECT coalesce(y.platform, '*') AS k, count(*)::int AS active, sum(y.sessions)::int AS sessions, sum(y.duration_s)::float8 AS duration_s
            FROM (SELECT ${platform} AS platform, t.${T.id}, sum(t.sessions) AS sessions, sum(t.duration_s::int) AS duration_s
              FROM ${T.days} t WHERE ${filterWhere(f, 't')} GROUP BY ${sets}) y GROUP BY y.platform),
        n AS (SELECT coalesce(${platform}, '*') AS k, count(*)::int AS new FROM ${T.firsts} t
              WHERE ${dimsWhere(f, 't')} AND t.first_day BETWEEN ${f.start}::date AND ${f.end}::date GROUP BY ${byPlatform ? sql`ROLLUP (t.platform)` : sql`()`})
      SELECT nullif(coalesce(a.k, n.k), '*') AS platform, coalesce(n.new, 0) AS new, coalesce(a.active, 0) AS active,
        coalesce(a.sessions, 0) AS sessions, coalesce(a.duration_s, 0) AS duration_s
      FROM a FULL JOIN n ON n.k = a.k ORDER BY active DESC, platform`,
    );
  }

  private sideOf(f: StatFilter, totals: Totals | undefined, daily: Awaited<ReturnType<PgDeviceReports['daily']>>): ComparisonSide {
    return {
      app_id: f.appId,
      start: f.start,
      end: f.end,
      totals: totals
        ? { new: totals.new, active: totals.active, sessions: totals.sessions, duration_s: totals.duration_s }
        : { new: 0, active: 0, sessions: 0, duration_s: 0 },
      days: daily.map(({ day, new: n, active, sessions }) => ({ day, new: n, active, sessions })),
    };
  }

  private async side(subject: StatSubject, f: StatFilter): Promise<ComparisonSide> {
    const [[totals], daily] = await Promise.all([this.totals(subject, f, false), this.daily(subject, f)]);
    return this.sideOf(f, totals, daily);
  }

  async comparison(subject: StatSubject, f: StatFilter, otherAppId?: string): Promise<ComparisonReport> {
    const other = otherAppId ? { ...f, appId: otherAppId } : shiftFilter(f, addDays(f.start, -f.days), addDays(f.start, -1));
    // the current side's totals are the overall row of the platforms' query
    const [rows, daily, otherSide] = await Promise.all([this.totals(subject, f, true), this.daily(subject, f), this.side(subject, other)]);
    const platforms = rows.filter((r): r is typeof r & { platform: string } => r.platform !== null);
    return {
      platforms,
      current: this.sideOf(
        f,
        rows.find((r) => r.platform === null),
        daily,
      ),
      other: otherSide,
    };
  }

  async stickiness(subject: StatSubject, f: StatFilter): Promise<StickinessReport> {
    const T = TABLES[subject];
    const [depthCol, durationCol] = subject === 'device' ? ['depth_sessions', 'duration_sessions'] : ['depth_user_sessions', 'duration_user_sessions'];
    // sessions per bucket: the days' counts (under the sessions' dimensions), summed
    const sums = (col: string, n: number) =>
      sql.join(
        Array.from({ length: n }, (_, i) => sql.raw(`coalesce(sum(d.${col}[${i + 1}]), 0)::int`)),
        sql`, `,
      );
    // ids per bucket: an id counts once in each bucket any of its days' sessions fell in (bit i of the day masks)
    const bits = (col: string, n: number) =>
      sql.join(
        Array.from({ length: n }, (_, i) => sql.raw(`count(*) FILTER (WHERE x.${col} & ${1 << i} <> 0)::int`)),
        sql`, `,
      );
    const [[sessions], [subjects]] = await Promise.all([
      query<{ v: number[] }>(
        this.db,
        sql`SELECT ARRAY[${sums(depthCol, DEPTH_BUCKETS.length)}, ${sums(durationCol, DURATION_BUCKETS.length)}] AS v FROM stat_daily d WHERE ${filterWhere(f, 'd')}`,
      ),
      query<{ v: number[] }>(
        this.db,
        sql`SELECT ARRAY[${bits('dm', DEPTH_BUCKETS.length)}, ${bits('um', DURATION_BUCKETS.length)}] AS v
          FROM (SELECT bit_or(t.depth_mask) AS dm, bit_or(t.duration_mask) AS um FROM ${T.days} t WHERE ${filterWhere(f, 't')} GROUP BY t.${T.id}) x`,
      ),
    ]);
    const at = (buckets: readonly { key: string }[], offset: number): BucketRow[] =>
      buckets.map((b, i) => ({ key: b.key, sessions: sessions.v[offset + i], subjects: subjects.v[offset + i] }));
    const duration = at(DURATION_BUCKETS, DEPTH_BUCKETS.length);
    // every session has a duration (at least 1 s): the duration buckets hold them all
    return { total_sessions: duration.reduce((n, b) => n + b.sessions, 0), depth: at(DEPTH_BUCKETS, 0), duration };
  }
}
