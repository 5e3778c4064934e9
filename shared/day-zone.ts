/**
 * The service's day: one configured time zone, a whole-hour UTC offset, that every "today",
 * daily limit, daily or weekly period and statistics day counts in (server and console read it).
 */

/** UTC+8 until an admin sets another (the reference systems' zone) */
export const DAY_ZONE_DEFAULT_MINUTES = 480;
/** UTC-12 to UTC+14, whole hours */
export const DAY_ZONE_MIN_MINUTES = -12 * 60;
export const DAY_ZONE_MAX_MINUTES = 14 * 60;

export const isDayZone = (m: unknown): m is number =>
  Number.isInteger(m) && (m as number) % 60 === 0 && (m as number) >= DAY_ZONE_MIN_MINUTES && (m as number) <= DAY_ZONE_MAX_MINUTES;

/** how people read the zone: UTC, UTC+8, UTC-5 */
export function dayZoneLabel(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'UTC';
  return `UTC${offsetMinutes > 0 ? '+' : '-'}${Math.abs(offsetMinutes) / 60}`;
}

/** the zone's IANA name, for PostgreSQL and Intl (the Etc/GMT names count west as positive) */
export function dayZoneName(offsetMinutes: number): string {
  if (offsetMinutes === 0) return 'UTC';
  return `Etc/GMT${offsetMinutes > 0 ? '-' : '+'}${Math.abs(offsetMinutes) / 60}`;
}

/** the local day (YYYY-MM-DD) an instant falls on */
export function zoneDay(at: Date | number, offsetMinutes: number): string {
  const t = typeof at === 'number' ? at : at.getTime();
  return new Date(t + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** the ISO week (2026-W48: weeks start on Monday; week 1 holds 4 January) of the local day an instant falls on */
export function zoneIsoWeek(at: Date | number, offsetMinutes: number): string {
  const day = Date.parse(`${zoneDay(at, offsetMinutes)}T00:00:00Z`);
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  const thursday = new Date(day + (3 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const jan4 = Date.UTC(year, 0, 4);
  const week1Monday = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * 86_400_000;
  const week = Math.floor((thursday.getTime() - week1Monday) / (7 * 86_400_000)) + 1;
  return `${year}-W${pad(week)}`;
}
