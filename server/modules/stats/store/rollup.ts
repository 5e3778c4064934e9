/**
 * The rollup job's storage side: recomputes app-days from raw events into every rollup table
 * (server/db/schema/stats.ts), replacing what an app-day had, so running it twice changes nothing.
 */
import { type SQL, sql } from 'drizzle-orm';
import { addDays, DEPTH_BUCKETS, DURATION_BUCKETS, RETENTION_DAYS, STAT_KINDS, STAT_SPEC, statDay, statDayStart } from '../../../../shared/stat';
import { intArray, query, textArray, type Tx } from '../../../core/sql';
import type { StatPools } from '../pools';
import { LOCKS } from '../../../core/locks';

export interface AppDay {
  appId: string;
  day: string;
}

export interface RollupOptions {
  /** at most this many app-days (default 50) */
  limit?: number;
  /** no new app-day is started after this instant (ms since epoch) */
  deadline?: number;
  /** a failing app-day: it stays dirty (the next call tries it again) */
  onError?: (e: unknown, appDay: AppDay) => void;
}

export interface RollupStore {
  /** recomputes the dirty app-days, oldest first, at most `limit`; answers how many were done */
  rollupDirty(tz: number, limit?: number, opts?: Omit<RollupOptions, 'limit'>): Promise<number>;
  /** after a time-zone change: wipes every rollup and marks every app-day of the raw events dirty */
  rebuild(tz: number): Promise<void>;
  /** an analyst's redo: marks the app's days start..end (local, inclusive) dirty and recomputes them; answers how many were done (the rest stay dirty for the job) */
  recompute(appId: string, start: string, end: string, tz: number, opts?: Omit<RollupOptions, 'limit'>): Promise<number>;
  /** the app-days waiting, oldest first (at most `limit`), and how many there are */
  dirty(limit?: number): Promise<{ total: number; days: AppDay[] }>;
}

/** every rollup table (rebuild wipes them) */
const ROLLUP_TABLES = [
  'stat_hourly',
  'stat_daily',
  'stat_device_days',
  'stat_devices',
  'stat_user_days',
  'stat_users',
  'stat_sessions',
  'stat_pages',
  'stat_event_days',
  'stat_error_groups',
  'stat_error_days',
  'stat_retention',
  'stat_activity',
  'stat_pay_orders',
];

/**
 * Runners (instances, the job and a refresh) share the work through transaction-level advisory
 * locks, never a row lock on a mark: the ingest adds a mark of its own for a day while it is
 * being recomputed without waiting for anyone, and a runner deletes only the marks it read before
 * recomputing, so the events committed meanwhile keep theirs and are never lost.
 * LOCKS.STAT_ROLLUP_DAY: one runner per app-day. LOCKS.STAT_ROLLUP_APP: one app's days one at a time, so the first-sight
 * upserts and the marks they put on later days see each other.
 */

const K = STAT_KINDS;

/** a page view's path: a hash route's part after '#' without its query, else the url's path without query and hash */
const PATH = sql.raw(`CASE
  WHEN e.url IS NULL OR e.url = '' THEN ''
  WHEN position('#/' in e.url) > 0 THEN split_part(substr(e.url, position('#/' in e.url) + 1), '?', 1)
  ELSE coalesce(nullif(split_part(split_part(regexp_replace(e.url, '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*', ''), '#', 1), '?', 1), ''), '/')
END`);

/** the index of the bucket a value falls in (NULL in none: a session without page views has no depth) */
const bucketIndex = (col: string, buckets: readonly { min: number; max: number | null }[]) =>
  sql.raw(
    `CASE ${buckets.map((b, i) => (b.max === null ? `WHEN ${col} >= ${b.min} THEN ${i}` : `WHEN ${col} BETWEEN ${b.min} AND ${b.max} THEN ${i}`)).join(' ')} END`,
  );
