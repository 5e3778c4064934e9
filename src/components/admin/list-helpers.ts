/** The list kit's helpers: the column choices a browser keeps per list, the Actions column's measure, rows as a tree. */
import type { ResourceColumn } from './columns';

export type ColumnsState = Record<string, { show?: boolean; fixed?: 'left' | 'right'; order?: number; disable?: boolean }>;

const columnsStateKey = (list: string) => `list-columns:${list}`;

/** the column choices this browser made for a list (shown, hidden, order), if any */
export function readColumnsState(list: string): ColumnsState {
  try {
    const raw = localStorage.getItem(columnsStateKey(list));
    const v: unknown = raw ? JSON.parse(raw) : null;
    return v && typeof v === 'object' ? (v as ColumnsState) : {};
  } catch {
    return {};
  }
}

export function saveColumnsState(list: string, state: ColumnsState) {
  try {
    localStorage.setItem(columnsStateKey(list), JSON.stringify(state));
  } catch {
    // storage full or refused: the choice lasts for this page only
  }
}

export const columnKey = <Row>(c: ResourceColumn<Row>) =>
  c.field ?? (c.key as string | undefined) ?? (typeof c.dataIndex === 'string' ? c.dataIndex : undefined) ?? '';

/** the columns a list hides until chosen in its column settings */
export function hiddenByDefault<Row>(columns: ResourceColumn<Row>[]): ColumnsState {
  return Object.fromEntries(columns.filter((c) => c.hiddenByDefault).map((c) => [columnKey(c), { show: false }]));
}

/** the widest content of the Actions column (header and every row), with the cells' padding */
export function actionsContentWidth(root: HTMLElement): number | null {
  const cells = root.querySelectorAll<HTMLElement>('.ant-table-thead th.resource-list-actions, .ant-table-tbody td.resource-list-actions');
  let widest = 0;
  for (const cell of cells) {
    const style = getComputedStyle(cell);
    const range = document.createRange();
    range.selectNodeContents(cell);
    const inner = cell.querySelector<HTMLElement>('.resource-list-actions-inner');
    // jsdom (component tests) draws nothing and has no Range boxes
    const text = typeof range.getBoundingClientRect === 'function' ? range.getBoundingClientRect().width : 0;
    const content = Math.max(text, inner?.scrollWidth ?? 0);
    widest = Math.max(widest, Math.ceil(content + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 1));
  }
  return cells.length ? widest : null;
}

export type TreeRow<T> = T & { children?: TreeRow<T>[] };

/** rows nested by parent (a row whose parent is not among them is a root); keeps the order */
export function buildTree<T extends Record<string, unknown>>(rows: T[], idField: string, parentField: string): TreeRow<T>[] {
  const byId = new Map<unknown, TreeRow<T>>(rows.map((r) => [r[idField], { ...r }]));
  const roots: TreeRow<T>[] = [];
  for (const r of rows) {
    const node = byId.get(r[idField])!;
    const parent = r[parentField] ? byId.get(r[parentField]) : undefined;
    if (parent && parent !== node) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

export const fmtBytes = (n: number) => (n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`);
