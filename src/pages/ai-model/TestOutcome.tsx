/**
 * What a "test connection" came back with: the provider's one-token reply, the time it took and
 * its model ids, or the provider's error as the server worded it.
 */
import { Alert, Flex, Tag, Typography } from 'antd';
import { requestErrorOf, requestErrorText } from '../../services/request-layer';
import type { TestResult } from '../../services/ai';
import { useT } from '../../shared/i18n';
import { SPEC } from '../../shared/spec';
import './i18n';

export type Outcome = { ok: true; result: TestResult } | { ok: false; error: unknown };

/** how many of the provider's model ids are shown before "and N more" */
const SHOWN_MODELS = 30;

export default function TestOutcome({ outcome }: { outcome: Outcome }) {
  const t = useT();
  if (!outcome.ok) {
    const info = requestErrorOf(outcome.error);
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        data-testid="test-outcome"
        message={t('ai.test.failed')}
        description={requestErrorText(info, t, SPEC.REQUEST_TIMEOUT_MS)}
      />
    );
  }
  const { models, reply, latency_ms } = outcome.result;
  return (
    <Alert
      type="success"
      showIcon
      data-testid="test-outcome"
      message={t('ai.test.ok', { ms: latency_ms })}
      description={
        <Flex vertical gap={8}>
          <div>
            {t('ai.test.reply')}{' '}
            {reply ? (
              <Typography.Text code data-testid="test-reply">
                {reply}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">{t('ai.test.emptyReply')}</Typography.Text>
            )}
          </div>
          <div>
            {t('ai.test.models', { count: models.length })}
            {models.length ? (
              <Flex gap={4} wrap="wrap" style={{ marginTop: 4 }}>
                {models.slice(0, SHOWN_MODELS).map((m) => (
                  <Tag key={m} style={{ marginInlineEnd: 0 }}>
                    {m}
                  </Tag>
                ))}
                {models.length > SHOWN_MODELS ? <Tag>{t('ai.test.moreModels', { count: models.length - SHOWN_MODELS })}</Tag> : null}
              </Flex>
            ) : null}
          </div>
        </Flex>
      }
    />
  );
}
