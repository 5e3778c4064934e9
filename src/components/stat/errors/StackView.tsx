/**
 * A stack as frames, monospace: a frame a source map resolved shows its original file, line,
 * column and name highlighted, with the minified position under it; other frames as reported.
 */
import { Flex, Tag, Typography, theme } from 'antd';
import { useT } from '../../../shared/i18n';
import type { ErrorDetail } from '../../../services/stat-errors';

const MONO = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace";

export default function StackView({ message, stack, resolved }: { message: string; stack: string; resolved: ErrorDetail['resolved'] }) {
  const t = useT();
  const { token } = theme.useToken();
  if (!stack.trim()) return <Typography.Text type="secondary">{t('statError.detail.noStack')}</Typography.Text>;
  // a stack whose frames none of the known forms matched is shown as reported
  if (!resolved.frames.length)
    return (
      <pre data-testid="stack" style={{ fontFamily: MONO, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all', margin: 0 }}>
        {stack}
      </pre>
    );
  return (
    <Flex vertical gap={8} data-testid="stack">
      <Typography.Text type={resolved.resolved ? 'success' : 'secondary'} data-testid="stack-status">
        {resolved.resolved
          ? t('statError.detail.resolved', { n: resolved.resolved, version: resolved.version || '-' })
          : t('statError.detail.unresolved', { version: resolved.version || '-' })}
      </Typography.Text>
      <div style={{ fontFamily: MONO, fontSize: 12, background: token.colorFillQuaternary, borderRadius: token.borderRadius, padding: 12, overflowX: 'auto' }}>
        <div style={{ color: token.colorError, fontWeight: 600, marginBottom: 6, wordBreak: 'break-word' }}>{message}</div>
        <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {resolved.frames.map((f, i) => (
            <li
              key={i}
              data-resolved={f.original ? 'yes' : 'no'}
              style={{
                padding: '3px 8px',
                borderLeft: `3px solid ${f.original ? token.colorPrimary : 'transparent'}`,
                background: f.original ? token.colorPrimaryBg : undefined,
                marginBottom: 2,
              }}
            >
              {f.original ? (
                <>
                  <div>
                    <Tag color="processing" style={{ fontFamily: 'inherit', fontSize: 11, marginInlineEnd: 6 }}>
                      {t('statError.detail.original')}
                    </Tag>
                    {f.original.name
                      ? `at ${f.original.name} (${f.original.source}:${f.original.line}:${f.original.column})`
                      : `at ${f.original.source}:${f.original.line}:${f.original.column}`}
                  </div>
                  <div style={{ color: token.colorTextTertiary, paddingInlineStart: 16 }}>
                    {t('statError.detail.minified')}: {f.raw}
                  </div>
                </>
              ) : (
                <div style={{ color: token.colorTextSecondary }}>{f.raw}</div>
              )}
            </li>
          ))}
        </ol>
      </div>
    </Flex>
  );
}
