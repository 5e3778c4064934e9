/**
 * The calls of the visited pages, entry pages, scenes, channels and custom events reports, and
 * the display names of channels, scenes and event keys (types from the generated API document).
 */
import { request } from '@umijs/max';
import type { Data, ListRow } from './resource';
import type { RequestOptions } from './request-layer';
import { getStatReport, type StatQuery } from './stat';
import { api } from './client';

export type StatPageRow = ListRow<'/api/stat/pages'>;
export type StatEntryPageRow = ListRow<'/api/stat/entry-pages'>;
export type StatSceneRow = ListRow<'/api/stat/scenes'>;
export type StatChannelRow = ListRow<'/api/stat/channels'>;
export type StatEventRow = ListRow<'/api/stat/events'>;
export type StatPageDay = Data<'/api/stat/pages/trend', 'get'>[number];
export type StatSceneDay = Data<'/api/stat/scenes/trend', 'get'>[number];
export type StatChannelDay = Data<'/api/stat/channels/trend', 'get'>[number];
export type StatEventValues = Data<'/api/stat/events/values', 'get'>;
export type StatNameKind = 'channel' | 'event' | 'scene';

/** the list reports, by their path */
export type StatListPath = '/api/stat/pages' | '/api/stat/entry-pages' | '/api/stat/scenes' | '/api/stat/channels' | '/api/stat/events';

/** paging, keyword and sorting of a list report */
export interface StatListParams {
  current?: number;
  pageSize?: number;
  keyword?: string;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
}

interface ListOk<T> {
  success: true;
  data: T[];
  total: number;
}

/** one page of a list report; Row is the report's row type (StatPageRow for /api/stat/pages...) */
export const getStatList = <Row>(path: StatListPath, q: StatQuery, list: StatListParams, opts?: RequestOptions) =>
  request<ListOk<Row>>(path, {
    method: 'GET',
    params: Object.fromEntries(Object.entries({ ...q, ...list }).filter(([, v]) => v !== undefined && v !== '')),
    ...opts,
  }).then((r) => ({ data: r.data, total: r.total }));

export const getPageTrend = (q: StatQuery, path: string, opts?: RequestOptions) => getStatReport<StatPageDay[]>('/api/stat/pages/trend', { ...q, path }, opts);
export const getSceneTrend = (q: StatQuery, key: string, opts?: RequestOptions) => getStatReport<StatSceneDay[]>('/api/stat/scenes/trend', { ...q, key }, opts);

/** a channel's days; '' is the channel of devices that reported none (so sent explicitly) */
export const getChannelTrend = (q: StatQuery, key: string, opts?: RequestOptions) =>
  request<{ success: true; data: StatChannelDay[] }>('/api/stat/channels/trend', {
    method: 'GET',
    params: { ...Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')), key },
    ...opts,
  }).then((r) => r.data);

/** one custom event as reported */
export type StatRawEvent = Data<'/api/stat/events/raw', 'get'>[number];

/** the range's events one by one, newest first, of a key and (or) a device; `capped`: more match than the total counts */
export const getRawEvents = (q: StatQuery, by: { key?: string; device_id?: string; current: number; pageSize: number }, opts?: RequestOptions) =>
  request<{ success: true; data: StatRawEvent[]; total: number; capped: boolean }>('/api/stat/events/raw', {
    method: 'GET',
    params: Object.fromEntries(Object.entries({ ...q, ...by }).filter(([, v]) => v !== undefined && v !== '')),
    ...opts,
  });

export const getEventValues = (q: StatQuery, key: string, opts?: RequestOptions) =>
  getStatReport<StatEventValues>('/api/stat/events/values', { ...q, key }, opts);

/** names a channel, scene or event key; an empty name removes it */
export const saveStatName = (body: { app_id: string; kind: StatNameKind; key: string; name: string }, opts?: RequestOptions) =>
  api.put('/api/stat/names', body, opts);
