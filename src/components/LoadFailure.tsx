/**
 * The error state of anything a page loads: what failed, why (timeout, network, the server's
 * message), and a retry. One component so every page words and behaves the same.
 */
import { Alert, Button } from 'antd';
import { requestErrorText, type RequestErrorInfo } from '../services/request-layer';
import { useT } from '../shared/i18n';
import { SPEC } from '../shared/spec';

export default function LoadFailure({ title, failure, onRetry }: { title: string; failure: RequestErrorInfo; onRetry: () => void }) {
  const t = useT();
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      message={title}
      description={requestErrorText(failure, t, SPEC.REQUEST_TIMEOUT_MS)}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
