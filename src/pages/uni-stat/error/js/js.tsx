/**
 * JS errors: errors, launches and the error rate (errors / launches) against the period before,
 * the daily trend, and the error groups (message -> detail, count, share, devices, platforms,
 * versions, first and last seen) sorted, paged and searched on the server, with a CSV export.
 */
import '../../../../components/stat/errors/i18n';
import { DownloadOutlined } from '@ant-design/icons';
import { Link } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Flex, Input, Table, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import FilterBar from '../../../../components/stat/FilterBar';
import StatPanel from '../../../../components/stat/StatPanel';
import { useStatFilter } from '../../../../components/stat/filter';
import { platformName } from '../../../../components/stat/i18n';
import { CountRateTrend, percent } from '../../../../components/stat/errors/charts';
import RateFigures from '../../../../components/stat/errors/Figures';
import { detailLink, exportName, formatStatTime, useTablePage } from '../../../../components/stat/errors/table';
import { saveFile } from '../../../../services/resource';
import { showRequestError } from '../../../../services/request-layer';
import { allRows, csvBlob, getErrorGroups, getErrorSummary, type ErrorGroup } from '../../../../services/stat-errors';
import { noticeModal, toast } from '../../../../shared/feedback';
import { useT } from '../../../../shared/i18n';
import { SPEC } from '../../../../shared/spec';

export default function JsErrors() {
  const t = useT();
  const state = useStatFilter(7);
  const { query, tz } = state;
  const table = useTablePage('count');
  const [exporting, setExporting] = useState(false);
  const key = JSON.stringify(query);
  const summary = useRequest(() => getErrorSummary(query!, { skipErrorHandler: true }), { ready: !!query, refreshDeps: [key] });
  const groups = useRequest(() => getErrorGroups(query!, table.page, { skipErrorHandler: true }), {
    ready: !!query,
    refreshDeps: [key, JSON.stringify(table.page)],
  });

  const runExport = async () => {
    if (!query) return;
    setExporting(true);
    try {
      const rows = await allRows((p) => getErrorGroups(query, p, { skipErrorHandler: true }), {
        sortField: table.page.sortField,
        sortOrder: table.page.sortOrder,
        keyword: table.page.keyword,
      });
      const header = ['message', 'count', 'share', 'devices', 'platforms', 'versions', 'firstSeen', 'lastSeen'].map((c) => t(`statError.col.${c}`));
      const blob = csvBlob(
        header,
        rows.map((r) => [
          r.message,
          r.count,
          percent(r.share),
          r.devices,
          r.platforms.map((p) => platformName(p, t)).join(' '),
          r.versions.join(' '),
          formatStatTime(r.first_ts, tz),
          formatStatTime(r.last_ts, tz),
        ]),
      );
      const filename = exportName('js-errors', query.app_id, query.start, query.end);
      saveFile({ blob, filename });
      toast(t('statError.exported', { file: filename }), 'success');
    } catch (e) {
      showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });
    } finally {
      setExporting(false);
    }
  };

  const s = summary.data;
  const data = groups.data;
  return (
    <Flex vertical gap={16}>
      <FilterBar state={state} />
      {query ? (
        <>
          <RateFigures summary={s} loading={summary.loading} kind="js" />
          <StatPanel
            title={t('statError.chart.errorTrend')}
            loading={summary.loading && !s}
            error={summary.error}
            onRetry={summary.refresh}
            empty={!!s && s.count === 0}
            testId="panel-trend"
          >
            {s ? (
              <CountRateTrend
                days={s.trend}
                partialDay={state.partialDay}
                countName={t('statError.figure.errors')}
                rateName={t('statError.figure.errorRate')}
                testId="chart-errors"
              />
            ) : null}
          </StatPanel>
          <StatPanel
            title={t('statError.table.groups')}
            extra={
              <Flex gap={8}>
                <Input.Search
                  allowClear
                  placeholder={t('statError.search.messages')}
                  aria-label={t('statError.search.messages')}
                  onSearch={table.setKeyword}
                  style={{ width: 240 }}
                />
                <Button icon={<DownloadOutlined />} onClick={runExport} loading={exporting} disabled={!data?.total}>
                  {t('stat.export')}
                </Button>
              </Flex>
            }
            loading={groups.loading && !data}
            error={groups.error}
            onRetry={groups.refresh}
            empty={!!data && data.total === 0 && !table.page.keyword}
            testId="panel-groups"
          >
            <Table<ErrorGroup>
              rowKey="hash"
              size="middle"
              loading={groups.loading}
              dataSource={data?.data ?? []}
              onChange={table.onChange}
              sortDirections={['descend', 'ascend']}
              scroll={{ x: 1000 }}
              pagination={{ current: table.page.current, pageSize: table.page.pageSize, total: data?.total ?? 0, showSizeChanger: true }}
              columns={[
                {
                  title: t('statError.col.message'),
                  dataIndex: 'message',
                  key: 'message',
                  sorter: true,
                  sortOrder: table.sortOrderOf('message'),
                  // wide enough for a message's words; a long one shows two lines and the rest on hover
                  minWidth: 320,
                  render: (m: string, r) => (
                    <Tooltip title={m} placement="topLeft" mouseEnterDelay={0.4}>
                      <Link
                        to={detailLink(r.hash, query)}
                        data-testid="error-message"
                        style={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
                      >
                        {m}
                      </Link>
                    </Tooltip>
                  ),
                },
                {
                  title: t('statError.col.count'),
                  dataIndex: 'count',
                  key: 'count',
                  sorter: true,
                  sortOrder: table.sortOrderOf('count'),
                  width: 100,
                  align: 'right',
                },
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
                {
                  title: <Tooltip title={t('statError.col.devicesHint')}>{t('statError.col.devices')}</Tooltip>,
                  dataIndex: 'devices',
                  key: 'devices',
                  sorter: true,
                  sortOrder: table.sortOrderOf('devices'),
                  width: 130,
                  align: 'right',
                },
                {
                  title: t('statError.col.platforms'),
                  dataIndex: 'platforms',
                  key: 'platforms',
                  width: 160,
                  render: (ps: string[]) => ps.map((p) => <Tag key={p}>{platformName(p, t)}</Tag>),
                },
                { title: t('statError.col.versions'), dataIndex: 'versions', key: 'versions', width: 140, render: (vs: string[]) => vs.join(', ') },
                {
                  title: t('statError.col.firstSeen'),
                  dataIndex: 'first_ts',
                  key: 'first_ts',
                  sorter: true,
                  sortOrder: table.sortOrderOf('first_ts'),
                  width: 170,
                  render: (v: string) => formatStatTime(v, tz),
                },
                {
                  title: t('statError.col.lastSeen'),
                  dataIndex: 'last_ts',
                  key: 'last_ts',
                  sorter: true,
                  sortOrder: table.sortOrderOf('last_ts'),
                  width: 170,
                  render: (v: string) => formatStatTime(v, tz),
                },
              ]}
            />
          </StatPanel>
        </>
      ) : null}
    </Flex>
  );
}
