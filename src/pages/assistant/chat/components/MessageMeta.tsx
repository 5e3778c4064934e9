/**
 * The small muted line under an answer: model, tokens, credits, first-token and total time;
 * its status when it did not end normally; the note when older turns were left out.
 */
import { Alert, Flex, Tag, Typography } from 'antd';
import type { MessageRow } from '../../../../services/chat';
import { hasMessage, useT, type Translate } from '../../../../shared/i18n';
import { SPEC } from '../../../../shared/spec';

/** the catalogue's text for a failed answer's code, with the provider's own message in it */
export function failureText(m: Pick<MessageRow, 'error_code' | 'error_message'>, t: Translate): string {
  const code = m.error_code;
  const message = m.error_message ?? '';
  if (code === 'AI_PROVIDER_ERROR' || code === 'AI_TIMEOUT' || code === 'AI_RATE_LIMITED') {
    return t(`error.${code}`, { message, seconds: Math.round(SPEC.REQUEST_TIMEOUT_MS / 1000) });
  }
  if (message) return message;
  return code && hasMessage(`error.${code}`) ? t(`error.${code}`) : t('request.failed');
}

/** a failed answer's reason, in the catalogue's words */
export function FailureAlert({ m }: { m: MessageRow }) {
  const t = useT();
  return <Alert type="error" showIcon message={failureText(m, t)} className="chat-message-error" />;
}

export function MetaLine({ m }: { m: MessageRow }) {
  const t = useT();
  const parts: string[] = [];
  if (m.model_name) parts.push(m.model_name);
  if (m.input_tokens !== null || m.output_tokens !== null) {
    parts.push(t('chat.meta.tokens', { input: m.input_tokens ?? '-', output: m.output_tokens ?? '-' }));
  }
  if (m.credits !== null) parts.push(t('chat.meta.credits', { credits: m.credits }));
  if (m.first_token_ms !== null) parts.push(t('chat.meta.firstToken', { ms: m.first_token_ms }));
  if (m.total_ms !== null) parts.push(t('chat.meta.total', { seconds: (m.total_ms / 1000).toFixed(1) }));
  return (
    <Flex vertical gap={4} className="chat-meta">
      {/* an answer that failed before any text shows the reason in its bubble instead */}
      {m.status === 'error' && m.content ? <FailureAlert m={m} /> : null}
      <Flex gap={6} wrap="wrap" align="center">
        {m.status === 'stopped' ? <Tag color="warning">{t('chat.status.stopped')}</Tag> : null}
        {m.status === 'interrupted' ? <Tag color="default">{t('chat.status.interrupted')}</Tag> : null}
        {m.status === 'error' ? <Tag color="error">{t('chat.status.error')}</Tag> : null}
        {parts.length ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} className="chat-meta-line">
            {parts.join(' · ')}
          </Typography.Text>
        ) : null}
      </Flex>
      {m.trimmed ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} className="chat-trimmed">
          {t('chat.trimmed', { count: m.trimmed })}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
