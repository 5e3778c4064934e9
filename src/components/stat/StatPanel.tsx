/**
 * A stats panel: a card that shows its content, a skeleton while loading, the error with a retry,
 * or the empty state ("No data in this range"). Every chart and table of the stats pages sits in one.
 * Its title wraps on a narrow screen instead of ending in an ellipsis that hides its unit.
 */
import './i18n';
import { Card, Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import LoadFailure from '../LoadFailure';
import { requestErrorOf } from '../../services/request-layer';
import { useT } from '../../shared/i18n';

export interface StatPanelProps {
  title?: ReactNode;
  extra?: ReactNode;
  loading?: boolean;
  error?: Error;
  onRetry?: () => void;
  /** nothing to show: the empty state */
  empty?: boolean;
  children?: ReactNode;
  testId?: string;
}

export default function StatPanel({ title, extra, loading, error, onRetry, empty, children, testId }: StatPanelProps) {
  const t = useT();
  let body: ReactNode = children;
  if (error) body = <LoadFailure title={t('stat.loadFailed')} failure={requestErrorOf(error)} onRetry={onRetry ?? (() => undefined)} />;
  else if (loading) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (empty) body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('stat.empty')} />;
  return (
    <Card
      className="stat-panel"
      title={title ? <span style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{title}</span> : title}
      extra={extra}
      data-testid={testId}
      data-state={error ? 'error' : loading ? 'loading' : empty ? 'empty' : 'ready'}
    >
      {body}
    </Card>
  );
}
