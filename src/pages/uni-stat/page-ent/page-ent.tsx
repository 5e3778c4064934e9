/**
 * Entry pages (page-ent): the pages sessions start on, with their entries, bounces and bounce
 * rate, entry time and time per entry and share of the entries; the chart follows one page's
 * entries and views by day.
 */
import '../../../components/stat/pages/i18n';
import { useRequest } from 'ahooks';
import { Flex, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import FilterBar from '../../../components/stat/FilterBar';
import DaysButton from '../../../components/stat/pages/DaysButton';
import { useStatFilter } from '../../../components/stat/filter';
import { count, duration, percent } from '../../../components/stat/pages/format';
import { usePickedRow } from '../../../components/stat/pages/picked';
import StatList from '../../../components/stat/pages/StatList';
import TrendPanel from '../../../components/stat/pages/TrendPanel';
import { getPageTrend, type StatEntryPageRow } from '../../../services/stat-pages';
import { useT } from '../../../shared/i18n';

export default function PageEntPage() {
  const t = useT();
  const state = useStatFilter();
  const { query } = state;
  const { picked, setPicked, onLoad } = usePickedRow<StatEntryPageRow>((r) => r.path);
  const trend = useRequest(() => (query && picked !== null ? getPageTrend(query, picked, { skipErrorHandler: true }) : Promise.resolve(undefined)), {
    refreshDeps: [query, picked],
  });
  const dur = duration(t);
  const columns: ProColumns<StatEntryPageRow>[] = [
    {
      title: t('statPage.col.path'),
      dataIndex: 'path',
      key: 'path',
      sorter: true,
      render: (_, r) => (
        <Flex vertical>
          <Typography.Text copyable={{ text: r.path }}>{r.path}</Typography.Text>
          {r.title ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.title}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { title: t('statPage.col.entries'), dataIndex: 'entries', key: 'entries', sorter: true, defaultSortOrder: 'descend', align: 'right', renderText: count },
    { title: t('statPage.col.bounces'), dataIndex: 'bounces', key: 'bounces', sorter: true, align: 'right', renderText: count },
    { title: t('statPage.col.bounceRate'), dataIndex: 'bounce_rate', key: 'bounce_rate', sorter: true, align: 'right', renderText: percent },
    { title: t('statPage.col.entryDuration'), dataIndex: 'entry_duration_s', key: 'entry_duration_s', sorter: true, align: 'right', renderText: dur },
    { title: t('statPage.col.avgEntry'), dataIndex: 'avg_entry_s', key: 'avg_entry_s', sorter: true, align: 'right', renderText: dur },
    { title: t('statPage.col.share'), dataIndex: 'share', key: 'share', sorter: true, align: 'right', renderText: percent },
    {
      title: t('statPage.col.days'),
      key: 'days',
      width: 64,
      render: (_, r) => <DaysButton shown={r.path === picked} onClick={() => setPicked(r.path)} />,
    },
  ];
  return (
    <Flex vertical gap={16}>
      <FilterBar state={state} />
      <TrendPanel
        partialDay={state.partialDay}
        title={picked ? t('statPage.trend.title', { name: picked }) : t('statPage.trend.none')}
        testId="trend-entry"
        days={trend.data}
        loading={trend.loading || !query}
        error={trend.error}
        onRetry={trend.refresh}
        metrics={[
          { key: 'entries', label: t('statPage.col.entries') },
          { key: 'views', label: t('statPage.col.views') },
        ]}
      />
      <StatList
        path="/api/stat/entry-pages"
        testId="table-entry-pages"
        query={query}
        rowKey="path"
        title={t('statPage.table.entryPages')}
        searchPlaceholder={t('statPage.search.pages')}
        columns={columns}
        onLoad={onLoad}
        exportName="entry-pages"
        exportColumns={[
          { title: t('statPage.col.path'), value: (r) => r.path },
          { title: t('statPage.col.title'), value: (r) => r.title },
          { title: t('statPage.col.entries'), value: (r) => r.entries },
          { title: t('statPage.col.bounces'), value: (r) => r.bounces },
          { title: t('statPage.col.bounceRate'), value: (r) => r.bounce_rate },
          { title: t('statPage.col.entryDuration'), value: (r) => r.entry_duration_s },
          { title: t('statPage.col.avgEntry'), value: (r) => r.avg_entry_s },
          { title: t('statPage.col.share'), value: (r) => r.share },
        ]}
      />
    </Flex>
  );
}
