/**
 * Welfare campaigns: managers set up credits users may claim (who, how often, when, a total
 * budget); a user claims from the console home. A claim is one transaction that locks the
 * campaign row, so concurrent claims never pass the budget or the once-per-period rule, and
 * posts one ledger entry with an idempotency key. Periods are UTC days and ISO weeks.
 */
import { sql } from 'drizzle-orm';
import { zoneDay, zoneIsoWeek } from '../../../shared/day-zone';
import type { DayZone } from '../../core/day-zone';
import { AppError } from '../../core/errors';
import { t } from '../../core/i18n';
import type { ListSpec } from '../../core/list/query';
import { assertReferences, clean, fetchRow } from '../../core/resource';
import { likePattern, query, type Row, textArray, type Tx } from '../../core/sql';
import type { Db } from '../../db';
import type { CreditService } from '../credits/service';
import type { RealnameService } from '../realname/service';
import { ELIGIBILITY, type Eligibility, FREQUENCY, type Frequency, WELFARE } from '../../../shared/welfare';
import type { WelfareAvailable, WelfareCampaign } from './schemas';

export { ELIGIBILITY, type Eligibility, FREQUENCY, type Frequency, WELFARE, WELFARE_STATUSES as STATUSES } from '../../../shared/welfare';

/** the local day in the service's day zone, 2026-11-24 */
export const dayKey = zoneDay;

/** the ISO week of the local day in the service's day zone, 2026-W48 */
export const isoWeekKey = zoneIsoWeek;

/** the period a claim made at `at` counts for, in the service's day zone */
export function periodKey(frequency: string, at: Date, offsetMinutes: number): string {
  if (frequency === 'daily') return dayKey(at, offsetMinutes);
  if (frequency === 'weekly') return isoWeekKey(at, offsetMinutes);
  return 'once';
}

/** the driver answers timestamps as PostgreSQL's text: the API answers ISO 8601 */
const iso = (v: unknown) => (v === null || v === undefined ? v : new Date(v as string).toISOString());
const isoDates =
  (...keys: string[]) =>
  <T extends Row>(r: T): T => ({ ...r, ...Object.fromEntries(keys.map((k) => [k, iso(r[k])])) });
const campaignRow = isoDates('starts_at', 'ends_at', 'created_at', 'updated_at');

const statusExpr = sql`CASE WHEN NOT w.enabled THEN 'off' WHEN now() < w.starts_at THEN 'scheduled' WHEN now() >= w.ends_at THEN 'ended'
  WHEN w.used::bigint + w.credits > w.budget THEN 'exhausted' ELSE 'active' END`;
const claimCount = sql`(SELECT count(*)::int FROM welfare_claims c WHERE c.campaign_id = w.id)`;

export const campaignList: ListSpec = {
  resource: 'welfare-campaigns',
  from: sql`welfare_campaigns w`,
  alias: 'w',
  columns: sql`w.id, w.title, w.description, w.credits, w.eligibility, w.eligibility_values, w.new_user_days, w.frequency,
    w.starts_at, w.ends_at, w.budget, w.used, w.enabled, ${claimCount} AS claim_count, ${statusExpr} AS status, w.created_at, w.updated_at`,
  search: [sql`w.title`, sql`w.description`],
  filters: {
    eligibility: { kind: 'eq', column: sql`w.eligibility` },
    frequency: { kind: 'eq', column: sql`w.frequency` },
    status: { kind: 'custom', build: (v) => sql`${statusExpr} = ANY(${textArray(v)})` },
    starts_at: { kind: 'range', column: sql`w.starts_at` },
    created_at: { kind: 'range', column: sql`w.created_at` },
  },
  sorts: {
    created_at: sql`w.created_at`,
    title: sql`w.title`,
    credits: sql`w.credits`,
    starts_at: sql`w.starts_at`,
    ends_at: sql`w.ends_at`,
    budget: sql`w.budget`,
    used: sql`w.used`,
    claim_count: claimCount,
  },
  defaultSort: { field: 'created_at', order: 'descend' },
  tiebreak: sql`w.id`,
  toRow: campaignRow,
  exportColumns: [
    { key: 'title', width: 30 },
    { key: 'credits', width: 10 },
    { key: 'eligibility', width: 16, value: (r, lang) => t(lang, `field.welfare_${r.eligibility}`) },
    { key: 'frequency', width: 12, value: (r, lang) => t(lang, `field.welfare_${r.frequency}`) },
    { key: 'starts_at', date: true, width: 20 },
    { key: 'ends_at', date: true, width: 20 },
    { key: 'used', width: 12 },
    { key: 'budget', width: 12 },
    { key: 'claim_count', width: 10 },
    { key: 'status', width: 14, value: (r, lang) => t(lang, `field.welfare_${r.status}`) },
  ],
};

