/**
 * The stats pages' shared filter (the reference's filter bar): app, platform, channel, version
 * and a range of local days. Every report route takes StatFilterQuery; parseFilter checks the
 * range and turns the days into UTC instants in the configured time zone.
 */
import { Type } from '@sinclair/typebox';
import { Day } from '../../core/schemas';
import { type SQL, sql } from 'drizzle-orm';
import { addDays, STAT_MAX_RANGE_DAYS, statDayStart } from '../../../shared/stat';
import { AppError } from '../../core/errors';

export const StatFilterQuery = {
  app_id: Type.String({ minLength: 1, maxLength: 64 }),
  platform: Type.Optional(Type.String({ maxLength: 32 })),
  channel: Type.Optional(Type.String({ maxLength: 64 })),
  version: Type.Optional(Type.String({ maxLength: 32 })),
  /** first local day (YYYY-MM-DD) */
  start: Day(),
  /** last local day, inclusive */
  end: Day(),
};

export interface StatFilterInput {
  app_id: string;
  platform?: string;
  channel?: string;
  version?: string;
  start: string;
  end: string;
}

export interface StatFilter {
  appId: string;
  /** undefined or '' = all */
  platform?: string;
  channel?: string;
  version?: string;
  /** local days, inclusive */
  start: string;
  end: string;
  /** the time zone's UTC offset in minutes */
  tz: number;
  /** UTC instants: [from, to) covers the days */
  from: Date;
  to: Date;
  /** how many days the range holds */
  days: number;
}

export function parseFilter(q: StatFilterInput, tz: number): StatFilter {
  const days = Math.round((Date.parse(q.end) - Date.parse(q.start)) / 86_400_000) + 1;
  if (days < 1) throw new AppError('STAT_RANGE_INVALID', { field: 'end', params: { max: STAT_MAX_RANGE_DAYS } });
  if (days > STAT_MAX_RANGE_DAYS) throw new AppError('STAT_RANGE_INVALID', { field: 'start', params: { max: STAT_MAX_RANGE_DAYS } });
  return {
    appId: q.app_id,
    platform: q.platform || undefined,
    channel: q.channel || undefined,
    version: q.version || undefined,
    start: q.start,
    end: q.end,
    tz,
    from: statDayStart(q.start, tz),
    to: statDayStart(addDays(q.end, 1), tz),
    days,
  };
}

/** the same filter moved to another range of days (comparisons: the previous period, a day earlier) */
export function shiftFilter(f: StatFilter, start: string, end: string): StatFilter {
  return parseFilter({ app_id: f.appId, platform: f.platform, channel: f.channel, version: f.version, start, end }, f.tz);
}

/**
 * `app_id = .. AND day BETWEEN .. AND platform/channel/version = ..` over a table alias that has
 * those columns (a rollup keyed by day); `dayColumn` 'hour' filters an hourly table by instants.
 */
export function filterWhere(f: StatFilter, alias = '', dayColumn: 'day' | 'hour' | 'cohort_day' = 'day'): SQL {
  const col = (c: string) => sql.raw(alias ? `${alias}.${c}` : c);
  const parts: SQL[] = [sql`${col('app_id')} = ${f.appId}`];
  if (dayColumn === 'hour') parts.push(sql`${col('hour')} >= ${f.from.toISOString()}::timestamptz AND ${col('hour')} < ${f.to.toISOString()}::timestamptz`);
  else parts.push(sql`${col(dayColumn)} BETWEEN ${f.start}::date AND ${f.end}::date`);
  if (f.platform) parts.push(sql`${col('platform')} = ${f.platform}`);
  if (f.channel) parts.push(sql`${col('channel')} = ${f.channel}`);
  if (f.version) parts.push(sql`${col('version')} = ${f.version}`);
  return sql.join(parts, sql` AND `);
}
