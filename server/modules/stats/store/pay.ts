/** The pay-order pages' statistics side: the active devices and users the funnel starts from (the orders' figures come from the payments module's service). */
import { sql } from 'drizzle-orm';
import { query } from '../../../core/sql';
import { type StatFilter, filterWhere } from '../filter';
import type { StatPools } from '../pools';

export type PeriodUnit = 'day' | 'week' | 'month';

export interface ActivePeriod {
  /** the period's first day (a week starts on Monday), YYYY-MM-DD */
  period: string;
  active_devices: number;
  active_users: number;
}

export interface PayFunnelReports {
  /** distinct devices and signed-in users seen in each day / week / month of the filter's range */
  activity(f: StatFilter, unit: PeriodUnit): Promise<ActivePeriod[]>;
}

export class PgPayFunnelReports implements PayFunnelReports {
  constructor(protected pools: StatPools) {}

  async activity(f: StatFilter, unit: PeriodUnit): Promise<ActivePeriod[]> {
    const db = this.pools.read;
    // distinct counts are not additive: a week or a month is counted over its day rows, never summed per day
    const per = (table: string, id: string, subject: 'device' | 'user') =>
      unit === 'day' && !f.channel && !f.version
        ? // a day: the DAU the rollup keeps (every platform, or one)
          query<{ period: string; n: string }>(
            db,
            sql`SELECT to_char(day, 'YYYY-MM-DD') AS period, dau AS n FROM stat_activity
              WHERE app_id = ${f.appId} AND subject = ${subject} AND platform = ${f.platform ?? ''} AND day BETWEEN ${f.start}::date AND ${f.end}::date AND dau > 0`,
          )
        : query<{ period: string; n: string }>(
            db,
            unit === 'day'
              ? // an id has one row a day
                sql`SELECT to_char(day, 'YYYY-MM-DD') AS period, count(*) AS n FROM ${sql.raw(table)} WHERE ${filterWhere(f)} GROUP BY day`
              : sql`SELECT to_char(p, 'YYYY-MM-DD') AS period, count(*) AS n
                FROM (SELECT date_trunc(${unit}, day)::date AS p, ${sql.raw(id)} FROM ${sql.raw(table)} WHERE ${filterWhere(f)} GROUP BY 1, 2) x GROUP BY p`,
          );
    const [devices, users] = await Promise.all([per('stat_device_days', 'device_id', 'device'), per('stat_user_days', 'uid', 'user')]);
    const out = new Map<string, ActivePeriod>();
    const at = (period: string) => out.get(period) ?? out.set(period, { period, active_devices: 0, active_users: 0 }).get(period)!;
    for (const r of devices) at(r.period).active_devices = Number(r.n);
    for (const r of users) at(r.period).active_users = Number(r.n);
    return [...out.values()].sort((a, b) => a.period.localeCompare(b.period));
  }
}
