/**
 * The pay-order statistics (the uni-stat pay pages) of the console itself: its top-up orders
 * (pay_orders / pay_refunds) in local days of the stats time zone. Apps' payments (the SDK's
 * stat.pay) answer the same reports from the stats module (stats/store/pay.ts); both implement
 * PayReports, whose shapes and periods live here.
 *
 * Definitions (one home for them): created = orders created in the period (GMV: their amounts,
 * whatever became of them); paid = orders whose paid_at falls in the period (credited, paid, or
 * refunded since); refunded = the refunds (pay_refunds, pending or succeeded) made in the period,
 * so net = paid - refunded adds up over periods (the reference summed order totals instead).
 * An app reports a payment once it is paid: its orders are created and paid at that instant, and
 * it reports no refunds.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addDays, statDay, statDayStart } from '../../../shared/stat';
import { streamExport } from '../../core/list/export';
import { type ListQuery, type ListResult, type ListSpec, runList } from '../../core/list/query';
import { query, type Row } from '../../core/sql';
import type { Db } from '../../db';

/** what the pay statistics take from the stats filter (StatFilter fits it) */
export interface PayStatFilter {
  /** local days, inclusive */
  start: string;
  end: string;
  /** the stats time zone's UTC offset in minutes */
  tz: number;
  /** UTC instants: [from, to) covers the days */
  from: Date;
  to: Date;
  platform?: string;
  channel?: string;
  /** apps' payments only: the console's orders carry no app version */
  version?: string;
}

/**
 * The overview's periods; yesterday_same_hours is yesterday up to the time of day it is now, so
 * today's figures so far compare with a like part of yesterday.
 */
export const PAY_PERIODS = ['today', 'yesterday_same_hours', 'yesterday', 'day_before', 'week', 'month', 'quarter', 'year', 'all', 'range'] as const;
export type PayPeriod = (typeof PAY_PERIODS)[number];
export type PeriodUnit = 'day' | 'week' | 'month';

export interface PayFigures {
  created_cents: number;
  created_orders: number;
  paid_cents: number;
  paid_orders: number;
  refunded_cents: number;
  net_cents: number;
  paying_users: number;
  /** distinct devices that paid (apps' payments; the console's orders do not name a device) */
  paying_devices: number | null;
}

export interface PayTrendDay {
  day: string;
  orders: number;
  created_cents: number;
  paid_orders: number;
  paid_cents: number;
  refunded_cents: number;
  net_cents: number;
}

export interface PaySplit {
  paid_cents: number;
  paid_orders: number;
}
export interface PaySplits {
  by_method: Array<{ provider: string; method: string } & PaySplit>;
  by_platform: Array<{ platform: string } & PaySplit>;
  by_channel: Array<{ channel: string } & PaySplit>;
  by_version: Array<{ version: string } & PaySplit>;
}

export interface PayStage {
  created: number;
  paid: number;
  credited: number;
  paid_rate: number;
  credited_rate: number;
}
export interface PayStages {
  total: PayStage;
  by_channel: Array<{ channel: string } & PayStage>;
  by_platform: Array<{ platform: string } & PayStage>;
}

