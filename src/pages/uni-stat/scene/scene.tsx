/**
 * Scenes: mini programs report the scene they were opened from instead of a channel; per scene
 * its launches, devices, new devices, page views, time and bounce rate (display names editable by
 * MANAGE_UNI_STAT holders); the chart follows one scene's days. The platform tabs offer the mini
 * programs only.
 */
import '../../../components/stat/pages/i18n';
import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { useRequest } from 'ahooks';
import { Flex } from 'antd';
import { useMemo, useRef } from 'react';
import { isMiniProgram } from '../../../../shared/stat';
import FilterBar from '../../../components/stat/FilterBar';
import DaysButton from '../../../components/stat/pages/DaysButton';
import { useStatFilter } from '../../../components/stat/filter';
import { count, duration, percent } from '../../../components/stat/pages/format';
import NameCell from '../../../components/stat/pages/NameCell';
import { sceneName } from '../../../components/stat/pages/scenes';
import { usePickedRow } from '../../../components/stat/pages/picked';
import StatList from '../../../components/stat/pages/StatList';
import TrendPanel from '../../../components/stat/pages/TrendPanel';
import { getSceneTrend, type StatSceneRow } from '../../../services/stat-pages';
import { useT } from '../../../shared/i18n';

export default function ScenePage() {
  const t = useT();
  const state = useStatFilter();
  const { query } = state;
  const miniPrograms = useMemo(
    () => ({ ...state, options: state.options && { ...state.options, platforms: state.options.platforms.filter(isMiniProgram) } }),
    [state],
  );
  const table = useRef<ActionType>();
  const { picked, setPicked, onLoad } = usePickedRow<StatSceneRow>((r) => r.scene);
  const trend = useRequest(() => (query && picked !== null ? getSceneTrend(query, picked, { skipErrorHandler: true }) : Promise.resolve(undefined)), {
    refreshDeps: [query, picked],
  });
  const dur = duration(t);
  const columns: ProColumns<StatSceneRow>[] = [
    {
      title: t('statPage.col.scene'),
      dataIndex: 'scene',
      key: 'scene',
      sorter: true,
      render: (_, r) => (
        <NameCell
          appId={query?.app_id ?? ''}
          kind="scene"
          value={r.scene}
          name={r.name}
          defaultName={sceneName(r.scene, t)}
          onSaved={() => table.current?.reload()}
        />
      ),
    },
    { title: t('statPage.col.sessions'), dataIndex: 'sessions', key: 'sessions', sorter: true, defaultSortOrder: 'descend', align: 'right', renderText: count },
    { title: t('statPage.col.devices'), dataIndex: 'devices', key: 'devices', sorter: true, align: 'right', renderText: count },
    { title: t('statPage.col.newDevices'), dataIndex: 'new_devices', key: 'new_devices', sorter: true, align: 'right', renderText: count },
    { title: t('statPage.col.pageViews'), dataIndex: 'page_views', key: 'page_views', sorter: true, align: 'right', renderText: count },
    { title: t('statPage.col.duration'), dataIndex: 'duration_s', key: 'duration_s', sorter: true, align: 'right', renderText: dur },
    { title: t('statPage.col.avgSession'), dataIndex: 'avg_session_s', key: 'avg_session_s', sorter: true, align: 'right', renderText: dur },
    { title: t('statPage.col.bounceRate'), dataIndex: 'bounce_rate', key: 'bounce_rate', sorter: true, align: 'right', renderText: percent },
    { title: t('statPage.col.share'), dataIndex: 'share', key: 'share', sorter: true, align: 'right', renderText: percent },
    {
      title: t('statPage.col.days'),
      key: 'days',
      width: 64,
      render: (_, r) => <DaysButton shown={r.scene === picked} onClick={() => setPicked(r.scene)} />,
    },
  ];
  return (
    <Flex vertical gap={16}>
      <FilterBar state={miniPrograms} hide={['channel']} />
      <TrendPanel
        partialDay={state.partialDay}
        title={picked ? t('statPage.trend.title', { name: sceneName(picked, t) ? `${sceneName(picked, t)} (${picked})` : picked }) : t('statPage.trend.none')}
        testId="trend-scene"
        days={trend.data}
        loading={trend.loading || !query}
        error={trend.error}
        onRetry={trend.refresh}
        metrics={[
          { key: 'sessions', label: t('statPage.col.sessions') },
          { key: 'devices', label: t('statPage.col.devices') },
          { key: 'new_devices', label: t('statPage.col.newDevices') },
        ]}
      />
      <StatList
        path="/api/stat/scenes"
        testId="table-scenes"
        actionRef={table}
        query={query}
        rowKey="scene"
        title={t('statPage.table.scenes')}
        searchPlaceholder={t('statPage.search.names')}
        columns={columns}
        onLoad={onLoad}
        exportName="scenes"
        exportColumns={[
          { title: t('statPage.col.scene'), value: (r) => r.scene },
          { title: t('statPage.col.name'), value: (r) => r.name || sceneName(r.scene, t) },
          { title: t('statPage.col.sessions'), value: (r) => r.sessions },
          { title: t('statPage.col.devices'), value: (r) => r.devices },
          { title: t('statPage.col.newDevices'), value: (r) => r.new_devices },
          { title: t('statPage.col.pageViews'), value: (r) => r.page_views },
          { title: t('statPage.col.duration'), value: (r) => r.duration_s },
          { title: t('statPage.col.avgSession'), value: (r) => r.avg_session_s },
          { title: t('statPage.col.bounceRate'), value: (r) => r.bounce_rate },
          { title: t('statPage.col.share'), value: (r) => r.share },
        ]}
      />
    </Flex>
  );
}
