/**
 * Column helpers shared by the admin lists: date (with a date-range filter), status tag,
 * boolean, tag lists (role names, tags, permissions), plain text. Each returns a
 * ResourceColumn: a ProTable column plus the query field its filter and sort go to.
 *
 * Widths: a column has a fixed `width`, or is flexible with a `minWidth` and shares the width
 * left over (ResourceList sizes the table from them). A cell never wraps mid-word: text is one
 * line cut with an ellipsis (CellText, CellTag, TagList), the whole of it on hover.
 */
import './i18n';
import type { ProColumns } from '@ant-design/pro-components';
import { Link } from '@umijs/max';
import { Button, DatePicker, Flex, Space, Tag, Tooltip, Typography } from 'antd';
import type { FilterDropdownProps } from 'antd/es/table/interface';
import dayjs, { type Dayjs } from 'dayjs';
import type { CSSProperties, ReactNode } from 'react';
import { DATE_FORMAT } from '../../shared/format';
import RelativeTime from '../time/RelativeTime';
import { builtInText, type Translate } from '../../shared/i18n';
import type { BuiltInKind } from '../../../shared/built-in-names';

export type ResourceColumn<T> = ProColumns<T> & {
  /** the query field of this column's filter and sort (default: dataIndex) */
  field?: string;
  /** a date-range filter: sent as <field>_from / <field>_to */
  rangeFilter?: boolean;
  /** left out until chosen in the column settings */
  hiddenByDefault?: boolean;
  /** a flexible column (no `width`): shares the spare width, never narrower than this */
  minWidth?: number;
};

/** a date and time (DATE_FORMAT) with the header's sort and filter icons */
export const DATE_WIDTH = 170;
/** a flexible column's least width when it names none */
export const FLEX_MIN_WIDTH = 140;

/** one line of text in a cell: cut with an ellipsis when the column is narrower, whole on hover */
export function CellText(props: {
  text: string;
  children?: ReactNode;
  code?: boolean;
  copyable?: boolean;
  type?: 'secondary' | 'success' | 'warning' | 'danger';
  strong?: boolean;
  style?: CSSProperties;
}) {
  const { text, code, copyable, type, strong, style } = props;
  return (
    // minWidth 0: it may shrink inside a flex row (an icon beside it)
    <Typography.Text
      ellipsis={{ tooltip: text }}
      code={code}
      copyable={copyable ? { text } : undefined}
      type={type}
      strong={strong}
      style={{ minWidth: 0, ...style }}
    >
      {props.children ?? text}
    </Typography.Text>
  );
}

/** one line, cut with an ellipsis at the cell's edge (for an inline element: a link, a tag) */
export const ELLIPSIS: CSSProperties = {
  display: 'inline-block',
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'top',
};

/** a link in a cell: one line cut with an ellipsis, its whole text as the title */
export function CellLink({ to, text, label }: { to: string; text: string; label?: string }) {
  return (
    <Link to={to} title={text} aria-label={label} style={ELLIPSIS}>
      {text}
    </Link>
  );
}

