/**
 * ProTable's request arguments (params, sort, filter) -> the contract's list query.
 * Column keys are the query's field names (a column's `field`, else its dataIndex), so a
 * column filter or sort goes to the server under the name the contract gives it.
 */
import type { ListQuery, SortOrder } from '../../services/query-string';

export interface TableParams {
  current?: number;
  pageSize?: number;
  keyword?: string;
  [other: string]: unknown;
}

export type TableSort = Record<string, SortOrder | null | undefined>;
export type TableFilter = Record<string, (string | number | boolean | bigint)[] | null | undefined>;

export function tableQuery(
  params: TableParams,
  sort: TableSort | undefined,
  filter: TableFilter | undefined,
  opts: { rangeFields?: ReadonlySet<string>; preset?: Record<string, readonly string[]>; paged?: boolean } = {},
): ListQuery {
  const q: ListQuery = {};
  if (opts.paged !== false) {
    q.current = params.current ?? 1;
    q.pageSize = params.pageSize;
  }
  const kw = typeof params.keyword === 'string' ? params.keyword.trim() : '';
  if (kw) q.keyword = kw;
  const sorted = Object.entries(sort ?? {}).find(([, order]) => order === 'ascend' || order === 'descend');
  if (sorted) {
    q.sortField = sorted[0];
    q.sortOrder = sorted[1] as SortOrder;
  }
  const filters: NonNullable<ListQuery['filters']> = {};
  const ranges: NonNullable<ListQuery['ranges']> = {};
  for (const [field, values] of Object.entries(opts.preset ?? {})) if (values.length) filters[field] = [...values];
  for (const [field, values] of Object.entries(filter ?? {})) {
    if (!values?.length) continue;
    if (opts.rangeFields?.has(field)) {
      const [from, to] = values.map((v) => (v === null || v === undefined || v === '' ? undefined : String(v)));
      if (from || to) ranges[field] = [from, to];
    } else {
      filters[field] = [...(filters[field] ?? []), ...values.map(String)];
    }
  }
  if (Object.keys(filters).length) q.filters = filters;
  if (Object.keys(ranges).length) q.ranges = ranges;
  return q;
}

/** whether the query narrows the rows (keyword, filter or range): the empty state says so */
export const isNarrowed = (q: ListQuery) => !!q.keyword || !!Object.keys(q.filters ?? {}).length || !!Object.keys(q.ranges ?? {}).length;

/** the sort a column asks for by default (`defaultSortOrder`), under the column's query field */
export function defaultSortOf(columns: readonly { field?: string; key?: unknown; dataIndex?: unknown; defaultSortOrder?: SortOrder | null }[]): TableSort {
  const c = columns.find((col) => col.defaultSortOrder);
  return c ? { [c.field ?? String(c.key ?? c.dataIndex)]: c.defaultSortOrder } : {};
}
