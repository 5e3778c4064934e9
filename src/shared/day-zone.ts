/** The service's day zone for pages: shown wherever a "today" or a day is counted (home, welfare, cost analysis). */
import { useRequest } from 'ahooks';
import { dayZoneLabel, DAY_ZONE_DEFAULT_MINUTES } from '../../shared/day-zone';
import { type DayZone, getDayZone } from '../services/day-zone';

/**
 * The zone, read once per page load and shared by every caller; until it arrives (or if it
 * cannot be read) the default zone's label stands in, so a note never shows empty.
 */
export function useDayZone(): DayZone & { loaded: boolean } {
  const { data } = useRequest(getDayZone, { cacheKey: 'day-zone', staleTime: 60_000, onError: () => undefined });
  if (data) return { ...data, loaded: true };
  return { offset_minutes: DAY_ZONE_DEFAULT_MINUTES, label: dayZoneLabel(DAY_ZONE_DEFAULT_MINUTES), name: '', loaded: false };
}