const TAG_STYLE: CSSProperties = { marginInlineEnd: 0, maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', verticalAlign: 'middle' };

/** a tag that never overflows its cell: cut with an ellipsis, its whole text as the title */
export function CellTag({ text, color, children, style }: { text: string; color?: string; children?: ReactNode; style?: CSSProperties }) {
  return (
    <Tag color={color} title={text} style={{ ...TAG_STYLE, ...style }}>
      {children ?? text}
    </Tag>
  );
}

/** tags on one line: the first ones, then "+N" naming the others on hover */
export function TagList({ items, max = 2, color, label }: { items: string[]; max?: number; color?: string; label?: (v: string) => string }) {
  const name = (x: string) => (label ? label(x) : x);
  const shown = items.length > max ? items.slice(0, max - 1) : items;
  const rest = items.slice(shown.length).map(name).join(', ');
  return (
    <Flex gap={4} style={{ maxWidth: '100%' }}>
      {shown.map((x) => (
        <CellTag key={x} text={name(x)} color={color} style={{ flex: '0 1 auto', minWidth: 0 }} />
      ))}
      {rest ? (
        <Tooltip title={rest}>
          <Tag style={{ marginInlineEnd: 0, flex: 'none' }} aria-label={rest}>
            +{items.length - shown.length}
          </Tag>
        </Tooltip>
      ) : null}
    </Flex>
  );
}

const EMPTY = '-';

export const formatDate = (v: string | null | undefined) => (v ? dayjs(v).format(DATE_FORMAT) : EMPTY);

/** the date-range filter of a date column: the local days chosen, as ISO date-times */
function DateRangeFilter({ t, selectedKeys, setSelectedKeys, confirm, clearFilters }: FilterDropdownProps & { t: Translate }) {
  const [from, to] = selectedKeys as string[];
  const value: [Dayjs | null, Dayjs | null] = [from ? dayjs(from) : null, to ? dayjs(to) : null];
  return (
    <Flex vertical gap={8} style={{ padding: 8 }} onKeyDown={(e) => e.stopPropagation()}>
      <DatePicker.RangePicker
        allowEmpty={[true, true]}
        value={value}
        aria-label={t('system.list.dateRange')}
        onChange={(range) => {
          const [a, b] = range ?? [null, null];
          setSelectedKeys(a || b ? [a ? a.startOf('day').toISOString() : '', b ? b.endOf('day').toISOString() : ''] : []);
        }}
      />
      <Space style={{ justifyContent: 'flex-end', width: '100%' }}>
        <Button
          size="small"
          onClick={() => {
            clearFilters?.();
            confirm();
          }}
        >
          {t('system.list.reset')}
        </Button>
        <Button size="small" type="primary" onClick={() => confirm()}>
          {t('system.list.apply')}
        </Button>
      </Space>
    </Flex>
  );
}

export function dateColumn<T>(
  t: Translate,
  title: string,
  dataIndex: string,
  /** relative: "5 minutes ago" within the spec's thresholds (logs, messages), the date past them */
  opts: { sorter?: boolean; rangeFilter?: boolean; defaultSortOrder?: 'ascend' | 'descend'; width?: number; hidden?: boolean; relative?: boolean } = {},
): ResourceColumn<T> {
  return {
    title,
    dataIndex,
    key: dataIndex,
    hiddenByDefault: opts.hidden,
    width: opts.width ?? DATE_WIDTH,
    sorter: opts.sorter ? true : undefined,
    defaultSortOrder: opts.defaultSortOrder,
    rangeFilter: opts.rangeFilter,
    ...(opts.rangeFilter ? { filters: [], filterDropdown: (p: FilterDropdownProps) => <DateRangeFilter t={t} {...p} /> } : {}),
    render: (_: ReactNode, row: T) => {
      const v = (row as Record<string, string | null>)[dataIndex];
      return opts.relative && v ? <RelativeTime value={v} /> : <CellText text={formatDate(v)} />;
    },
  };
}

/** a count or an amount: right-aligned in tabular figures, in the reader's grouping; none: the empty mark */
export function numberColumn<T>(title: ReactNode, dataIndex: string, opts: Partial<ResourceColumn<T>> & { width?: number } = {}): ResourceColumn<T> {
  return {
    title,
    dataIndex,
    key: dataIndex,
    align: 'right',
    width: 110,
    sorter: true,
    render: (_: ReactNode, row: T) => {
      const v = (row as Record<string, number | null | undefined>)[dataIndex];
      return <span style={{ fontVariantNumeric: 'tabular-nums' }}>{v === null || v === undefined ? EMPTY : v.toLocaleString()}</span>;
    },
    ...opts,
  };
}

export interface StatusOption {
  text: string;
  color?: string;
}

/** a value shown as a coloured tag; filterable by its values */
export function statusColumn<T>(
  title: string,
  dataIndex: string,
  options: Record<string, StatusOption>,
  opts: { filter?: boolean; field?: string; width?: number; hidden?: boolean } = {},
): ResourceColumn<T> {
  return {
    title,
    dataIndex,
    key: opts.field ?? dataIndex,
    field: opts.field,
    width: opts.width ?? 120,
    hiddenByDefault: opts.hidden,
    filters: opts.filter ? Object.entries(options).map(([value, o]) => ({ text: o.text, value })) : undefined,
    render: (_: ReactNode, row: T) => {
      const v = (row as Record<string, unknown>)[dataIndex];
      const o = options[String(v)];
      return o ? <CellTag text={o.text} color={o.color} /> : v === null || v === undefined ? EMPTY : <CellText text={String(v)} />;
    },
  };
}

/** a boolean as yes/no tags; filter values 'true' / 'false' */
export function booleanColumn<T>(
  t: Translate,
  title: string,
  dataIndex: string,
  opts: { filter?: boolean; yes?: string; no?: string; width?: number; hidden?: boolean } = {},
): ResourceColumn<T> {
  return statusColumn<T>(
    title,
    dataIndex,
    { true: { text: opts.yes ?? t('system.yes'), color: 'success' }, false: { text: opts.no ?? t('system.no'), color: 'default' } },
    { filter: opts.filter, width: opts.width ?? 100, hidden: opts.hidden },
  );
}

/** a list of names (role names, tags, permissions) as tags on one line */
export function tagsColumn<T>(
  title: string,
  dataIndex: string,
  opts: {
    field?: string;
    filters?: { text: string; value: string }[];
    color?: string;
    label?: (v: string) => string;
    empty?: ReactNode;
    width?: number;
    minWidth?: number;
    /** tags shown before "+N" */
    max?: number;
    hidden?: boolean;
  } = {},
): ResourceColumn<T> {
  return {
    title,
    dataIndex,
    key: opts.field ?? dataIndex,
    field: opts.field,
    width: opts.width,
    minWidth: opts.width ? undefined : (opts.minWidth ?? 160),
    hiddenByDefault: opts.hidden,
    filters: opts.filters,
    filterSearch: opts.filters && opts.filters.length > 8 ? true : undefined,
    render: (_: ReactNode, row: T) => {
      const v = (row as Record<string, unknown>)[dataIndex];
      const list = Array.isArray(v) ? (v as string[]) : [];
      if (!list.length) return opts.empty ?? EMPTY;
      return <TagList items={list} max={opts.max} color={opts.color} label={opts.label} />;
    },
  };
}

/** role names: the user list's roles (filter by role id) */
export const roleNamesColumn = <T,>(title: string, filters?: { text: string; value: string }[], opts: { minWidth?: number; hidden?: boolean } = {}) =>
  tagsColumn<T>(title, 'role_name', { field: 'role', filters, color: 'processing', label: (v) => builtInText('role', v), ...opts });

/** plain text on one line (cut with an ellipsis, whole on hover), '-' when empty */
export function textColumn<T>(
  title: string,
  dataIndex: string,
  opts: {
    sorter?: boolean;
    copyable?: boolean;
    width?: number;
    minWidth?: number;
    code?: boolean;
    hidden?: boolean;
    /** no effect: every text column is one line with an ellipsis (kept so older pages compile) */
    ellipsis?: boolean;
    /** a built-in row's seeded text is shown in the reader's language */
    builtIn?: BuiltInKind;
  } = {},
): ResourceColumn<T> {
  return {
    title,
    dataIndex,
    key: dataIndex,
    width: opts.width,
    minWidth: opts.width ? undefined : (opts.minWidth ?? FLEX_MIN_WIDTH),
    hiddenByDefault: opts.hidden,
    sorter: opts.sorter ? true : undefined,
    render: (_: ReactNode, row: T) => {
      const v = (row as Record<string, unknown>)[dataIndex];
      if (v === null || v === undefined || v === '') return EMPTY;
      return <CellText text={opts.builtIn ? builtInText(opts.builtIn, String(v)) : String(v)} code={opts.code} copyable={opts.copyable} />;
    },
  };
}
