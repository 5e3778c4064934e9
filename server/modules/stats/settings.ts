/**
 * The statistics settings (admin-editable, settings key 'settings.stats'): whether apps report,
 * the time zone days are counted in, how often apps send, how long raw events are kept, the per
 * app key rate limit.
 */
import { STAT_DEFAULT_TZ_MINUTES, STAT_SPEC } from '../../../shared/stat';
import { AppError } from '../../core/errors';
import type { SettingsArea } from '../../core/settings';

export interface StatSettings {
  /** apps report (the config check answers this) */
  enabled: boolean;
  /** the UTC offset days are counted in, whole hours in minutes (default UTC+8) */
  tz_offset_minutes: number;
  /** how often the SDK sends its queue (spec: 10 s default, 20 s configured) */
  report_interval_s: number;
  /** raw events older than this are dropped (their rollups stay) */
  raw_retention_days: number;
  /** records per minute one app key may send (per server instance) */
  rate_limit_per_minute: number;
}

export const STAT_SETTINGS: SettingsArea<StatSettings> = {
  key: 'settings.stats',
  defaults: {
    enabled: true,
    tz_offset_minutes: STAT_DEFAULT_TZ_MINUTES,
    report_interval_s: STAT_SPEC.REPORT_INTERVAL_CONFIGURED_S,
    raw_retention_days: 100,
    rate_limit_per_minute: 120_000,
  },
  check(v) {
    const bad = (field: string, reason: string) => new AppError('INVALID_PARAM', { field, params: { reason } });
    if (typeof v.enabled !== 'boolean') throw bad('enabled', 'on or off');
    if (!Number.isInteger(v.tz_offset_minutes) || v.tz_offset_minutes % 60 !== 0 || v.tz_offset_minutes < -12 * 60 || v.tz_offset_minutes > 14 * 60)
      throw bad('tz_offset_minutes', 'whole hours from UTC-12 to UTC+14');
    if (!Number.isInteger(v.report_interval_s) || v.report_interval_s < 1 || v.report_interval_s > 3600) throw bad('report_interval_s', '1 to 3600 seconds');
    if (!Number.isInteger(v.raw_retention_days) || v.raw_retention_days < 7 || v.raw_retention_days > 3660) throw bad('raw_retention_days', '7 to 3660 days');
    if (!Number.isInteger(v.rate_limit_per_minute) || v.rate_limit_per_minute < 1 || v.rate_limit_per_minute > 100_000_000)
      throw bad('rate_limit_per_minute', '1 to 100000000 records a minute');
  },
};