/** the claims of every campaign; the console asks for one campaign (?campaign_id=) */
export const claimList: ListSpec = {
  resource: 'welfare-claims',
  from: sql`welfare_claims c LEFT JOIN users u ON u.id = c.user_id`,
  columns: sql`c.id, c.campaign_id, c.user_id, u.username, u.nickname, c.period, c.amount, c.ledger_entry_id::text AS ledger_entry_id, c.created_at`,
  keywordWhere: (kw) => sql`(u.username ILIKE ${likePattern(kw)} OR u.nickname ILIKE ${likePattern(kw)})`,
  filters: {
    campaign_id: { kind: 'eq', column: sql`c.campaign_id` },
    user_id: { kind: 'eq', column: sql`c.user_id` },
    created_at: { kind: 'range', column: sql`c.created_at` },
  },
  sorts: { created_at: sql`c.created_at`, amount: sql`c.amount` },
  defaultSort: { field: 'created_at', order: 'descend' },
  tiebreak: sql`c.id`,
  toRow: isoDates('created_at'),
  exportColumns: [
    { key: 'username', width: 20 },
    { key: 'nickname', width: 20 },
    { key: 'period', width: 14 },
    { key: 'amount', width: 10 },
    { key: 'created_at', date: true, width: 20 },
  ],
};

export interface CampaignInput {
  title?: string;
  description?: string | null;
  credits?: number;
  eligibility?: Eligibility;
  eligibility_values?: string[];
  new_user_days?: number | null;
  frequency?: Frequency;
  starts_at?: string;
  ends_at?: string;
  budget?: number;
  enabled?: boolean;
}

/** why a campaign cannot be claimed now: the error code a claim would answer */
export type NotClaimable = 'WELFARE_NOT_ACTIVE' | 'WELFARE_ALREADY_CLAIMED' | 'WELFARE_BUDGET_EXHAUSTED' | 'WELFARE_NOT_ELIGIBLE';

type Campaign = {
  id: string;
  credits: number;
  eligibility: Eligibility;
  eligibility_values: string[];
  new_user_days: number | null;
  frequency: Frequency;
  /** timestamps come back from the driver as text */
  starts_at: string;
  ends_at: string;
  budget: number;
  used: number;
  enabled: boolean;
};

const intIn = (v: number, min: number, max: number) => Number.isInteger(v) && v >= min && v <= max;

export class WelfareService {
  constructor(
    private db: Db,
    private credits: CreditService,
    private realname: Pick<RealnameService, 'info'>,
    /** the day zone daily and weekly periods count in */
    private zone: DayZone,
    /** the claims' clock (tests move it to another day) */
    private clock: () => Date = () => new Date(),
  ) {}

  async get(id: string): Promise<WelfareCampaign> {
    return fetchRow<WelfareCampaign>(this.db, campaignList, sql`w.id`, id);
  }

