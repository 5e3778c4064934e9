/** The list kit's props and the context its callbacks receive (ResourceList renders them). */
import type { Modal } from 'antd';
import type { ReactNode } from 'react';
import type { RowResource } from '../../services/resource';
import type { ListQuery } from '../../services/query-string';
import type { Translate } from '../../shared/i18n';
import type { ResourceColumn } from './columns';

export interface ListContext<T> {
  /** fetches the current page again */
  reload: () => void;
  clearSelection: () => void;
  /** the query of the rows on screen (without paging) */
  query: () => ListQuery;
  /** the rows on screen (tree mode: the roots, with children) */
  rows: () => T[];
  t: Translate;
  modal: ReturnType<typeof Modal.useModal>[0];
}

export interface PresetFilter {
  field: string;
  values: string[];
  /** what the chip above the table says, e.g. "Tag: vip" */
  label: ReactNode;
}

export interface ResourceListProps<Row> {
  resource: RowResource<Row>;
  /** translation key of the page title (none: the list sits in a drawer or modal that has one) */
  title?: string;
  columns: ResourceColumn<Row>[];
  /** the keyword box's placeholder (names the fields searched) */
  searchPlaceholder: string;
  /** page sizes offered; the first is the default */
  pageSizes?: number[];
  /** filters the page fixes from its url (?tagid=, ?id=); shown as chips with "show all" */
  presetFilters?: PresetFilter[];
  onClearPresets?: () => void;
  /** access rules of the buttons (a permission or 'admin'); an action without one is not offered */
  access: { create?: string; update?: string; delete?: string };
  addPath?: string;
  addLabel?: string;
  editPath?: (row: Row) => string;
  /** names a row in confirmations and labels (default: the resource's name of the row) */
  rowLabel?: (row: Row) => string;
  /** false: the row cannot be deleted (built-ins); a string says why */
  canDeleteRow?: (row: Row) => boolean | string;
  /** more text in a delete confirmation (rows being deleted); may load what it needs */
  deleteDetails?: (rows: Row[], ctx: ListContext<Row>) => ReactNode | Promise<ReactNode>;
  rowActions?: (row: Row, ctx: ListContext<Row>) => ReactNode[];
  /** the row actions after Edit and Delete: for actions some rows lack, so Edit and Delete line up */
  rowActionsLast?: boolean;
  toolbar?: (ctx: ListContext<Row>) => ReactNode[];
  batchActions?: (rows: Row[], ctx: ListContext<Row>) => ReactNode[];
  /** after rows were deleted */
  onChanged?: () => void;
  /** the rows of each page loaded (a page's own sums above the table) */
  onRows?: (rows: Row[]) => void;
  /** tree mode: every matching row, nested under its parent (by this field) */
  tree?: { parentField: keyof Row & string };
  exportable?: boolean;
  /** a note under the title */
  description?: ReactNode;
  /** the Actions column's width before its links are measured (the first paint) */
  actionsWidth?: number;
}
