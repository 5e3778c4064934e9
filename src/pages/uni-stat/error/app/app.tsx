/**
 * App crashes: crashes, launches and the crash rate (crashes / launches) against the period
 * before, the daily trend, crashes by version and device model (count, devices, share, the
 * version's launches and crash rate) with a CSV export, and the crash messages (-> detail), each
 * table sorted, paged and searched on the server.
 */
import '../../../../components/stat/errors/i18n';
import { Flex, Tooltip } from 'antd';
import FilterBar from '../../../../components/stat/FilterBar';
import { useStatFilter } from '../../../../components/stat/filter';
import { percent } from '../../../../components/stat/errors/charts';
import { groupColumns, PagedPanel, RateTrend } from '../../../../components/stat/errors/Sections';
import { getCrashes, getCrashGroups, getCrashSummary, type CrashRow, type ErrorGroup } from '../../../../services/stat-errors';
import { useT } from '../../../../shared/i18n';

export default function AppCrashes() {
  const t = useT();
  const state = useStatFilter(7);
  const { query, tz } = state;
  const unnamed = t('statError.notReported');
  return (
    <Flex vertical gap={16}>
      <FilterBar state={state} />
      {query ? (
        <>
          <RateTrend query={query} kind="crash" partialDay={state.partialDay} fetch={getCrashSummary} />
          <PagedPanel<CrashRow>
            query={query}
            fetch={getCrashes}
            title={t('statError.table.crashes')}
            testId="panel-crashes"
            searchLabel={t('statError.search.crashes')}
            searchWidth={280}
            rowKey={(r) => `${r.version}\n${r.device_model}`}
            scrollX={900}
            csv={{
              area: 'app-crashes',
              header: ['version', 'deviceModel', 'count', 'devices', 'share', 'launches', 'crashRate'].map((c) => t(`statError.col.${c}`)),
              row: (r) => [r.version, r.device_model, r.count, r.devices, percent(r.share), r.launches, percent(r.rate)],
            }}
            columns={(table) => [
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
          <PagedPanel<ErrorGroup>
            query={query}
            fetch={getCrashGroups}
            title={t('statError.table.crashGroups')}
            testId="panel-crash-groups"
            searchLabel={t('statError.search.messages')}
            rowKey="hash"
            scrollX={900}
            columns={(table) => groupColumns(t, table, query, tz)}
          />
        </>
      ) : null}
    </Flex>
  );
}
