/**
 * The statistics settings (admin-editable, settings key 'settings.stats'): whether apps report,
 * how often apps send, how long raw events are kept, the per app key rate limit; with the
 * service's day zone (core/day-zone), which the statistics page edits and days are counted in.
 */
import { STAT_SPEC } from '../../../shared/stat';
import { AppError } from '../../core/errors';
import type { SettingsArea } from '../../core/settings';

export interface StatSettings {
  /** apps report (the config check answers this) */
  enabled: boolean;
  /** the service's day zone (core/day-zone): whole hours from UTC in minutes */
  tz_offset_minutes: number;
  /** how often the SDK sends its queue (spec: 10 s default, 20 s configured) */
  report_interval_s: number;
  /** raw events older than this are dropped (their rollups stay) */
  raw_retention_days: number;
  /** records per minute one app key may send (per server instance) */
  rate_limit_per_minute: number;
}

/** what settings.stats stores: the zone is the day zone's own setting */
export type StoredStatSettings = Omit<StatSettings, 'tz_offset_minutes'>;

export const STAT_SETTINGS: SettingsArea<StoredStatSettings> = {
  key: 'settings.stats',
  defaults: {
    enabled: true,
    report_interval_s: STAT_SPEC.REPORT_INTERVAL_CONFIGURED_S,
    raw_retention_days: 100,
    rate_limit_per_minute: 120_000,
  },
  check(v) {
    const bad = (field: string, reason: string) => new AppError('INVALID_PARAM', { field, params: { reason } });
    if (typeof v.enabled !== 'boolean') throw bad('enabled', 'on or off');
    if (!Number.isInteger(v.report_interval_s) || v.report_interval_s < 1 || v.report_interval_s > 3600) throw bad('report_interval_s', '1 to 3600 seconds');
    if (!Number.isInteger(v.raw_retention_days) || v.raw_retention_days < 7 || v.raw_retention_days > 3660) throw bad('raw_retention_days', '7 to 3660 days');
    if (!Number.isInteger(v.rate_limit_per_minute) || v.rate_limit_per_minute < 1 || v.rate_limit_per_minute > 100_000_000)
      throw bad('rate_limit_per_minute', '1 to 100000000 records a minute');
  },
};
