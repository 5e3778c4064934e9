/**
 * The console's one query-string builder: list and export requests (the contract's list
 * query: repeated keys for several values, <field>_from / <field>_to for ranges) and links
 * that carry a query (`/pages/system/tag/edit?id=...`).
 */
import type { ListQueryBase, SortOrder } from '../../shared/list-query';

export type QueryValue = string | number | boolean | null | undefined;
/** key -> value, or several values (sent as repeated keys: `status=0&status=1`) */
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

const pairsOf = (params: QueryParams): [string, QueryValue][] =>
  Object.entries(params).flatMap(([key, value]) => (Array.isArray(value) ? value : [value]).map((v): [string, QueryValue] => [key, v]));

/** '?a=1&b=2' in the order given, '' when nothing is left; empty, null and undefined values are left out */
function serialize(pairs: [string, QueryValue][]): string {
  const s = new URLSearchParams();
  for (const [k, v] of pairs) if (v !== undefined && v !== null && v !== '') s.append(k, String(v));
  const text = s.toString();
  return text ? `?${text}` : '';
}

export const queryString = (params: QueryParams) => serialize(pairsOf(params));

/** a path with its query: withQuery('/pages/system/tag/edit', { id: 'vip' }) */
export const withQuery = (path: string, params: QueryParams) => `${path}${queryString(params)}`;

/** '?a=1&b=2&b=3' -> { a: '1', b: ['2', '3'] }: a query read back as params, to pass on changed */
export function paramsOf(search: string): QueryParams {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const had = out[key];
    out[key] = had === undefined ? value : [...[had].flat(), value];
  }
  return out;
}

export type { SortOrder };

/** what a list or export asks for (the API conventions' list query) */
export interface ListQuery extends ListQueryBase {
  /** field -> the values it may take (sent as repeated keys) */
  filters?: Record<string, readonly (string | number | boolean)[] | null | undefined>;
  /** field -> [from, to] (ISO date-times; either may be missing) */
  ranges?: Record<string, readonly [string | null | undefined, string | null | undefined] | null | undefined>;
}

/**
 * The query string of a list or export request ('' when empty), keys in a stable order:
 * current, pageSize, keyword, sortField, sortOrder, then filters and ranges as given, then extra.
 */
export function listQueryString(q: ListQuery, extra: QueryParams = {}): string {
  const sorted = !!(q.sortField && q.sortOrder);
  return serialize([
    ['current', q.current || undefined],
    ['pageSize', q.pageSize || undefined],
    ['keyword', q.keyword?.trim()],
    ['sortField', sorted ? q.sortField : undefined],
    ['sortOrder', sorted ? q.sortOrder : undefined],
    ...Object.entries(q.filters ?? {}).flatMap(([field, values]) => (values ?? []).map((v): [string, QueryValue] => [field, v])),
    ...Object.entries(q.ranges ?? {}).flatMap(([field, range]): [string, QueryValue][] => [
      [`${field}_from`, range?.[0]],
      [`${field}_to`, range?.[1]],
    ]),
    ...pairsOf(extra),
  ]);
}
