/**
 * The service's day zone (settings key 'settings.day_zone'): the one time zone that today's
 * limits, rewards, periods, home figures, cost analysis days and statistics days count in.
 */
import { type SQL, sql } from 'drizzle-orm';
import { DAY_ZONE_DEFAULT_MINUTES, dayZoneLabel, dayZoneName, isDayZone } from '../../shared/day-zone';
import type { Db } from '../db';
import { AppError } from './errors';
import type { SettingsArea, SettingsStore } from './settings';
import type { Tx } from './sql';

export interface DayZoneSettings {
  /** whole hours from UTC, in minutes (480: UTC+8) */
  offset_minutes: number;
}

const outOfRange = (field: string) => new AppError('INVALID_PARAM', { field, params: { reason: 'whole hours from UTC-12 to UTC+14' } });

export const DAY_ZONE_SETTINGS: SettingsArea<DayZoneSettings> = {
  key: 'settings.day_zone',
  defaults: { offset_minutes: DAY_ZONE_DEFAULT_MINUTES },
  check(v) {
    if (!isDayZone(v.offset_minutes)) throw outOfRange('offset_minutes');
  },
};

/** the instant today began in the zone, as a timestamptz expression (the database's clock) */
export function dayStartSql(offsetMinutes: number): SQL {
  const shift = sql`make_interval(mins => ${offsetMinutes}::int)`;
  return sql`((date_trunc('day', (now() AT TIME ZONE 'UTC') + ${shift}) - ${shift}) AT TIME ZONE 'UTC')`;
}

export class DayZone {
  constructor(private settings: SettingsStore) {}

  async offsetMinutes(tx?: Db | Tx): Promise<number> {
    return (await this.settings.get(DAY_ZONE_SETTINGS, tx)).offset_minutes;
  }

  /** what the console shows: the offset, its label (UTC+8) and IANA name */
  async describe(): Promise<{ offset_minutes: number; label: string; name: string }> {
    const m = await this.offsetMinutes();
    return { offset_minutes: m, label: dayZoneLabel(m), name: dayZoneName(m) };
  }

  /** sets the zone; an out-of-range value is an INVALID_PARAM on `field` */
  async set(offsetMinutes: number, field = 'offset_minutes', tx?: Db | Tx): Promise<number> {
    if (!isDayZone(offsetMinutes)) throw outOfRange(field);
    return (await this.settings.put(DAY_ZONE_SETTINGS, { offset_minutes: offsetMinutes }, tx)).offset_minutes;
  }
}
