/** The device and user reports' calls (/api/stat/devices/... and /api/stat/users/...): the same reports over devices or signed-in users. */
import type { Data } from './resource';
import type { RequestOptions } from './request-layer';
import { getStatReport, type StatQuery } from './stat';

export type StatSubject = 'device' | 'user';
export type SubjectReport = 'overview' | 'activity' | 'trend' | 'retention' | 'comparison' | 'stickiness';

export type OverviewData = Data<'/api/stat/devices/overview', 'get'>;
export type ActivityData = Data<'/api/stat/devices/activity', 'get'>;
export type TrendData = Data<'/api/stat/devices/trend', 'get'>;
export type RetentionData = Data<'/api/stat/devices/retention', 'get'>;
export type ComparisonData = Data<'/api/stat/devices/comparison', 'get'>;
export type StickinessData = Data<'/api/stat/devices/stickiness', 'get'>;
export type Granularity = TrendData['granularity'];
export type RetentionMode = RetentionData['mode'];

interface ReportData {
  overview: OverviewData;
  activity: ActivityData;
  trend: TrendData;
  retention: RetentionData;
  comparison: ComparisonData;
  stickiness: StickinessData;
}

const segment = (s: StatSubject) => (s === 'device' ? 'devices' : 'users');

/** one report of a subject under the filter, with the report's own parameters */
export const getSubjectReport = <R extends SubjectReport>(
  subject: StatSubject,
  report: R,
  q: StatQuery,
  params: Record<string, string | undefined> = {},
  opts?: RequestOptions,
) => getStatReport<ReportData[R]>(`/api/stat/${segment(subject)}/${report}`, { ...q, ...params }, opts);
