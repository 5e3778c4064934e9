/**
 * The error log in the top bar (spec section 3, as uni-admin shows it): a bug button with the
 * count of this tab's errors, shown once there is one, opening a drawer that lists them
 * newest first (message, kind, route, time, stack) with "clear all".
 */
import { BugOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Badge, Button, Drawer, Empty, Flex, Tag, Tooltip, Typography, theme as antdTheme } from 'antd';
import { useState, useSyncExternalStore } from 'react';
import { clearErrorLog, errorLogEntries, subscribeErrorLog, type ErrorLogEntry } from '../shared/error-log';
import { useT } from '../shared/i18n';

export function useErrorLog(): ErrorLogEntry[] {
  return useSyncExternalStore(subscribeErrorLog, errorLogEntries, errorLogEntries);
}

function Entry({ entry }: { entry: ErrorLogEntry }) {
  const t = useT();
  const intl = useIntl() as unknown as { locale: string };
  const { token } = antdTheme.useToken();
  const time = new Date(entry.time).toLocaleString(intl.locale);
  return (
    <li className="console-error-entry" style={{ listStyle: 'none', padding: '12px 0', borderBottom: `1px solid ${token.colorBorderSecondary}` }}>
      <Flex gap={8} align="baseline" wrap="wrap">
        <Tag color={entry.kind === 'page-load' ? 'orange' : 'red'}>{t(`errorLog.kind.${entry.kind}`)}</Tag>
        <Typography.Text strong style={{ wordBreak: 'break-word' }}>
          {entry.message}
        </Typography.Text>
      </Flex>
      <dl style={{ margin: '8px 0 0', display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 12px', color: token.colorTextSecondary }}>
        <dt>{t('errorLog.route')}</dt>
        <dd style={{ margin: 0, wordBreak: 'break-all' }}>
          <Typography.Text code>{entry.route}</Typography.Text>
        </dd>
        <dt>{t('errorLog.time')}</dt>
        <dd style={{ margin: 0 }}>
          <time dateTime={new Date(entry.time).toISOString()}>{time}</time>
        </dd>
      </dl>
      {entry.stack ? (
        <details style={{ marginTop: 6 }}>
          <summary style={{ cursor: 'pointer', color: token.colorTextSecondary }}>{t('errorLog.stack')}</summary>
          <pre style={{ margin: '6px 0 0', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 240, overflow: 'auto' }}>{entry.stack}</pre>
        </details>
      ) : null}
    </li>
  );
}

/** nothing while the log is empty; the badge with the count once it is not */
export default function ErrorLogButton() {
  const t = useT();
  const entries = useErrorLog();
  const [open, setOpen] = useState(false);
  if (!entries.length && !open) return null;
  const label = t('errorLog.open', { count: entries.length });
  return (
    <>
      <Tooltip title={label}>
        <Button type="text" aria-label={label} onClick={() => setOpen(true)} style={{ paddingInline: 6 }}>
          <Badge count={entries.length} size="small" overflowCount={99}>
            <BugOutlined style={{ fontSize: 16 }} />
          </Badge>
        </Button>
      </Tooltip>
      <Drawer
        title={t('errorLog.title')}
        open={open}
        onClose={() => setOpen(false)}
        width={480}
        rootClassName="console-error-log"
        extra={
          <Button size="small" danger disabled={!entries.length} onClick={clearErrorLog}>
            {t('errorLog.clear')}
          </Button>
        }
      >
        {entries.length ? (
          <ul style={{ margin: 0, padding: 0 }} aria-label={t('errorLog.title')}>
            {entries.map((e) => (
              <Entry key={e.id} entry={e} />
            ))}
          </ul>
        ) : (
          <Empty description={t('errorLog.empty')} />
        )}
      </Drawer>
    </>
  );
}