/** the pay-order reports of one source (the console's top-ups, or an app's reported payments) */
export interface PayReports {
  periods(f: PayStatFilter, now?: Date): Promise<Array<{ period: PayPeriod } & PayFigures>>;
  trend(f: PayStatFilter): Promise<PayTrendDay[]>;
  splits(f: PayStatFilter): Promise<PaySplits>;
  /** created -> paid -> credited; null where orders are only known once paid (apps) */
  stages(f: PayStatFilter): Promise<PayStages | null>;
  payingUsers(f: PayStatFilter, unit: PeriodUnit): Promise<Map<string, number>>;
  orderSpec(f: PayStatFilter, dateField: OrderDateField): ListSpec;
  orders(f: PayStatFilter, dateField: OrderDateField, q: ListQuery): Promise<ListResult>;
  exportOrders(f: PayStatFilter, dateField: OrderDateField, q: ListQuery, req: FastifyRequest, reply: FastifyReply): Promise<unknown>;
  rankingSpec(f: PayStatFilter): ListSpec;
  ranking(f: PayStatFilter, q: ListQuery): Promise<ListResult>;
  exportRanking(f: PayStatFilter, q: ListQuery, req: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

/** which time the order list's range applies to */
export type OrderDateField = 'created' | 'paid';

const FIGURES = ['created_cents', 'created_orders', 'paid_cents', 'paid_orders', 'refunded_cents', 'paying_users'] as const;

/** the local day of an instant column in a UTC offset */
const localDay = (col: SQL, tz: number) => sql`((${col} AT TIME ZONE 'UTC') + make_interval(mins => ${tz}))::date`;
/** the instant column in [from, to); null bounds: any time, but a time there must be (a paid_at) */
const within = (col: SQL, from: Date | null, to: Date | null) =>
  sql.join(
    [from ? sql`${col} >= ${from.toISOString()}::timestamptz` : sql`${col} IS NOT NULL`, to ? sql`${col} < ${to.toISOString()}::timestamptz` : sql`true`],
    sql` AND `,
  );
/** the platform and channel of the filter over pay_orders o (orders have no app version) */
const dims = (f: PayStatFilter) =>
  sql.join(
    [sql`true`, ...(f.platform ? [sql`o.platform = ${f.platform}`] : []), ...(f.channel ? [sql`coalesce(o.channel, '') = ${f.channel}`] : [])],
    sql` AND `,
  );
/** sums come back as bigint text: figures are whole numbers well inside 2^53 */
export const ints = <K extends string>(r: Row, keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, Number(r[k] ?? 0)])) as Record<K, number>;

/**
 * The payers' ranking over a derived table `v` (user_id, device_id, paid/refunded/net cents,
 * orders, last_paid_at): both PayReports rank the same columns the same way; what differs is
 * where the rows come from, who a payer is, and what the export carries.
 */
export function payRankingSpec(p: Pick<ListSpec, 'resource' | 'from' | 'columns' | 'search' | 'tiebreak' | 'exportColumns'>): ListSpec {
  return {
    ...p,
    aggregate: true,
    filters: {},
    sorts: {
      paid_cents: sql`v.paid_cents`,
      refunded_cents: sql`v.refunded_cents`,
      net_cents: sql`v.net_cents`,
      orders: sql`v.orders`,
      last_paid_at: sql`v.last_paid_at`,
    },
    nullable: ['last_paid_at'],
    defaultSort: { field: 'paid_cents', order: 'descend' },
    toRow: (x) => ({ ...x, ...ints(x, ['paid_cents', 'refunded_cents', 'net_cents', 'orders'] as const) }),
  };
}

/** the instants [start, end) each overview period covers (null: unbounded); weeks start on Monday */
export function periodBounds(now: Date, f: Pick<PayStatFilter, 'tz' | 'from' | 'to'>): Record<PayPeriod, [Date | null, Date | null]> {
  const today = statDay(now, f.tz);
  const day = (d: string) => statDayStart(d, f.tz);
  const tomorrow = day(addDays(today, 1));
  const dow = new Date(`${today}T00:00:00Z`).getUTCDay();
  const month = Number(today.slice(5, 7));
  const quarterMonth = String(Math.floor((month - 1) / 3) * 3 + 1).padStart(2, '0');
  return {
    today: [day(today), tomorrow],
    yesterday_same_hours: [day(addDays(today, -1)), new Date(now.getTime() - 86_400_000)],
    yesterday: [day(addDays(today, -1)), day(today)],
    day_before: [day(addDays(today, -2)), day(addDays(today, -1))],
    week: [day(addDays(today, -((dow + 6) % 7))), tomorrow],
    month: [day(`${today.slice(0, 7)}-01`), tomorrow],
    quarter: [day(`${today.slice(0, 4)}-${quarterMonth}-01`), tomorrow],
    year: [day(`${today.slice(0, 4)}-01-01`), tomorrow],
    all: [null, null],
    range: [f.from, f.to],
  };
}

export class PayStats implements PayReports {
  /** `base`: the finance page's order list, whose columns, search and export this one extends (the service owns it) */
  constructor(
    private db: Db,
    private base: { orderList: ListSpec; orderColumns: SQL },
  ) {}

