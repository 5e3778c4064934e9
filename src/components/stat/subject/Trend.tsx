/**
 * Device (user) trends: new, active, launches and time by hour (a range of a few days), day, week
 * or month, as a chart and the table under it with its export.
 */
import './i18n';
import { Flex, Segmented, Tooltip } from 'antd';
import { useState } from 'react';
import type { Granularity, TrendData } from '../../../services/stat-devices';
import { useT } from '../../../shared/i18n';
import FilterBar from '../FilterBar';
import { useStatFilter } from '../filter';
import { formatDuration } from '../KeyFigures';
import StatPanel from '../StatPanel';
import { SeriesChart } from './charts';
import { byNumber, byText, type CsvColumn, ExportButton, exportName, ReportTable, type SubjectPageProps, subjectNames, useSubjectReport } from './common';

type TrendRow = TrendData['rows'][number];
/** the server's limit for hours (HOUR_TREND_MAX_DAYS) */
const HOUR_MAX_DAYS = 7;
const GRANULARITIES: Granularity[] = ['hour', 'day', 'week', 'month'];

const rangeDays = (start: string, end: string) => Math.round((Date.parse(end) - Date.parse(start)) / 86_400_000) + 1;

export default function Trend({ subject }: SubjectPageProps) {
  const t = useT();
  const state = useStatFilter(7);
  const names = subjectNames(subject, t);
  const [picked, setPicked] = useState<Granularity | undefined>();
  const days = state.query ? rangeDays(state.query.start, state.query.end) : 7;
  // one day opens by hour; hours are not offered for long ranges
  const granularity: Granularity = picked && !(picked === 'hour' && days > HOUR_MAX_DAYS) ? picked : days === 1 ? 'hour' : 'day';
  const r = useSubjectReport(subject, 'trend', state, { granularity });
  const rows = r.data?.rows ?? [];
  const empty = rows.every((x) => !x.new && !x.active && !x.sessions);
  const dur = (v: number) => formatDuration(v, t);
  const timeTitle = t(granularity === 'hour' ? 'statDevice.col.time' : 'statDevice.col.day');
  const panel = { loading: r.loading && !r.data, error: r.error, onRetry: r.refresh, empty };
  const launches = t('stat.metric.sessions');
  const csv: CsvColumn<TrendRow>[] = [
    { title: timeTitle, value: (x) => x.bucket },
    { title: names.new, value: (x) => x.new },
    { title: names.active, value: (x) => x.active },
    { title: launches, value: (x) => x.sessions },
    { title: `${t('stat.metric.duration')} (s)`, value: (x) => x.duration_s },
  ];
  return (
    <Flex vertical gap={16}>
      <FilterBar
        state={state}
        extra={
          <Segmented
            aria-label={t('statDevice.trend.granularity')}
            value={granularity}
            onChange={(v) => setPicked(v as Granularity)}
            options={GRANULARITIES.map((g) => ({
              value: g,
              disabled: g === 'hour' && days > HOUR_MAX_DAYS,
              label:
                g === 'hour' && days > HOUR_MAX_DAYS ? (
                  <Tooltip title={t('statDevice.trend.hourHint')}>{t('statDevice.trend.hour')}</Tooltip>
                ) : (
                  t(`statDevice.trend.${g}`)
                ),
            }))}
          />
        }
      />
      <StatPanel title={t('statDevice.trend.chart')} {...panel} testId="panel-trend">
        <SeriesChart
          testId="chart-trend"
          label={t('statDevice.trend.chart')}
          series={[names.new, names.active, launches]}
          points={rows.flatMap((x) => [
            { x: x.bucket, series: names.new, value: x.new },
            { x: x.bucket, series: names.active, value: x.active },
            { x: x.bucket, series: launches, value: x.sessions },
          ])}
        />
      </StatPanel>
      <StatPanel
        title={t('statDevice.trend.table')}
        {...panel}
        testId="panel-table"
        extra={<ExportButton filename={exportName(subject, `trend-${granularity}`, state.query)} columns={csv} rows={rows} empty={empty} />}
      >
        <ReportTable<TrendRow>
          testId="table-trend"
          rowKey="bucket"
          pageSize={granularity === 'hour' ? 24 : 10}
          rows={rows}
          columns={[
            { title: timeTitle, dataIndex: 'bucket', sorter: byText((x: TrendRow) => x.bucket) },
            { title: names.new, dataIndex: 'new', align: 'right', sorter: byNumber((x: TrendRow) => x.new) },
            { title: names.active, dataIndex: 'active', align: 'right', sorter: byNumber((x: TrendRow) => x.active) },
            { title: launches, dataIndex: 'sessions', align: 'right', sorter: byNumber((x: TrendRow) => x.sessions) },
            { title: t('stat.metric.duration'), dataIndex: 'duration_s', align: 'right', sorter: byNumber((x: TrendRow) => x.duration_s), render: dur },
          ]}
        />
      </StatPanel>
    </Flex>
  );
}
