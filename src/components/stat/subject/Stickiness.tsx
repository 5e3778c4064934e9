/**
 * Device (user) stickiness: launches and the devices (users) making them, by visit depth (pages
 * per launch) and by launch duration, as columns and tables with their exports.
 */
import './i18n';
import { Col, Flex, Row } from 'antd';
import type { StickinessData } from '../../../services/stat-devices';
import { useT } from '../../../shared/i18n';
import FilterBar from '../FilterBar';
import { useStatFilter } from '../filter';
import StatPanel from '../StatPanel';
import { SeriesChart } from './charts';
import { byNumber, type CsvColumn, ExportButton, exportName, ReportTable, type SubjectPageProps, subjectNames, useSubjectReport } from './common';

type BucketRow = StickinessData['depth'][number] & { label: string; share: number };

export default function Stickiness({ subject }: SubjectPageProps) {
  const t = useT();
  const state = useStatFilter(7);
  const names = subjectNames(subject, t);
  const r = useSubjectReport(subject, 'stickiness', state);
  const total = r.data?.total_sessions ?? 0;
  const launches = t('stat.metric.sessions');
  const panel = { loading: r.loading && !r.data, error: r.error, onRetry: r.refresh, empty: !total };
  const withShare = (rows: StickinessData['depth'], labelKey: string): BucketRow[] =>
    rows.map((b) => ({ ...b, label: t(labelKey, { key: b.key }), share: total ? Math.round((b.sessions / total) * 1000) / 10 : 0 }));

  const part = (kind: 'depth' | 'duration') => {
    const rows = withShare(r.data?.[kind] ?? [], `statDevice.stickiness.${kind}Key`);
    const title = t(`statDevice.stickiness.${kind}`);
    const csv: CsvColumn<BucketRow>[] = [
      { title: t('statDevice.col.range'), value: (b) => b.label },
      { title: launches, value: (b) => b.sessions },
      { title: `${t('statDevice.col.share')} (%)`, value: (b) => b.share },
      { title: names.count, value: (b) => b.subjects },
    ];
    return (
      <StatPanel
        title={title}
        {...panel}
        testId={`panel-${kind}`}
        extra={<ExportButton filename={exportName(subject, `stickiness-${kind}`, state.query)} columns={csv} rows={rows} empty={panel.empty} />}
      >
        <Flex vertical gap={16}>
          <SeriesChart
            kind="column"
            testId={`chart-${kind}`}
            label={title}
            series={[launches, names.count]}
            points={rows.flatMap((b) => [
              { x: b.label, series: launches, value: b.sessions },
              { x: b.label, series: names.count, value: b.subjects },
            ])}
          />
          <ReportTable<BucketRow>
            testId={`table-${kind}`}
            rowKey="key"
            rows={rows}
            columns={[
              { title: t('statDevice.col.range'), dataIndex: 'label' },
              { title: launches, dataIndex: 'sessions', align: 'right', sorter: byNumber((b: BucketRow) => b.sessions) },
              {
                title: t('statDevice.col.share'),
                dataIndex: 'share',
                align: 'right',
                sorter: byNumber((b: BucketRow) => b.share),
                render: (v: number) => `${v}%`,
              },
              { title: names.count, dataIndex: 'subjects', align: 'right', sorter: byNumber((b: BucketRow) => b.subjects) },
            ]}
          />
        </Flex>
      </StatPanel>
    );
  };

  return (
    <Flex vertical gap={16}>
      <FilterBar state={state} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          {part('depth')}
        </Col>
        <Col xs={24} xl={12}>
          {part('duration')}
        </Col>
      </Row>
    </Flex>
  );
}
