/**
 * Device (user) retention: the cohort table (the new or active ones of each day, and the share of
 * them seen again 1..7, 14 and 30 days later) and day-1 / day-7 retention over the cohort days.
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

export default function Retention({ subject }: SubjectPageProps) {
  const t = useT();
  const state = useStatFilter(30);
  const names = subjectNames(subject, t);
  const [mode, setMode] = useState<RetentionMode>('new');
  const [show, setShow] = useState<'pct' | 'count'>('pct');
  const r = useSubjectReport(subject, 'retention', state, { mode });
  const rows = r.data?.rows ?? [];
  const days = r.data?.days ?? [];
  const panel = { loading: r.loading && !r.data, error: r.error, onRetry: r.refresh, empty: !rows.length };
  const cellOf = (row: CohortRow, n: number) => row.cells.find((c) => c.n === n);
  const dayN = (n: number) => t('statDevice.retention.dayN', { n });
  const cohortTitle = mode === 'new' ? names.new : names.active;

  const columns: ColumnsType<CohortRow> = [
    { title: t('statDevice.retention.cohortDay'), dataIndex: 'cohort_day', fixed: 'left', sorter: byText((x: CohortRow) => x.cohort_day), defaultSortOrder: 'descend' },
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
    { title: t('statDevice.retention.cohortDay'), value: (x) => x.cohort_day },
    { title: cohortTitle, value: (x) => x.cohort },
    ...days.flatMap((n) => [
      { title: `${dayN(n)} (%)`, value: (x: CohortRow) => cellOf(x, n)?.pct ?? null },
      { title: `${dayN(n)} (${names.count})`, value: (x: CohortRow) => cellOf(x, n)?.retained ?? null },
    ]),
  ];
  // the chart runs forward in time, only over cohorts whose day has come
  const chronological = [...rows].reverse();
  const d1 = dayN(1);
  const d7 = dayN(7);
  const points = chronological.flatMap((row) =>
    [
      [d1, cellOf(row, 1)?.pct],
      [d7, cellOf(row, 7)?.pct],
    ]
      .filter(([, v]) => v !== null && v !== undefined)
      .map(([series, value]) => ({ x: row.cohort_day, series: series as string, value: value as number })),
  );

  return (
    <Flex vertical gap={16}>
      <FilterBar
        state={state}
        extra={
          <Segmented
            aria-label={t('statDevice.retention.mode')}
            value={mode}
            onChange={(v) => setMode(v as RetentionMode)}
            options={[
              { value: 'new', label: t('statDevice.retention.new') },
              { value: 'active', label: t('statDevice.retention.active') },
            ]}
          />
        }
      />
      <StatPanel title={t('statDevice.retention.chart')} {...panel} empty={!points.length} testId="panel-chart">
        <SeriesChart testId="chart-retention" label={t('statDevice.retention.chart')} series={[d1, d7]} points={points} />
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
            <ExportButton filename={exportName(subject, `retention-${mode}`, state.query)} columns={csv} rows={rows} />
          </Flex>
        }
      >
        <ReportTable<CohortRow> testId="table-retention" rowKey="cohort_day" rows={rows} columns={columns} pageSize={15} />
      </StatPanel>
    </Flex>
  );
}
