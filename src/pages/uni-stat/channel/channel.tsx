/**
 * Channels: the apps' install channels, each with its new and active devices (distinct over the
 * range), launches, page views, time and bounce rate; display names editable by MANAGE_UNI_STAT
 * holders; the chart follows one channel's days. The filter bar has no channel select here.
 */
import '../../../components/stat/pages/i18n';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { Flex } from 'antd';
import { useMemo, useRef } from 'react';
import FilterBar from '../../../components/stat/FilterBar';
import DaysButton from '../../../components/stat/pages/DaysButton';
import { useStatFilter } from '../../../components/stat/filter';
import { count, duration, percent } from '../../../components/stat/pages/format';
import NameCell from '../../../components/stat/pages/NameCell';
import { usePickedRow } from '../../../components/stat/pages/picked';
import StatList from '../../../components/stat/pages/StatList';
import TrendPanel from '../../../components/stat/pages/TrendPanel';
import { getChannelTrend, type StatChannelRow } from '../../../services/stat-pages';
import { useT } from '../../../shared/i18n';

export default function ChannelPage() {
  const t = useT();
  const state = useStatFilter();
  // the channels are the rows here: a channel picked on another page does not narrow them
  const query = useMemo(() => state.query && { ...state.query, channel: undefined }, [state.query]);
  const table = useRef<ActionType>();
  const { picked, setPicked, onLoad } = usePickedRow<StatChannelRow>((r) => r.channel);
  const trend = useRequest(() => (query && picked !== null ? getChannelTrend(query, picked, { skipErrorHandler: true }) : Promise.resolve(undefined)), {
    refreshDeps: [state.query, picked],
  });
  const dur = duration(t);
  const label = (channel: string) => channel || t('statPage.noChannel');
  const columns: ProColumns<StatChannelRow>[] = [
    {
      title: t('statPage.col.channel'),
      dataIndex: 'channel',
      key: 'channel',
      sorter: true,
      render: (_, r) => (
        <NameCell
          appId={query?.app_id ?? ''}
          kind="channel"
          value={r.channel}
          name={r.name}
          emptyLabel={t('statPage.noChannel')}
          onSaved={() => table.current?.reload()}
        />
      ),
    },
    { title: t('statPage.col.newDevices'), dataIndex: 'new_devices', key: 'new_devices', sorter: true, align: 'right', renderText: count },
    {
      title: t('statPage.col.activeDevices'),
      dataIndex: 'active_devices',
      key: 'active_devices',
      sorter: true,
      defaultSortOrder: 'descend',
      align: 'right',
      renderText: count,
    },
    { title: t('statPage.col.sessions'), dataIndex: 'sessions', key: 'sessions', sorter: true, align: 'right', renderText: count },
    { title: t('statPage.col.pageViews'), dataIndex: 'page_views', key: 'page_views', sorter: true, align: 'right', renderText: count },
    { title: t('statPage.col.duration'), dataIndex: 'duration_s', key: 'duration_s', sorter: true, align: 'right', renderText: dur },
    { title: t('statPage.col.avgSession'), dataIndex: 'avg_session_s', key: 'avg_session_s', sorter: true, align: 'right', renderText: dur },
    { title: t('statPage.col.bounceRate'), dataIndex: 'bounce_rate', key: 'bounce_rate', sorter: true, align: 'right', renderText: percent },
    {
      title: t('statPage.col.days'),
      key: 'days',
      width: 64,
      render: (_, r) => <DaysButton shown={r.channel === picked} onClick={() => setPicked(r.channel)} />,
    },
  ];
  return (
    <Flex vertical gap={16}>
      <FilterBar state={state} hide={['channel']} />
      <TrendPanel
        partialDay={state.partialDay}
        title={picked !== null ? t('statPage.trend.title', { name: label(picked) }) : t('statPage.trend.none')}
        testId="trend-channel"
        days={trend.data}
        loading={trend.loading || !query}
        error={trend.error}
        onRetry={trend.refresh}
        metrics={[
          { key: 'new_devices', label: t('statPage.col.newDevices') },
          { key: 'active_devices', label: t('statPage.col.activeDevices') },
          { key: 'sessions', label: t('statPage.col.sessions') },
        ]}
      />
      <StatList
        path="/api/stat/channels"
        testId="table-channels"
        actionRef={table}
        query={query}
        rowKey="channel"
        title={t('statPage.table.channels')}
        searchPlaceholder={t('statPage.search.names')}
        columns={columns}
        onLoad={onLoad}
        exportName="channels"
        exportColumns={[
          { title: t('statPage.col.channel'), value: (r) => r.channel },
          { title: t('statPage.col.name'), value: (r) => r.name },
          { title: t('statPage.col.newDevices'), value: (r) => r.new_devices },
          { title: t('statPage.col.activeDevices'), value: (r) => r.active_devices },
          { title: t('statPage.col.sessions'), value: (r) => r.sessions },
          { title: t('statPage.col.pageViews'), value: (r) => r.page_views },
          { title: t('statPage.col.duration'), value: (r) => r.duration_s },
          { title: t('statPage.col.avgSession'), value: (r) => r.avg_session_s },
          { title: t('statPage.col.bounceRate'), value: (r) => r.bounce_rate },
        ]}
      />
    </Flex>
  );
}
