/**
 * The pay-order statistics calls (overview, funnel, order list, user value ranking): the stats
 * filter plus each page's own query; money is integer cents (shared/money.ts shows yuan).
 */
import { request } from '@umijs/max';
import { listQueryString, type ListQuery } from './query-string';
import type { RequestOptions } from './request-layer';
import { downloadFile, type Data } from './resource';
import { getStatReport, type StatQuery } from './stat';

export type PayOverview = Data<'/api/stat/pay/overview', 'get'>;
export type PayPeriodRow = PayOverview['periods'][number];
export type PayTrendDay = PayOverview['trend'][number];
export type PayFunnel = Data<'/api/stat/pay/funnel', 'get'>;
export type PayStages = NonNullable<PayFunnel['stages']>;
export type PayStage = PayStages['total'];
export type PayActivity = PayFunnel['activity'][number];
export type StatPayOrder = Data<'/api/stat/pay/orders', 'get'>[number];
export type StatPayRank = Data<'/api/stat/pay/ranking', 'get'>[number];
export type FunnelUnit = 'day' | 'week' | 'month';
export type OrderDateField = 'created' | 'paid';

interface ListOk<T> {
  success: true;
  data: T[];
  total: number;
}

export const getPayOverview = (q: StatQuery, opts?: RequestOptions) => getStatReport<PayOverview>('/api/stat/pay/overview', { ...q }, opts);

export const getPayFunnel = (q: StatQuery, unit: FunnelUnit, opts?: RequestOptions) => getStatReport<PayFunnel>('/api/stat/pay/funnel', { ...q, unit }, opts);

/** the filter's fields as the lists' extra query */
const filterParams = (q: StatQuery) => ({ app_id: q.app_id, platform: q.platform, channel: q.channel, version: q.version, start: q.start, end: q.end });

async function list<T>(path: string, q: StatQuery, lq: ListQuery, extra: Record<string, string | undefined>, opts?: RequestOptions) {
  const r = await request<ListOk<T>>(`${path}${listQueryString(lq, { ...filterParams(q), ...extra })}`, { method: 'GET', ...opts });
  return { data: r.data, total: r.total };
}

export const listPayOrders = (q: StatQuery, lq: ListQuery, dateField: OrderDateField, opts?: RequestOptions) =>
  list<StatPayOrder>('/api/stat/pay/orders', q, lq, { date_field: dateField }, opts);

export const listPayRanking = (q: StatQuery, lq: ListQuery, opts?: RequestOptions) => list<StatPayRank>('/api/stat/pay/ranking', q, lq, {}, opts);

/** the xlsx of every row matching the list's query (no paging), times in the browser's zone */
function exportOf(path: string, q: StatQuery, lq: ListQuery, extra: Record<string, string | undefined>, name: string) {
  const { current: _c, pageSize: _p, ...rest } = lq;
  const query = listQueryString(rest, { ...filterParams(q), ...extra, tzOffset: new Date().getTimezoneOffset() });
  return downloadFile(`${path}/export${query}`, { fallbackName: `${name}-${q.start}-${q.end}.xlsx` });
}

export const exportPayOrders = (q: StatQuery, lq: ListQuery, dateField: OrderDateField) =>
  exportOf('/api/stat/pay/orders', q, lq, { date_field: dateField }, 'pay-orders');

export const exportPayRanking = (q: StatQuery, lq: ListQuery) => exportOf('/api/stat/pay/ranking', q, lq, {}, 'pay-ranking');
