/**
 * What the JS error and app crash pages are built from: the rate figures with the daily trend, a
 * server-paged table in a panel (search box, optional CSV export of every row), and the error
 * group columns both pages list.
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Link } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Flex, Input, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import StatPanel from '../StatPanel';
import type { StatQuery } from '../../../services/stat';
import { saveFile } from '../../../services/resource';
import { showRequestError } from '../../../services/request-layer';
import { allRows, csvBlob, type ErrorGroup, type ErrorSummary, type TablePage } from '../../../services/stat-errors';
import { noticeModal, toast } from '../../../shared/feedback';
import { useT } from '../../../shared/i18n';
import { SPEC } from '../../../shared/spec';
import { CountRateTrend, percent } from './charts';
import RateFigures from './Figures';
import { detailLink, exportName, formatStatTime, useTablePage } from './table';

type Translate = ReturnType<typeof useT>;

/** the figures (against the period before) and the daily count and rate of errors or crashes */
export function RateTrend({
  query,
  kind,
  partialDay,
  fetch,
}: {
  query: StatQuery;
  kind: 'js' | 'crash';
  partialDay: string | null;
  fetch: (q: StatQuery, opts: { skipErrorHandler: true }) => Promise<ErrorSummary>;
}) {
  const t = useT();
  const summary = useRequest(() => fetch(query, { skipErrorHandler: true }), { refreshDeps: [JSON.stringify(query)] });
  const s = summary.data;
  const js = kind === 'js';
  return (
    <>
      <RateFigures summary={s} loading={summary.loading} kind={kind} />
      <StatPanel
        title={t(js ? 'statError.chart.errorTrend' : 'statError.chart.crashTrend')}
        loading={summary.loading && !s}
        error={summary.error}
        onRetry={summary.refresh}
        empty={!!s && s.count === 0}
        testId="panel-trend"
      >
        {s ? (
          <CountRateTrend
            days={s.trend}
            partialDay={partialDay}
            countName={t(js ? 'statError.figure.errors' : 'statError.figure.crashes')}
            rateName={t(js ? 'statError.figure.errorRate' : 'statError.figure.crashRate')}
            testId={js ? 'chart-errors' : 'chart-crashes'}
          />
        ) : null}
      </StatPanel>
    </>
  );
}

export interface PagedPanelProps<T> {
  query: StatQuery;
  fetch: (q: StatQuery, page: TablePage, opts: { skipErrorHandler: true }) => Promise<{ data: T[]; total: number }>;
  title: string;
  testId: string;
  /** the search box's placeholder and label */
  searchLabel: string;
  searchWidth?: number;
  rowKey: string | ((row: T) => string);
  scrollX: number;
  columns: (table: ReturnType<typeof useTablePage>) => ColumnsType<T>;
  /** a CSV export of every row of the query, in the table's sort and search */
  csv?: { area: string; header: string[]; row: (r: T) => (string | number)[] };
}

/** a table the server sorts, pages and searches, in a panel with its search box (and export) */
export function PagedPanel<T extends object>({
  query,
  fetch,
  title,
  testId,
  searchLabel,
  searchWidth = 240,
  rowKey,
  scrollX,
  columns,
  csv,
}: PagedPanelProps<T>) {
  const t = useT();
  const table = useTablePage('count');
  const [exporting, setExporting] = useState(false);
  const req = useRequest(() => fetch(query, table.page, { skipErrorHandler: true }), {
    refreshDeps: [JSON.stringify(query), JSON.stringify(table.page)],
  });
  const data = req.data;

  const runExport = async () => {
    if (!csv) return;
    setExporting(true);
    try {
      const { sortField, sortOrder, keyword } = table.page;
      const rows = await allRows((p) => fetch(query, p, { skipErrorHandler: true }), {
        sortField,
        sortOrder,
        keyword,
      });
      const filename = exportName(csv.area, query.app_id, query.start, query.end);
      saveFile({ blob: csvBlob(csv.header, rows.map(csv.row)), filename });
      toast(t('statError.exported', { file: filename }), 'success');
    } catch (e) {
      showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });
    } finally {
      setExporting(false);
    }
  };

  const search = <Input.Search allowClear placeholder={searchLabel} aria-label={searchLabel} onSearch={table.setKeyword} style={{ width: searchWidth }} />;
  return (
    <StatPanel
      title={title}
      extra={
        csv ? (
          <Flex gap={8}>
            {search}
            <Button icon={<DownloadOutlined />} onClick={runExport} loading={exporting} disabled={!data?.total}>
              {t('stat.export')}
            </Button>
          </Flex>
        ) : (
          search
        )
      }
      loading={req.loading && !data}
      error={req.error}
      onRetry={req.refresh}
      empty={!!data && data.total === 0 && !table.page.keyword}
      testId={testId}
    >
      <Table<T>
        rowKey={rowKey}
        size="middle"
        loading={req.loading}
        dataSource={data?.data ?? []}
        onChange={table.onChange}
        sortDirections={['descend', 'ascend']}
        scroll={{ x: scrollX }}
        pagination={{ current: table.page.current, pageSize: table.page.pageSize, total: data?.total ?? 0, showSizeChanger: true }}
        columns={columns(table)}
      />
    </StatPanel>
  );
}

/**
 * The columns of an error group list: the message (-> its detail), count and share, then the
 * columns a page names in between and the versions and last seen time after them.
 */
export function groupColumns(
  t: Translate,
  table: ReturnType<typeof useTablePage>,
  query: StatQuery,
  tz: number,
  opts: { clampMessage?: boolean; middle?: ColumnsType<ErrorGroup>; beforeLast?: ColumnsType<ErrorGroup> } = {},
): ColumnsType<ErrorGroup> {
  const message = (m: string, r: ErrorGroup) =>
    opts.clampMessage ? (
      // a long message shows two lines and the rest on hover
      <Tooltip title={m} placement="topLeft" mouseEnterDelay={0.4}>
        <Link
          to={detailLink(r.hash, query)}
          data-testid="error-message"
          style={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
        >
          {m}
        </Link>
      </Tooltip>
    ) : (
      <Link to={detailLink(r.hash, query)} style={{ wordBreak: 'break-word' }}>
        {m}
      </Link>
    );
  return [
    {
      title: t('statError.col.message'),
      dataIndex: 'message',
      key: 'message',
      sorter: true,
      sortOrder: table.sortOrderOf('message'),
      ...(opts.clampMessage ? { minWidth: 320 } : {}),
      render: message,
    },
    { title: t('statError.col.count'), dataIndex: 'count', key: 'count', sorter: true, sortOrder: table.sortOrderOf('count'), width: 100, align: 'right' },
    {
      title: t('statError.col.share'),
      dataIndex: 'share',
      key: 'share',
      sorter: true,
      sortOrder: table.sortOrderOf('share'),
      width: 100,
      align: 'right',
      render: (v: number) => percent(v),
    },
    ...(opts.middle ?? []),
    { title: t('statError.col.versions'), dataIndex: 'versions', key: 'versions', width: 140, render: (vs: string[]) => vs.join(', ') },
    ...(opts.beforeLast ?? []),
    {
      title: t('statError.col.lastSeen'),
      dataIndex: 'last_ts',
      key: 'last_ts',
      sorter: true,
      sortOrder: table.sortOrderOf('last_ts'),
      width: 170,
      render: (v: string) => formatStatTime(v, tz),
    },
  ];
}
