/**
 * The stats pages' filter state: kept in the page's URL query (so a view can be shared and the
 * back button works), the last app remembered in local storage, and the rest of the filter
 * (platform, channel, version, dates) carried to the next stats page opened in this tab. Days are
 * local days in the server's stats time zone.
 */
import { useSearchParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { useCallback, useEffect, useMemo } from 'react';
import { addDays, STAT_MAX_RANGE_DAYS, statDay } from '../../../shared/stat';
import { getStatOptions, type StatOptions, type StatQuery } from '../../services/stat';

const LAST_APP_KEY = 'uni-stat-app';
/** the filter of the last stats page of this tab (session storage: another tab keeps its own) */
const LAST_FILTER_KEY = 'uni-stat-filter';
/** the filter's parts a page hands on to the next */
const CARRIED = ['platform', 'channel', 'version', 'start', 'end'] as const;

function lastFilter(): Record<string, string> {
  try {
    const v = JSON.parse(sessionStorage.getItem(LAST_FILTER_KEY) ?? '{}') as Record<string, unknown>;
    return Object.fromEntries(CARRIED.filter((k) => typeof v[k] === 'string' && v[k]).map((k) => [k, v[k] as string]));
  } catch {
    return {};
  }
}

/** today in the stats time zone */
export const statToday = (tz: number) => statDay(Date.now(), tz);

/** the quick ranges of the filter bar: [start, end] local days */
export function quickRanges(tz: number): Record<'today' | 'yesterday' | 'last7' | 'last30' | 'last90', [string, string]> {
  const today = statToday(tz);
  return {
    today: [today, today],
    yesterday: [addDays(today, -1), addDays(today, -1)],
    last7: [addDays(today, -6), today],
    last30: [addDays(today, -29), today],
    last90: [addDays(today, -89), today],
  };
}

/** an instant's time of day (hh:mm) in the stats time zone, the clock its days are counted by */
export function statClock(at: string | number, tz: number): string {
  const d = new Date((typeof at === 'string' ? Date.parse(at) : at) + tz * 60_000);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

/** today, when the range holds it: its figures are so far, not a whole day's */
export function partialDayOf(query: Pick<StatQuery, 'start' | 'end'> | null | undefined, tz: number): string | null {
  if (!query) return null;
  const today = statToday(tz);
  return query.start <= today && today <= query.end ? today : null;
}

/**
 * The days a range may not take (the date picker's disabledDate): days after today, and days
 * that would make the range longer than the server takes, counted from the first day picked.
 */
export function rangeRefuses(day: string, from: string | null, today: string): boolean {
  if (day > today) return true;
  if (!from) return false;
  const apart = Math.abs(Date.parse(`${day}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  return apart + 1 > STAT_MAX_RANGE_DAYS;
}

export interface StatFilterState {
  /** the options (apps, dimensions, time zone); undefined while loading */
  options?: StatOptions;
  optionsLoading: boolean;
  optionsError?: Error;
  reloadOptions: () => void;
  /** the filter; null until an app is known */
  query: StatQuery | null;
  setQuery: (patch: Partial<StatQuery>) => void;
  tz: number;
  /** a time zone just saved: the days move at once, the options are asked for again behind it */
  applyTz: (tz: number) => void;
  /** today if the range holds it (charts mark it, figures compare it with the same hours of yesterday) */
  partialDay: string | null;
}

/** `defaultDays`: the range a page opens with (7 = the last 7 days) */
export function useStatFilter(defaultDays = 7): StatFilterState {
  const [params, setParams] = useSearchParams();
  // a page opened without a filter (from the menu) takes the one the last stats page had
  const carried = useMemo(() => (CARRIED.some((k) => params.has(k)) ? null : lastFilter()), [params]);
  useEffect(() => {
    if (!carried || !Object.keys(carried).length) return;
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(carried)) next.set(k, v);
    setParams(next, { replace: true });
  }, [carried, params, setParams]);
  useEffect(() => {
    const own = Object.fromEntries(CARRIED.filter((k) => params.get(k)).map((k) => [k, params.get(k)!]));
    // a page holding no filter of its own keeps what is carried until it has taken it
    if (Object.keys(own).length) sessionStorage.setItem(LAST_FILTER_KEY, JSON.stringify(own));
  }, [params]);
  const appParam = params.get('app_id') ?? undefined;
  const remembered = typeof localStorage !== 'undefined' ? (localStorage.getItem(LAST_APP_KEY) ?? undefined) : undefined;
  const wanted = appParam ?? remembered;
  const opts = useRequest(() => getStatOptions(wanted, { skipErrorHandler: true }), { refreshDeps: [wanted] });
  const options = opts.data;
  const tz = options?.tz_offset_minutes ?? 480;

  // the app: the one asked for if it exists, else the first of the list
  const appId = options ? (options.apps.find((a) => a.appid === wanted)?.appid ?? options.apps[0]?.appid) : undefined;
  useEffect(() => {
    if (appId) localStorage.setItem(LAST_APP_KEY, appId);
  }, [appId]);

  const query = useMemo<StatQuery | null>(() => {
    if (!appId) return null;
    const today = statToday(tz);
    // the carried filter is on its way into the URL: the page asks once, with it
    const p = (k: (typeof CARRIED)[number]) => params.get(k) || carried?.[k] || undefined;
    return {
      app_id: appId,
      platform: p('platform'),
      channel: p('channel'),
      version: p('version'),
      start: p('start') || addDays(today, -(defaultDays - 1)),
      end: p('end') || today,
    };
  }, [appId, params, tz, defaultDays, carried]);

  const setQuery = useCallback(
    (patch: Partial<StatQuery>) => {
      const next = new URLSearchParams(params);
      for (const [k, v] of Object.entries(patch)) {
        if (v) next.set(k, String(v));
        else next.delete(k);
      }
      // another app has other channels and versions
      if (patch.app_id && patch.app_id !== appId) {
        next.delete('channel');
        next.delete('version');
        next.delete('platform');
      }
      // nothing left to carry (every part back to its default): the next page starts from its own defaults
      if (!CARRIED.some((k) => next.get(k))) sessionStorage.removeItem(LAST_FILTER_KEY);
      setParams(next, { replace: true });
    },
    [params, setParams, appId],
  );

  // the saved settings' answer is the zone now: asking for the options again could bring an
  // answer started before the save and put the old zone back, and so could one still running
  // (a reload on focus), which is dropped
  const { mutate, cancel, refresh, data: loaded } = opts;
  const applyTz = useCallback(
    (next: number) => {
      cancel();
      if (loaded) mutate({ ...loaded, tz_offset_minutes: next });
      else refresh();
    },
    [mutate, cancel, refresh, loaded],
  );

  const partialDay = partialDayOf(query, tz);
  return { options, optionsLoading: opts.loading, optionsError: opts.error, reloadOptions: opts.refresh, query, setQuery, tz, applyTz, partialDay };
}
