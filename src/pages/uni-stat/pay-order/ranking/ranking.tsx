/**
 * User value ranking (uni-stat): per user over the selected dates, the money paid, refunded and
 * net, the orders paid and the last payment; paid first by default, every money column sortable
 * on the server, paged, searchable by user, exported as xlsx. The columns fit a 1280 px screen;
 * below 768 px the search box takes the table card's first row.
 */
import '../../../../components/stat/pay/i18n';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { Flex } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { CellText, formatDate } from '../../../../components/admin/columns';
import { tableQuery, type TableFilter, type TableParams, type TableSort } from '../../../../components/admin/list-query';
import ListSearch, { useListClass } from '../../../../components/admin/ListSearch';
import { useStackedTable } from '../../../../components/admin/stacked';
import { yuan } from '../../../../components/pay/labels';
import FilterBar from '../../../../components/stat/FilterBar';
import { useStatFilter } from '../../../../components/stat/filter';
import ExportButton from '../../../../components/stat/pay/ExportButton';
import type { ListQuery } from '../../../../services/query-string';
import { exportPayRanking, listPayRanking, type StatPayRank } from '../../../../services/stat-pay';
import { useT } from '../../../../shared/i18n';

/** the user column's least width: it takes the rest of a wider screen */
const USER_MIN_WIDTH = 180;

export default function PayRankingPage() {
  const t = useT();
  const filter = useStatFilter(30);
  const { query } = filter;
  const [keyword, setKeyword] = useState('');
  const lastQuery = useRef<ListQuery>({});
  const listClass = useListClass();

  const columns = useMemo<ProColumns<StatPayRank>[]>(() => {
    const money = (key: 'paid_cents' | 'refunded_cents' | 'net_cents', title: string, first = false): ProColumns<StatPayRank> => ({
      title,
      dataIndex: key,
      key,
      sorter: true,
      align: 'right',
      width: 130,
      ...(first ? { defaultSortOrder: 'descend' as const } : {}),
      render: (_, r) => yuan(r[key]),
    });
    return [
      {
        title: t('statPay.ranking.rank'),
        key: 'rank',
        width: 70,
        render: (_, _r, i) => i + 1 + ((lastQuery.current.current ?? 1) - 1) * (lastQuery.current.pageSize ?? 20),
      },
      {
        title: t('statPay.ranking.user'),
        dataIndex: 'username',
        key: 'user',
        // one line cut with an ellipsis (whole on hover): a long name does not widen the table
        render: (_, r) => (
          <CellText
            text={
              r.username && r.nickname
                ? `${r.nickname} (${r.username})`
                : r.nickname || r.username || r.user_id || t('statPay.ranking.device', { id: r.device_id ?? '' })
            }
          />
        ),
      },
      money('paid_cents', t('statPay.ranking.paid'), true),
      money('refunded_cents', t('statPay.ranking.refunded')),
      money('net_cents', t('statPay.ranking.net')),
      // "Orders paid" beside its sort icons on one line
      { title: t('statPay.ranking.orders'), dataIndex: 'orders', key: 'orders', sorter: true, align: 'right', width: 130 },
      {
        title: t('statPay.ranking.lastPaid'),
        dataIndex: 'last_paid_at',
        key: 'last_paid_at',
        sorter: true,
        width: 170,
        render: (_, r) => formatDate(r.last_paid_at),
      },
    ];
  }, [t]);

  const request = async (params: TableParams, sort: TableSort, tableFilter: TableFilter) => {
    if (!query) return { data: [], total: 0, success: true };
    const lq = tableQuery({ ...params, keyword }, sort, tableFilter);
    lastQuery.current = lq;
    const r = await listPayRanking(query, lq);
    return { ...r, success: true };
  };

  // fixed widths, the user column at least USER_MIN_WIDTH: 1280 px fits without scrolling sideways
  const wide = useStackedTable(columns, { x: columns.reduce((w, c) => w + (typeof c.width === 'number' ? c.width : USER_MIN_WIDTH), 0) });
  const stackedTable = { ...wide, tableLayout: wide.tableLayout ?? ('fixed' as const) };
  return (
    <Flex vertical gap={16}>
      <FilterBar state={filter} />
      <ProTable<StatPayRank, TableParams>
        rowKey={(r) => `${r.user_id}|${r.device_id ?? ''}`}
        {...stackedTable}
        className={[listClass, stackedTable.className].filter(Boolean).join(' ')}
        request={request as never}
        params={{ q: JSON.stringify(query), keyword }}
        search={false}
        cardBordered
        options={{ reload: true, density: true, setting: true, fullScreen: false }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        locale={{ emptyText: t('stat.empty') }}
        // the search as the card's title: no empty title row above it on a narrow screen
        headerTitle={
          <ListSearch allowClear aria-label={t('statPay.ranking.search')} placeholder={t('statPay.ranking.search')} onSearch={(v) => setKeyword(v.trim())} />
        }
        toolBarRender={() => [<ExportButton key="export" disabled={!query} run={() => exportPayRanking(query!, lastQuery.current)} />]}
      />
    </Flex>
  );
}