const DEPTH_I = bucketIndex('page_count', DEPTH_BUCKETS);
const DURATION_I = bucketIndex('duration_s', DURATION_BUCKETS);
/** the masks of the buckets a device's (user's) sessions of the day fell in (bit i: bucket i) */
const MASKS = sql`coalesce(bit_or(1 << ${DEPTH_I}), 0)::smallint AS depth_mask, coalesce(bit_or(1 << ${DURATION_I}), 0)::smallint AS duration_mask`;
/** sessions per bucket, in the buckets' order (only those of signed-in users with `users`) */
const perBucket = (index: SQL, n: number, users: boolean) =>
  sql`ARRAY[${sql.join(
    Array.from({ length: n }, (_, i) => sql`count(*) FILTER (WHERE ${index} = ${sql.raw(String(i))}${users ? sql` AND uid IS NOT NULL` : sql``})::int`),
    sql`, `,
  )}]`;

/**
 * An app's stat_activity rows of the days [first, last + 29] (what device or user days of
 * first..last can change; the old ones are deleted first), every platform ('') and each platform,
 * from the days [first - 29, last + 29]. An id's active day d counts it in the 7 (30) days from d
 * until its next active day takes over: [d, min(d + 7, next)) never overlap, so the running sum
 * of +1 at d and -1 at the end is the exact number of distinct ids in the trailing window, in one
 * pass over the rows.
 */
function activitySql(appId: string, subject: 'device' | 'user', first: string, last: string): SQL {
  const [table, id] = subject === 'device' ? ['stat_device_days', 'device_id'] : ['stat_user_days', 'uid'];
  const a = sql`${first}::date`;
  const b = sql`${last}::date + 29`;
  return sql`WITH t AS (
      SELECT day, platform,
        lead(day) OVER (PARTITION BY ${sql.raw(id)} ORDER BY day) AS nxt_all,
        lead(day) OVER (PARTITION BY ${sql.raw(id)}, platform ORDER BY day) AS nxt_p
      FROM ${sql.raw(table)} WHERE app_id = ${appId} AND day BETWEEN ${a} - 29 AND ${b}
    ), deltas AS (
      SELECT '' AS scope, day AS d, 1 AS dau, 1 AS w7, 1 AS w30 FROM t
      UNION ALL SELECT '', least(day + 7, coalesce(nxt_all, day + 7)), 0, -1, 0 FROM t
      UNION ALL SELECT '', least(day + 30, coalesce(nxt_all, day + 30)), 0, 0, -1 FROM t
      UNION ALL SELECT platform, day, 1, 1, 1 FROM t
      UNION ALL SELECT platform, least(day + 7, coalesce(nxt_p, day + 7)), 0, -1, 0 FROM t
      UNION ALL SELECT platform, least(day + 30, coalesce(nxt_p, day + 30)), 0, 0, -1 FROM t
    ), daily AS (
      SELECT scope, d, sum(dau) AS dau, sum(w7) AS w7, sum(w30) AS w30 FROM deltas WHERE d <= ${b} GROUP BY 1, 2
    ), grid AS (
      SELECT s.scope, g::date AS d FROM (SELECT DISTINCT scope FROM daily) s CROSS JOIN generate_series(${a} - 29, ${b}, interval '1 day') g
    ), run AS (
      SELECT g.scope, g.d, coalesce(x.dau, 0) AS dau,
        sum(coalesce(x.w7, 0)) OVER (PARTITION BY g.scope ORDER BY g.d) AS wau,
        sum(coalesce(x.w30, 0)) OVER (PARTITION BY g.scope ORDER BY g.d) AS mau
      FROM grid g LEFT JOIN daily x ON x.scope = g.scope AND x.d = g.d
    )
    INSERT INTO stat_activity (app_id, subject, day, platform, dau, wau, mau)
    SELECT ${appId}, ${subject}, d, scope, dau, wau, mau FROM run WHERE d BETWEEN ${a} AND ${b} AND mau > 0`;
}

export class PgRollupStore implements RollupStore {
  /** `now` decides which retention rows are due (cohort day + n not after today) */
  constructor(
    private pools: StatPools,
    private now: () => number = Date.now,
  ) {}

  async rollupDirty(tz: number, limit = 50, opts: Omit<RollupOptions, 'limit'> = {}): Promise<number> {
    return this.run(tz, sql`true`, { ...opts, limit });
  }

