/**
 * The rewarded-ad page (uni-pay ad-interactive-webview): starts a view, shows the ad network's page
 * in a sandboxed frame and asks the server until the network's callback rewarded the view; then
 * "+N credits" and the new balance (the top bar follows), or that today's cap is reached.
 */
import '../../../../components/redeem/i18n';
import { Alert, Button, Card, Result, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { getAdView, startAdView, type AdView } from '../../../../services/redeem';
import { requestErrorOf, requestErrorText } from '../../../../services/request-layer';
import { useT } from '../../../../shared/i18n';
import { saveScore } from '../../../../shared/session';
import { SPEC } from '../../../../shared/spec';

/** the ad may run scripts, forms and popups and keep its own origin; it can never navigate this tab */
const SANDBOX = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-same-origin';
const POLL_MS = 2000;

export default function AdInteractiveWebview() {
  const t = useT();
  const [view, setView] = useState<{ id: string; url: string } | null>(null);
  const [state, setState] = useState<AdView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);

  const start = useCallback(async () => {
    setStarting(true);
    setError(null);
    setState(null);
    setView(null);
    try {
      setView(await startAdView({ skipErrorHandler: true }));
    } catch (e) {
      setError(requestErrorText(requestErrorOf(e), t, SPEC.REQUEST_TIMEOUT_MS));
    } finally {
      setStarting(false);
    }
  }, [t]);

  useEffect(() => {
    void start();
  }, [start]);

  const done = state && state.status !== 'pending';
  useEffect(() => {
    if (!view || done) return undefined;
    let stop = false;
    const timer = window.setInterval(async () => {
      try {
        const s = await getAdView(view.id, { skipErrorHandler: true });
        if (stop) return;
        setState(s);
        if (s.status === 'rewarded') saveScore(s.balance);
      } catch {
        /* asked again at the next tick */
      }
    }, POLL_MS);
    return () => {
      stop = true;
      window.clearInterval(timer);
    };
  }, [view, done]);

  const capReached = state ? state.status === 'capped' || state.rewarded_today >= state.daily_cap : false;

  return (
    <Card title={t('redeem.ad.title')}>
      {error ? (
        // a warning: "info" is drawn in the primary colour, which the green theme reads as success
        <Result status="warning" title={error} extra={<Button onClick={start}>{t('redeem.ad.retry')}</Button>} />
      ) : !view ? (
        <Spin spinning={starting}>
          <div style={{ height: 120 }} />
        </Spin>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {state?.status === 'rewarded' ? (
            <Alert type="success" showIcon data-testid="ad-reward" message={t('redeem.ad.rewarded', { credits: state.credits ?? 0, balance: state.balance })} />
          ) : state?.status === 'capped' ? null : (
            <Typography.Text type="secondary">{t('redeem.ad.waiting')}</Typography.Text>
          )}
          {capReached && state && <Alert type="warning" showIcon data-testid="ad-capped" message={t('redeem.ad.capped', { cap: state.daily_cap })} />}
          {done && !capReached && (
            <Button type="primary" onClick={start}>
              {t('redeem.ad.again')}
            </Button>
          )}
          {!done && (
            <iframe
              title={t('redeem.ad.frame')}
              src={view.url}
              sandbox={SANDBOX}
              referrerPolicy="no-referrer"
              style={{ width: '100%', height: 'min(70vh, 640px)', border: 0 }}
              data-testid="ad-frame"
            />
          )}
        </Space>
      )}
    </Card>
  );
}
