/** The error pages' key figures: occurrences, launches, the rate per launch and the groups, each against the period before. */
import './i18n';
import KeyFigures from '../KeyFigures';
import { useT } from '../../../shared/i18n';
import type { ErrorSummary } from '../../../services/stat-errors';
import { percent } from './charts';

export default function RateFigures({ summary, loading, kind }: { summary?: ErrorSummary; loading: boolean; kind: 'js' | 'crash' }) {
  const t = useT();
  const s = summary ?? { count: 0, launches: 0, rate: 0, groups: 0, previous: { count: 0, launches: 0, rate: 0 }, trend: [] };
  const js = kind === 'js';
  return (
    <KeyFigures
      loading={loading}
      figures={[
        { key: 'count', label: t(js ? 'statError.figure.errors' : 'statError.figure.crashes'), value: s.count, previous: s.previous.count },
        { key: 'launches', label: t('statError.figure.launches'), value: s.launches, previous: s.previous.launches },
        { key: 'rate', label: t(js ? 'statError.figure.errorRate' : 'statError.figure.crashRate'), value: s.rate, previous: s.previous.rate, format: percent },
        { key: 'groups', label: t(js ? 'statError.figure.groups' : 'statError.figure.crashRows'), value: s.groups },
      ]}
    />
  );
}
