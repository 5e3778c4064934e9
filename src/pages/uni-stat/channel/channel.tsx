/**
 * Channels: the apps' install channels, each with its new and active devices (distinct over the
 * range), launches, page views, time and bounce rate; display names editable by MANAGE_UNI_STAT
 * holders; the chart follows one channel's days. The filter bar has no channel select here.
 */
import { useMemo } from 'react';
import { useStatFilter } from '../../../components/stat/filter';
import SourceReport, { type SourceReportSpec } from '../../../components/stat/pages/SourceReport';
import { getChannelTrend, type StatChannelRow } from '../../../services/stat-pages';
import { useT } from '../../../shared/i18n';

const SPEC: SourceReportSpec<StatChannelRow> = {
  kind: 'channel',
  path: '/api/stat/channels',
  testIds: { trend: 'trend-channel', table: 'table-channels' },
  title: 'statPage.table.channels',
  column: 'statPage.col.channel',
  exportName: 'channels',
  figures: [
    { key: 'new_devices', label: 'statPage.col.newDevices', format: 'count' },
    { key: 'active_devices', label: 'statPage.col.activeDevices', format: 'count', defaultSort: true },
    { key: 'sessions', label: 'statPage.col.sessions', format: 'count' },
    { key: 'page_views', label: 'statPage.col.pageViews', format: 'count' },
    { key: 'duration_s', label: 'statPage.col.duration', format: 'duration' },
    { key: 'avg_session_s', label: 'statPage.col.avgSession', format: 'duration' },
    { key: 'bounce_rate', label: 'statPage.col.bounceRate', format: 'percent' },
  ],
  trend: [
    { key: 'new_devices', label: 'statPage.col.newDevices' },
    { key: 'active_devices', label: 'statPage.col.activeDevices' },
    { key: 'sessions', label: 'statPage.col.sessions' },
  ],
  trendOf: getChannelTrend,
};

export default function ChannelPage() {
  const t = useT();
  const state = useStatFilter();
  // the channels are the rows here: a channel picked on another page does not narrow them
  const query = useMemo(() => state.query && { ...state.query, channel: undefined }, [state.query]);
  return (
    <SourceReport
      spec={SPEC}
      state={state}
      query={query}
      sourceOf={(r) => r.channel}
      label={(channel) => channel || t('statPage.noChannel')}
      emptyLabel={t('statPage.noChannel')}
    />
  );
}
