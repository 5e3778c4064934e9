/** The JS error and crash pages' calls: groups, summaries, a group's detail, crashes, source maps. Types are generated. */
import type { Body, Data } from './resource';
import { api, type ApiQueryOf } from './client';
import type { RequestOptions } from './request-layer';
import type { StatQuery } from './stat';

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

// the table's sorter names a column as text; the server refuses one it does not sort by (INVALID_PARAM)
type SortOf<P extends '/api/stat/errors' | '/api/stat/crashes' | '/api/stat/crashes/groups'> = ApiQueryOf<P, 'get'> extends { sortField?: infer S } ? S : never;
const sortedBy = <S>(page: TablePage) => ({ ...page, sortField: page.sortField as S | undefined });

export const getErrorGroups = (q: StatQuery, page: TablePage, opts?: RequestOptions) =>
  api.page('/api/stat/errors', { ...opts, query: { ...q, ...sortedBy<SortOf<'/api/stat/errors'>>(page) } });
export const getErrorSummary = (q: StatQuery, opts?: RequestOptions) => api.get('/api/stat/errors/summary', { ...opts, query: q });
export const getErrorDetail = (hash: string, q: StatQuery, opts?: RequestOptions) => api.get('/api/stat/errors/{hash}', { ...opts, path: { hash }, query: q });
export const getCrashes = (q: StatQuery, page: TablePage, opts?: RequestOptions) =>
  api.page('/api/stat/crashes', { ...opts, query: { ...q, ...sortedBy<SortOf<'/api/stat/crashes'>>(page) } });
export const getCrashGroups = (q: StatQuery, page: TablePage, opts?: RequestOptions) =>
  api.page('/api/stat/crashes/groups', { ...opts, query: { ...q, ...sortedBy<SortOf<'/api/stat/crashes/groups'>>(page) } });
export const getCrashSummary = (q: StatQuery, opts?: RequestOptions) => api.get('/api/stat/crashes/summary', { ...opts, query: q });

export const listSourceMaps = async (appId: string, opts?: RequestOptions) =>
  (await api.page('/api/stat/source-maps', { ...opts, query: { app_id: appId, pageSize: 500 } })).data;
export const uploadSourceMap = (body: SourceMapUpload, opts?: RequestOptions) => api.post('/api/stat/source-maps', body, opts);
export const deleteSourceMap = (key: { app_id: string; version: string; file: string }, opts?: RequestOptions) =>
  api.delete('/api/stat/source-maps', { ...opts, query: key });

/** every row of a list (for the export), page by page up to `max` rows */
export async function allRows<T>(
  fetchPage: (page: TablePage) => Promise<{ data: T[]; total: number }>,
  base: Omit<TablePage, 'current' | 'pageSize'>,
  max = 10_000,
): Promise<T[]> {
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
