/**
 * The list query of the API conventions, as both sides see it: paging, keyword and sorting.
 * The server adds its filters as raw query keys, the console as structured filters and ranges.
 */
export type SortOrder = 'ascend' | 'descend';

export interface ListQueryBase {
  /** the page, from 1 */
  current?: number;
  /** rows per page (20 by default, 500 at most) */
  pageSize?: number;
  keyword?: string;
  sortField?: string;
  sortOrder?: SortOrder;
}
