/**
 * Change password (uni-id-pages change_pwd): the current password and the new one twice. The
 * server ends every session of the account, this one too, so the user signs in again.
 */
import { useLocation } from '@umijs/max';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { changePassword } from '../../../../../services/api';
import { endLocalSession, requireLogin } from '../../../../../services/auth';
import { applyServerError } from '../../../../../shared/form-errors';
import { useT } from '../../../../../shared/i18n';
import { LOGIN_WITHPWD } from '../../../common/paths';
import { accountRules, sameAs } from '../../../common/rules';

interface Values {
  oldPassword: string;
  newPassword: string;
  newPassword2: string;
}

const FIELDS = ['oldPassword', 'newPassword', 'newPassword2'] as const;

export default function ChangePwd() {
  const t = useT();
  const { pathname, search } = useLocation();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const rules = accountRules(t);

  useEffect(() => {
    requireLogin(pathname, search);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    setFormError(null);
    try {
      await changePassword(values, { skipErrorHandler: true });
      endLocalSession(t('account.changePwd.done'), LOGIN_WITHPWD);
    } catch (e) {
      setFormError(applyServerError(form, e, FIELDS, { password: 'newPassword', password2: 'newPassword2' }));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card title={t('account.changePwd.title')} style={{ maxWidth: 520 }}>
      <Alert type="info" showIcon message={t('account.changePwd.hint')} style={{ marginBottom: 16 }} />
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} onValuesChange={() => formError && setFormError(null)}>
        {formError ? <Alert type="error" showIcon role="alert" message={formError} style={{ marginBottom: 16 }} /> : null}
        <Form.Item name="oldPassword" label={t('account.changePwd.old')} rules={[{ required: true, message: t('account.changePwd.old.required') }]}>
          <Input.Password autoFocus autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <Form.Item name="newPassword" label={t('account.newPassword')} extra={t('register.password.hint')} rules={rules.password}>
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Form.Item name="newPassword2" label={t('account.newPassword2')} dependencies={['newPassword']} rules={sameAs('newPassword', t)}>
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {t('account.changePwd.submit')}
        </Button>
      </Form>
    </Card>
  );
}
