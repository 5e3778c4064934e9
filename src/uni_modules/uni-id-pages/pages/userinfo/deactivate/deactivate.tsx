/**
 * Close the account (uni-id-pages deactivate): the notice, a confirmation, then the server
 * closes the account (status 4) and ends all its sessions; the user is signed out here.
 */
import { ExclamationCircleOutlined } from '@ant-design/icons';
import { useLocation } from '@umijs/max';
import { Alert, Button, Card, Checkbox, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { LOGIN_PAGE } from '../../../../../../config/routes';
import { deactivateAccount } from '../../../../../services/api';
import { endLocalSession, requireLogin } from '../../../../../services/auth';
import { requestErrorOf, requestErrorText } from '../../../../../services/request-layer';
import { useT } from '../../../../../shared/i18n';
import { SPEC } from '../../../../../shared/spec';

export default function Deactivate() {
  const t = useT();
  const { pathname, search } = useLocation();
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [modal, modalHolder] = Modal.useModal();

  useEffect(() => {
    requireLogin(pathname, search);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const close = async () => {
    setError(null);
    try {
      await deactivateAccount({ skipErrorHandler: true });
      endLocalSession(t('account.deactivate.done'), LOGIN_PAGE);
    } catch (e) {
      const info = requestErrorOf(e);
      if (info.kind !== 'login-expired' && info.kind !== 'aborted') setError(requestErrorText(info, t, SPEC.REQUEST_TIMEOUT_MS));
    }
  };

  const confirm = () =>
    modal.confirm({
      title: t('account.deactivate.confirmTitle'),
      content: t('account.deactivate.confirmText'),
      icon: <ExclamationCircleOutlined />,
      okText: t('account.deactivate.submit'),
      okButtonProps: { danger: true },
      cancelText: t('account.cancel'),
      onOk: close,
    });

  return (
    // no card title: the page title above already says "Close account"
    <Card style={{ maxWidth: 640 }}>
      {modalHolder}
      <Alert
        type="warning"
        showIcon
        message={t('account.deactivate.notice')}
        description={
          // a plain list with a small indent: the alert's icon column already sets it off, and
          // Typography's list style would add 24 px more per item (narrow screens need the width)
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            <li>{t('account.deactivate.notice1')}</li>
            <li>{t('account.deactivate.notice2')}</li>
            <li>{t('account.deactivate.notice3')}</li>
          </ul>
        }
        style={{ marginBottom: 16 }}
      />
      {error ? <Alert type="error" showIcon role="alert" message={error} style={{ marginBottom: 16 }} /> : null}
      <Checkbox checked={agreed} onChange={(e) => setAgreed(e.target.checked)}>
        {t('account.deactivate.agree')}
      </Checkbox>
      <div style={{ marginTop: 16 }}>
        <Button danger type="primary" disabled={!agreed} onClick={confirm}>
          {t('account.deactivate.submit')}
        </Button>
      </div>
    </Card>
  );
}
