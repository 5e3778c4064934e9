/**
 * The statistics receiver: takes apps' reports (bots dropped, reporting switch, app key, rate
 * limit per app key, checks) into the write buffer, and answers the SDK's config check. The
 * settings and the app list are read through short caches: a report costs no extra query.
 */
import { isbot } from 'isbot';
import { STAT_SPEC } from '../../../shared/stat';
import { AppError } from '../../core/errors';
import type { IngestBuffer } from './buffer';
import { checkEnvelope, checkRecord, type Rejected } from './receiver-check';
import type { StatService } from './service';
import type { StatSettings } from './settings';
import type { StatRow } from './store/ingest';

export interface ReportResult {
  accepted: number;
  duplicates: number;
  rejected: Rejected[];
}

export interface StatConfig {
  enabled: boolean;
  report_interval_s: number;
  session_overtime_app_s: number;
  session_overtime_page_s: number;
  cache_ms: number;
}

/** the settings are read again after this long (another instance may have changed them) */
const SETTINGS_TTL_MS = 5_000;
/** the app list is read again after this long, and on an unknown appid at most this often */
const APPS_TTL_MS = 30_000;
const APPS_MISS_REFRESH_MS = 3_000;

/** a token bucket per app key: rate_limit_per_minute records a minute, as a burst or spread */
class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();

  /** takes n tokens; answers 0, or the seconds to wait before n would fit */
  take(key: string, n: number, perMinute: number, now = Date.now()): number {
    const b = this.buckets.get(key) ?? { tokens: perMinute, at: now };
    const perMs = perMinute / 60_000;
    b.tokens = Math.min(perMinute, b.tokens + (now - b.at) * perMs);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens >= n) {
      b.tokens -= n;
      return 0;
    }
    return Math.max(1, Math.ceil((Math.min(n, perMinute) - b.tokens) / perMs / 1000));
  }
}

export class StatReceiver {
  private settingsCache: { value: StatSettings; at: number } | undefined;
  private apps: { ids: Set<string>; at: number } | undefined;
  private appsLoading: Promise<Set<string>> | undefined;
  private limiter = new RateLimiter();

  constructor(
    private stats: StatService,
    readonly buffer: IngestBuffer,
  ) {}

  async settings(): Promise<StatSettings> {
    const c = this.settingsCache;
    if (c && Date.now() - c.at < SETTINGS_TTL_MS) return c.value;
    const value = await this.stats.settings();
    this.settingsCache = { value, at: Date.now() };
    return value;
  }

  /** after a settings change on this instance: read at the next report */
  forgetSettings() {
    this.settingsCache = undefined;
  }

  private loadApps(): Promise<Set<string>> {
    this.appsLoading ??= this.stats.store.ingest
      .appIds()
      .then((ids) => {
        const set = new Set(ids);
        this.apps = { ids: set, at: Date.now() };
        return set;
      })
      .finally(() => {
        this.appsLoading = undefined;
      });
    return this.appsLoading;
  }

  /** whether the app list has this appid (an app added a moment ago is found within a few seconds) */
  async knownApp(appid: string): Promise<boolean> {
    const age = this.apps ? Date.now() - this.apps.at : Infinity;
    const ids = age < APPS_TTL_MS ? this.apps!.ids : await this.loadApps();
    if (ids.has(appid)) return true;
    if (age < APPS_TTL_MS && age >= APPS_MISS_REFRESH_MS) return (await this.loadApps()).has(appid);
    return false;
  }

  /** a report: answered once its rows are committed (throws the catalogue's errors) */
  async report(body: unknown, userAgent: string | undefined): Promise<ReportResult> {
    if (userAgent && isbot(userAgent)) return { accepted: 0, duplicates: 0, rejected: [] };
    const settings = await this.settings();
    if (!settings.enabled) throw new AppError('STAT_DISABLED');
    const env = checkEnvelope(body);
    if (!(await this.knownApp(env.appid))) throw new AppError('STAT_APP_UNKNOWN', { field: 'appid' });
    const wait = this.limiter.take(env.appid, env.records.length, settings.rate_limit_per_minute);
    if (wait) throw new AppError('STAT_RATE_LIMITED', { params: { seconds: wait } });

    const ctx = { env, now: Date.now(), retentionDays: settings.raw_retention_days };
    const rows: StatRow[] = [];
    const rejected: Rejected[] = [];
    env.records.forEach((rec, i) => {
      const r = checkRecord(rec, i, ctx);
      if ('code' in r) rejected.push(r);
      else rows.push(r);
    });
    const { accepted, duplicates } = rows.length ? await this.buffer.add(rows) : { accepted: 0, duplicates: 0 };
    return { accepted, duplicates, rejected };
  }

  /** the SDK's enable check */
  async config(appid: string): Promise<StatConfig> {
    const settings = await this.settings();
    if (!(await this.knownApp(appid))) throw new AppError('STAT_APP_UNKNOWN', { field: 'appid' });
    return {
      enabled: settings.enabled,
      report_interval_s: settings.report_interval_s,
      session_overtime_app_s: STAT_SPEC.SESSION_OVERTIME_APP_S,
      session_overtime_page_s: STAT_SPEC.SESSION_OVERTIME_PAGE_S,
      cache_ms: STAT_SPEC.ENABLE_CHECK_CACHE_MS,
    };
  }
}
