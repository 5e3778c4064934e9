/**
 * Usage statistics facts shared by the receiver, the rollups, the console's stats pages and the
 * app SDK (sdk/stat): record kinds, the spec's limits (sections 5 and 9), retention days,
 * stickiness buckets. Browser-safe.
 */
import { zoneDay } from './day-zone';

/** spec section 9: statistics constants */
export const STAT_SPEC = {
  /** how often an app sends its queued records: 10 s by default, 20 s as configured */
  REPORT_INTERVAL_DEFAULT_S: 10,
  REPORT_INTERVAL_CONFIGURED_S: 20,
  /** a session ends after this long without a record */
  SESSION_OVERTIME_APP_S: 300,
  SESSION_OVERTIME_PAGE_S: 1800,
  /** an app asks whether reporting is on at most this often */
  ENABLE_CHECK_CACHE_MS: 24 * 3600_000,
  /** spec: device id length 16 to 48 characters (random, 32 by default) */
  DEVICE_ID_MIN: 16,
  DEVICE_ID_MAX: 48,
  DEVICE_ID_DEFAULT: 32,
  /** spec section 5: an event name is a string of at most 255 characters; its value (string or object as JSON) too */
  EVENT_NAME_MAX: 255,
  EVENT_VALUE_MAX: 255,
  /** the reference does not store the same error hash from one device again within 5 minutes */
  ERROR_DEDUP_S: 300,
} as const;

/** what a record reports; the code is what stat_events.kind stores */
export const STAT_KINDS = {
  launch: 1,
  show: 2,
  hide: 3,
  page: 4,
  event: 5,
  error: 6,
  crash: 7,
  pay: 8,
} as const;
export type StatKind = keyof typeof STAT_KINDS;

/** the platforms the receiver knows (uni-app's names); the console shows them by these keys */
export const STAT_PLATFORMS = ['web', 'h5', 'android', 'ios', 'harmony', 'mp-weixin', 'mp-alipay', 'mp-baidu', 'mp-toutiao', 'mp-qq'] as const;
export type StatPlatform = (typeof STAT_PLATFORMS)[number];
/** mini programs report a scene instead of a channel */
export const isMiniProgram = (platform: string) => platform.startsWith('mp-');

/** retention is shown for these day offsets */
export const RETENTION_DAYS = [1, 2, 3, 4, 5, 6, 7, 14, 30] as const;

/** stickiness: sessions by visit depth (page views) and by duration (seconds), lower bounds inclusive */
export const DEPTH_BUCKETS = [
  { key: '1', min: 1, max: 1 },
  { key: '2', min: 2, max: 2 },
  { key: '3', min: 3, max: 3 },
  { key: '4', min: 4, max: 4 },
  { key: '5-10', min: 5, max: 10 },
  { key: '>10', min: 11, max: null },
] as const;
export const DURATION_BUCKETS = [
  { key: '0-2', min: 0, max: 2 },
  { key: '3-5', min: 3, max: 5 },
  { key: '6-10', min: 6, max: 10 },
  { key: '11-20', min: 11, max: 20 },
  { key: '21-30', min: 21, max: 30 },
  { key: '31-50', min: 31, max: 50 },
  { key: '51-100', min: 51, max: 100 },
  { key: '>100', min: 101, max: null },
] as const;

/** a date range is at most this many days (a stats query) */
export const STAT_MAX_RANGE_DAYS = 366;
/** the local day (YYYY-MM-DD) of an instant in a whole-minute UTC offset */
export const statDay = zoneDay;

/** the UTC instant a local day starts at */
export function statDayStart(day: string, tzMinutes: number): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - tzMinutes * 60_000);
}

/** the local day `n` days after `day` (n may be negative) */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
