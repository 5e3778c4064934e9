/** The JS error and crash pages' calls: groups, summaries, a group's detail, crashes, source maps. Types are generated. */
import { request } from '@umijs/max';
import type { Body, Data } from './resource';
import type { RequestOptions } from './request-layer';
import { getStatReport, type StatQuery } from './stat';

interface Ok<T> {
  success: true;
  data: T;
}
interface Page<T> {
  success: true;
  data: T[];
  total: number;
}

export type ErrorGroup = Data<'/api/stat/errors', 'get'>[number];
export type ErrorSummary = Data<'/api/stat/errors/summary', 'get'>;
export type ErrorDetail = Data<'/api/stat/errors/{hash}', 'get'>;
export type StackFrame = ErrorDetail['resolved']['frames'][number];
export type CrashRow = Data<'/api/stat/crashes', 'get'>[number];
export type SourceMapRow = Data<'/api/stat/source-maps', 'get'>[number];
export type SourceMapUpload = Body<'/api/stat/source-maps', 'post'>;

/** a table's page, sort and keyword (the server sorts and pages) */
export interface TablePage {
  current: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
  keyword?: string;
}

const clean = (q: Record<string, string | number | undefined>) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));

const getPage = <T>(path: string, q: StatQuery, page: TablePage, opts?: RequestOptions) =>
  request<Page<T>>(path, { method: 'GET', params: clean({ ...q, ...page }), ...opts }).then((r) => ({ data: r.data, total: r.total }));

export const getErrorGroups = (q: StatQuery, page: TablePage, opts?: RequestOptions) => getPage<ErrorGroup>('/api/stat/errors', q, page, opts);
export const getErrorSummary = (q: StatQuery, opts?: RequestOptions) => getStatReport<ErrorSummary>('/api/stat/errors/summary', { ...q }, opts);
export const getErrorDetail = (hash: string, q: StatQuery, opts?: RequestOptions) =>
  getStatReport<ErrorDetail>(`/api/stat/errors/${encodeURIComponent(hash)}`, { ...q }, opts);
export const getCrashes = (q: StatQuery, page: TablePage, opts?: RequestOptions) => getPage<CrashRow>('/api/stat/crashes', q, page, opts);
export const getCrashGroups = (q: StatQuery, page: TablePage, opts?: RequestOptions) => getPage<ErrorGroup>('/api/stat/crashes/groups', q, page, opts);
export const getCrashSummary = (q: StatQuery, opts?: RequestOptions) => getStatReport<ErrorSummary>('/api/stat/crashes/summary', { ...q }, opts);

export const listSourceMaps = (appId: string, opts?: RequestOptions) =>
  request<Page<SourceMapRow>>('/api/stat/source-maps', { method: 'GET', params: { app_id: appId, pageSize: 500 }, ...opts }).then((r) => r.data);
export const uploadSourceMap = (body: SourceMapUpload, opts?: RequestOptions) =>
  request<Ok<SourceMapRow>>('/api/stat/source-maps', { method: 'POST', data: body, ...opts }).then((r) => r.data);
export const deleteSourceMap = (key: { app_id: string; version: string; file: string }, opts?: RequestOptions) =>
  request<Ok<{ deleted: boolean }>>('/api/stat/source-maps', { method: 'DELETE', params: key, ...opts }).then((r) => r.data);

/** every row of a list (for the export), page by page up to `max` rows */
export async function allRows<T>(fetchPage: (page: TablePage) => Promise<{ data: T[]; total: number }>, base: Omit<TablePage, 'current' | 'pageSize'>, max = 10_000): Promise<T[]> {
  const rows: T[] = [];
  for (let current = 1; rows.length < max; current += 1) {
    const r = await fetchPage({ ...base, current, pageSize: 500 });
    rows.push(...r.data);
    if (r.data.length < 500 || rows.length >= r.total) break;
  }
  return rows;
}

/** a CSV file (UTF-8 with BOM, so spreadsheet programs read Chinese right) */
export function csvBlob(header: string[], rows: (string | number)[][]): Blob {
  const cell = (v: string | number) => {
    const s = String(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const text = [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n');
  return new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
}
