/**
 * Device (user) retention: the cohort table (the new or active ones of each day, and the share of
 * them seen again 1..7, 14 and 30 days later; or of each week / month, seen again in the 1st..9th
 * week / month after) and the early retention (day 1 and 7, week 1 and 4, month 1 and 3) over the
 * cohorts.
 */
import './i18n';
import { Flex, Segmented, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import type { RetentionData, RetentionMode } from '../../../services/stat-devices';
import { useT } from '../../../shared/i18n';
import FilterBar from '../FilterBar';
import { useStatFilter } from '../filter';
import StatPanel from '../StatPanel';
import { SeriesChart } from './charts';
import { byNumber, byText, type CsvColumn, ExportButton, exportName, ReportTable, type SubjectPageProps, subjectNames, useSubjectReport } from './common';

type CohortRow = RetentionData['rows'][number];
type RetentionUnit = RetentionData['unit'];
const N_KEYS: Record<RetentionUnit, string> = { day: 'statDevice.retention.dayN', week: 'statDevice.retention.weekN', month: 'statDevice.retention.monthN' };
const UNIT_KEYS: Record<RetentionUnit, string> = {
  day: 'statDevice.retention.unit.day',
  week: 'statDevice.retention.unit.week',
  month: 'statDevice.retention.unit.month',
};
/** the two offsets the chart follows per unit */
const CHART_PERIODS: Record<RetentionUnit, [number, number]> = { day: [1, 7], week: [1, 4], month: [1, 3] };

export default function Retention({ subject }: SubjectPageProps) {
  const t = useT();
  const state = useStatFilter(30);
  const names = subjectNames(subject, t);
  const [mode, setMode] = useState<RetentionMode>('new');
  const [show, setShow] = useState<'pct' | 'count'>('pct');
  const [unit, setUnit] = useState<RetentionUnit>('day');
  const r = useSubjectReport(subject, 'retention', state, { mode, unit });
  const rows = r.data?.rows ?? [];
  const days = r.data?.days ?? [];
  const panel = { loading: r.loading && !r.data, error: r.error, onRetry: r.refresh, empty: !rows.length };
  const cellOf = (row: CohortRow, n: number) => row.cells.find((c) => c.n === n);
  const dayN = (n: number) => t(N_KEYS[unit], { n });
  const cohortDayTitle = t(
    unit === 'day' ? 'statDevice.retention.cohortDay' : unit === 'week' ? 'statDevice.retention.cohortWeek' : 'statDevice.retention.cohortMonth',
  );
  const [early, later] = CHART_PERIODS[unit];
  const chartTitle = t(unit === 'day' ? 'statDevice.retention.chart' : unit === 'week' ? 'statDevice.retention.chartWeek' : 'statDevice.retention.chartMonth');
  const cohortTitle = mode === 'new' ? names.new : names.active;

  const columns: ColumnsType<CohortRow> = [
    { title: cohortDayTitle, dataIndex: 'cohort_day', fixed: 'left', sorter: byText((x: CohortRow) => x.cohort_day), defaultSortOrder: 'descend' },
    { title: cohortTitle, dataIndex: 'cohort', align: 'right', sorter: byNumber((x: CohortRow) => x.cohort) },
    ...days.map((n) => ({
      key: `d${n}`,
      title: dayN(n),
      align: 'right' as const,
      sorter: byNumber((x: CohortRow) => cellOf(x, n)?.pct ?? null),
      render: (_: unknown, row: CohortRow) => {
        const c = cellOf(row, n);
        if (!c || c.pct === null) return <Typography.Text type="secondary">-</Typography.Text>;
        return show === 'pct' ? `${c.pct}%` : c.retained;
      },
    })),
  ];
  const csv: CsvColumn<CohortRow>[] = [
    { title: cohortDayTitle, value: (x) => x.cohort_day },
    { title: cohortTitle, value: (x) => x.cohort },
    ...days.flatMap((n) => [
      { title: `${dayN(n)} (%)`, value: (x: CohortRow) => cellOf(x, n)?.pct ?? null },
      { title: `${dayN(n)} (${names.count})`, value: (x: CohortRow) => cellOf(x, n)?.retained ?? null },
    ]),
  ];
  // the chart runs forward in time, only over cohorts whose day has come
  const chronological = [...rows].reverse();
  const d1 = dayN(early);
  const d7 = dayN(later);
  const points = chronological.flatMap((row) =>
    [
      [d1, cellOf(row, early)?.pct],
      [d7, cellOf(row, later)?.pct],
    ]
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([series, value]) => ({ x: row.cohort_day, series: series as string, value: value as number })),
  );

  return (
    <Flex vertical gap={16}>
      <FilterBar
        state={state}
        extra={
          <Flex gap={8} wrap="wrap">
            <Segmented
              aria-label={t('statDevice.retention.mode')}
              value={mode}
              onChange={(v) => setMode(v as RetentionMode)}
              options={[
                { value: 'new', label: t('statDevice.retention.new') },
                { value: 'active', label: t('statDevice.retention.active') },
              ]}
            />
            <Segmented
              aria-label={t('statDevice.retention.unit')}
              data-testid="retention-unit"
              value={unit}
              onChange={(v) => setUnit(v as RetentionUnit)}
              options={(['day', 'week', 'month'] as const).map((u) => ({ value: u, label: t(UNIT_KEYS[u]) }))}
            />
          </Flex>
        }
      />
      <StatPanel title={chartTitle} {...panel} empty={!points.length} testId="panel-chart">
        <SeriesChart testId="chart-retention" label={chartTitle} series={[d1, d7]} points={points} />
      </StatPanel>
      <StatPanel
        title={t('statDevice.retention.table')}
        {...panel}
        testId="panel-table"
        extra={
          <Flex gap={8} align="center">
            <Segmented
              size="small"
              aria-label={t('statDevice.retention.show')}
              value={show}
              onChange={(v) => setShow(v as 'pct' | 'count')}
              options={[
                { value: 'pct', label: t('statDevice.retention.percent') },
                { value: 'count', label: t('statDevice.retention.counts') },
              ]}
            />
            <ExportButton filename={exportName(subject, `retention-${mode}-${unit}`, state.query)} columns={csv} rows={rows} />
          </Flex>
        }
      >
        <ReportTable<CohortRow> testId="table-retention" rowKey="cohort_day" rows={rows} columns={columns} pageSize={15} />
      </StatPanel>
    </Flex>
  );
}
