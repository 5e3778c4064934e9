/**
 * A device (user) overview: the range's last day's key figures against the day before (today so
 * far against the same hours of yesterday), the daily trend of new / active / launches with today
 * marked as not over, the top pages and the active ones by platform.
 */
import './i18n';
import { Col, Flex, Row, Typography } from 'antd';
import { useT } from '../../../shared/i18n';
import FilterBar from '../FilterBar';
import { statClock, useStatFilter } from '../filter';
import { platformName } from '../i18n';
import KeyFigures, { formatDuration, type KeyFigure } from '../KeyFigures';
import StatPanel from '../StatPanel';
import { SeriesChart, ShareRing } from './charts';
import { byNumber, byText, type CsvColumn, ExportButton, exportName, ReportTable, type SubjectPageProps, subjectNames, useSubjectReport } from './common';
import type { OverviewData } from '../../../services/stat-devices';

type PageRow = OverviewData['top_pages'][number];

export default function Overview({ subject }: SubjectPageProps) {
  const t = useT();
  const state = useStatFilter(7);
  const r = useSubjectReport(subject, 'overview', state);
  const d = r.data;
  const names = subjectNames(subject, t);
  const pct = (v: number) => `${v}%`;
  const dur = (v: number) => formatDuration(v, t);
  const figures: KeyFigure[] = d
    ? [
        { key: 'new', label: names.new, value: d.today.new, previous: d.previous.new },
        { key: 'active', label: names.active, value: d.today.active, previous: d.previous.active },
        { key: 'sessions', label: t('stat.metric.sessions'), value: d.today.sessions, previous: d.previous.sessions },
        { key: 'page-views', label: t('stat.metric.pageViews'), value: d.today.page_views, previous: d.previous.page_views },
        { key: 'avg-session', label: t('stat.metric.avgSessionTime'), value: d.today.avg_session_s, previous: d.previous.avg_session_s, format: dur },
        { key: 'avg-subject', label: names.perSubject, value: d.today.avg_subject_s, previous: d.previous.avg_subject_s, format: dur },
        { key: 'bounce', label: t('stat.metric.bounceRate'), value: d.today.bounce_rate, previous: d.previous.bounce_rate, format: pct },
        { key: 'total', label: names.total, value: d.today.total, previous: d.previous.total },
      ]
    : [];
  const trendEmpty = !d || d.trend.every((x) => !x.new && !x.active && !x.sessions);
  const series = [names.new, names.active, t('stat.metric.sessions')];
  const points = (d?.trend ?? []).flatMap((x) => [
    { x: x.day, series: names.new, value: x.new },
    { x: x.day, series: names.active, value: x.active },
    { x: x.day, series: t('stat.metric.sessions'), value: x.sessions },
  ]);
  const pageCsv: CsvColumn<PageRow>[] = [
    { title: t('statDevice.col.path'), value: (p) => p.path },
    { title: t('statDevice.col.title'), value: (p) => p.title },
    { title: t('statDevice.col.views'), value: (p) => p.views },
    { title: t('statDevice.col.entries'), value: (p) => p.entries },
    { title: t('statDevice.col.duration'), value: (p) => p.duration_s },
  ];
  const panel = { loading: r.loading && !d, error: r.error, onRetry: r.refresh };
  return (
    <Flex vertical gap={16}>
      <FilterBar state={state} />
      <StatPanel title={d ? t('statDevice.overview.keyFigures', { day: d.day }) : undefined} {...panel} testId="panel-figures">
        <Flex vertical gap={8}>
          <KeyFigures figures={figures} />
          {d?.partial && d.as_of ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="figures-compare-note">
              {t('stat.partialDay.compare', { time: statClock(d.as_of, state.tz) })}
            </Typography.Text>
          ) : null}
        </Flex>
      </StatPanel>
      <StatPanel title={t('statDevice.overview.trend')} {...panel} empty={trendEmpty} testId="panel-trend">
        <SeriesChart points={points} series={series} label={t('statDevice.overview.trend')} testId="chart-trend" partialDay={state.partialDay} />
      </StatPanel>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <StatPanel
            title={t('statDevice.overview.topPages')}
            {...panel}
            empty={!d?.top_pages.length}
            testId="panel-pages"
            extra={<ExportButton filename={exportName(subject, 'pages', state.query)} columns={pageCsv} rows={d?.top_pages ?? []} />}
          >
            <ReportTable<PageRow>
              testId="table-pages"
              rowKey="path"
              rows={d?.top_pages ?? []}
              columns={[
                { title: t('statDevice.col.path'), dataIndex: 'path', sorter: byText((p: PageRow) => p.path), ellipsis: true },
                { title: t('statDevice.col.title'), dataIndex: 'title', ellipsis: true },
                {
                  title: t('statDevice.col.views'),
                  dataIndex: 'views',
                  align: 'right',
                  sorter: byNumber((p: PageRow) => p.views),
                  defaultSortOrder: 'descend',
                },
                { title: t('statDevice.col.entries'), dataIndex: 'entries', align: 'right', sorter: byNumber((p: PageRow) => p.entries) },
                {
                  title: t('statDevice.col.duration'),
                  dataIndex: 'duration_s',
                  align: 'right',
                  sorter: byNumber((p: PageRow) => p.duration_s),
                  render: (v: number) => dur(v),
                },
              ]}
            />
          </StatPanel>
        </Col>
        <Col xs={24} xl={10}>
          <StatPanel title={t('statDevice.overview.platforms')} {...panel} empty={!d?.platforms.length} testId="panel-platforms">
            <ShareRing
              slices={(d?.platforms ?? []).map((p) => ({ name: platformName(p.platform || '-', t), value: p.active }))}
              label={t('statDevice.overview.platforms')}
              testId="chart-platforms"
            />
          </StatPanel>
        </Col>
      </Row>
    </Flex>
  );
}
