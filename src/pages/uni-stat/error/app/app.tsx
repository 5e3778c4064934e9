/**
 * App crashes: crashes, launches and the crash rate (crashes / launches) against the period
 * before, the daily trend, crashes by version and device model (count, devices, share, the
 * version's launches and crash rate) with a CSV export, and the crash messages (-> detail), each
 * table sorted, paged and searched on the server.
 */
import '../../../../components/stat/errors/i18n';
import { DownloadOutlined } from '@ant-design/icons';
import { Link } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Flex, Input, Table, Tooltip } from 'antd';
import { useState } from 'react';
import FilterBar from '../../../../components/stat/FilterBar';
import StatPanel from '../../../../components/stat/StatPanel';
import { useStatFilter } from '../../../../components/stat/filter';
import { CountRateTrend, percent } from '../../../../components/stat/errors/charts';
import RateFigures from '../../../../components/stat/errors/Figures';
import { detailLink, exportName, formatStatTime, useTablePage } from '../../../../components/stat/errors/table';
import { saveFile } from '../../../../services/resource';
import { showRequestError } from '../../../../services/request-layer';
import { allRows, csvBlob, getCrashes, getCrashGroups, getCrashSummary, type CrashRow, type ErrorGroup } from '../../../../services/stat-errors';
import { noticeModal, toast } from '../../../../shared/feedback';
import { useT } from '../../../../shared/i18n';
import { SPEC } from '../../../../shared/spec';