  /** the figures of each period (today ... all time, and the filter's range), one pass over orders and one over refunds */
  async periods(f: PayStatFilter, now = new Date()): Promise<Array<{ period: PayPeriod } & PayFigures>> {
    const bounds = periodBounds(now, f);
    const orderCols = PAY_PERIODS.flatMap((p, i) => {
      const [a, b] = bounds[p];
      const created = within(sql`o.created_at`, a, b);
      const paid = within(sql`o.paid_at`, a, b);
      return [
        sql`coalesce(sum(o.amount_cents) FILTER (WHERE ${created}), 0) AS ${sql.identifier(`created_cents_${i}`)}`,
        sql`count(*) FILTER (WHERE ${created}) AS ${sql.identifier(`created_orders_${i}`)}`,
        sql`coalesce(sum(o.amount_cents) FILTER (WHERE ${paid}), 0) AS ${sql.identifier(`paid_cents_${i}`)}`,
        sql`count(*) FILTER (WHERE ${paid}) AS ${sql.identifier(`paid_orders_${i}`)}`,
        sql`count(DISTINCT o.user_id) FILTER (WHERE ${paid}) AS ${sql.identifier(`paying_users_${i}`)}`,
      ];
    });
    const refundCols = PAY_PERIODS.map((p, i) => {
      const [a, b] = bounds[p];
      return sql`coalesce(sum(r.amount_cents) FILTER (WHERE ${within(sql`r.created_at`, a, b)}), 0) AS ${sql.identifier(`refunded_cents_${i}`)}`;
    });
    const [[o], [r]] = await Promise.all([
      query(this.db, sql`SELECT ${sql.join(orderCols, sql`, `)} FROM pay_orders o WHERE ${dims(f)}`),
      query(
        this.db,
        sql`SELECT ${sql.join(refundCols, sql`, `)} FROM pay_refunds r JOIN pay_orders o ON o.id = r.order_id WHERE r.status <> 'failed' AND ${dims(f)}`,
      ),
    ]);
    const all = { ...o, ...r };
    return PAY_PERIODS.map((period, i) => {
      const x = ints(
        all,
        FIGURES.map((k) => `${k}_${i}`),
      ) as Record<string, number>;
      const fig = Object.fromEntries(FIGURES.map((k) => [k, x[`${k}_${i}`]])) as Omit<PayFigures, 'net_cents'>;
      return { period, ...fig, net_cents: fig.paid_cents - fig.refunded_cents, paying_devices: null };
    });
  }

  /** each local day of the range: created, paid, refunded (every day present, zeros included) */
  async trend(f: PayStatFilter): Promise<PayTrendDay[]> {
    const rows = await query(
      this.db,
      sql`WITH d AS (SELECT generate_series(${f.start}::date, ${f.end}::date, interval '1 day')::date AS day),
        c AS (SELECT ${localDay(sql`o.created_at`, f.tz)} AS day, count(*) AS orders, sum(o.amount_cents) AS created_cents
          FROM pay_orders o WHERE ${within(sql`o.created_at`, f.from, f.to)} AND ${dims(f)} GROUP BY 1),
        p AS (SELECT ${localDay(sql`o.paid_at`, f.tz)} AS day, count(*) AS paid_orders, sum(o.amount_cents) AS paid_cents
          FROM pay_orders o WHERE ${within(sql`o.paid_at`, f.from, f.to)} AND ${dims(f)} GROUP BY 1),
        r AS (SELECT ${localDay(sql`r.created_at`, f.tz)} AS day, sum(r.amount_cents) AS refunded_cents
          FROM pay_refunds r JOIN pay_orders o ON o.id = r.order_id WHERE r.status <> 'failed' AND ${within(sql`r.created_at`, f.from, f.to)} AND ${dims(f)} GROUP BY 1)
        SELECT to_char(d.day, 'YYYY-MM-DD') AS day, c.orders, c.created_cents, p.paid_orders, p.paid_cents, r.refunded_cents
        FROM d LEFT JOIN c USING (day) LEFT JOIN p USING (day) LEFT JOIN r USING (day) ORDER BY d.day`,
    );
    return rows.map((x) => {
      const n = ints(x, ['orders', 'created_cents', 'paid_orders', 'paid_cents', 'refunded_cents'] as const);
      return { day: x.day as string, ...n, net_cents: n.paid_cents - n.refunded_cents };
    });
  }

