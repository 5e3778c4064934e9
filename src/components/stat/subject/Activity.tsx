/**
 * Device (user) activity: daily, weekly and monthly active ones per day (distinct over the trailing
 * 1, 7 and 30 days) and the stickiness ratios DAU/WAU and DAU/MAU, with the daily table.
 */
import './i18n';
import { Flex } from 'antd';
import type { ActivityData } from '../../../services/stat-devices';
import { useT } from '../../../shared/i18n';
import FilterBar from '../FilterBar';
import { useStatFilter } from '../filter';
import StatPanel from '../StatPanel';
import { SeriesChart } from './charts';
import { byNumber, byText, type CsvColumn, ExportButton, exportName, ReportTable, type SubjectPageProps, useSubjectReport } from './common';

type DayRow = ActivityData['days'][number];

export default function Activity({ subject }: SubjectPageProps) {
  const t = useT();
  const state = useStatFilter(30);
  const r = useSubjectReport(subject, 'activity', state);
  const rows = r.data?.days ?? [];
  const empty = rows.every((x) => !x.mau);
  const [dau, wau, mau, dw, dm] = ['dau', 'wau', 'mau', 'dauWau', 'dauMau'].map((k) => t(`statDevice.activity.${k}`));
  const panel = { loading: r.loading && !r.data, error: r.error, onRetry: r.refresh, empty };
  const pct = (v: number) => `${v}%`;
  const csv: CsvColumn<DayRow>[] = [
    { title: t('statDevice.col.day'), value: (x) => x.day },
    { title: dau, value: (x) => x.dau },
    { title: wau, value: (x) => x.wau },
    { title: mau, value: (x) => x.mau },
    { title: `${dw} (%)`, value: (x) => x.dau_wau },
    { title: `${dm} (%)`, value: (x) => x.dau_mau },
  ];
  return (
    <Flex vertical gap={16}>
      <FilterBar state={state} />
      <StatPanel title={t('statDevice.activity.chart')} {...panel} testId="panel-active">
        <SeriesChart
          partialDay={state.partialDay}
          testId="chart-active"
          label={t('statDevice.activity.chart')}
          series={[dau, wau, mau]}
          points={rows.flatMap((x) => [
            { x: x.day, series: dau, value: x.dau },
            { x: x.day, series: wau, value: x.wau },
            { x: x.day, series: mau, value: x.mau },
          ])}
        />
      </StatPanel>
      <StatPanel title={t('statDevice.activity.ratios')} {...panel} testId="panel-ratios">
        <SeriesChart
          testId="chart-ratios"
          label={t('statDevice.activity.ratios')}
          series={[dw, dm]}
          points={rows.flatMap((x) => [
            { x: x.day, series: dw, value: x.dau_wau },
            { x: x.day, series: dm, value: x.dau_mau },
          ])}
        />
      </StatPanel>
      <StatPanel
        title={t('statDevice.activity.table')}
        {...panel}
        testId="panel-table"
        extra={<ExportButton filename={exportName(subject, 'activity', state.query)} columns={csv} rows={rows} empty={empty} />}
      >
        <ReportTable<DayRow>
          testId="table-activity"
          rowKey="day"
          rows={[...rows].reverse()}
          columns={[
            { title: t('statDevice.col.day'), dataIndex: 'day', sorter: byText((x: DayRow) => x.day) },
            { title: dau, dataIndex: 'dau', align: 'right', sorter: byNumber((x: DayRow) => x.dau) },
            { title: wau, dataIndex: 'wau', align: 'right', sorter: byNumber((x: DayRow) => x.wau) },
            { title: mau, dataIndex: 'mau', align: 'right', sorter: byNumber((x: DayRow) => x.mau) },
            { title: dw, dataIndex: 'dau_wau', align: 'right', sorter: byNumber((x: DayRow) => x.dau_wau), render: pct },
            { title: dm, dataIndex: 'dau_mau', align: 'right', sorter: byNumber((x: DayRow) => x.dau_mau), render: pct },
          ]}
        />
      </StatPanel>
    </Flex>
  );
}
