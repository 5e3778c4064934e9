/**
 * The cost analysis of one account or of everyone: credits spent by day, model and feature,
 * credits added by day and kind, the balance and how long it lasts at the recent rate.
 */
import { type SQL, sql } from 'drizzle-orm';
import { dayZoneName } from '../../../shared/day-zone';
import type { DayZone } from '../../core/day-zone';
import { AppError } from '../../core/errors';
import { likePattern, query } from '../../core/sql';
import type { Db } from '../../db';

/** the longest range one analysis covers, in days */
export const MAX_RANGE_DAYS = 366;
/** the range when none is asked for: the last 30 days, today included */
export const DEFAULT_RANGE_DAYS = 30;
/** days left is counted at the average spending of this many days (rolling, up to now) */
export const RECENT_DAYS = 7;
/** the accounts picker answers at most this many */
export const MAX_PICKED = 20;

export interface AnalysisInput {
  /** one account, or null: everyone */
  userId: string | null;
  from?: string;
  to?: string;
  tz?: string;
}

export interface AnalysisDay {
  day: string;
  /** AI spending settled that day (captures) */
  spent: number;
  topup: number;
  redeem: number;
  reward: number;
  /** credits taken back by payment refunds (a positive number) */
  refund: number;
}

export interface Analysis {
  from: string;
  to: string;
  tz: string;
  days: AnalysisDay[];
  by_model: Array<{ model: string; credits: number }>;
  by_feature: Array<{ purpose: string; credits: number }>;
  totals: Omit<AnalysisDay, 'day'> & { added: number };
  balance: number;
  /** average daily AI spending over the last RECENT_DAYS days */
  avg_daily: number;
  /** floor(balance / average); null when nothing was spent lately */
  days_left: number | null;
  /** the window the range covers, as instants (the ledger export's created_at bounds) */
  start: string;
  end: string;
}

/** years 1000 to 9999 (PostgreSQL has no year 0, and the console never shows one) */
const DAY = /^[1-9]\d{3}-\d{2}-\d{2}$/;

