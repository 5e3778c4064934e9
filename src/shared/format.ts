/** Dates as the console shows them: the spec's default format and its relative times (section 9). */
import dayjs from 'dayjs';
import { SPEC } from '../../shared/constants';

/** spec section 9: default date format yyyy/MM/dd hh:mm:ss (dayjs tokens) */
export const DATE_FORMAT = 'YYYY/MM/DD HH:mm:ss';

export type RelativeTime = { kind: 'justNow' | 'soon' } | { kind: 'minutesAgo' | 'inMinutes'; n: number } | { kind: 'date'; text: string };

/**
 * How far `at` is from `now` by the spec's thresholds (as uni-dateformat does): under 60 s
 * "just now" (or "in a moment" ahead), under an hour whole minutes, from an hour on the date.
 */
export function relativeTime(at: string | number | Date, now: number = Date.now()): RelativeTime {
  const when = dayjs(at);
  const [near, minutes] = SPEC.RELATIVE_TIME_THRESHOLDS_MS;
  const delta = now - when.valueOf();
  const size = Math.abs(delta);
  if (size < near) return { kind: delta >= 0 ? 'justNow' : 'soon' };
  if (size < minutes) return { kind: delta >= 0 ? 'minutesAgo' : 'inMinutes', n: Math.floor(size / 60000) };
  return { kind: 'date', text: when.format(DATE_FORMAT) };
}
