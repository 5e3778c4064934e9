/**
 * The weixin row of the userinfo page: link (weixin's page, then back to userinfo with
 * ?weixinBound=1 or ?weixinError=<CODE>) or unlink (after a confirmation; the server refuses
 * when weixin is the account's only way to sign in). Disabled with a hint while the server
 * has no weixin configured. The userinfo page places it and shows the result of a link with
 * weixinResultMessage.
 */
import { WechatOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Tag, theme as antdTheme, Tooltip } from 'antd';
import { useRequest } from 'ahooks';
import { useState } from 'react';
import { getLoginConfig, unbindWeixin } from '../../../services/api';
import { requestErrorOf, requestErrorText } from '../../../services/request-layer';
import { toast } from '../../../shared/feedback';
import { type Translate, useT } from '../../../shared/i18n';
import { SPEC } from '../../../shared/spec';
import { USERINFO } from '../common/paths';
import { startWeixin, weixinErrorText } from '../common/weixin';

/**
 * What the userinfo page says after weixin sent the browser back: ?weixinBound=1 -> success,
 * ?weixinError=<CODE> -> the catalogue's text; null when the query holds neither.
 */
export function weixinResultMessage(search: string, t: Translate): { type: 'success' | 'error'; text: string } | null {
  const q = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const code = q.get('weixinError');
  if (code) return { type: 'error', text: weixinErrorText(code, t, 'weixin.failed') };
  if (q.get('weixinBound') === '1') return { type: 'success', text: t('weixin.bound') };
  return null;
}

export default function WeixinBind({ bound, onChanged }: { bound: boolean; onChanged: () => void }) {
  const t = useT();
  const { token } = antdTheme.useToken();
  const [modal, modalHolder] = Modal.useModal();
  const { data: config } = useRequest(() => getLoginConfig({ skipErrorHandler: true }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const configured = !!config?.weixinConfigured;
  const errorOf = (e: unknown) => requestErrorText(requestErrorOf(e), t, SPEC.REQUEST_TIMEOUT_MS);

  const link = async () => {
    setBusy(true);
    setError(null);
    try {
      await startWeixin('bind', USERINFO);
    } catch (e) {
      setError(errorOf(e));
      setBusy(false);
    }
  };

  const unlink = () =>
    modal.confirm({
      title: t('weixin.unlink.confirmTitle'),
      content: t('weixin.unlink.confirmText'),
      okText: t('weixin.unlink'),
      okButtonProps: { danger: true },
      cancelText: t('weixin.unlink.cancel'),
      onOk: async () => {
        setError(null);
        try {
          await unbindWeixin({ skipErrorHandler: true });
          toast(t('weixin.unlinked'), 'success');
          onChanged();
        } catch (e) {
          setError(errorOf(e));
        }
      },
    });

  // link-style actions, as the other rows of the userinfo page have
  const linkStyle = { padding: 0, height: 'auto' };
  let action;
  if (bound) {
    // unlinking works whether or not the server can still sign in with weixin
    action = (
      <Button type="link" danger style={linkStyle} onClick={unlink}>
        {t('weixin.unlink')}
      </Button>
    );
  } else if (configured) {
    action = (
      <Button type="link" style={linkStyle} icon={<WechatOutlined aria-hidden />} loading={busy} onClick={link}>
        {t('weixin.link')}
      </Button>
    );
  } else {
    action = (
      <Tooltip title={t('login.weixinNotConfigured')} trigger={['hover', 'focus']}>
        {/* a disabled button gets no focus or hover: the wrapper carries the hint */}
        <span tabIndex={0} aria-label={`${t('weixin.link')}: ${t('login.weixinNotConfigured')}`} style={{ display: 'inline-block' }}>
          <Button type="link" disabled style={{ ...linkStyle, pointerEvents: 'none' }} icon={<WechatOutlined aria-hidden />}>
            {t('weixin.link')}
          </Button>
        </span>
      </Tooltip>
    );
  }

  return (
    <Flex vertical gap={8} data-testid="weixin-bind">
      {modalHolder}
      <Flex align="center" gap={12} wrap="wrap" style={{ minHeight: 32 }}>
        <span style={{ width: 140, color: token.colorTextSecondary }}>{t('weixin.title')}</span>
        <span style={{ flex: 1, minWidth: 120 }}>
          <Tag color={bound ? 'success' : 'default'} icon={<WechatOutlined aria-hidden />}>
            {bound ? t('weixin.linked') : t('weixin.notLinked')}
          </Tag>
        </span>
        {action}
      </Flex>
      {error ? <Alert type="error" showIcon role="alert" message={error} closable onClose={() => setError(null)} /> : null}
    </Flex>
  );
}