export default function AppCrashes() {
  const t = useT();
  const state = useStatFilter(7);
  const { query, tz } = state;
  const table = useTablePage('count');
  const groupTable = useTablePage('count');
  const [exporting, setExporting] = useState(false);
  const key = JSON.stringify(query);
  const summary = useRequest(() => getCrashSummary(query!, { skipErrorHandler: true }), { ready: !!query, refreshDeps: [key] });
  const crashes = useRequest(() => getCrashes(query!, table.page, { skipErrorHandler: true }), {
    ready: !!query,
    refreshDeps: [key, JSON.stringify(table.page)],
  });
  const groups = useRequest(() => getCrashGroups(query!, groupTable.page, { skipErrorHandler: true }), {
    ready: !!query,
    refreshDeps: [key, JSON.stringify(groupTable.page)],
  });
  const unnamed = t('statError.notReported');

  const runExport = async () => {
    if (!query) return;
    setExporting(true);
    try {
      const rows = await allRows((p) => getCrashes(query, p, { skipErrorHandler: true }), {
        sortField: table.page.sortField,
        sortOrder: table.page.sortOrder,
        keyword: table.page.keyword,
      });
      const header = ['version', 'deviceModel', 'count', 'devices', 'share', 'launches', 'crashRate'].map((c) => t(`statError.col.${c}`));
      const blob = csvBlob(
        header,
        rows.map((r) => [r.version, r.device_model, r.count, r.devices, percent(r.share), r.launches, percent(r.rate)]),
      );
      const filename = exportName('app-crashes', query.app_id, query.start, query.end);
      saveFile({ blob, filename });
      toast(t('statError.exported', { file: filename }), 'success');
    } catch (e) {
      showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });
    } finally {
      setExporting(false);
    }
  };

  const s = summary.data;
  const data = crashes.data;
  return (
    <Flex vertical gap={16}>
      <FilterBar state={state} />
      {query ? (
        <>
          <RateFigures summary={s} loading={summary.loading} kind="crash" />
          <StatPanel
            title={t('statError.chart.crashTrend')}
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
                countName={t('statError.figure.crashes')}
                rateName={t('statError.figure.crashRate')}
                testId="chart-crashes"
              />
            ) : null}
          </StatPanel>
          <StatPanel
            title={t('statError.table.crashes')}
            extra={
              <Flex gap={8}>
                <Input.Search
                  allowClear
                  placeholder={t('statError.search.crashes')}
                  aria-label={t('statError.search.crashes')}
                  onSearch={table.setKeyword}
                  style={{ width: 280 }}
                />
                <Button icon={<DownloadOutlined />} onClick={runExport} loading={exporting} disabled={!data?.total}>
                  {t('stat.export')}
                </Button>
              </Flex>
            }
            loading={crashes.loading && !data}
            error={crashes.error}
            onRetry={crashes.refresh}
            empty={!!data && data.total === 0 && !table.page.keyword}
            testId="panel-crashes"
          >
            <Table<CrashRow>
              rowKey={(r) => `${r.version}\n${r.device_model}`}
              size="middle"
              loading={crashes.loading}
              dataSource={data?.data ?? []}
              onChange={table.onChange}
              sortDirections={['descend', 'ascend']}
              scroll={{ x: 900 }}
              pagination={{ current: table.page.current, pageSize: table.page.pageSize, total: data?.total ?? 0, showSizeChanger: true }}
              columns={[
                {
                  title: t('statError.col.version'),
                  dataIndex: 'version',
                  key: 'version',
                  sorter: true,
                  sortOrder: table.sortOrderOf('version'),
                  render: (v: string) => v || unnamed,
                },
                {
                  title: t('statError.col.deviceModel'),
                  dataIndex: 'device_model',
                  key: 'device_model',
                  sorter: true,
                  sortOrder: table.sortOrderOf('device_model'),
                  render: (v: string) => v || unnamed,
                },
                { title: t('statError.col.count'), dataIndex: 'count', key: 'count', sorter: true, sortOrder: table.sortOrderOf('count'), align: 'right' },
                {
                  title: <Tooltip title={t('statError.col.devicesHint')}>{t('statError.col.devices')}</Tooltip>,
                  dataIndex: 'devices',
                  key: 'devices',
                  sorter: true,
                  sortOrder: table.sortOrderOf('devices'),
                  align: 'right',
                },
                {
                  title: t('statError.col.share'),
                  dataIndex: 'share',
                  key: 'share',
                  sorter: true,
                  sortOrder: table.sortOrderOf('share'),
                  align: 'right',
                  render: (v: number) => percent(v),
                },
                {
                  title: t('statError.col.launches'),
                  dataIndex: 'launches',
                  key: 'launches',
                  sorter: true,
                  sortOrder: table.sortOrderOf('launches'),
                  align: 'right',
                },
                {
                  title: t('statError.col.crashRate'),
                  dataIndex: 'rate',
                  key: 'rate',
                  sorter: true,
                  sortOrder: table.sortOrderOf('rate'),
                  align: 'right',
                  render: (v: number) => percent(v),
                },
              ]}
            />
          </StatPanel>
          <StatPanel
            title={t('statError.table.crashGroups')}
            extra={
              <Input.Search
                allowClear
                placeholder={t('statError.search.messages')}
                aria-label={t('statError.search.messages')}
                onSearch={groupTable.setKeyword}
                style={{ width: 240 }}
              />
            }
            loading={groups.loading && !groups.data}
            error={groups.error}
            onRetry={groups.refresh}
            empty={!!groups.data && groups.data.total === 0 && !groupTable.page.keyword}
            testId="panel-crash-groups"
          >
            <Table<ErrorGroup>
              rowKey="hash"
              size="middle"
              loading={groups.loading}
              dataSource={groups.data?.data ?? []}
              onChange={groupTable.onChange}
              sortDirections={['descend', 'ascend']}
              scroll={{ x: 900 }}
              pagination={{ current: groupTable.page.current, pageSize: groupTable.page.pageSize, total: groups.data?.total ?? 0, showSizeChanger: true }}
              columns={[
                {
                  title: t('statError.col.message'),
                  dataIndex: 'message',
                  key: 'message',
                  sorter: true,
                  sortOrder: groupTable.sortOrderOf('message'),
                  render: (m: string, r) => (
                    <Link to={detailLink(r.hash, query)} style={{ wordBreak: 'break-word' }}>
                      {m}
                    </Link>
                  ),
                },
                {
                  title: t('statError.col.count'),
                  dataIndex: 'count',
                  key: 'count',
                  sorter: true,
                  sortOrder: groupTable.sortOrderOf('count'),
                  width: 100,
                  align: 'right',
                },
                {
                  title: t('statError.col.share'),
                  dataIndex: 'share',
                  key: 'share',
                  sorter: true,
                  sortOrder: groupTable.sortOrderOf('share'),
                  width: 100,
                  align: 'right',
                  render: (v: number) => percent(v),
                },
                { title: t('statError.col.versions'), dataIndex: 'versions', key: 'versions', width: 140, render: (vs: string[]) => vs.join(', ') },
                {
                  title: t('statError.col.lastSeen'),
                  dataIndex: 'last_ts',
                  key: 'last_ts',
                  sorter: true,
                  sortOrder: groupTable.sortOrderOf('last_ts'),
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
