/**
 * A report per page path (visited pages, entry pages): the filter bar, one page's days as a chart
 * (the first row, or the one picked) and the paged list, with its figure columns, the chart's
 * metrics and the CSV export all read from one list of figures.
 */
import './i18n';
import type { ProColumns } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { Flex } from 'antd';
import { CellText } from '../../admin/columns';
import { getPageTrend, type StatListPath } from '../../../services/stat-pages';
import { useT } from '../../../shared/i18n';
import FilterBar from '../FilterBar';
import { useStatFilter } from '../filter';
import DaysButton from './DaysButton';
import { count, duration, percent } from './format';
import { usePickedRow } from './picked';
import StatList from './StatList';
import TrendPanel from './TrendPanel';

/** a figure of the rows: its field, its column title's catalogue key, how it reads */
export interface PageFigure<Row> {
  key: keyof Row & string;
  label: string;
  format: 'count' | 'percent' | 'duration';
  /** the list's order when the page opens (one figure) */
  defaultSort?: boolean;
}

export interface PageReportSpec<Row> {
  path: StatListPath;
  /** test ids of the chart and the list */
  testIds: { trend: string; table: string };
  /** the list's title (a catalogue key) and the export's file name */
  title: string;
  exportName: string;
  figures: PageFigure<Row>[];
  /** the chart's lines: fields of the page's days (getPageTrend) and their catalogue keys */
  trend: { key: string; label: string }[];
}

type PageRow = Record<string, unknown> & { path: string; title: string | null };

/** the figures as sortable, right-aligned columns */
export function figureColumns<Row>(figures: PageFigure<Row>[], t: ReturnType<typeof useT>): ProColumns<Row>[] {
  const readers = { count, percent, duration: duration(t) };
  return figures.map((f) => ({
    title: t(f.label),
    dataIndex: f.key,
    key: f.key,
    sorter: true,
    defaultSortOrder: f.defaultSort ? 'descend' : undefined,
    align: 'right',
    renderText: readers[f.format],
  }));
}

/** the figures as columns of the CSV export (raw numbers) */
export const figureExports = <Row,>(figures: PageFigure<Row>[], t: ReturnType<typeof useT>) =>
  figures.map((f) => ({ title: t(f.label), value: (r: Row) => r[f.key] as number }));

export default function PageReport<Row extends PageRow>({ spec }: { spec: PageReportSpec<Row> }) {
  const t = useT();
  const state = useStatFilter();
  const { query } = state;
  const { picked, setPicked, onLoad } = usePickedRow<Row>((r) => r.path);
  const trend = useRequest(() => (query && picked !== null ? getPageTrend(query, picked, { skipErrorHandler: true }) : Promise.resolve(undefined)), {
    refreshDeps: [query, picked],
  });
  const columns: ProColumns<Row>[] = [
    {
      title: t('statPage.col.path'),
      dataIndex: 'path',
      key: 'path',
      sorter: true,
      // one line each, cut with an ellipsis (the whole path on hover): a path never breaks mid-word
      width: 240,
      render: (_, r) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <CellText text={r.path} copyable />
          {r.title ? <CellText text={r.title} type="secondary" style={{ fontSize: 12 }} /> : null}
        </Flex>
      ),
    },
    ...figureColumns(spec.figures, t),
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
        testId={spec.testIds.trend}
        days={trend.data}
        loading={trend.loading || !query}
        error={trend.error}
        onRetry={trend.refresh}
        metrics={spec.trend.map((m) => ({ key: m.key, label: t(m.label) }))}
      />
      <StatList<Row>
        path={spec.path}
        testId={spec.testIds.table}
        query={query}
        rowKey="path"
        title={t(spec.title)}
        searchPlaceholder={t('statPage.search.pages')}
        columns={columns}
        onLoad={onLoad}
        exportName={spec.exportName}
        exportColumns={[
          { title: t('statPage.col.path'), value: (r) => r.path },
          { title: t('statPage.col.title'), value: (r) => r.title ?? '' },
          ...figureExports(spec.figures, t),
        ]}
      />
    </Flex>
  );
}
