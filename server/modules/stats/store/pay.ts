/**
 * The pay-order pages' statistics side: the active devices and users the funnel starts from, and
 * the payments apps report (stat_pay_orders, kept by the rollup) answering the same reports as the
 * console's own top-ups (payments/stats.ts, whose shapes and definitions they share).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { streamExport } from '../../../core/list/export';
import { type ListQuery, type ListSpec, runList } from '../../../core/list/query';
import { query } from '../../../core/sql';
import {
  type OrderDateField,
  PAY_PERIODS,
  type PayFigures,
  type PayPeriod,
  type PayReports,
  type PaySplits,
  type PayStatFilter,
  type PayTrendDay,
  ints,
  payRankingSpec,
  periodBounds,
} from '../../payments/stats';
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

/** the app's payments under the filter's dimensions (platform, channel, version) */
function payWhere(f: StatFilter): SQL {
  const parts: SQL[] = [sql`o.app_id = ${f.appId}`];
  if (f.platform) parts.push(sql`o.platform = ${f.platform}`);
  if (f.channel) parts.push(sql`o.channel = ${f.channel}`);
  if (f.version) parts.push(sql`o.version = ${f.version}`);
  return sql.join(parts, sql` AND `);
}
const inDays = (f: StatFilter) => sql`o.day BETWEEN ${f.start}::date AND ${f.end}::date`;
const within = (from: Date | null, to: Date | null) =>
  sql.join([from ? sql`o.ts >= ${from.toISOString()}::timestamptz` : sql`true`, to ? sql`o.ts < ${to.toISOString()}::timestamptz` : sql`true`], sql` AND `);

/**
 * An app's reported payments as pay-order reports: each is an order created and paid when it was
 * reported (created = paid), with no refunds, no provider and no credits; paying users are the
 * app's signed-in user ids, paying devices its devices.
 */
export class PgAppPayReports implements PayReports {
  constructor(protected pools: StatPools) {}

  private get db() {
    return this.pools.read;
  }

  /** the filter as the stats filter it always is here (the routes hand it over) */
  private sf(f: PayStatFilter): StatFilter {
    return f as StatFilter;
  }

  async periods(pf: PayStatFilter, now = new Date()): Promise<Array<{ period: PayPeriod } & PayFigures>> {
    const f = this.sf(pf);
    const bounds = periodBounds(now, f);
    const cols = PAY_PERIODS.flatMap((p, i) => {
      const w = within(...bounds[p]);
      return [
        sql`coalesce(sum(o.amount_cents) FILTER (WHERE ${w}), 0) AS ${sql.identifier(`cents_${i}`)}`,
        sql`count(*) FILTER (WHERE ${w}) AS ${sql.identifier(`orders_${i}`)}`,
        sql`count(DISTINCT o.uid) FILTER (WHERE ${w}) AS ${sql.identifier(`users_${i}`)}`,
        sql`count(DISTINCT o.device_id) FILTER (WHERE ${w}) AS ${sql.identifier(`devices_${i}`)}`,
      ];
    });
    const [r] = await query(this.db, sql`SELECT ${sql.join(cols, sql`, `)} FROM stat_pay_orders o WHERE ${payWhere(f)}`);
    return PAY_PERIODS.map((period, i) => {
      const [cents, orders, users, devices] = [`cents_${i}`, `orders_${i}`, `users_${i}`, `devices_${i}`].map((k) => Number(r[k] ?? 0));
      return {
        period,
        created_cents: cents,
        created_orders: orders,
        paid_cents: cents,
        paid_orders: orders,
        refunded_cents: 0,
        net_cents: cents,
        paying_users: users,
        paying_devices: devices,
      };
    });
  }