/** a calendar date (YYYY-MM-DD) as a UTC midnight, or an INVALID_PARAM naming the field */
function dateOf(v: string, field: 'from' | 'to'): Date {
  const d = new Date(`${v}T00:00:00Z`);
  if (!DAY.test(v) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v) {
    throw new AppError('INVALID_PARAM', { field, params: { reason: 'not a date (YYYY-MM-DD)' } });
  }
  return d;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const int = (v: unknown) => Number(v ?? 0);

/** today's date in a time zone */
function todayIn(tz: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

export class CreditAnalysis {
  constructor(
    private db: Db,
    private dayZone: DayZone,
  ) {}

  /** a time zone PostgreSQL knows by its IANA name, or an INVALID_PARAM on tz; none named: the service's day zone */
  private async zone(tz: string | undefined): Promise<string> {
    if (!tz) return dayZoneName(await this.dayZone.offsetMinutes());
    const [row] = await query<{ name: string }>(this.db, sql`SELECT name FROM pg_timezone_names WHERE name = ${tz} LIMIT 1`);
    if (!row) throw new AppError('INVALID_PARAM', { field: 'tz', params: { reason: 'unknown time zone' } });
    return row.name;
  }

  /** the range's first and last day: both given, or the last DEFAULT_RANGE_DAYS days in the zone */
  private range(input: AnalysisInput, tz: string): { from: string; to: string } {
    const to = input.to ? dateOf(input.to, 'to') : dateOf(todayIn(tz), 'to');
    const from = input.from ? dateOf(input.from, 'from') : new Date(to.getTime() - (DEFAULT_RANGE_DAYS - 1) * 86_400_000);
    if (from > to) throw new AppError('INVALID_PARAM', { field: 'from', params: { reason: 'after the end of the range' } });
    const days = Math.round((to.getTime() - from.getTime()) / 86_400_000) + 1;
    if (days > MAX_RANGE_DAYS) throw new AppError('INVALID_PARAM', { field: 'to', params: { reason: `a range spans at most ${MAX_RANGE_DAYS} days` } });
    return { from: isoDay(from), to: isoDay(to) };
  }

  /** the accounts whose figures finance may open: by username, nickname or id, with their balance */
  async accounts(keyword: string | undefined): Promise<Array<{ id: string; username: string | null; nickname: string | null; balance: number }>> {
    const kw = keyword?.trim();
    const match = kw ? sql`username ILIKE ${likePattern(kw)} OR nickname ILIKE ${likePattern(kw)} OR id = ${kw}` : sql`true`;
    return query(this.db, sql`SELECT id, username, nickname, score AS balance FROM users WHERE ${match} ORDER BY username NULLS LAST, id LIMIT ${MAX_PICKED}`);
  }

  async analyse(input: AnalysisInput): Promise<Analysis> {
    const tz = await this.zone(input.tz);
    const { from, to } = this.range(input, tz);
    if (input.userId) {
      const [u] = await query(this.db, sql`SELECT 1 FROM users WHERE id = ${input.userId}`);
      if (!u) throw new AppError('NOT_FOUND', { field: 'user_id' });
    }
    // the range's instants: local midnights of the first day and of the day after the last
    const start = sql`(${from}::date::timestamp AT TIME ZONE ${tz})`;
    const end = sql`((${to}::date + 1)::timestamp AT TIME ZONE ${tz})`;
    const whose = (column: SQL) => (input.userId ? sql`${column} = ${input.userId}` : sql`true`);

    const [days, byModel, byFeature, [now]] = await Promise.all([
      query<{ day: string; spent: string; topup: string; redeem: string; reward: string; refund: string }>(
        this.db,
        sql`WITH l AS (
            SELECT (created_at AT TIME ZONE ${tz})::date AS day, kind, amount FROM credit_ledger
            WHERE ${whose(sql`user_id`)} AND created_at >= ${start} AND created_at < ${end}
              AND kind IN ('capture', 'topup', 'redeem', 'reward', 'refund'))
          SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
            coalesce(-sum(l.amount) FILTER (WHERE l.kind = 'capture'), 0) AS spent,
            coalesce(sum(l.amount) FILTER (WHERE l.kind = 'topup'), 0) AS topup,
            coalesce(sum(l.amount) FILTER (WHERE l.kind = 'redeem'), 0) AS redeem,
            coalesce(sum(l.amount) FILTER (WHERE l.kind = 'reward'), 0) AS reward,
            coalesce(-sum(l.amount) FILTER (WHERE l.kind = 'refund'), 0) AS refund
          FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS d(day)
          LEFT JOIN l ON l.day = d.day::date
          GROUP BY d.day ORDER BY d.day`,
      ),
      // ai_usage is the chat module's log: read here in one query, as the ledger knows no models
      query<{ model: string; credits: string }>(
        this.db,
        sql`SELECT coalesce(model_name, model_id, '') AS model, sum(credits) AS credits FROM ai_usage
          WHERE ${whose(sql`user_id`)} AND created_at >= ${start} AND created_at < ${end} AND credits > 0
          GROUP BY 1 ORDER BY 2 DESC, 1`,
      ),
      query<{ purpose: string; credits: string }>(
        this.db,
        sql`SELECT purpose, sum(credits) AS credits FROM ai_usage
          WHERE ${whose(sql`user_id`)} AND created_at >= ${start} AND created_at < ${end} AND credits > 0
          GROUP BY 1 ORDER BY 2 DESC, 1`,
      ),
      query<{ balance: string; recent: string; start: Date; end: Date }>(
        this.db,
        sql`SELECT (SELECT coalesce(sum(score), 0) FROM users WHERE ${whose(sql`id`)}) AS balance,
          (SELECT coalesce(-sum(amount), 0) FROM credit_ledger
            WHERE ${whose(sql`user_id`)} AND kind = 'capture' AND created_at >= now() - make_interval(days => ${RECENT_DAYS})) AS recent,
          ${start} AS start, ${end} AS end`,
      ),
    ]);

    const dayRows: AnalysisDay[] = days.map((d) => ({
      day: d.day,
      spent: int(d.spent),
      topup: int(d.topup),
      redeem: int(d.redeem),
      reward: int(d.reward),
      refund: int(d.refund),
    }));
    const sum = (k: keyof Omit<AnalysisDay, 'day'>) => dayRows.reduce((s, d) => s + d[k], 0);
    const totals = { spent: sum('spent'), topup: sum('topup'), redeem: sum('redeem'), reward: sum('reward'), refund: sum('refund') };
    const balance = int(now.balance);
    const recent = int(now.recent);
    return {
      from,
      to,
      tz,
      days: dayRows,
      by_model: byModel.map((r) => ({ model: r.model, credits: int(r.credits) })),
      by_feature: byFeature.map((r) => ({ purpose: r.purpose, credits: int(r.credits) })),
      totals: { ...totals, added: totals.topup + totals.redeem + totals.reward },
      balance,
      avg_daily: Math.round(recent / RECENT_DAYS),
      // balance / (recent / days), exact in integers
      days_left: recent > 0 ? Math.floor((Math.max(balance, 0) * RECENT_DAYS) / recent) : null,
      start: new Date(now.start).toISOString(),
      end: new Date(now.end).toISOString(),
    };
  }
}