  async recompute(appId: string, start: string, end: string, tz: number, opts: Omit<RollupOptions, 'limit'> = {}): Promise<number> {
    await this.pools.write.execute(sql`INSERT INTO stat_dirty (app_id, day)
      SELECT ${appId}, d::date FROM generate_series(${start}::date, ${end}::date, interval '1 day') d`);
    return this.run(tz, sql`app_id = ${appId} AND day BETWEEN ${start}::date AND ${end}::date`, { ...opts, limit: Infinity });
  }

  async rebuild(tz: number): Promise<void> {
    await this.pools.write.transaction(async (tx) => {
      await tx.execute(sql.raw(`TRUNCATE ${[...ROLLUP_TABLES, 'stat_dirty', 'stat_activity_dirty'].join(', ')}`));
      await tx.execute(sql`INSERT INTO stat_dirty (app_id, day) SELECT DISTINCT app_id, stat_day(ts, ${tz}::int) FROM stat_events`);
    });
  }

  async dirty(limit = 100): Promise<{ total: number; days: AppDay[] }> {
    const [{ total }] = await query<{ total: number }>(
      this.pools.write,
      sql`SELECT count(*)::int AS total FROM (SELECT DISTINCT app_id, day FROM stat_dirty) d`,
    );
    const rows = await query<{ app_id: string; day: string }>(
      this.pools.write,
      sql`SELECT DISTINCT app_id, day::text AS day FROM stat_dirty ORDER BY day, app_id LIMIT ${limit}`,
    );
    return { total, days: rows.map((r) => ({ appId: r.app_id, day: r.day })) };
  }

