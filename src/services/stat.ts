/**
 * The statistics calls shared by every stats page: the filter bar's options and the query every
 * report takes. Each page family keeps its own calls in src/services/stat-<area>.ts.
 */
import { request } from '@umijs/max';
import type { Data } from './resource';
import type { RequestOptions } from './request-layer';

interface Ok<T> {
  success: true;
  data: T;
}

export type StatOptions = Data<'/api/stat/options', 'get'>;

/** what every report route takes (server/modules/stats/filter.ts): app, dimensions, local days */
export interface StatQuery {
  app_id: string;
  platform?: string;
  channel?: string;
  version?: string;
  /** YYYY-MM-DD, inclusive */
  start: string;
  end: string;
}

export const getStatOptions = (appId: string | undefined, opts?: RequestOptions) =>
  request<Ok<StatOptions>>('/api/stat/options', { method: 'GET', params: appId ? { app_id: appId } : {}, ...opts }).then((r) => r.data);

/** a GET of a report under /api/stat with the filter as its query */
export const getStatReport = <T>(path: string, q: StatQuery & Record<string, string | number | undefined>, opts?: RequestOptions) =>
  request<Ok<T>>(path, { method: 'GET', params: Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')), ...opts }).then((r) => r.data);
