/**
 * The stats pages' filter state: kept in the page's URL query (so a view can be shared and the
 * back button works) and the last app remembered in local storage. Days are local days in the
 * server's stats time zone.
 */
import { useSearchParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { useCallback, useEffect, useMemo } from 'react';
import { addDays, statDay } from '../../../shared/stat';
import { getStatOptions, type StatOptions, type StatQuery } from '../../services/stat';

const LAST_APP_KEY = 'uni-stat-app';

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
}

/** `defaultDays`: the range a page opens with (7 = the last 7 days) */
export function useStatFilter(defaultDays = 7): StatFilterState {
  const [params, setParams] = useSearchParams();
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
    return {
      app_id: appId,
      platform: params.get('platform') || undefined,
      channel: params.get('channel') || undefined,
      version: params.get('version') || undefined,
      start: params.get('start') || addDays(today, -(defaultDays - 1)),
      end: params.get('end') || today,
    };
  }, [appId, params, tz, defaultDays]);

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
      setParams(next, { replace: true });
    },
    [params, setParams, appId],
  );

  const { mutate, refresh } = opts;
  const applyTz = useCallback(
    (next: number) => {
      mutate((o) => (o ? { ...o, tz_offset_minutes: next } : o));
      refresh();
    },
    [mutate, refresh],
  );

  return { options, optionsLoading: opts.loading, optionsError: opts.error, reloadOptions: opts.refresh, query, setQuery, tz, applyTz };
}
