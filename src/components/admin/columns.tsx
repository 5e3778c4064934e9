/**
 * Column helpers shared by the admin lists: date (with a date-range filter), status tag,
 * boolean, tag lists (role names, tags, permissions), plain text. Each returns a
 * ResourceColumn: a ProTable column plus the query field its filter and sort go to.
 */
import './i18n';
import type { ProColumns } from '@ant-design/pro-components';
import { Button, DatePicker, Flex, Space, Tag, Typography } from 'antd';
import type { FilterDropdownProps } from 'antd/es/table/interface';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { DATE_FORMAT } from '../../shared/format';
import type { Translate } from '../../shared/i18n';

export type ResourceColumn<T> = ProColumns<T> & {
  /** the query field of this column's filter and sort (default: dataIndex) */
  field?: string;
  /** a date-range filter: sent as <field>_from / <field>_to */
  rangeFilter?: boolean;
  /** left out until chosen in the column settings */
  hiddenByDefault?: boolean;
};

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
  opts: { sorter?: boolean; rangeFilter?: boolean; defaultSortOrder?: 'ascend' | 'descend'; width?: number; hidden?: boolean } = {},
): ResourceColumn<T> {
  return {
    title,
    dataIndex,
    key: dataIndex,
    hiddenByDefault: opts.hidden,
    width: opts.width ?? 170,
    sorter: opts.sorter ? true : undefined,
    defaultSortOrder: opts.defaultSortOrder,
    rangeFilter: opts.rangeFilter,
    ...(opts.rangeFilter ? { filters: [], filterDropdown: (p: FilterDropdownProps) => <DateRangeFilter t={t} {...p} /> } : {}),
    render: (_: ReactNode, row: T) => formatDate((row as Record<string, string | null>)[dataIndex]),
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
  opts: { filter?: boolean; field?: string; width?: number } = {},
): ResourceColumn<T> {
  return {
    title,
    dataIndex,
    key: opts.field ?? dataIndex,
    field: opts.field,
    width: opts.width ?? 120,
    filters: opts.filter ? Object.entries(options).map(([value, o]) => ({ text: o.text, value })) : undefined,
    render: (_: ReactNode, row: T) => {
      const v = (row as Record<string, unknown>)[dataIndex];
      const o = options[String(v)];
      return o ? <Tag color={o.color}>{o.text}</Tag> : v === null || v === undefined ? EMPTY : String(v);
    },
  };
}

/** a boolean as yes/no tags; filter values 'true' / 'false' */
export function booleanColumn<T>(t: Translate, title: string, dataIndex: string, opts: { filter?: boolean; yes?: string; no?: string } = {}): ResourceColumn<T> {
  return statusColumn<T>(
    title,
    dataIndex,
    { true: { text: opts.yes ?? t('system.yes'), color: 'success' }, false: { text: opts.no ?? t('system.no'), color: 'default' } },
    { filter: opts.filter, width: 100 },
  );
}

/** a list of names (role names, tags, permissions) as tags */
export function tagsColumn<T>(
  title: string,
  dataIndex: string,
  opts: { field?: string; filters?: { text: string; value: string }[]; color?: string; label?: (v: string) => ReactNode; empty?: ReactNode; width?: number } = {},
): ResourceColumn<T> {
  return {
    title,
    dataIndex,
    key: opts.field ?? dataIndex,
    field: opts.field,
    width: opts.width,
    filters: opts.filters,
    filterSearch: opts.filters && opts.filters.length > 8 ? true : undefined,
    render: (_: ReactNode, row: T) => {
      const v = (row as Record<string, unknown>)[dataIndex];
      const list = Array.isArray(v) ? (v as string[]) : [];
      if (!list.length) return opts.empty ?? EMPTY;
      return (
        <Flex gap={4} wrap="wrap">
          {list.map((x) => (
            <Tag key={x} color={opts.color} style={{ marginInlineEnd: 0 }}>
              {opts.label ? opts.label(x) : x}
            </Tag>
          ))}
        </Flex>
      );
    },
  };
}

/** role names: the user list's roles (filter by role id) */
export const roleNamesColumn = <T,>(title: string, filters?: { text: string; value: string }[]) =>
  tagsColumn<T>(title, 'role_name', { field: 'role', filters, color: 'processing' });

/** plain text, '-' when empty */
export function textColumn<T>(
  title: string,
  dataIndex: string,
  opts: { sorter?: boolean; copyable?: boolean; ellipsis?: boolean; width?: number; code?: boolean } = {},
): ResourceColumn<T> {
  return {
    title,
    dataIndex,
    key: dataIndex,
    width: opts.width,
    sorter: opts.sorter ? true : undefined,
    ellipsis: opts.ellipsis,
    render: (_: ReactNode, row: T) => {
      const v = (row as Record<string, unknown>)[dataIndex];
      if (v === null || v === undefined || v === '') return EMPTY;
      if (opts.copyable || opts.code) {
        return (
          <Typography.Text copyable={opts.copyable} code={opts.code}>
            {String(v)}
          </Typography.Text>
        );
      }
      return String(v);
    },
  };
}
