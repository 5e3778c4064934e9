/**
 * JS errors: errors, launches and the error rate (errors / launches) against the period before,
 * the daily trend, and the error groups (message -> detail, count, share, devices, platforms,
 * versions, first and last seen) sorted, paged and searched on the server, with a CSV export.
 */
import '../../../../components/stat/errors/i18n';
import { Flex, Tag, Tooltip } from 'antd';
import FilterBar from '../../../../components/stat/FilterBar';
import { useStatFilter } from '../../../../components/stat/filter';
import { platformName } from '../../../../components/stat/i18n';
import { percent } from '../../../../components/stat/errors/charts';
import { groupColumns, PagedPanel, RateTrend } from '../../../../components/stat/errors/Sections';
import { formatStatTime } from '../../../../components/stat/errors/table';
import { getErrorGroups, getErrorSummary, type ErrorGroup } from '../../../../services/stat-errors';
import { useT } from '../../../../shared/i18n';

export default function JsErrors() {
  const t = useT();
  const state = useStatFilter(7);
  const { query, tz } = state;
  return (
    <Flex vertical gap={16}>
      <FilterBar state={state} />
      {query ? (
        <>
          <RateTrend query={query} kind="js" partialDay={state.partialDay} fetch={getErrorSummary} />
          <PagedPanel<ErrorGroup>
            query={query}
            fetch={getErrorGroups}
            title={t('statError.table.groups')}
            testId="panel-groups"
            searchLabel={t('statError.search.messages')}
            rowKey="hash"
            scrollX={1000}
            csv={{
              area: 'js-errors',
              header: ['message', 'count', 'share', 'devices', 'platforms', 'versions', 'firstSeen', 'lastSeen'].map((c) => t(`statError.col.${c}`)),
              row: (r) => [
                r.message,
                r.count,
                percent(r.share),
                r.devices,
                r.platforms.map((p) => platformName(p, t)).join(' '),
                r.versions.join(' '),
                formatStatTime(r.first_ts, tz),
                formatStatTime(r.last_ts, tz),
              ],
            }}
            columns={(table) =>
              groupColumns(t, table, query, tz, {
                clampMessage: true,
                middle: [
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
                ],
                beforeLast: [
                  {
                    title: t('statError.col.firstSeen'),
                    dataIndex: 'first_ts',
                    key: 'first_ts',
                    sorter: true,
                    sortOrder: table.sortOrderOf('first_ts'),
                    width: 170,
                    render: (v: string) => formatStatTime(v, tz),
                  },
                ],
              })
            }
          />
        </>
      ) : null}
    </Flex>
  );
}