  /** the range's paid money by provider and method, by platform and by channel (largest first); orders have no app version */
  async splits(f: PayStatFilter): Promise<PaySplits> {
    const where = sql`${within(sql`o.paid_at`, f.from, f.to)} AND ${dims(f)}`;
    const by = (cols: SQL, names: SQL) =>
      query(
        this.db,
        sql`SELECT ${cols}, sum(o.amount_cents) AS paid_cents, count(*) AS paid_orders FROM pay_orders o WHERE ${where}
        GROUP BY ${names} ORDER BY paid_cents DESC, ${names}`,
      );
    const [byMethod, byPlatform, byChannel] = await Promise.all([
      by(sql`o.provider, o.method`, sql`o.provider, o.method`),
      by(sql`o.platform`, sql`o.platform`),
      by(sql`coalesce(o.channel, '') AS channel`, sql`1`),
    ]);
    const money = ['paid_cents', 'paid_orders'] as const;
    return {
      by_method: byMethod.map((x) => ({ provider: x.provider as string, method: x.method as string, ...ints(x, money) })),
      by_platform: byPlatform.map((x) => ({ platform: x.platform as string, ...ints(x, money) })),
      by_channel: byChannel.map((x) => ({ channel: x.channel as string, ...ints(x, money) })),
      by_version: [],
    };
  }

  /**
   * Orders created in the range, by channel and by platform: how many were created, paid, and
   * credited (paid with the credits posted; a paid order whose account was gone is not).
   */
  async stages(f: PayStatFilter): Promise<PayStages> {
    const where = sql`${within(sql`o.created_at`, f.from, f.to)} AND ${dims(f)}`;
    const counts = sql`count(*) AS created, count(o.paid_at) AS paid, count(o.credited_at) AS credited`;
    const [[total], byChannel, byPlatform] = await Promise.all([
      query(this.db, sql`SELECT ${counts} FROM pay_orders o WHERE ${where}`),
      query(this.db, sql`SELECT coalesce(o.channel, '') AS channel, ${counts} FROM pay_orders o WHERE ${where} GROUP BY 1 ORDER BY created DESC, 1`),
      query(this.db, sql`SELECT o.platform, ${counts} FROM pay_orders o WHERE ${where} GROUP BY 1 ORDER BY created DESC, 1`),
    ]);
    const keys = ['created', 'paid', 'credited'] as const;
    const withRates = (x: Row) => {
      const n = ints(x, keys);
      return { ...n, paid_rate: rate(n.paid, n.created), credited_rate: rate(n.credited, n.paid) };
    };
    return {
      total: withRates(total),
      by_channel: byChannel.map((x) => ({ channel: x.channel as string, ...withRates(x) })),
      by_platform: byPlatform.map((x) => ({ platform: x.platform as string, ...withRates(x) })),
    };
  }

  /** distinct users with an order paid in each day / week (from Monday) / month of the range, keyed by the period's first day */
  async payingUsers(f: PayStatFilter, unit: PeriodUnit): Promise<Map<string, number>> {
    const rows = await query<{ period: string; users: string }>(
      this.db,
      sql`SELECT to_char(date_trunc(${unit}, ${localDay(sql`o.paid_at`, f.tz)})::date, 'YYYY-MM-DD') AS period, count(DISTINCT o.user_id) AS users
        FROM pay_orders o WHERE ${within(sql`o.paid_at`, f.from, f.to)} AND ${dims(f)} GROUP BY 1`,
    );
    return new Map(rows.map((r) => [r.period, Number(r.users)]));
  }

