/**
 * A report per source a session came from (install channels, mini program scenes): the filter bar,
 * one source's days as a chart (the first row, or the one picked) and the paged list with editable
 * display names, its figure columns, chart lines and CSV export read from one list of figures.
 */
import './i18n';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { Flex } from 'antd';
import { useRef } from 'react';
import type { StatQuery } from '../../../services/stat';
import type { StatListPath } from '../../../services/stat-pages';
import type { RequestOptions } from '../../../services/request-layer';
import { useT } from '../../../shared/i18n';
import FilterBar from '../FilterBar';
import type { StatFilterState } from '../filter';
import DaysButton from './DaysButton';
import NameCell from './NameCell';
import { figureColumns, figureExports, type PageFigure } from './PageReport';
import { usePickedRow } from './picked';
import StatList from './StatList';
import TrendPanel, { type TrendPanelProps } from './TrendPanel';

type TrendDays = NonNullable<TrendPanelProps['days']>;

export interface SourceReportSpec<Row> {
  kind: 'channel' | 'scene';
  path: StatListPath;
  testIds: { trend: string; table: string };
  /** the list's title and the source column's title (catalogue keys), the export's file name */
  title: string;
  column: string;
  exportName: string;
  figures: PageFigure<Row>[];
  /** the chart's lines: fields of a source's days and their catalogue keys */
  trend: { key: string; label: string }[];
  trendOf: (q: StatQuery, source: string, opts?: RequestOptions) => Promise<TrendDays | undefined>;
}

type SourceRow = Record<string, unknown> & { name: string };

export interface SourceReportProps<Row> {
  spec: SourceReportSpec<Row>;
  /** the filter bar's state (a page may narrow its options) and the query the report reads */
  state: StatFilterState;
  query: StatQuery | null;
  /** a row's source value */
  sourceOf: (r: Row) => string;
  /** how a source reads in the chart's title */
  label: (source: string) => string;
  /** a source's name when none was given (scene numbers have one), the label of the empty source */
  defaultName?: (source: string) => string | undefined;
  emptyLabel?: string;
}

export default function SourceReport<Row extends SourceRow>({ spec, state, query, sourceOf, label, defaultName, emptyLabel }: SourceReportProps<Row>) {
  const t = useT();
  const table = useRef<ActionType>();
  const { picked, setPicked, onLoad } = usePickedRow<Row>(sourceOf);
  const trend = useRequest(() => (query && picked !== null ? spec.trendOf(query, picked, { skipErrorHandler: true }) : Promise.resolve(undefined)), {
    refreshDeps: [query, picked],
  });
  const columns: ProColumns<Row>[] = [
    {
      title: t(spec.column),
      dataIndex: spec.kind,
      key: spec.kind,
      sorter: true,
      render: (_, r) => (
        <NameCell
          appId={query?.app_id ?? ''}
          kind={spec.kind}
          value={sourceOf(r)}
          name={r.name}
          defaultName={defaultName?.(sourceOf(r))}
          emptyLabel={emptyLabel}
          onSaved={() => table.current?.reload()}
        />
      ),
    },
    ...figureColumns(spec.figures, t),
    {
      title: t('statPage.col.days'),
      key: 'days',
      width: 64,
      render: (_, r) => <DaysButton shown={sourceOf(r) === picked} onClick={() => setPicked(sourceOf(r))} />,
    },
  ];
  return (
    <Flex vertical gap={16}>
      <FilterBar state={state} hide={['channel']} />
      <TrendPanel
        partialDay={state.partialDay}
        title={picked !== null ? t('statPage.trend.title', { name: label(picked) }) : t('statPage.trend.none')}
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
        actionRef={table}
        query={query}
        rowKey={spec.kind}
        title={t(spec.title)}
        searchPlaceholder={t('statPage.search.names')}
        columns={columns}
        onLoad={onLoad}
        exportName={spec.exportName}
        exportColumns={[
          { title: t(spec.column), value: (r) => sourceOf(r) },
          { title: t('statPage.col.name'), value: (r) => r.name || defaultName?.(sourceOf(r)) || '' },
          ...figureExports(spec.figures, t),
        ]}
      />
    </Flex>
  );
}
