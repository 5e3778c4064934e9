/**
 * Pay-order statistics routes (overview, list, funnel, ranking) of the filter's app: the console's
 * own top-ups (the payments module's service) for the console app, the payments an app reported
 * (the stats store) for any other; the funnel's active devices and users come from the stats store.
 */
import { Type } from '@sinclair/typebox';
import type { ListQuery } from '../../core/list/query';
import { listQuerySchema } from '../../core/list/query';
import { XLSX_TYPE } from '../../core/list/export';
import { List, Nullable, ok, Ok } from '../../core/schemas';
import { APP_ID } from '../../../shared/app-info';
import { PAY_PERIODS, type OrderDateField, type PayReports, type PeriodUnit, periodStarts, rate } from '../payments/stats';
import type { ModuleContext } from '../services';
import { ACCESS } from '../../core/access';
import { type StatFilterInput, StatFilterQuery, parseFilter } from './filter';

const Int = Type.Integer();
const Time = Type.String({ format: 'date-time' });

const Figures = {
  /** orders created in the period and their amounts (GMV) */
  created_cents: Int,
  created_orders: Int,
  /** orders paid in the period and their amounts */
  paid_cents: Int,
  paid_orders: Int,
  /** refunds made in the period */
  refunded_cents: Int,
  /** paid - refunded */
  net_cents: Int,
  /** distinct users with an order paid in the period (an app's: its signed-in user ids) */
  paying_users: Int,
  /** distinct devices that paid (apps' payments; null for the console's orders, which name none) */
  paying_devices: Nullable(Int),
};
const Split = { paid_cents: Int, paid_orders: Int };

const Overview = Type.Object(
  {
    /** 'console': the console's own top-ups; 'app': the payments the app reported (paid when reported, no refunds) */
    source: Type.Unsafe<'console' | 'app'>({ type: 'string', enum: ['console', 'app'] }),
    /** the server's clock: today so far and yesterday_same_hours end here */
    as_of: Time,
    /** today, yesterday up to the time of day it is now, yesterday, the day before, this week (from Monday), month, quarter, year, all time, and the filter's range */
    periods: Type.Array(Type.Object({ period: Type.Unsafe<string>({ type: 'string', enum: [...PAY_PERIODS] }), ...Figures })),
    /** every local day of the range */
    trend: Type.Array(
      Type.Object({ day: Type.String(), orders: Int, created_cents: Int, paid_orders: Int, paid_cents: Int, refunded_cents: Int, net_cents: Int }),
    ),
    /** the range's paid money by provider and method (the console's orders) */
    by_method: Type.Array(Type.Object({ provider: Type.String(), method: Type.String(), ...Split })),
    by_platform: Type.Array(Type.Object({ platform: Type.String(), ...Split })),
    by_channel: Type.Array(Type.Object({ channel: Type.String(), ...Split })),
    /** by app version (apps' payments) */
    by_version: Type.Array(Type.Object({ version: Type.String(), ...Split })),
  },
  { $id: 'StatPayOverview' },
);

const Stage = {
  created: Int,
  paid: Int,
  credited: Int,
  /** paid / created, percent */ paid_rate: Type.Number(),
  /** credited / paid, percent */ credited_rate: Type.Number(),
};
const Funnel = Type.Object(
  {
    /** orders created in the range: how many were paid, and credited (null for an app: its orders are known once paid) */
    stages: Nullable(
      Type.Object({
        total: Type.Object(Stage),
        by_channel: Type.Array(Type.Object({ channel: Type.String(), ...Stage })),
        by_platform: Type.Array(Type.Object({ platform: Type.String(), ...Stage })),
      }),
    ),
    /** per day / week / month: active devices -> active users (of the app) -> paying users */
    activity: Type.Array(
      Type.Object({
        period: Type.String(),
        active_devices: Int,
        active_users: Int,
        paying_users: Int,
        /** active users / active devices, percent */
        user_rate: Type.Number(),
        /** paying users / active users, percent */
        paying_rate: Type.Number(),
      }),
    ),
  },
  { $id: 'StatPayFunnel' },
);

const StatPayOrder = Type.Object(
  {
    order_no: Type.String(),
    user_id: Type.String(),
    username: Nullable(Type.String()),
    nickname: Nullable(Type.String()),
    provider: Type.String(),
    method: Type.String(),
    subject: Type.String(),
    amount_cents: Int,
    credits: Int,
    status: Type.String(),
    trade_no: Nullable(Type.String()),
    platform: Type.String(),
    channel: Type.String(),
    /** an app's payments: the version and the device that reported it */
    version: Nullable(Type.String()),
    device_id: Nullable(Type.String()),
    refunded_cents: Int,
    paid_at: Nullable(Time),
    closed_at: Nullable(Time),
    created_at: Time,
  },
  { $id: 'StatPayOrder' },
);

const StatPayRank = Type.Object(
  {
    /** the console's user, or the app's user id ('' when the payer is a device without one) */
    user_id: Type.String(),
    /** an app's payer that never signed in: its device */
    device_id: Nullable(Type.String()),
    username: Nullable(Type.String()),
    nickname: Nullable(Type.String()),
    paid_cents: Int,
    refunded_cents: Int,
    net_cents: Int,
    /** orders paid in the range */
    orders: Int,
    last_paid_at: Nullable(Time),
  },
  { $id: 'StatPayRank' },
);

