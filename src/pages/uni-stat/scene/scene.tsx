/**
 * Scenes: mini programs report the scene they were opened from instead of a channel; per scene
 * its launches, devices, new devices, page views, time and bounce rate (display names editable by
 * MANAGE_UNI_STAT holders); the chart follows one scene's days. The platform tabs offer the mini
 * programs only.
 */
import { useMemo } from 'react';
import { isMiniProgram } from '../../../../shared/stat';
import { useStatFilter } from '../../../components/stat/filter';
import { sceneName } from '../../../components/stat/pages/scenes';
import SourceReport, { type SourceReportSpec } from '../../../components/stat/pages/SourceReport';
import { getSceneTrend, type StatSceneRow } from '../../../services/stat-pages';
import { useT } from '../../../shared/i18n';

const SPEC: SourceReportSpec<StatSceneRow> = {
  kind: 'scene',
  path: '/api/stat/scenes',
  testIds: { trend: 'trend-scene', table: 'table-scenes' },
  title: 'statPage.table.scenes',
  column: 'statPage.col.scene',
  exportName: 'scenes',
  figures: [
    { key: 'sessions', label: 'statPage.col.sessions', format: 'count', defaultSort: true },
    { key: 'devices', label: 'statPage.col.devices', format: 'count' },
    { key: 'new_devices', label: 'statPage.col.newDevices', format: 'count' },
    { key: 'page_views', label: 'statPage.col.pageViews', format: 'count' },
    { key: 'duration_s', label: 'statPage.col.duration', format: 'duration' },
    { key: 'avg_session_s', label: 'statPage.col.avgSession', format: 'duration' },
    { key: 'bounce_rate', label: 'statPage.col.bounceRate', format: 'percent' },
    { key: 'share', label: 'statPage.col.share', format: 'percent' },
  ],
  trend: [
    { key: 'sessions', label: 'statPage.col.sessions' },
    { key: 'devices', label: 'statPage.col.devices' },
    { key: 'new_devices', label: 'statPage.col.newDevices' },
  ],
  trendOf: getSceneTrend,
};

export default function ScenePage() {
  const t = useT();
  const state = useStatFilter();
  const miniPrograms = useMemo(
    () => ({ ...state, options: state.options && { ...state.options, platforms: state.options.platforms.filter(isMiniProgram) } }),
    [state],
  );
  return (
    <SourceReport
      spec={SPEC}
      state={miniPrograms}
      query={state.query}
      sourceOf={(r) => r.scene}
      label={(scene) => (sceneName(scene, t) ? `${sceneName(scene, t)} (${scene})` : scene)}
      defaultName={(scene) => sceneName(scene, t)}
    />
  );
}
