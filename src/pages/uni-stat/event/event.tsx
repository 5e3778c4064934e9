/**
 * Custom events: per event key its occurrences, devices, distinct values and share (display
 * names editable by MANAGE_UNI_STAT holders); for one key (the first row, or the one picked) its
 * occurrences by day and its most frequent values with their shares; then the events one by one
 * (time, event, value, platform, device), narrowed to an event and (or) a device.
 */
import '../../../components/stat/pages/i18n';
import { Pie } from '../../../components/stat/LazyCharts';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { Col, Flex, Row, Table, theme as antdTheme, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import FilterBar from '../../../components/stat/FilterBar';
import DaysButton from '../../../components/stat/pages/DaysButton';
import { useStatFilter } from '../../../components/stat/filter';
import StatPanel from '../../../components/stat/StatPanel';
import { count, percent } from '../../../components/stat/pages/format';
import NameCell from '../../../components/stat/pages/NameCell';
import { usePickedRow } from '../../../components/stat/pages/picked';
import RawEvents from '../../../components/stat/pages/RawEvents';
import StatList from '../../../components/stat/pages/StatList';
import { chartPalette } from '../../../components/charts/theme';
import TrendPanel from '../../../components/stat/pages/TrendPanel';
import { getEventValues, type StatEventRow, type StatEventValues } from '../../../services/stat-pages';
import { useT } from '../../../shared/i18n';

/** the values a ring shows; the table under it lists every value of the top */
const RING_VALUES = 6;

function ValuesRing({ values }: { values: StatEventValues['values'] }) {
  const t = useT();
  const { token } = antdTheme.useToken();
  const palette = chartPalette(token);
  const slices = values.slice(0, RING_VALUES).map((v) => ({ name: v.value || t('statPage.noValue'), value: v.count }));
  const config = useMemo(
    () => ({
      data: slices,
      angleField: 'value',
      colorField: 'name',
      innerRadius: 0.6,
      height: 220,
      autoFit: true,
      label: false as const,
      legend: false as const,
      scale: { color: { domain: slices.map((s) => s.name), range: palette.slice(0, slices.length) } },
      style: { stroke: token.colorBgContainer, lineWidth: 1 },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [values, token],
  );
  return <Pie {...config} />;
}

export default function EventPage() {
  const t = useT();
  const state = useStatFilter();
  const { query } = state;
  const table = useRef<ActionType>();
  const { picked, setPicked, onLoad } = usePickedRow<StatEventRow>((r) => r.key);
  // the key's display name once the table has named it
  const [names, setNames] = useState<Record<string, string>>({});
  const pickedName = picked ? names[picked] || picked : '';
  const values = useRequest(() => (query && picked ? getEventValues(query, picked, { skipErrorHandler: true }) : Promise.resolve(undefined)), {
    refreshDeps: [query, picked],
  });
  const columns: ProColumns<StatEventRow>[] = [
    {
      title: t('statPage.col.key'),
      dataIndex: 'key',
      key: 'key',
      sorter: true,
      render: (_, r) => <NameCell appId={query?.app_id ?? ''} kind="event" value={r.key} name={r.name} onSaved={() => table.current?.reload()} />,
    },
    { title: t('statPage.col.count'), dataIndex: 'count', key: 'count', sorter: true, defaultSortOrder: 'descend', align: 'right', renderText: count },
    { title: t('statPage.col.devices'), dataIndex: 'devices', key: 'devices', sorter: true, align: 'right', renderText: count },
    { title: t('statPage.col.values'), dataIndex: 'values', key: 'values', sorter: true, align: 'right', renderText: count },
    { title: t('statPage.col.share'), dataIndex: 'share', key: 'share', sorter: true, align: 'right', renderText: percent },
    {
      title: t('statPage.col.days'),
      key: 'days',
      width: 64,
      render: (_, r) => <DaysButton shown={r.key === picked} onClick={() => setPicked(r.key)} />,
    },
  ];
  const v = values.data;
  return (
    <Flex vertical gap={16}>
      <FilterBar state={state} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <TrendPanel
            partialDay={state.partialDay}
            title={picked ? t('statPage.trend.title', { name: pickedName }) : t('statPage.trend.none')}
            testId="trend-event"
            days={v?.trend}
            loading={values.loading || !query}
            error={values.error}
            onRetry={values.refresh}
            metrics={[
              { key: 'count', label: t('statPage.col.count') },
              { key: 'devices', label: t('statPage.col.devices') },
            ]}
          />
        </Col>
        <Col xs={24} xl={10}>
          <StatPanel
            title={picked ? t('statPage.values.title', { name: pickedName }) : t('statPage.values.none')}
            testId="event-values"
            loading={values.loading || !query}
            error={values.error}
            onRetry={values.refresh}
            empty={!v?.values.length}
          >
            {v ? (
              <Flex vertical gap={8}>
                <ValuesRing values={v.values} />
                <Table
                  size="small"
                  rowKey="value"
                  pagination={v.values.length > 5 ? { pageSize: 5, size: 'small' } : false}
                  dataSource={v.values}
                  columns={[
                    { title: t('statPage.col.value'), dataIndex: 'value', key: 'value', render: (x: string) => x || t('statPage.noValue') },
                    { title: t('statPage.col.count'), dataIndex: 'count', key: 'count', align: 'right', render: count },
                    { title: t('statPage.col.share'), dataIndex: 'share', key: 'share', align: 'right', render: percent },
                  ]}
                />
                {v.others ? <Typography.Text type="secondary">{t('statPage.values.others', { n: v.others })}</Typography.Text> : null}
              </Flex>
            ) : null}
          </StatPanel>
        </Col>
      </Row>
      <StatList
        path="/api/stat/events"
        testId="table-events"
        actionRef={table}
        query={query}
        rowKey="key"
        title={t('statPage.table.events')}
        searchPlaceholder={t('statPage.search.names')}
        columns={columns}
        onLoad={(rows) => {
          setNames(Object.fromEntries(rows.map((r) => [r.key, r.name])));
          onLoad(rows);
        }}
        exportName="events"
        exportColumns={[
          { title: t('statPage.col.key'), value: (r) => r.key },
          { title: t('statPage.col.name'), value: (r) => r.name },
          { title: t('statPage.col.count'), value: (r) => r.count },
          { title: t('statPage.col.devices'), value: (r) => r.devices },
          { title: t('statPage.col.values'), value: (r) => r.values },
          { title: t('statPage.col.share'), value: (r) => r.share },
        ]}
      />
      <RawEvents query={query} keys={Object.entries(names).map(([key, name]) => ({ key, name }))} />
    </Flex>
  );
}
