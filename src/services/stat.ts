/**
 * The statistics calls shared by every stats page: the filter bar's options and the query every
 * report takes. Each page family keeps its own calls in src/services/stat-<area>.ts.
 */
import { request } from '@umijs/max';
import type { Data } from './resource';
import { api, type Envelope } from './client';
import { withQuery } from './query-string';
import type { RequestOptions } from './request-layer';

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

export const getStatOptions = (appId: string | undefined, opts?: RequestOptions) => api.get('/api/stat/options', { ...opts, query: { app_id: appId } });

/**
 * a GET of a report under /api/stat with the filter as its query, for the pages that build the
 * path from their subject (devices or users); a fixed path goes through `api`
 */
export const getStatReport = <T>(path: string, q: StatQuery & Record<string, string | number | undefined>, opts?: RequestOptions) =>
  request<Envelope<T>>(withQuery(path, q), { method: 'GET', ...opts }).then((r) => r.data);