  /** the orders of the range (created or paid in it) as a list: search, filters, sorting, paging */
  orderSpec(f: PayStatFilter, dateField: OrderDateField): ListSpec {
    const col = dateField === 'paid' ? sql`o.paid_at` : sql`o.created_at`;
    const { orderList } = this.base;
    return {
      ...orderList,
      resource: 'stat-pay-orders',
      columns: sql`${this.base.orderColumns}, coalesce(o.channel, '') AS channel, NULL::text AS version, NULL::text AS device_id, u.username, u.nickname`,
      where: sql`${within(col, f.from, f.to)} AND ${dims(f)}`,
      filters: { status: orderList.filters.status, provider: orderList.filters.provider, method: orderList.filters.method },
      sorts: { ...orderList.sorts, paid_at: sql`o.paid_at`, refunded_cents: sql`o.refunded_cents` },
      nullable: ['paid_at'],
      exportColumns: [...orderList.exportColumns, { key: 'method', width: 14 }, { key: 'platform', width: 12 }, { key: 'channel', width: 14 }],
    };
  }

  orders(f: PayStatFilter, dateField: OrderDateField, q: ListQuery) {
    return runList(this.db, this.orderSpec(f, dateField), q);
  }

  exportOrders(f: PayStatFilter, dateField: OrderDateField, q: ListQuery, req: FastifyRequest, reply: FastifyReply) {
    return streamExport(this.db, this.orderSpec(f, dateField), q, req, reply);
  }

  /**
   * The user value ranking over the range: per user, the money of orders paid in it, the refunds
   * made in it, net, the paid orders and the last payment; users with only a refund in the range
   * are listed too (their net is negative). The users table gives display names only.
   */
  rankingSpec(f: PayStatFilter): ListSpec {
    const d = dims(f);
    const ranked = sql`(
      WITH p AS (SELECT o.user_id, sum(o.amount_cents) AS paid_cents, count(*) AS orders, max(o.paid_at) AS last_paid_at
          FROM pay_orders o WHERE ${within(sql`o.paid_at`, f.from, f.to)} AND ${d} GROUP BY o.user_id),
        r AS (SELECT o.user_id, sum(r.amount_cents) AS refunded_cents
          FROM pay_refunds r JOIN pay_orders o ON o.id = r.order_id WHERE r.status <> 'failed' AND ${within(sql`r.created_at`, f.from, f.to)} AND ${d} GROUP BY o.user_id)
      SELECT coalesce(p.user_id, r.user_id) AS user_id, coalesce(p.paid_cents, 0)::bigint AS paid_cents, coalesce(r.refunded_cents, 0)::bigint AS refunded_cents,
        (coalesce(p.paid_cents, 0) - coalesce(r.refunded_cents, 0))::bigint AS net_cents, coalesce(p.orders, 0)::int AS orders, p.last_paid_at
      FROM p FULL JOIN r ON r.user_id = p.user_id) v LEFT JOIN users u ON u.id = v.user_id`;
    return payRankingSpec({
      resource: 'stat-pay-ranking',
      from: ranked,
      columns: sql`v.user_id, NULL::text AS device_id, u.username, u.nickname, v.paid_cents, v.refunded_cents, v.net_cents, v.orders, v.last_paid_at`,
      search: [sql`v.user_id`, sql`u.username`, sql`u.nickname`],
      tiebreak: sql`v.user_id`,
      exportColumns: [
        { key: 'username', width: 20 },
        { key: 'nickname', width: 20 },
        { key: 'paid_cents', width: 12 },
        { key: 'refunded_cents', width: 12 },
        { key: 'net_cents', width: 12 },
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

/** a share in percent with two decimals; 0 when there is nothing to divide by */
export const rate = (part: number, whole: number) => (whole ? Math.round((part * 10000) / whole) / 100 : 0);

/** the first day of every day / week (Monday) / month touching [start, end] (local days), in order */
export function periodStarts(start: string, end: string, unit: PeriodUnit): string[] {
  const first = (d: string) => {
    if (unit === 'month') return `${d.slice(0, 7)}-01`;
    if (unit === 'week') return addDays(d, -((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7));
    return d;
  };
  const next = (d: string) => (unit === 'day' ? addDays(d, 1) : unit === 'week' ? addDays(d, 7) : addDays(`${d.slice(0, 7)}-28`, 4).slice(0, 7) + '-01');
  const out: string[] = [];
  for (let d = first(start); d <= end; d = next(d)) out.push(d);
  return out;
}
