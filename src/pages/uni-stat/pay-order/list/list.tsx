/**
 * Pay order list (uni-stat): the orders created (or paid) in the selected dates, on the filter's
 * platform, channel and version; search by order number, trade number, user or device, status /
 * provider / method filters, server sorting and paging, and the xlsx export of the same query. An
 * app's reported payments name their device and version instead of a provider.
 */
import '../../../../components/stat/pay/i18n';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { Flex, Segmented } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { formatDate } from '../../../../components/admin/columns';
import { tableQuery, type TableFilter, type TableParams, type TableSort } from '../../../../components/admin/list-query';
import ListSearch, { useListClass } from '../../../../components/admin/ListSearch';
import { useStackedTable } from '../../../../components/admin/stacked';
import { StatusTag, yuan } from '../../../../components/pay/labels';
import FilterBar from '../../../../components/stat/FilterBar';
import { useStatFilter } from '../../../../components/stat/filter';
import { platformName } from '../../../../components/stat/i18n';
import ExportButton from '../../../../components/stat/pay/ExportButton';
import { ORDER_STATUSES, PAY_METHODS, PAY_PROVIDERS } from '../../../../services/pay';
import type { ListQuery } from '../../../../services/query-string';
import { exportPayOrders, listPayOrders, type OrderDateField, type StatPayOrder } from '../../../../services/stat-pay';
import { useT } from '../../../../shared/i18n';

export default function PayOrderListPage() {
  const t = useT();
  const filter = useStatFilter(7);
  const { query } = filter;
  const [dateField, setDateField] = useState<OrderDateField>('created');
  const [keyword, setKeyword] = useState('');
  // the last query asked, for the export
  const lastQuery = useRef<ListQuery>({});
  const listClass = useListClass();

  const columns = useMemo<ProColumns<StatPayOrder>[]>(
    () => [
      { title: t('pay.field.orderNo'), dataIndex: 'order_no', key: 'order_no', width: 230, copyable: true },
      { title: t('pay.field.user'), dataIndex: 'username', key: 'username', width: 140, render: (_, r) => r.nickname || r.username || r.user_id },
      {
        title: t('pay.field.amount'),
        dataIndex: 'amount_cents',
        key: 'amount_cents',
        sorter: true,
        align: 'right',
        width: 110,
        render: (_, r) => yuan(r.amount_cents),
      },
      {
        title: t('pay.field.status'),
        dataIndex: 'status',
        key: 'status',
        width: 120,
        filters: ORDER_STATUSES.map((s) => ({ text: t(`pay.status.${s}`), value: s })),
        render: (_, r) => <StatusTag status={r.status} t={t} />,
      },
      {
        title: t('pay.field.refunded'),
        dataIndex: 'refunded_cents',
        key: 'refunded_cents',
        sorter: true,
        align: 'right',
        width: 100,
        render: (_, r) => (r.refunded_cents ? yuan(r.refunded_cents) : '-'),
      },
      {
        title: t('pay.field.provider'),
        dataIndex: 'provider',
        key: 'provider',
        width: 110,
        filters: PAY_PROVIDERS.map((p) => ({ text: t(`pay.provider.${p}`), value: p })),
        render: (_, r) => (r.provider ? t(`pay.provider.${r.provider}`) : '-'),
      },
      {
        title: t('pay.field.method'),
        dataIndex: 'method',
        key: 'method',
        width: 200,
        filters: PAY_METHODS.map((m) => ({ text: t(`pay.method.${m}`), value: m })),
        render: (_, r) => (r.method ? t(`pay.method.${r.method}`) : '-'),
      },
      { title: t('statPay.list.platform'), dataIndex: 'platform', key: 'platform', width: 110, render: (_, r) => platformName(r.platform, t) },
      { title: t('statPay.list.channel'), dataIndex: 'channel', key: 'channel', width: 100, render: (_, r) => r.channel || '-' },
      { title: t('statPay.list.version'), dataIndex: 'version', key: 'version', width: 100, render: (_, r) => r.version || '-' },
      { title: t('statPay.list.device'), dataIndex: 'device_id', key: 'device_id', width: 200, ellipsis: true, render: (_, r) => r.device_id || '-' },
      { title: t('pay.field.tradeNo'), dataIndex: 'trade_no', key: 'trade_no', width: 220, ellipsis: true, render: (_, r) => r.trade_no || '-' },
      {
        title: t('pay.field.createdAt'),
        dataIndex: 'created_at',
        key: 'created_at',
        sorter: true,
        defaultSortOrder: 'descend',
        width: 170,
        render: (_, r) => formatDate(r.created_at),
      },
      { title: t('pay.field.paidAt'), dataIndex: 'paid_at', key: 'paid_at', sorter: true, width: 170, render: (_, r) => formatDate(r.paid_at) },
    ],
    [t],
  );

  const request = async (params: TableParams, sort: TableSort, tableFilter: TableFilter) => {
    if (!query) return { data: [], total: 0, success: true };
    const lq = tableQuery({ ...params, keyword }, sort, tableFilter);
    lastQuery.current = lq;
    const r = await listPayOrders(query, lq, dateField);
    return { ...r, success: true };
  };
  const stackedTable = useStackedTable(columns, { x: 'max-content' });

  return (
    <Flex vertical gap={16}>
      <FilterBar
        state={filter}
        extra={
          <Segmented
            aria-label={t('statPay.list.dateField')}
            value={dateField}
            options={(['created', 'paid'] as const).map((f) => ({ value: f, label: t(`statPay.list.dateField.${f}`) }))}
            onChange={(v) => setDateField(v as OrderDateField)}
          />
        }
      />
      <ProTable<StatPayOrder, TableParams>
        rowKey="order_no"
        {...stackedTable}
        request={request as never}
        params={{ q: JSON.stringify(query), dateField, keyword }}
        search={false}
        cardBordered
        options={{ reload: true, density: true, setting: true, fullScreen: false }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        locale={{ emptyText: t('stat.empty') }}
        // the search as the card's title: no empty title row above it on a narrow screen
        className={[listClass, stackedTable.className].filter(Boolean).join(' ')}
        headerTitle={
          <ListSearch allowClear aria-label={t('statPay.list.search')} placeholder={t('statPay.list.search')} onSearch={(v) => setKeyword(v.trim())} />
        }
        toolBarRender={() => [<ExportButton key="export" disabled={!query} run={() => exportPayOrders(query!, lastQuery.current, dateField)} />]}
      />
    </Flex>
  );
}
