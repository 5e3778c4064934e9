/**
 * The error pages' table state: page, sort and keyword for the server (antd Table's onChange), the
 * CSV export of every row of the current query, and times shown in the stats time zone.
 */
import type { TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import type { StatQuery } from '../../../services/stat';
import type { TablePage } from '../../../services/stat-errors';

export function useTablePage(defaultSort: string) {
  const [page, setPage] = useState<TablePage>({ current: 1, pageSize: 20, sortField: defaultSort, sortOrder: 'descend' });
  const onChange = <T>(p: TablePaginationConfig, _f: unknown, sorter: SorterResult<T> | SorterResult<T>[]) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = s?.order ? String(s.columnKey ?? s.field) : undefined;
    setPage((old) => ({
      ...old,
      current: field !== old.sortField || (s?.order ?? undefined) !== old.sortOrder ? 1 : (p.current ?? 1),
      pageSize: p.pageSize ?? old.pageSize,
      sortField: field ?? defaultSort,
      sortOrder: s?.order ?? 'descend',
    }));
  };
  const setKeyword = (keyword: string) => setPage((old) => ({ ...old, current: 1, keyword: keyword.trim() || undefined }));
  /** the sort order antd shows on a column */
  const sortOrderOf = (key: string) => (page.sortField === key ? (page.sortOrder ?? null) : null);
  return { page, setPage, onChange, setKeyword, sortOrderOf };
}

/** an instant as YYYY-MM-DD HH:mm:ss in the stats time zone (minutes east of UTC) */
export function formatStatTime(iso: string, tz: number): string {
  return new Date(Date.parse(iso) + tz * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** a file name for an export: area, app and range */
export const exportName = (area: string, appId: string, start: string, end: string) => `${area}-${appId}-${start}-${end}.csv`;

export const JS_ERRORS_PATH = '/pages/uni-stat/error/js/js';
export const CRASHES_PATH = '/pages/uni-stat/error/app/app';
export const DETAIL_PATH = '/pages/uni-stat/error/js/detail';

/** the filter as a query string (empty parts left out) */
export const filterSearch = (q: StatQuery, extra: Record<string, string> = {}) =>
  new URLSearchParams(Object.entries({ ...extra, ...q }).filter((e): e is [string, string] => !!e[1])).toString();

/** a group's detail: the group and the filter it was seen in */
export const detailLink = (hash: string, q: StatQuery) => `${DETAIL_PATH}?${filterSearch(q, { hash })}`;
