/**
 * The webview page (uni-id-pages common/webview): ?url=&title=. The server decides whether the
 * address may be shown (GET /api/webview/check: its origin exactly on WEBVIEW_ALLOW); an
 * allowed one fills the page in a sandboxed frame under a slim bar with the title, any other
 * is refused with a message and is never opened or linked. No top bar or left menu (spec).
 */
import { ArrowLeftOutlined, ExportOutlined } from '@ant-design/icons';
import { useLocation } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Result, Spin, Tooltip, Typography, theme as antdTheme } from 'antd';
import { useEffect } from 'react';
import { goBack } from '../../../../../layouts/Frame';
import { checkWebview } from '../../../../../services/api';
import { requestErrorOf, requestErrorText } from '../../../../../services/request-layer';
import { APP_NAME } from '../../../../../shared/app-info';
import { useT } from '../../../../../shared/i18n';
import { SPEC } from '../../../../../shared/spec';

/** what the framed page may do: run, submit forms, open its links in new tabs; never navigate this tab */
const SANDBOX = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads';

export default function Webview() {
  const t = useT();
  const { token } = antdTheme.useToken();
  const { search } = useLocation();
  const q = new URLSearchParams(search);
  const url = q.get('url')?.trim() ?? '';
  const given = q.get('title')?.trim() ?? '';

  const check = useRequest(() => checkWebview(url, { skipErrorHandler: true }), { ready: !!url, refreshDeps: [url] });
  const decision = check.data;
  const target = decision?.allowed ? new URL(decision.url) : null;
  const title = given || target?.host || t('route.webview');
  // a page of its own origin framed with scripts must not also get its origin back (that would undo the sandbox)
  const sandbox = target && target.origin !== window.location.origin ? `${SANDBOX} allow-same-origin` : SANDBOX;

  const shown = target?.href;
  useEffect(() => {
    if (shown) document.title = `${title} - ${APP_NAME}`;
  }, [shown, title]);

  const bar = (
    <header
      style={{
        height: SPEC.TOP_BAR_HEIGHT_PX,
        flex: 'none',
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: '0 8px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Tooltip title={t('nav.back')}>
        <Button type="text" aria-label={t('nav.back')} icon={<ArrowLeftOutlined />} onClick={goBack} />
      </Tooltip>
      <Typography.Title level={1} ellipsis style={{ margin: 0, fontSize: 16, flex: 1, minWidth: 0 }}>
        {title}
      </Typography.Title>
      {target ? (
        <Tooltip title={t('webview.openNew')}>
          <Button type="text" aria-label={t('webview.openNew')} icon={<ExportOutlined />} href={target.href} target="_blank" rel="noopener noreferrer" />
        </Tooltip>
      ) : null}
    </header>
  );

  let body;
  if (!url) {
    body = <Result status="warning" title={t('webview.missing')} extra={<Button href="#/">{t('webview.home')}</Button>} />;
  } else if (check.loading || (!decision && !check.error)) {
    body = (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin tip={t('webview.checking')}>
          <div style={{ height: 80 }} />
        </Spin>
      </div>
    );
  } else if (check.error) {
    const info = requestErrorOf(check.error);
    body = (
      <Result
        status="error"
        title={t('request.failed')}
        subTitle={requestErrorText(info, t, SPEC.REQUEST_TIMEOUT_MS)}
        extra={<Button onClick={() => check.refresh()}>{t('userinfo.retry')}</Button>}
      />
    );
  } else if (!target) {
    body = (
      <Result
        status="403"
        title={t('webview.refused')}
        subTitle={
          <>
            <div>{t(decision?.reason === 'invalid' ? 'webview.refused.invalid' : 'webview.refused.notListed')}</div>
            {/* the address as text only: a refused address is never linked */}
            <Typography.Text code style={{ wordBreak: 'break-all' }} data-testid="webview-refused-url">
              {url}
            </Typography.Text>
          </>
        }
        extra={
          <>
            <Button onClick={goBack}>{t('nav.back')}</Button>
            <Button type="primary" href="#/">
              {t('webview.home')}
            </Button>
          </>
        }
      />
    );
  } else {
    body = (
      <iframe
        key={target.href}
        src={target.href}
        title={title}
        sandbox={sandbox}
        referrerPolicy="strict-origin-when-cross-origin"
        style={{ flex: 1, width: '100%', border: 'none', display: 'block', background: token.colorBgContainer }}
      />
    );
  }

  return (
    <div style={{ height: '100vh', display: 'flex', flexDirection: 'column', background: token.colorBgLayout, color: token.colorText }}>
      {bar}
      {body}
    </div>
  );
}
