/**
 * Bind an email (uni-id-pages bind-email): the address, the image captcha and the code mailed
 * to it. An address of another account is refused on its field. The user info is refreshed,
 * then back to the user info page.
 */
import { history, useLocation, useModel } from '@umijs/max';
import { Alert, Button, Card, Form } from 'antd';
import { useEffect } from 'react';
import { bindEmail } from '../../../../../services/api';
import { requireLogin } from '../../../../../services/auth';
import type { InitialState } from '../../../../../shared/app-state';
import { toast } from '../../../../../shared/feedback';
import { useT } from '../../../../../shared/i18n';
import EmailCodeFields from '../../../components/EmailCodeFields';
import { USERINFO } from '../../../common/paths';
import { useAccountForm } from '../../../common/use-account-form';

interface Values {
  email: string;
  code: string;
}

const FIELDS = ['email', 'code'] as const;

export default function BindEmail() {
  const t = useT();
  const { pathname, search } = useLocation();
  const { initialState, setInitialState } = useModel('@@initialState') as {
    initialState?: InitialState;
    setInitialState: (f: (s: InitialState | undefined) => InitialState) => void;
  };
  const current = initialState?.currentUser?.email ?? null;

  useEffect(() => {
    requireLogin(pathname, search);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const { form, formProps, submitting, errorAlert, setFormError } = useAccountForm<Values>(FIELDS, async (values) => {
    const me = await bindEmail({ email: values.email.trim(), code: values.code.trim() }, { skipErrorHandler: true });
    setInitialState((s) => ({ ...(s as InitialState), currentUser: me }));
    toast(t('bindEmail.done', { email: me.email ?? '' }), 'success');
    history.replace(USERINFO);
  });

  return (
    <Card title={t('bindEmail.title')} style={{ maxWidth: 520 }}>
      <Alert
        type="info"
        showIcon
        message={current ? t('bindEmail.current', { email: current }) : t('bindEmail.none')}
        description={t('bindEmail.hint')}
        style={{ marginBottom: 16 }}
      />
      <Form<Values> {...formProps}>
        {errorAlert}
        <EmailCodeFields form={form} scene="bind-email" onError={setFormError} autoFocus />
        <Button type="primary" htmlType="submit" loading={submitting}>
          {t('bindEmail.submit')}
        </Button>
      </Form>
    </Card>
  );
}
