/**
 * Device (user) comparison: the range's totals per platform, and the range against the previous
 * range of equal length or against another app over the same days (totals with their change, and
 * the active ones per day side by side).
 */
import './i18n';
import { Col, Flex, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import type { ComparisonData } from '../../../services/stat-devices';
import { useT } from '../../../shared/i18n';
import FilterBar from '../FilterBar';
import { useStatFilter } from '../filter';
import { platformName } from '../i18n';
import { changeOf, formatDuration } from '../KeyFigures';
import StatPanel from '../StatPanel';
import { SeriesChart } from './charts';
import { byNumber, byText, type CsvColumn, ExportButton, exportName, ReportTable, type SubjectPageProps, subjectNames, useSubjectReport } from './common';

type PlatformRow = ComparisonData['platforms'][number];
type Side = ComparisonData['current'];
type MetricKey = keyof Side['totals'];
interface MetricRow {
  key: MetricKey;
  label: string;
  current: number;
  other: number;
  change: number | null;
}

/** compare with: '' = the previous period, else another app's key */
const PREVIOUS = '';

export default function Comparison({ subject }: SubjectPageProps) {
  const t = useT();
  const state = useStatFilter(7);
  const names = subjectNames(subject, t);
  const [otherApp, setOtherApp] = useState(PREVIOUS);
  const r = useSubjectReport(subject, 'comparison', state, { other_app_id: otherApp || undefined });
  const d = r.data;
  const dur = (v: number) => formatDuration(v, t);
  const launches = t('stat.metric.sessions');
  const appName = (id: string) => state.options?.apps.find((a) => a.appid === id)?.name ?? id;
  const sideName = (s: Side) => t('statDevice.comparison.side', { app: appName(s.app_id), start: s.start, end: s.end });
  const base = { loading: r.loading && !d, error: r.error, onRetry: r.refresh };

  const platforms = d?.platforms ?? [];
  const platformCsv: CsvColumn<PlatformRow>[] = [
    { title: t('statDevice.col.platform'), value: (p) => platformName(p.platform, t) },
    { title: names.new, value: (p) => p.new },
    { title: names.active, value: (p) => p.active },
    { title: launches, value: (p) => p.sessions },
    { title: `${t('stat.metric.duration')} (s)`, value: (p) => p.duration_s },
  ];

  const metricLabels: Record<MetricKey, string> = { new: names.new, active: names.active, sessions: launches, duration_s: t('stat.metric.duration') };
  const metrics: MetricRow[] = d
    ? (Object.keys(metricLabels) as MetricKey[]).map((key) => ({
        key,
        label: metricLabels[key],
        current: d.current.totals[key],
        other: d.other.totals[key],
        change: changeOf(d.current.totals[key], d.other.totals[key]),
      }))
    : [];
  const fmt = (row: MetricRow, v: number) => (row.key === 'duration_s' ? dur(v) : v.toLocaleString());
  const sidesEmpty = !d || (!d.current.totals.active && !d.other.totals.active && !d.current.totals.new && !d.other.totals.new);
  // a column head: the app on one line, its days under it (one long line would not fit beside the chart)
  const sideHead = (s: Side) => (
    <Flex vertical gap={0} align="flex-end">
      <span>{appName(s.app_id)}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal', whiteSpace: 'nowrap' }}>
        {t('statDevice.comparison.range', { start: s.start, end: s.end })}
      </Typography.Text>
    </Flex>
  );
  const currentName = d ? sideName(d.current) : '';
  const otherName = d ? sideName(d.other) : '';
  // the other side's i-th day sits under this range's i-th day
  const points = d
    ? d.current.days.flatMap((day, i) => [
        { x: day.day, series: currentName, value: day.active },
        { x: day.day, series: otherName, value: d.other.days[i]?.active ?? 0 },
      ])
    : [];

  return (
    <Flex vertical gap={16}>
      <FilterBar
        state={state}
        extra={
          <Flex gap={8} align="center">
            <Typography.Text>{t('statDevice.comparison.with')}</Typography.Text>
            <Select
              aria-label={t('statDevice.comparison.with')}
              style={{ minWidth: 200 }}
              value={otherApp}
              onChange={setOtherApp}
              options={[
                { value: PREVIOUS, label: t('statDevice.comparison.previous') },
                {
                  label: t('statDevice.comparison.otherApp'),
                  options: (state.options?.apps ?? [])
                    .filter((a) => a.appid !== state.query?.app_id)
                    .map((a) => ({ value: a.appid, label: `${a.name} (${a.appid})` })),
                },
              ]}
            />
          </Flex>
        }
      />
      <StatPanel
        title={t('statDevice.comparison.platforms')}
        {...base}
        empty={!platforms.length}
        testId="panel-platforms"
        extra={<ExportButton filename={exportName(subject, 'platforms', state.query)} columns={platformCsv} rows={platforms} />}
      >
        <Flex vertical gap={16}>
          <SeriesChart
            kind="column"
            testId="chart-platforms"
            label={t('statDevice.comparison.platforms')}
            series={[names.new, names.active, launches]}
            points={platforms.flatMap((p) => [
              { x: platformName(p.platform, t), series: names.new, value: p.new },
              { x: platformName(p.platform, t), series: names.active, value: p.active },
              { x: platformName(p.platform, t), series: launches, value: p.sessions },
            ])}
          />
          <ReportTable<PlatformRow>
            testId="table-platforms"
            rowKey="platform"
            rows={platforms}
            columns={[
              {
                title: t('statDevice.col.platform'),
                dataIndex: 'platform',
                sorter: byText((p: PlatformRow) => p.platform),
                render: (p: string) => platformName(p, t),
              },
              { title: names.new, dataIndex: 'new', align: 'right', sorter: byNumber((p: PlatformRow) => p.new) },
              { title: names.active, dataIndex: 'active', align: 'right', sorter: byNumber((p: PlatformRow) => p.active) },
              { title: launches, dataIndex: 'sessions', align: 'right', sorter: byNumber((p: PlatformRow) => p.sessions) },
              { title: t('stat.metric.duration'), dataIndex: 'duration_s', align: 'right', sorter: byNumber((p: PlatformRow) => p.duration_s), render: dur },
            ]}
          />
        </Flex>
      </StatPanel>
      <Row gutter={[16, 16]}>
        <Col xs={24} xxl={10}>
          <StatPanel title={t('statDevice.comparison.periods')} {...base} empty={sidesEmpty} testId="panel-sides">
            <ReportTable<MetricRow>
              testId="table-sides"
              rowKey="key"
              rows={metrics}
              columns={[
                { title: t('statDevice.col.metric'), dataIndex: 'label' },
                { title: d ? sideHead(d.current) : '', key: 'current', align: 'right', render: (_: unknown, m: MetricRow) => fmt(m, m.current) },
                { title: d ? sideHead(d.other) : '', key: 'other', align: 'right', render: (_: unknown, m: MetricRow) => fmt(m, m.other) },
                {
                  title: t('statDevice.col.change'),
                  dataIndex: 'change',
                  align: 'right',
                  render: (c: number | null) => (c === null ? '-' : `${c > 0 ? '+' : ''}${c}%`),
                },
              ]}
            />
          </StatPanel>
        </Col>
        <Col xs={24} xxl={14}>
          <StatPanel title={t('statDevice.comparison.chart')} {...base} empty={sidesEmpty} testId="panel-sides-chart">
            <SeriesChart testId="chart-sides" label={t('statDevice.comparison.chart')} series={[currentName, otherName]} points={points} />
          </StatPanel>
        </Col>
      </Row>
    </Flex>
  );
}