  /** the whole campaign after applying `input` to `current`, checked; throws on the first bad field */
  private async checked(input: CampaignInput, current?: Campaign & { title: string; description: string }) {
    const title = input.title === undefined ? current?.title : clean(input.title);
    if (!title) throw new AppError('INVALID_PARAM', { field: 'title', params: { reason: 'required' } });
    const description = input.description === undefined ? (current?.description ?? '') : (clean(input.description) ?? '');
    const credits = input.credits ?? current?.credits;
    if (credits === undefined || !intIn(credits, 1, WELFARE.CREDITS_MAX)) {
      throw new AppError('INVALID_PARAM', { field: 'credits', params: { reason: `1 to ${WELFARE.CREDITS_MAX}` } });
    }
    const eligibility = input.eligibility ?? current?.eligibility ?? 'everyone';
    if (!ELIGIBILITY.includes(eligibility)) throw new AppError('INVALID_PARAM', { field: 'eligibility', params: { reason: ELIGIBILITY.join(', ') } });
    let values = [
      ...new Set(
        (input.eligibility_values ?? (input.eligibility === undefined ? current?.eligibility_values : undefined) ?? []).map((v) => v.trim()).filter(Boolean),
      ),
    ];
    let newUserDays = input.new_user_days === undefined ? (current?.new_user_days ?? null) : input.new_user_days;
    if (eligibility === 'roles' || eligibility === 'tags') {
      if (!values.length || values.length > WELFARE.VALUES_MAX) {
        throw new AppError('INVALID_PARAM', { field: 'eligibility_values', params: { reason: `1 to ${WELFARE.VALUES_MAX}` } });
      }
      if (eligibility === 'roles') await assertReferences(this.db, sql`roles`, sql`role_id`, values, 'eligibility_values');
      else await assertReferences(this.db, sql`tags`, sql`tagid`, values, 'eligibility_values');
    } else {
      values = [];
    }
    if (eligibility === 'new_users') {
      if (newUserDays === null || !intIn(newUserDays, 1, WELFARE.NEW_USER_DAYS_MAX)) {
        throw new AppError('INVALID_PARAM', { field: 'new_user_days', params: { reason: `1 to ${WELFARE.NEW_USER_DAYS_MAX}` } });
      }
    } else {
      newUserDays = null;
    }
    const frequency = input.frequency ?? current?.frequency ?? 'once';
    if (!FREQUENCY.includes(frequency)) throw new AppError('INVALID_PARAM', { field: 'frequency', params: { reason: FREQUENCY.join(', ') } });
    const startsAt = input.starts_at !== undefined ? new Date(input.starts_at) : current && new Date(current.starts_at);
    if (!startsAt || Number.isNaN(startsAt.getTime())) throw new AppError('INVALID_PARAM', { field: 'starts_at', params: { reason: 'not a date' } });
    const endsAt = input.ends_at !== undefined ? new Date(input.ends_at) : current && new Date(current.ends_at);
    if (!endsAt || Number.isNaN(endsAt.getTime())) throw new AppError('INVALID_PARAM', { field: 'ends_at', params: { reason: 'not a date' } });
    for (const [field, d] of [
      ['starts_at', startsAt],
      ['ends_at', endsAt],
    ] as const) {
      // PostgreSQL has no year 0, and a campaign in the year 300000 is no date anyone means
      if (d.getUTCFullYear() < 1 || d.getUTCFullYear() > 9999) throw new AppError('INVALID_PARAM', { field, params: { reason: 'not a date' } });
    }
    if (endsAt.getTime() <= startsAt.getTime()) throw new AppError('INVALID_PARAM', { field: 'ends_at', params: { reason: 'must be after the start' } });
    const budget = input.budget ?? current?.budget;
    if (budget === undefined || !intIn(budget, credits, WELFARE.BUDGET_MAX)) {
      throw new AppError('INVALID_PARAM', { field: 'budget', params: { reason: `${credits} (one claim) to ${WELFARE.BUDGET_MAX}` } });
    }
    const enabled = input.enabled ?? current?.enabled ?? true;
    return { title, description, credits, eligibility, values, newUserDays, frequency, startsAt, endsAt, budget, enabled };
  }

  async create(input: CampaignInput, adminId: string | undefined): Promise<WelfareCampaign> {
    const c = await this.checked(input);
    const [row] = await query<{ id: string }>(
      this.db,
      sql`INSERT INTO welfare_campaigns (title, description, credits, eligibility, eligibility_values, new_user_days, frequency, starts_at, ends_at, budget, enabled, created_by)
        VALUES (${c.title}, ${c.description}, ${c.credits}, ${c.eligibility}, ${textArray(c.values)}, ${c.newUserDays}, ${c.frequency},
          ${c.startsAt.toISOString()}, ${c.endsAt.toISOString()}, ${c.budget}, ${c.enabled}, ${adminId ?? null})
        RETURNING id`,
    );
    return this.get(row.id);
  }