  /**
   * Takes the marks matching `where`, oldest first, one transaction each; an app-day is taken
   * once per call (today's, marked again by every ingest flush, waits for the next call).
   */
  private async run(tz: number, where: SQL, opts: RollupOptions): Promise<number> {
    const seen: string[] = [];
    let done = 0;
    while (done < (opts.limit ?? 50) && (opts.deadline === undefined || Date.now() < opts.deadline)) {
      let taken: AppDay | undefined;
      try {
        const got = await this.pools.write.transaction(async (tx) => {
          const candidates = await query<{ app_id: string; day: string }>(
            tx,
            sql`SELECT DISTINCT app_id, day::text AS day FROM stat_dirty
              WHERE ${where} AND NOT (app_id || ' ' || day::text = ANY(${textArray(seen)}))
              ORDER BY day, app_id LIMIT 20`,
          );
          for (const c of candidates) {
            // another runner has this app-day: the next one
            const [{ ok }] = await query<{ ok: boolean }>(
              tx,
              sql`SELECT pg_try_advisory_xact_lock(${LOCKS.STAT_ROLLUP_DAY}, hashtext(${`${c.app_id} ${c.day}`})) AS ok`,
            );
            if (!ok) continue;
            taken = { appId: c.app_id, day: c.day };
            seen.push(`${c.app_id} ${c.day}`);
            await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCKS.STAT_ROLLUP_APP}, hashtext(${c.app_id}))`);
            // read after the locks: a runner may have done it meanwhile
            const [{ ids }] = await query<{ ids: string[] | null }>(
              tx,
              sql`SELECT array_agg(id)::text[] AS ids FROM stat_dirty WHERE app_id = ${c.app_id} AND day = ${c.day}::date`,
            );
            if (!ids) continue;
            await this.recomputeDay(tx, c.app_id, c.day, tz);
            // only the marks read above: one that new events committed meanwhile stays for another turn
            await tx.execute(sql`DELETE FROM stat_dirty WHERE id = ANY(${textArray(ids)}::bigint[])`);
            return true;
          }
          return false;
        });
        if (!got) break;
        done++;
      } catch (e) {
        // the transaction rolled back: the mark is still there for a later run
        if (!taken) throw e;
        opts.onError?.(e, taken);
      }
    }
    await this.refreshActivity();
    return done;
  }

  /**
   * DAU / WAU / MAU of the days the recomputed app-days reach (each of them and the 29 after),
   * one statement per app and subject; the marks it read go in the same transaction (a mark left
   * by a crash is taken by the next run).
   */
  private async refreshActivity(): Promise<void> {
    const apps = await query<{ app_id: string }>(this.pools.write, sql`SELECT DISTINCT app_id FROM stat_activity_dirty`);
    for (const { app_id: appId } of apps) {
      await this.pools.write.transaction(async (tx) => {
        // after the app's day recomputations that are running: what they wrote is seen
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCKS.STAT_ROLLUP_APP}, hashtext(${appId}))`);
        const [m] = await query<{ ids: string[] | null; first: string; last: string }>(
          tx,
          sql`SELECT array_agg(id)::text[] AS ids, min(day)::text AS first, max(day)::text AS last FROM stat_activity_dirty WHERE app_id = ${appId}`,
        );
        if (!m.ids) return;
        await tx.execute(sql`DELETE FROM stat_activity WHERE app_id = ${appId} AND day BETWEEN ${m.first}::date AND ${m.last}::date + 29`);
        for (const subject of ['device', 'user'] as const) await tx.execute(activitySql(appId, subject, m.first, m.last));
        await tx.execute(sql`DELETE FROM stat_activity_dirty WHERE id = ANY(${textArray(m.ids)}::bigint[])`);
      });
    }
  }

  /** replaces one app-day's rollups with what its raw events say */
  private async recomputeDay(tx: Tx, appId: string, day: string, tz: number): Promise<void> {
    const from = statDayStart(day, tz).toISOString();
    const to = statDayStart(addDays(day, 1), tz).toISOString();
    // the error de-duplication looks at the occurrence before, which may be just before midnight
    const lookback = new Date(Date.parse(from) - STAT_SPEC.ERROR_DEDUP_S * 1000).toISOString();
    const today = statDay(this.now(), tz);
    const ns = intArray([...RETENTION_DAYS]);
    const d = sql`${day}::date`;
    const x = (q: SQL) => tx.execute(q);

    // the day's events once, with what page views need: their path, first/last in the session,
    // and their duration (to the session's next event; the last page view to the session's end)
    await x(sql`CREATE TEMP TABLE rollup_ev ON COMMIT DROP AS
      SELECT ts, eid, device_id, uid, sid, kind, platform, channel, scene, version, title, ev_key, ev_value, order_no, amount_cents, path,
        row_number() OVER (PARTITION BY sid ORDER BY ts, eid) = 1 AS ev_first,
        kind = ${K.page} AND row_number() OVER (PARTITION BY sid, kind = ${K.page} ORDER BY ts, eid) = 1 AS pv_first,
        kind = ${K.page} AND row_number() OVER (PARTITION BY sid, kind = ${K.page} ORDER BY ts DESC, eid DESC) = 1 AS pv_last,
        CASE WHEN kind <> ${K.page} THEN 0
          WHEN row_number() OVER (PARTITION BY sid, kind = ${K.page} ORDER BY ts DESC, eid DESC) = 1
            THEN round(extract(epoch FROM max(ts) OVER (PARTITION BY sid) - ts))
          ELSE round(extract(epoch FROM lead(ts) OVER (PARTITION BY sid ORDER BY ts, eid) - ts)) END::bigint AS page_duration_s
      FROM (SELECT e.*, CASE WHEN e.kind = ${K.page} THEN ${PATH} END AS path FROM stat_events e
        WHERE e.app_id = ${appId} AND e.ts >= ${from}::timestamptz AND e.ts < ${to}::timestamptz) e`);
    await x(sql`CREATE TEMP TABLE rollup_ses ON COMMIT DROP AS
      SELECT sid,
        max(device_id) FILTER (WHERE ev_first) AS device_id,
        (array_agg(uid ORDER BY ts DESC, eid DESC) FILTER (WHERE uid IS NOT NULL))[1] AS uid,
        max(platform) FILTER (WHERE ev_first) AS platform, max(channel) FILTER (WHERE ev_first) AS channel,
        max(version) FILTER (WHERE ev_first) AS version, max(scene) FILTER (WHERE ev_first) AS scene,
        min(ts) AS started_at, max(ts) AS ended_at,
        count(*) FILTER (WHERE kind = ${K.page})::int AS page_count, count(*) FILTER (WHERE kind = ${K.event})::int AS event_count,
        coalesce(max(path) FILTER (WHERE pv_first), '') AS entry_page, coalesce(max(path) FILTER (WHERE pv_last), '') AS exit_page,
        greatest(1, round(extract(epoch FROM max(ts) - min(ts))))::int AS duration_s
      FROM rollup_ev GROUP BY sid`);
    await x(sql`CREATE TEMP TABLE rollup_err ON COMMIT DROP AS
      SELECT * FROM (
        SELECT ts, eid, device_id, kind, platform, channel, version, coalesce(device_model, '') AS device_model,
          coalesce(err_hash, '') AS hash, coalesce(err_msg, '') AS message, coalesce(err_stack, '') AS stack,
          kind = ${K.crash} OR coalesce(ts - lag(ts) OVER (PARTITION BY device_id, coalesce(err_hash, '') ORDER BY ts, eid)
            >= make_interval(secs => ${STAT_SPEC.ERROR_DEDUP_S}), true) AS counted
        FROM stat_events WHERE app_id = ${appId} AND kind IN (${K.error}, ${K.crash}) AND ts >= ${lookback}::timestamptz AND ts < ${to}::timestamptz) e
      WHERE ts >= ${from}::timestamptz`);

    // the app-day's previous rollups go (one statement: fewer round trips on a busy machine)
    const perDay = ['stat_daily', 'stat_device_days', 'stat_user_days', 'stat_sessions', 'stat_pages', 'stat_event_days', 'stat_error_days', 'stat_pay_orders'];
    await x(sql`WITH ${sql.join(
      perDay.map((t, i) => sql`${sql.raw(`d${i}`)} AS (DELETE FROM ${sql.raw(t)} WHERE app_id = ${appId} AND day = ${d})`),
      sql`, `,
    )}, h AS (DELETE FROM stat_hourly WHERE app_id = ${appId} AND hour >= ${from}::timestamptz AND hour < ${to}::timestamptz)
      DELETE FROM stat_retention WHERE app_id = ${appId}
        AND (cohort_day = ${d} OR (cohort_day, n) IN (SELECT ${d} - n, n FROM unnest(${ns}) n))`);

    // a device or user first seen on a later day is now first seen here: that day's first
    // visits and new-cohort retention change, so it is recomputed too
    await x(sql`INSERT INTO stat_dirty (app_id, day)
      SELECT DISTINCT ${appId}, first_day FROM stat_devices
        WHERE app_id = ${appId} AND first_day > ${d} AND device_id IN (SELECT device_id FROM rollup_ev)
      UNION SELECT DISTINCT ${appId}, first_day FROM stat_users
        WHERE app_id = ${appId} AND first_day > ${d} AND uid IN (SELECT uid FROM rollup_ev WHERE uid IS NOT NULL)`);
    const firstSight = (
      table: string,
      key: string,
      extra: SQL,
    ) => sql`INSERT INTO ${sql.raw(table)} (app_id, ${sql.raw(key)}, first_ts, first_day, last_day, platform, channel, version)
      SELECT DISTINCT ON (${sql.raw(key)}) ${appId}, ${sql.raw(key)}, ts, ${d}, ${d}, platform, channel, version FROM rollup_ev ${extra} ORDER BY ${sql.raw(key)}, ts, eid
      ON CONFLICT (app_id, ${sql.raw(key)}) DO UPDATE SET
        first_ts = LEAST(${sql.raw(table)}.first_ts, EXCLUDED.first_ts),
        first_day = LEAST(${sql.raw(table)}.first_day, EXCLUDED.first_day),
        last_day = GREATEST(${sql.raw(table)}.last_day, EXCLUDED.last_day),
        platform = CASE WHEN EXCLUDED.first_ts < ${sql.raw(table)}.first_ts THEN EXCLUDED.platform ELSE ${sql.raw(table)}.platform END,
        channel = CASE WHEN EXCLUDED.first_ts < ${sql.raw(table)}.first_ts THEN EXCLUDED.channel ELSE ${sql.raw(table)}.channel END,
        version = CASE WHEN EXCLUDED.first_ts < ${sql.raw(table)}.first_ts THEN EXCLUDED.version ELSE ${sql.raw(table)}.version END`;
    await x(firstSight('stat_devices', 'device_id', sql``));
    await x(firstSight('stat_users', 'uid', sql`WHERE uid IS NOT NULL`));

    await x(sql`INSERT INTO stat_sessions (app_id, day, sid, device_id, uid, platform, channel, version, scene, started_at, ended_at,
        entry_page, exit_page, page_count, event_count, duration_s, first_visit)
      SELECT ${appId}, ${d}, s.sid, s.device_id, s.uid, s.platform, s.channel, s.version, s.scene, s.started_at, s.ended_at,
        s.entry_page, s.exit_page, s.page_count, s.event_count, s.duration_s, s.started_at = dv.first_ts
      FROM rollup_ses s JOIN stat_devices dv ON dv.app_id = ${appId} AND dv.device_id = s.device_id`);

    await x(sql`INSERT INTO stat_device_days (app_id, day, device_id, platform, channel, version, uid, sessions, page_views, duration_s, depth_mask, duration_mask)
      SELECT ${appId}, ${d}, f.device_id, f.platform, f.channel, f.version, u.uid, coalesce(s.n, 0), f.pv, coalesce(s.dur, 0),
        coalesce(s.depth_mask, 0), coalesce(s.duration_mask, 0)
      FROM (SELECT DISTINCT ON (device_id) device_id, platform, channel, version,
              count(*) FILTER (WHERE kind = ${K.page}) OVER (PARTITION BY device_id) AS pv
            FROM rollup_ev ORDER BY device_id, ts, eid) f
      LEFT JOIN (SELECT DISTINCT ON (device_id) device_id, uid FROM rollup_ev WHERE uid IS NOT NULL ORDER BY device_id, ts DESC, eid DESC) u USING (device_id)
      LEFT JOIN (SELECT device_id, count(*) AS n, sum(duration_s) AS dur, ${MASKS} FROM rollup_ses GROUP BY device_id) s USING (device_id)`);
    await x(sql`INSERT INTO stat_user_days (app_id, day, uid, platform, channel, version, sessions, page_views, duration_s, depth_mask, duration_mask)
      SELECT ${appId}, ${d}, f.uid, f.platform, f.channel, f.version, coalesce(s.n, 0), f.pv, coalesce(s.dur, 0),
        coalesce(s.depth_mask, 0), coalesce(s.duration_mask, 0)
      FROM (SELECT DISTINCT ON (uid) uid, platform, channel, version,
              count(*) FILTER (WHERE kind = ${K.page}) OVER (PARTITION BY uid) AS pv
            FROM rollup_ev WHERE uid IS NOT NULL ORDER BY uid, ts, eid) f
      LEFT JOIN (SELECT uid, count(*) AS n, sum(duration_s) AS dur, ${MASKS} FROM rollup_ses WHERE uid IS NOT NULL GROUP BY uid) s USING (uid)`);

    // metric rows: event counts under each event's dims, session figures under the session's
    const metricRows = (bucket: (col: string) => SQL) => sql`
      SELECT ${bucket('ts')} AS b, platform, channel, version, 0 AS sessions, count(*) FILTER (WHERE kind = ${K.page}) AS page_views,
        count(DISTINCT device_id) AS active_devices, count(DISTINCT uid) AS active_users, 0 AS duration_s, 0 AS bounces,
        count(*) FILTER (WHERE kind = ${K.event}) AS events, 0 AS errors, 0 AS crashes
      FROM rollup_ev GROUP BY 1, 2, 3, 4
      UNION ALL
      SELECT ${bucket('started_at')}, platform, channel, version, count(*), 0, 0, 0, sum(duration_s), count(*) FILTER (WHERE page_count = 1), 0, 0, 0
      FROM rollup_ses GROUP BY 1, 2, 3, 4
      UNION ALL
      SELECT ${bucket('ts')}, platform, channel, version, 0, 0, 0, 0, 0, 0, 0,
        count(*) FILTER (WHERE kind = ${K.error}), count(*) FILTER (WHERE kind = ${K.crash})
      FROM rollup_err WHERE counted GROUP BY 1, 2, 3, 4`;
    const metricCols = sql`sessions, page_views, active_devices, active_users, duration_s, bounces, events, errors, crashes`;
    const metricSums = sql`sum(sessions), sum(page_views), sum(active_devices), sum(active_users), sum(duration_s), sum(bounces), sum(events), sum(errors), sum(crashes)`;
    await x(sql`INSERT INTO stat_hourly (hour, app_id, platform, channel, version, ${metricCols})
      SELECT b, ${appId}, platform, channel, version, ${metricSums}
      FROM (${metricRows((c) => sql`date_trunc('hour', ${sql.raw(c)}, 'UTC')`)}) m GROUP BY b, platform, channel, version`);
    await x(sql`INSERT INTO stat_daily (day, app_id, platform, channel, version, ${metricCols})
      SELECT ${d}, ${appId}, platform, channel, version, ${metricSums}
      FROM (${metricRows(() => sql`0`)}) m GROUP BY platform, channel, version`);
    // the sessions by visit depth and duration (stickiness), under the session's dimensions as its other figures
    await x(sql`UPDATE stat_daily t SET depth_sessions = b.ds, depth_user_sessions = b.dus, duration_sessions = b.us, duration_user_sessions = b.uus
      FROM (SELECT platform, channel, version,
          ${perBucket(DEPTH_I, DEPTH_BUCKETS.length, false)} AS ds, ${perBucket(DEPTH_I, DEPTH_BUCKETS.length, true)} AS dus,
          ${perBucket(DURATION_I, DURATION_BUCKETS.length, false)} AS us, ${perBucket(DURATION_I, DURATION_BUCKETS.length, true)} AS uus
        FROM rollup_ses GROUP BY 1, 2, 3) b
      WHERE t.app_id = ${appId} AND t.day = ${d} AND t.platform = b.platform AND t.channel = b.channel AND t.version = b.version`);
    // DAU / WAU / MAU of this day and the 29 after change: refreshed after the run (stat_activity_dirty)
    await x(sql`INSERT INTO stat_activity_dirty (app_id, day) VALUES (${appId}, ${d})`);

    await x(sql`INSERT INTO stat_pages (day, app_id, platform, channel, version, path, title, views, visitors, entries, exits, bounces, duration_s, entry_duration_s)
      SELECT ${d}, ${appId}, e.platform, e.channel, e.version, e.path,
        coalesce((array_agg(e.title ORDER BY e.ts DESC, e.eid DESC) FILTER (WHERE e.title <> ''))[1], ''),
        count(*), count(DISTINCT e.device_id), count(*) FILTER (WHERE e.pv_first), count(*) FILTER (WHERE e.pv_last),
        count(*) FILTER (WHERE e.pv_first AND s.page_count = 1), sum(e.page_duration_s),
        coalesce(sum(s.duration_s) FILTER (WHERE e.pv_first), 0)
      FROM rollup_ev e JOIN rollup_ses s ON s.sid = e.sid
      WHERE e.kind = ${K.page} GROUP BY e.platform, e.channel, e.version, e.path`);
    await x(sql`INSERT INTO stat_event_days (day, app_id, platform, channel, version, key, value, count, devices)
      SELECT ${d}, ${appId}, platform, channel, version, coalesce(ev_key, ''), coalesce(ev_value, ''), count(*), count(DISTINCT device_id)
      FROM rollup_ev WHERE kind = ${K.event} GROUP BY 3, 4, 5, 6, 7`);

    // payments: an order number counts once, at its first report (the same order reported on an
    // earlier day keeps that day; one reported earlier here takes this day)
    await x(sql`INSERT INTO stat_pay_orders (app_id, order_no, ts, day, device_id, uid, platform, channel, version, amount_cents)
      SELECT DISTINCT ON (order_no) ${appId}, order_no, ts, ${d}, device_id, uid, platform, channel, version, amount_cents
      FROM rollup_ev WHERE kind = ${K.pay} AND order_no IS NOT NULL AND amount_cents IS NOT NULL ORDER BY order_no, ts, eid
      ON CONFLICT (app_id, order_no) DO UPDATE SET ts = EXCLUDED.ts, day = EXCLUDED.day, device_id = EXCLUDED.device_id, uid = EXCLUDED.uid,
        platform = EXCLUDED.platform, channel = EXCLUDED.channel, version = EXCLUDED.version, amount_cents = EXCLUDED.amount_cents
      WHERE EXCLUDED.ts < stat_pay_orders.ts`);

    const kindName = (col: string) => sql.raw(`CASE ${col} WHEN ${K.crash} THEN 'crash' ELSE 'js' END`);
    await x(sql`INSERT INTO stat_error_groups (app_id, hash, kind, message, stack, first_ts, last_ts)
      SELECT DISTINCT ON (hash) ${appId}, hash, ${kindName('kind')}, message, stack, min(ts) OVER (PARTITION BY hash), ts
      FROM rollup_err ORDER BY hash, ts DESC, eid DESC
      ON CONFLICT (app_id, hash) DO UPDATE SET
        kind = CASE WHEN EXCLUDED.last_ts >= stat_error_groups.last_ts THEN EXCLUDED.kind ELSE stat_error_groups.kind END,
        message = CASE WHEN EXCLUDED.last_ts >= stat_error_groups.last_ts THEN EXCLUDED.message ELSE stat_error_groups.message END,
        stack = CASE WHEN EXCLUDED.last_ts >= stat_error_groups.last_ts THEN EXCLUDED.stack ELSE stat_error_groups.stack END,
        first_ts = LEAST(stat_error_groups.first_ts, EXCLUDED.first_ts),
        last_ts = GREATEST(stat_error_groups.last_ts, EXCLUDED.last_ts)`);
    await x(sql`INSERT INTO stat_error_days (day, app_id, hash, kind, platform, channel, version, device_model, count, devices)
      SELECT ${d}, ${appId}, hash, ${kindName('max(kind)')}, platform, channel, version, device_model, count(*), count(DISTINCT device_id)
      FROM rollup_err WHERE counted GROUP BY hash, platform, channel, version, device_model`);

    // retention: the cohorts of this day (for offsets already past) and the cohorts whose offset lands on this day
    const pairs = sql`(SELECT ${d} AS c, n FROM unnest(${ns}) n WHERE ${d} + n <= ${today}::date
      UNION ALL SELECT ${d} - n, n FROM unnest(${ns}) n)`;
    const retention = (subject: 'device' | 'user', mode: 'new' | 'active') => {
      const [first, days, key] = subject === 'device' ? ['stat_devices', 'stat_device_days', 'device_id'] : ['stat_users', 'stat_user_days', 'uid'];
      const cohort =
        mode === 'new'
          ? sql`JOIN ${sql.raw(first)} k ON k.app_id = ${appId} AND k.first_day = p.c`
          : sql`JOIN ${sql.raw(days)} k ON k.app_id = ${appId} AND k.day = p.c`;
      return sql`SELECT ${appId}::text, ${subject}::text, ${mode}::text, p.c, p.n, k.platform, k.channel, k.version, count(*), count(r.${sql.raw(key)})
        FROM ${pairs} p ${cohort}
        LEFT JOIN ${sql.raw(days)} r ON r.app_id = ${appId} AND r.day = p.c + p.n AND r.${sql.raw(key)} = k.${sql.raw(key)}
        GROUP BY p.c, p.n, k.platform, k.channel, k.version`;
    };
    await x(sql`INSERT INTO stat_retention (app_id, subject, mode, cohort_day, n, platform, channel, version, cohort, retained)
      ${sql.join([retention('device', 'new'), retention('device', 'active'), retention('user', 'new'), retention('user', 'active')], sql` UNION ALL `)}`);
  }
}
