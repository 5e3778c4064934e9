/**
 * Visited pages (page-res): per page path its views, visitors, exits and exit rate, total time,
 * time per view and per visitor and share of the views, searched, sorted and paged by the server,
 * exported as CSV; the chart follows one page's days (the first row, or the one picked).
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
import { getPageTrend, type StatPageRow } from '../../../services/stat-pages';
import { useT } from '../../../shared/i18n';

export default function PageResPage() {
  const t = useT();
  const state = useStatFilter();
  const { query } = state;
  const { picked, setPicked, onLoad } = usePickedRow<StatPageRow>((r) => r.path);
  const trend = useRequest(() => (query && picked !== null ? getPageTrend(query, picked, { skipErrorHandler: true }) : Promise.resolve(undefined)), {
    refreshDeps: [query, picked],
  });
  const dur = duration(t);
  const columns: ProColumns<StatPageRow>[] = [
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
    { title: t('statPage.col.views'), dataIndex: 'views', key: 'views', sorter: true, defaultSortOrder: 'descend', align: 'right', renderText: count },
    { title: t('statPage.col.visitors'), dataIndex: 'visitors', key: 'visitors', sorter: true, align: 'right', renderText: count },
    { title: t('statPage.col.exits'), dataIndex: 'exits', key: 'exits', sorter: true, align: 'right', renderText: count },
    { title: t('statPage.col.exitRate'), dataIndex: 'exit_rate', key: 'exit_rate', sorter: true, align: 'right', renderText: percent },
    { title: t('statPage.col.duration'), dataIndex: 'duration_s', key: 'duration_s', sorter: true, align: 'right', renderText: dur },
    { title: t('statPage.col.avgVisit'), dataIndex: 'avg_visit_s', key: 'avg_visit_s', sorter: true, align: 'right', renderText: dur },
    { title: t('statPage.col.avgVisitor'), dataIndex: 'avg_visitor_s', key: 'avg_visitor_s', sorter: true, align: 'right', renderText: dur },
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
        testId="trend-page"
        days={trend.data}
        loading={trend.loading || !query}
        error={trend.error}
        onRetry={trend.refresh}
        metrics={[
          { key: 'views', label: t('statPage.col.views') },
          { key: 'visitors', label: t('statPage.col.visitors') },
          { key: 'exits', label: t('statPage.col.exits') },
        ]}
      />
      <StatList
        path="/api/stat/pages"
        testId="table-pages"
        query={query}
        rowKey="path"
        title={t('statPage.table.pages')}
        searchPlaceholder={t('statPage.search.pages')}
        columns={columns}
        onLoad={onLoad}
        exportName="visited-pages"
        exportColumns={[
          { title: t('statPage.col.path'), value: (r) => r.path },
          { title: t('statPage.col.title'), value: (r) => r.title },
          { title: t('statPage.col.views'), value: (r) => r.views },
          { title: t('statPage.col.visitors'), value: (r) => r.visitors },
          { title: t('statPage.col.exits'), value: (r) => r.exits },
          { title: t('statPage.col.exitRate'), value: (r) => r.exit_rate },
          { title: t('statPage.col.duration'), value: (r) => r.duration_s },
          { title: t('statPage.col.avgVisit'), value: (r) => r.avg_visit_s },
          { title: t('statPage.col.avgVisitor'), value: (r) => r.avg_visitor_s },
          { title: t('statPage.col.share'), value: (r) => r.share },
        ]}
      />
    </Flex>
  );
}