  /** under the row lock, so a budget is never lowered below credits a concurrent claim just gave */
  async update(id: string, input: CampaignInput): Promise<WelfareCampaign> {
    await this.db.transaction(async (tx) => {
      const [current] = await query<Campaign & { title: string; description: string }>(tx, sql`SELECT * FROM welfare_campaigns WHERE id = ${id} FOR UPDATE`);
      if (!current) throw new AppError('NOT_FOUND', { field: 'id' });
      const c = await this.checked(input, current);
      if (c.budget < current.used) throw new AppError('WELFARE_BUDGET_BELOW_USED', { field: 'budget', params: { used: current.used } });
      await tx.execute(
        sql`UPDATE welfare_campaigns SET title = ${c.title}, description = ${c.description}, credits = ${c.credits}, eligibility = ${c.eligibility},
          eligibility_values = ${textArray(c.values)}, new_user_days = ${c.newUserDays}, frequency = ${c.frequency},
          starts_at = ${c.startsAt.toISOString()}, ends_at = ${c.endsAt.toISOString()}, budget = ${c.budget}, enabled = ${c.enabled}, updated_at = now()
          WHERE id = ${id}`,
      );
    });
    return this.get(id);
  }

  /** campaigns with claims keep their record: they are switched off instead */
  async deleteMany(ids: string[]): Promise<number> {
    const unique = [...new Set(ids)];
    return this.db.transaction(async (tx) => {
      const rows = await query<{ id: string; title: string; claimed: boolean }>(
        tx,
        sql`SELECT w.id, w.title, EXISTS (SELECT 1 FROM welfare_claims c WHERE c.campaign_id = w.id) AS claimed
          FROM welfare_campaigns w WHERE w.id = ANY(${textArray(unique)}) FOR UPDATE`,
      );
      const claimed = rows.find((r) => r.claimed);
      if (claimed) throw new AppError('WELFARE_HAS_CLAIMS', { field: 'ids', params: { title: claimed.title } });
      const r = await tx.execute(sql`DELETE FROM welfare_campaigns WHERE id = ANY(${textArray(unique)})`);
      return r.rowCount ?? 0;
    });
  }

  /** the user's lists and age that eligibility looks at */
  private async userFacts(db: Db | Tx, userId: string) {
    const [u] = await query<{ role: string[]; tags: string[]; register_date: string }>(
      db,
      sql`SELECT role, tags, register_date FROM users WHERE id = ${userId}`,
    );
    if (!u) throw new AppError('NOT_FOUND');
    return u;
  }

  private eligible(c: Campaign, u: { role: string[]; tags: string[]; register_date: string }, verified: boolean, now: Date): boolean {
    switch (c.eligibility) {
      case 'everyone':
        return true;
      case 'roles':
        return c.eligibility_values.some((r) => u.role.includes(r));
      case 'tags':
        return c.eligibility_values.some((g) => u.tags.includes(g));
      case 'new_users':
        return new Date(u.register_date).getTime() > now.getTime() - (c.new_user_days ?? 0) * 86_400_000;
      case 'realname':
        return verified;
      default:
        return false;
    }
  }

  private isVerified = async (userId: string) => (await this.realname.info(userId)).status === 'approved';