  async trend(pf: PayStatFilter): Promise<PayTrendDay[]> {
    const f = this.sf(pf);
    const rows = await query(
      this.db,
      sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(o.order_no) AS orders, coalesce(sum(o.amount_cents), 0) AS cents
        FROM (SELECT generate_series(${f.start}::date, ${f.end}::date, interval '1 day')::date AS day) d
        LEFT JOIN stat_pay_orders o ON o.day = d.day AND ${payWhere(f)}
        GROUP BY d.day ORDER BY d.day`,
    );
    return rows.map((x) => {
      const n = ints(x, ['orders', 'cents'] as const);
      return {
        day: x.day as string,
        orders: n.orders,
        created_cents: n.cents,
        paid_orders: n.orders,
        paid_cents: n.cents,
        refunded_cents: 0,
        net_cents: n.cents,
      };
    });
  }

  async splits(pf: PayStatFilter): Promise<PaySplits> {
    const f = this.sf(pf);
    const by = async (col: 'platform' | 'channel' | 'version') => {
      const rows = await query(
        this.db,
        sql`SELECT ${sql.raw(`o.${col}`)} AS k, sum(o.amount_cents) AS paid_cents, count(*) AS paid_orders FROM stat_pay_orders o
          WHERE ${payWhere(f)} AND ${inDays(f)} GROUP BY 1 ORDER BY paid_cents DESC, 1`,
      );
      return rows.map((x) => ({ k: x.k as string, ...ints(x, ['paid_cents', 'paid_orders'] as const) }));
    };
    const [platforms, channels, versions] = await Promise.all([by('platform'), by('channel'), by('version')]);
    return {
      by_method: [],
      by_platform: platforms.map(({ k, ...m }) => ({ platform: k, ...m })),
      by_channel: channels.map(({ k, ...m }) => ({ channel: k, ...m })),
      by_version: versions.map(({ k, ...m }) => ({ version: k, ...m })),
    };
  }

  async stages() {
    return null;
  }

  async payingUsers(pf: PayStatFilter, unit: PeriodUnit): Promise<Map<string, number>> {
    const f = this.sf(pf);
    const rows = await query<{ period: string; users: string }>(
      this.db,
      sql`SELECT to_char(date_trunc(${unit}, o.day)::date, 'YYYY-MM-DD') AS period, count(DISTINCT o.uid) AS users
        FROM stat_pay_orders o WHERE ${payWhere(f)} AND ${inDays(f)} GROUP BY 1`,
    );
    return new Map(rows.map((r) => [r.period, Number(r.users)]));
  }

  /** the orders reported in the range, in the console orders' row shape (paid when reported, no provider) */
  orderSpec(pf: PayStatFilter, _dateField: OrderDateField): ListSpec {
    const f = this.sf(pf);
    const none = sql`''::text`;
    return {
      resource: 'stat-app-pay-orders',
      from: sql`stat_pay_orders o`,
      alias: 'o',
      columns: sql`o.order_no, coalesce(o.uid, '') AS user_id, NULL::text AS username, NULL::text AS nickname, '' AS provider, '' AS method, '' AS subject,
        o.amount_cents, 0 AS credits, 'paid' AS status, NULL::text AS trade_no, o.platform, o.channel, o.version, o.device_id, 0 AS refunded_cents,
        o.ts AS paid_at, NULL::timestamptz AS closed_at, o.ts AS created_at`,
      where: sql`${payWhere(f)} AND ${inDays(f)}`,
      search: [sql`o.order_no`, sql`o.uid`, sql`o.device_id`],
      // the console list's filters: an app's payment is paid, through no provider known here
      filters: {
        status: { kind: 'eq', column: sql`'paid'::text` },
        provider: { kind: 'eq', column: none },
        method: { kind: 'eq', column: none },
      },
      sorts: { created_at: sql`o.ts`, paid_at: sql`o.ts`, amount_cents: sql`o.amount_cents`, refunded_cents: sql`0` },
      defaultSort: { field: 'created_at', order: 'descend' },
      tiebreak: sql`o.order_no`,
      exportColumns: [
        { key: 'order_no', width: 28 },
        { key: 'created_at', date: true, width: 20 },
        { key: 'amount_cents', width: 12 },
        { key: 'user_id', width: 24 },
        { key: 'device_id', width: 34 },
        { key: 'platform', width: 12 },
        { key: 'channel', width: 14 },
        { key: 'version', width: 10 },
      ],
    };
  }

  orders(f: PayStatFilter, dateField: OrderDateField, q: ListQuery) {
    return runList(this.db, this.orderSpec(f, dateField), q);
  }

  exportOrders(f: PayStatFilter, dateField: OrderDateField, q: ListQuery, req: FastifyRequest, reply: FastifyReply) {
    return streamExport(this.db, this.orderSpec(f, dateField), q, req, reply);
  }

  /** per payer over the range: an app's user id, or its device where no user signed in */
  rankingSpec(pf: PayStatFilter): ListSpec {
    const f = this.sf(pf);
    const ranked = sql`(SELECT coalesce(o.uid, '') AS user_id, CASE WHEN o.uid IS NULL THEN o.device_id END AS device_id,
        coalesce(o.uid, '') || '|' || CASE WHEN o.uid IS NULL THEN o.device_id ELSE '' END AS k,
        sum(o.amount_cents)::bigint AS paid_cents, 0::bigint AS refunded_cents, sum(o.amount_cents)::bigint AS net_cents,
        count(*)::int AS orders, max(o.ts) AS last_paid_at
      FROM stat_pay_orders o WHERE ${payWhere(f)} AND ${inDays(f)} GROUP BY 1, 2, 3) v`;
    return payRankingSpec({
      resource: 'stat-app-pay-ranking',
      from: ranked,
      columns: sql`v.user_id, v.device_id, NULL::text AS username, NULL::text AS nickname, v.paid_cents, v.refunded_cents, v.net_cents, v.orders, v.last_paid_at`,
      search: [sql`v.user_id`, sql`v.device_id`],
      tiebreak: sql`v.k`,
      exportColumns: [
        { key: 'user_id', width: 24 },
        { key: 'device_id', width: 34 },
        { key: 'paid_cents', width: 12 },
        { key: 'orders', width: 10 },
        { key: 'last_paid_at', date: true, width: 20 },
      ],
    });
  }

  ranking(f: PayStatFilter, q: ListQuery) {
    return runList(this.db, this.rankingSpec(f), q);
  }

  exportRanking(f: PayStatFilter, q: ListQuery, req: FastifyRequest, reply: FastifyReply) {
    return streamExport(this.db, this.rankingSpec(f), q, req, reply);
  }
}
