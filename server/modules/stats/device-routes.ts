/**
 * Device and user report routes (overview, activity, trend, retention, comparison, stickiness):
 * /api/stat/devices/<report> and /api/stat/users/<report>, the same reports over devices or signed-in user ids.
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { RETENTION_DAYS } from '../../../shared/stat';
import { AppError } from '../../core/errors';
import { Nullable, ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { ACCESS } from '../../core/access';
import { StatFilterQuery } from './filter';
import type { StatSubject } from './store/devices';

/** an hourly trend covers at most this many days (168 points) */
const HOUR_TREND_MAX_DAYS = 7;

const N = Type.Integer({ minimum: 0 });
const Num = Type.Number({ minimum: 0 });
const Day = Type.String({ format: 'date' });

const DayFiguresT = Type.Object({
  new: N,
  active: N,
  sessions: N,
  page_views: N,
  duration_s: Num,
  avg_session_s: Num,
  avg_subject_s: Num,
  /** percent, one decimal */
  bounce_rate: Num,
  total: N,
});
const OverviewT = Type.Object({
  day: Day,
  /** the day is today: today so far against the day before up to the same time of day */
  partial: Type.Boolean(),
  as_of: Nullable(Type.String({ format: 'date-time' })),
  today: DayFiguresT,
  previous: DayFiguresT,
  trend: Type.Array(Type.Object({ day: Day, new: N, active: N, sessions: N })),
  top_pages: Type.Array(Type.Object({ path: Type.String(), title: Type.String(), views: N, entries: N, duration_s: Num })),
  platforms: Type.Array(Type.Object({ platform: Type.String(), active: N })),
});
const ActivityT = Type.Object({
  days: Type.Array(Type.Object({ day: Day, dau: N, wau: N, mau: N, dau_wau: Num, dau_mau: Num })),
});
const Granularity = Type.Union([Type.Literal('hour'), Type.Literal('day'), Type.Literal('week'), Type.Literal('month')]);
const TrendT = Type.Object({
  granularity: Granularity,
  rows: Type.Array(Type.Object({ bucket: Type.String(), new: N, active: N, sessions: N, duration_s: Num })),
});
const Mode = Type.Union([Type.Literal('new'), Type.Literal('active')]);
const Unit = Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month')]);
const RetentionT = Type.Object({
  mode: Mode,
  unit: Unit,
  /** the cells' offsets: days, or weeks / months */
  days: Type.Array(N),
  rows: Type.Array(
    Type.Object({
      cohort_day: Day,
      cohort: N,
      cells: Type.Array(Type.Object({ n: N, retained: Nullable(N), pct: Nullable(Num) })),
    }),
  ),
});
const TotalsProps = { new: N, active: N, sessions: N, duration_s: Num };
const SideT = Type.Object({
  app_id: Type.String(),
  start: Day,
  end: Day,
  totals: Type.Object(TotalsProps),
  days: Type.Array(Type.Object({ day: Day, new: N, active: N, sessions: N })),
});
const ComparisonT = Type.Object({
  platforms: Type.Array(Type.Object({ platform: Type.String(), ...TotalsProps })),
  current: SideT,
  other: SideT,
});
const BucketT = Type.Object({ key: Type.String(), sessions: N, subjects: N });
const StickinessT = Type.Object({ total_sessions: N, depth: Type.Array(BucketT), duration: Type.Array(BucketT) });

export async function deviceRoutes(ctx: ModuleContext) {
  const { app, stats } = ctx;
  const reports = stats.store.devices;

  for (const [segment, subject] of [
    ['devices', 'device'],
    ['users', 'user'],
  ] as const satisfies readonly (readonly [string, StatSubject])[]) {
    const who = subject === 'device' ? 'devices' : 'signed-in users';
    const route = <Q extends Record<string, TSchema>, R extends TSchema>(
      report: string,
      summary: string,
      extra: Q,
      response: R,
      handler: (q: Record<string, string | undefined> & { app_id: string; start: string; end: string }) => Promise<Static<R>>,
    ) =>
      app.get(`/api/stat/${segment}/${report}`, {
        config: { access: ACCESS.readStats },
        // the generic schemas widened to TSchema (the type provider cannot compute them here): the
        // handler's own type checks the data, and the query is the filter plus `extra`
        schema: {
          tags: ['stat'],
          summary,
          querystring: Type.Object<Record<string, TSchema>>({ ...StatFilterQuery, ...extra }),
          response: { 200: Ok<TSchema>(response) },
        },
        handler: async (req) => ok(await handler(req.query as Parameters<typeof handler>[0])),
      });

    route(
      'overview',
      `${who}: the last day's key figures with the day before (today so far: with the day before up to the same time), the daily trend, top pages, platforms`,
      {},
      OverviewT,
      async (q) => reports.overview(subject, await stats.filter(q)),
    );
    route('activity', `${who}: DAU, WAU, MAU per day and their ratios (distinct over the trailing 7 / 30 days)`, {}, ActivityT, async (q) =>
      reports.activity(subject, await stats.filter(q)),
    );
    route(
      'trend',
      `${who}: new, active, launches and time by hour (ranges up to ${HOUR_TREND_MAX_DAYS} days), day, week or month`,
      { granularity: Type.Optional(Granularity) },
      TrendT,
      async (q) => {
        const f = await stats.filter(q);
        const granularity = (q.granularity as 'hour' | 'day' | 'week' | 'month' | undefined) ?? (f.days === 1 ? 'hour' : 'day');
        if (granularity === 'hour' && f.days > HOUR_TREND_MAX_DAYS)
          throw new AppError('INVALID_PARAM', {
            field: 'granularity',
            params: { field: 'granularity', reason: `hour needs a range of at most ${HOUR_TREND_MAX_DAYS} days` },
          });
        return reports.trend(subject, f, granularity);
      },
    );
    route(
      'retention',
      `${who}: retention of the new (or active) ones of each day on days ${RETENTION_DAYS.join(', ')} after, or of each week (month) in the 1st to 9th week (month) after`,
      { mode: Type.Optional(Mode), unit: Type.Optional(Unit) },
      RetentionT,
      async (q) =>
        reports.retention(
          subject,
          await stats.filter(q),
          (q.mode as 'new' | 'active' | undefined) ?? 'new',
          (q.unit as 'day' | 'week' | 'month' | undefined) ?? 'day',
        ),
    );
    route(
      'comparison',
      `${who}: totals per platform, and the range against the previous range of equal length or against another app`,
      { other_app_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) },
      ComparisonT,
      async (q) => {
        const f = await stats.filter(q);
        if (q.other_app_id) {
          const { apps } = await stats.store.options.options(undefined);
          if (!apps.some((a) => a.appid === q.other_app_id)) throw new AppError('STAT_APP_UNKNOWN', { field: 'other_app_id' });
        }
        return reports.comparison(subject, f, q.other_app_id);
      },
    );
    route('stickiness', `${who}: launches and ${who} by visit depth (page views) and by launch duration`, {}, StickinessT, async (q) =>
      reports.stickiness(subject, await stats.filter(q)),
    );
  }
}