  /**
   * Claims a campaign's credits for the current period. The real-name check runs before the
   * transaction (it reads through its own service and connection, which must not wait behind
   * the row lock); everything else runs under the campaign's row lock.
   */
  async claim(userId: string, id: string): Promise<{ credits: number; balance: number; period: string }> {
    const [peek] = await query<{ eligibility: string }>(this.db, sql`SELECT eligibility FROM welfare_campaigns WHERE id = ${id}`);
    if (!peek) throw new AppError('NOT_FOUND', { field: 'id' });
    const verified = peek.eligibility === 'realname' ? await this.isVerified(userId) : false;
    const tz = await this.zone.offsetMinutes();
    return this.db.transaction(async (tx) => {
      const [c] = await query<Campaign>(tx, sql`SELECT * FROM welfare_campaigns WHERE id = ${id} FOR UPDATE`);
      if (!c) throw new AppError('NOT_FOUND', { field: 'id' });
      const now = this.clock();
      if (!c.enabled || now < new Date(c.starts_at) || now >= new Date(c.ends_at)) throw new AppError('WELFARE_NOT_ACTIVE', { field: 'id' });
      if (!this.eligible(c, await this.userFacts(tx, userId), verified, now)) throw new AppError('WELFARE_NOT_ELIGIBLE', { field: 'id' });
      const period = periodKey(c.frequency, now, tz);
      const [had] = await query(tx, sql`SELECT 1 FROM welfare_claims WHERE campaign_id = ${id} AND user_id = ${userId} AND period = ${period}`);
      if (had) throw new AppError('WELFARE_ALREADY_CLAIMED', { field: 'id' });
      if (c.used + c.credits > c.budget) throw new AppError('WELFARE_BUDGET_EXHAUSTED', { field: 'id' });
      const entry = await this.credits.post(tx, {
        userId,
        kind: 'welfare',
        amount: c.credits,
        key: `welfare:${id}:${userId}:${period}`,
        refType: 'welfare',
        refId: id,
      });
      // the key is the claim's own: posted before means claimed before (the claim row is the record)
      if (entry.repeated) throw new AppError('WELFARE_ALREADY_CLAIMED', { field: 'id' });
      await tx.execute(
        sql`INSERT INTO welfare_claims (campaign_id, user_id, period, amount, ledger_entry_id, created_at)
          VALUES (${id}, ${userId}, ${period}, ${c.credits}, ${entry.id}, ${now.toISOString()})`,
      );
      await tx.execute(sql`UPDATE welfare_campaigns SET used = used + ${c.credits} WHERE id = ${id}`);
      return { credits: c.credits, balance: entry.balanceAfter, period };
    });
  }

  /**
   * The campaigns running now or later that the caller may claim (roles, tags and account age
   * decide who sees one), each with whether it can be claimed now and, if not, why. Real-name
   * campaigns show to everyone: verifying is something the user can do.
   */
  async available(userId: string): Promise<WelfareAvailable[]> {
    const now = this.clock();
    const tz = await this.zone.offsetMinutes();
    const u = await this.userFacts(this.db, userId);
    const rows = await query<Campaign & { title: string; description: string; claimed: boolean }>(
      this.db,
      sql`SELECT w.*, EXISTS (SELECT 1 FROM welfare_claims c WHERE c.campaign_id = w.id AND c.user_id = ${userId}
            AND c.period = CASE w.frequency WHEN 'daily' THEN ${dayKey(now, tz)} WHEN 'weekly' THEN ${isoWeekKey(now, tz)} ELSE 'once' END) AS claimed
        FROM welfare_campaigns w WHERE w.enabled AND w.ends_at > ${now.toISOString()}
          AND (w.eligibility IN ('everyone', 'realname')
            OR (w.eligibility = 'roles' AND w.eligibility_values && ${textArray(u.role)})
            OR (w.eligibility = 'tags' AND w.eligibility_values && ${textArray(u.tags)})
            OR (w.eligibility = 'new_users' AND ${u.register_date}::timestamptz > ${now.toISOString()}::timestamptz - make_interval(days => w.new_user_days)))
        ORDER BY w.starts_at, w.created_at, w.id LIMIT ${WELFARE.AVAILABLE_MAX}`,
    );
    const verified = rows.some((r) => r.eligibility === 'realname') ? await this.isVerified(userId) : false;
    const out: WelfareAvailable[] = [];
    for (const r of rows) {
      const eligible = this.eligible(r, u, verified, now);
      // the query kept the campaigns the user may see; this is the same rule, kept as the one the claim applies
      if (!eligible && r.eligibility !== 'realname') continue;
      const reason: NotClaimable | null =
        now < new Date(r.starts_at)
          ? 'WELFARE_NOT_ACTIVE'
          : !eligible
            ? 'WELFARE_NOT_ELIGIBLE'
            : r.claimed
              ? 'WELFARE_ALREADY_CLAIMED'
              : r.used + r.credits > r.budget
                ? 'WELFARE_BUDGET_EXHAUSTED'
                : null;
      out.push({
        id: r.id,
        title: r.title,
        description: r.description,
        credits: r.credits,
        frequency: r.frequency,
        eligibility: r.eligibility,
        starts_at: new Date(r.starts_at).toISOString(),
        ends_at: new Date(r.ends_at).toISOString(),
        claimable: reason === null,
        reason,
      });
    }
    return out;
  }
}