const DateField = Type.Optional(Type.Unsafe<OrderDateField>({ type: 'string', enum: ['created', 'paid'], default: 'created' }));
const Unit = Type.Optional(Type.Unsafe<PeriodUnit>({ type: 'string', enum: ['day', 'week', 'month'], default: 'day' }));

export async function payStatRoutes(ctx: ModuleContext) {
  const { app, stats } = ctx;
  const pay = ctx.payments.stats;
  /** whose orders the app's pages count */
  const source = (appId: string): PayReports => (appId === APP_ID ? pay : stats.store.appPay);
  for (const s of [Overview, Funnel, StatPayOrder, StatPayRank]) app.addSchema(s);
  const tags = ['stat'];
  const config = { access: ACCESS.readStats };

  // the lists' query fields (filters, sorts, export columns) do not depend on the range
  const someRange = parseFilter({ app_id: '-', start: '2000-01-01', end: '2000-01-01' }, 0);
  const orderQuery = (exp: boolean) =>
    Type.Object({ ...StatFilterQuery, date_field: DateField, ...listQuerySchema(pay.orderSpec(someRange, 'created'), { export: exp }).properties });
  const rankingQuery = (exp: boolean) => Type.Object({ ...StatFilterQuery, ...listQuerySchema(pay.rankingSpec(someRange), { export: exp }).properties });
  type OrderQ = StatFilterInput & ListQuery & { date_field?: OrderDateField };

  app.get('/api/stat/pay/overview', {
    config,
    schema: {
      tags,
      summary: 'created (GMV), paid, refunded and net money, orders and paying users for today ... all time and the range; the daily trend; the splits',
      querystring: Type.Object(StatFilterQuery),
      response: { 200: Ok(Type.Ref('StatPayOverview')) },
    },
    handler: async (req) => {
      const f = await stats.filter(req.query);
      const src = source(f.appId);
      const now = new Date();
      const [periods, trend, splits] = await Promise.all([src.periods(f, now), src.trend(f), src.splits(f)]);
      return ok({ source: src === pay ? 'console' : 'app', as_of: now.toISOString(), periods, trend, ...splits });
    },
  });

  app.get('/api/stat/pay/funnel', {
    config,
    schema: {
      tags,
      summary: 'created -> paid -> credited orders by channel and platform; active devices -> active users -> paying users per day, week or month',
      querystring: Type.Object({ ...StatFilterQuery, unit: Unit }),
      response: { 200: Ok(Type.Ref('StatPayFunnel')) },
    },
    handler: async (req) => {
      const f = await stats.filter(req.query);
      const unit: PeriodUnit = (req.query.unit as PeriodUnit | undefined) ?? 'day';
      const src = source(f.appId);
      const [stages, active, paying] = await Promise.all([src.stages(f), stats.store.pay.activity(f, unit), src.payingUsers(f, unit)]);
      const byPeriod = new Map(active.map((a) => [a.period, a]));
      const activity = periodStarts(f.start, f.end, unit).map((period) => {
        const a = byPeriod.get(period) ?? { active_devices: 0, active_users: 0 };
        const payingUsers = paying.get(period) ?? 0;
        return {
          period,
          active_devices: a.active_devices,
          active_users: a.active_users,
          paying_users: payingUsers,
          user_rate: rate(a.active_users, a.active_devices),
          paying_rate: rate(payingUsers, a.active_users),
        };
      });
      return ok({ stages, activity });
    },
  });

  app.get('/api/stat/pay/orders', {
    config,
    schema: {
      tags,
      summary: 'the orders created (or paid) in the range: search, filters, sorting, paging',
      querystring: orderQuery(false),
      response: { 200: List(Type.Ref('StatPayOrder')) },
    },
    handler: async (req) => {
      const q = req.query as OrderQ;
      const f = await stats.filter(q);
      return { success: true as const, ...(await source(f.appId).orders(f, q.date_field ?? 'created', q)) };
    },
  });

  app.get('/api/stat/pay/orders/export', {
    config,
    schema: { tags, summary: 'xlsx of every order matching the query', querystring: orderQuery(true), produces: [XLSX_TYPE] },
    handler: async (req, reply) => {
      const q = req.query as OrderQ;
      const f = await stats.filter(q);
      return source(f.appId).exportOrders(f, q.date_field ?? 'created', q, req, reply);
    },
  });

  app.get('/api/stat/pay/ranking', {
    config,
    schema: {
      tags,
      summary: 'per user over the range: paid, refunded, net, paid orders, last payment (paid first by default)',
      querystring: rankingQuery(false),
      response: { 200: List(Type.Ref('StatPayRank')) },
    },
    handler: async (req) => {
      const q = req.query as StatFilterInput & ListQuery;
      const f = await stats.filter(q);
      return { success: true as const, ...(await source(f.appId).ranking(f, q)) };
    },
  });

  app.get('/api/stat/pay/ranking/export', {
    config,
    schema: { tags, summary: 'xlsx of the ranking', querystring: rankingQuery(true), produces: [XLSX_TYPE] },
    handler: async (req, reply) => {
      const q = req.query as StatFilterInput & ListQuery;
      const f = await stats.filter(q);
      return source(f.appId).exportRanking(f, q, req, reply);
    },
  });
}
