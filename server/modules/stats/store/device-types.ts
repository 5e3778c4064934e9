/** What the device and user reports answer (devices.ts computes them; the routes' schemas describe them). */
import type { StatFilter } from '../filter';

/** whose figures a report counts: devices, or the apps' signed-in user ids */
export type StatSubject = 'device' | 'user';
export type TrendGranularity = 'hour' | 'day' | 'week' | 'month';
export type RetentionMode = 'new' | 'active';
/** retention counted per day (offsets RETENTION_DAYS), or per calendar week (from Monday) or month (offsets 1..9) */
export type RetentionUnit = 'day' | 'week' | 'month';
/** the week and month offsets shown (the reference's w1-w9 and m1-m9) */
export const RETENTION_PERIODS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

export interface DayFigures {
  new: number;
  active: number;
  sessions: number;
  page_views: number;
  duration_s: number;
  /** seconds per launch (0 without launches) */
  avg_session_s: number;
  /** seconds per active device (user) */
  avg_subject_s: number;
  /** % of launches with one page view, one decimal */
  bounce_rate: number;
  /** devices (users) first seen up to that day */
  total: number;
}

export interface OverviewReport {
  day: string;
  /**
   * the day is today and not over: `today` holds its figures so far and `previous` the day
   * before up to the same time of day (as_of - 24 h), so the change compares like with like
   */
  partial: boolean;
  /** the instant the figures of a partial day run to */
  as_of: string | null;
  today: DayFigures;
  previous: DayFigures;
  trend: { day: string; new: number; active: number; sessions: number }[];
  top_pages: { path: string; title: string; views: number; entries: number; duration_s: number }[];
  /** active devices (users) per platform over the range (distinct per platform) */
  platforms: { platform: string; active: number }[];
}

export interface ActivityReport {
  days: { day: string; dau: number; wau: number; mau: number; dau_wau: number; dau_mau: number }[];
}

export interface TrendReport {
  granularity: TrendGranularity;
  /** bucket label: local 'YYYY-MM-DD HH:00' for hours, else the bucket's first day */
  rows: { bucket: string; new: number; active: number; sessions: number; duration_s: number }[];
}

export interface RetentionCell {
  n: number;
  /** null: day n has not come yet */
  retained: number | null;
  pct: number | null;
}
export interface RetentionReport {
  mode: RetentionMode;
  unit: RetentionUnit;
  /** the offsets of the cells, in units (days, weeks or months) */
  days: number[];
  /** cohort_day: the cohort's day, or its week's Monday, or its month's first day */
  rows: { cohort_day: string; cohort: number; cells: RetentionCell[] }[];
}

export type Totals = {
  new: number;
  active: number;
  sessions: number;
  duration_s: number;
};
export interface ComparisonSide {
  app_id: string;
  start: string;
  end: string;
  totals: Totals;
  /** one row per day of the side's range, in order (day index i = the i-th day) */
  days: { day: string; new: number; active: number; sessions: number }[];
}
export interface ComparisonReport {
  platforms: ({ platform: string } & Totals)[];
  current: ComparisonSide;
  other: ComparisonSide;
}

export type BucketRow = {
  key: string;
  sessions: number;
  subjects: number;
};
export interface StickinessReport {
  total_sessions: number;
  depth: BucketRow[];
  duration: BucketRow[];
}

export interface DeviceReports {
  /** `now`: the server's clock (which day is today, and how much of it has passed) */
  overview(subject: StatSubject, f: StatFilter, now?: number): Promise<OverviewReport>;
  activity(subject: StatSubject, f: StatFilter): Promise<ActivityReport>;
  trend(subject: StatSubject, f: StatFilter, granularity: TrendGranularity): Promise<TrendReport>;
  /** `now`: which periods have begun (a later one's cells are null) */
  retention(subject: StatSubject, f: StatFilter, mode: RetentionMode, unit?: RetentionUnit, now?: number): Promise<RetentionReport>;
  /** `otherAppId`: the same range of another app; absent: the previous range of equal length */
  comparison(subject: StatSubject, f: StatFilter, otherAppId?: string): Promise<ComparisonReport>;
  stickiness(subject: StatSubject, f: StatFilter): Promise<StickinessReport>;
}

/** the tables a subject is counted in */
