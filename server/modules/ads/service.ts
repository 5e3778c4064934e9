/**
 * Rewarded ads: a user starts a view (the ad page gets its id and the user's id), the ad
 * network calls back server to server with an HMAC-SHA256 signature, and the callback grants the
 * setting's credits once per view, within a daily cap per user (one transaction under a per-user lock).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type DayZone, dayStartSql } from '../../core/day-zone';
import { AppError } from '../../core/errors';
import type { SettingsArea, SettingsStore } from '../../core/settings';
import { query, type Tx } from '../../core/sql';
import type { Db } from '../../db';
import type { CreditService } from '../credits/service';
import { allowedOrigins, checkWebviewUrl } from '../profile/service';
import { LOCKS, xactLock } from '../../core/locks';
import { AD_BOUNDS } from '../../../shared/ads';

export interface AdSettings {
  credits_per_view: number;
  daily_cap: number;
  /** the ad page the console frames ('' : none yet) */
  page_url: string;
}

export { AD_BOUNDS };

export function adSettingsArea(pageAllow: string[]): SettingsArea<AdSettings> {
  const allow = allowedOrigins(pageAllow);
  return {
    key: 'settings.ads',
    defaults: { credits_per_view: 10, daily_cap: 5, page_url: '' },
    check(v) {
      for (const field of ['credits_per_view', 'daily_cap'] as const) {
        const { min, max } = AD_BOUNDS[field];
        if (!Number.isInteger(v[field]) || v[field] < min || v[field] > max) {
          throw new AppError('INVALID_PARAM', { field, params: { reason: `${min} to ${max}` } });
        }
      }
      if (v.page_url && !checkWebviewUrl(allow, v.page_url).allowed) {
        throw new AppError('INVALID_PARAM', { field: 'page_url', params: { reason: 'not under an origin of AD_PAGE_ALLOW' } });
      }
    },
  };
}

/** the signature an ad network sends: hex HMAC-SHA256 over `k=v&k=v` of the other parameters sorted by name */
export function signCallback(params: Record<string, string>, secret: string): string {
  const base = Object.keys(params)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHmac('sha256', secret).update(base).digest('hex');
}

export interface ViewState {
  id: string;
  status: 'pending' | 'rewarded' | 'capped';
  credits: number | null;
  balance: number;
  rewarded_today: number;
  daily_cap: number;
}

export class AdService {
  readonly area: SettingsArea<AdSettings>;

  constructor(
    private db: Db,
    private credits: CreditService,
    private settings: SettingsStore,
    private ads: { callbackSecret?: string; pageAllow: string[] },
    private zone: DayZone,
  ) {
    this.area = adSettingsArea(ads.pageAllow);
  }

  getSettings() {
    return this.settings.get(this.area);
  }

  /** only the area's own fields are stored, whatever else the body carried */
  putSettings(patch: Partial<AdSettings>) {
    const own: Partial<AdSettings> = {};
    if (patch.credits_per_view !== undefined) own.credits_per_view = patch.credits_per_view;
    if (patch.daily_cap !== undefined) own.daily_cap = patch.daily_cap;
    if (patch.page_url !== undefined) own.page_url = patch.page_url.trim();
    return this.settings.put(this.area, own);
  }

  /** views rewarded since today began in the service's day zone */
  private async rewardedToday(userId: string, tx: Db | Tx = this.db): Promise<number> {
    const tz = await this.zone.offsetMinutes();
    const [r] = await query<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM ad_views WHERE user_id = ${userId} AND status = 'rewarded' AND rewarded_at >= ${dayStartSql(tz)}`,
    );
    return r.n;
  }

  /** a new view and the ad page's address for it */
  async startView(userId: string): Promise<{ id: string; url: string }> {
    const s = await this.getSettings();
    const page = s.page_url ? checkWebviewUrl(allowedOrigins(this.ads.pageAllow), s.page_url) : null;
    if (!this.ads.callbackSecret || !page?.allowed) throw new AppError('AD_NOT_CONFIGURED');
    if ((await this.rewardedToday(userId)) >= s.daily_cap) throw new AppError('AD_DAILY_CAP_REACHED', { params: { cap: s.daily_cap } });
    const [v] = await query<{ id: string }>(this.db, sql`INSERT INTO ad_views (user_id) VALUES (${userId}) RETURNING id`);
    const url = new URL(page.url);
    url.searchParams.set('trans_id', v.id);
    url.searchParams.set('user_id', userId);
    return { id: v.id, url: url.href };
  }

  async view(userId: string, id: string): Promise<ViewState> {
    const [v] = await query<{ id: string; status: ViewState['status']; credits: number | null }>(
      this.db,
      sql`SELECT id, status, credits FROM ad_views WHERE id = ${id} AND user_id = ${userId}`,
    );
    if (!v) throw new AppError('NOT_FOUND', { field: 'id' });
    const s = await this.getSettings();
    return { ...v, balance: await this.credits.balance(userId), rewarded_today: await this.rewardedToday(userId), daily_cap: s.daily_cap };
  }

  /**
   * The ad network's callback (every query parameter as sent). Throws AD_CALLBACK_INVALID for a
   * bad signature or a view that is unknown or another user's; answers whether the view is rewarded.
   */
  async callback(params: Record<string, string>): Promise<{ isValid: boolean }> {
    const secret = this.ads.callbackSecret;
    const given = Buffer.from(params.sign ?? '', 'hex');
    const expected = secret ? Buffer.from(signCallback(params, secret), 'hex') : null;
    if (!expected || given.length !== expected.length || !timingSafeEqual(given, expected)) throw new AppError('AD_CALLBACK_INVALID');
    const { trans_id: viewId, user_id: userId } = params;
    if (!viewId || !userId) throw new AppError('AD_CALLBACK_INVALID');
    const s = await this.getSettings();
    return this.db.transaction(async (tx) => {
      // one reward decision per user at a time: two views finishing together cannot both pass the cap
      await tx.execute(xactLock(LOCKS.AD_REWARDS, userId));
      const [v] = await query<{ user_id: string; status: ViewState['status'] }>(tx, sql`SELECT user_id, status FROM ad_views WHERE id = ${viewId} FOR UPDATE`);
      if (!v || v.user_id !== userId) throw new AppError('AD_CALLBACK_INVALID');
      if (v.status !== 'pending') return { isValid: v.status === 'rewarded' };
      if ((await this.rewardedToday(userId, tx)) >= s.daily_cap) {
        await tx.execute(sql`UPDATE ad_views SET status = 'capped' WHERE id = ${viewId}`);
        return { isValid: false };
      }
      await this.credits.post(tx, { userId, kind: 'reward', amount: s.credits_per_view, key: `reward:${viewId}`, refType: 'ad', refId: viewId });
      await tx.execute(sql`UPDATE ad_views SET status = 'rewarded', credits = ${s.credits_per_view}, rewarded_at = now() WHERE id = ${viewId}`);
      return { isValid: true };
    });
  }
}
