/**
 * Retrieve by email (uni-id-pages retrieve-by-email): the emailed code and the new password
 * twice. The server ends every earlier session; this browser's login goes too, and the user
 * signs in again with the new password.
 */
import { history, Link, useLocation } from '@umijs/max';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import AccountFrame from '../../../../components/AccountFrame';
import { carryRedirect } from '../../../../guard';
import { resetPasswordByEmail } from '../../../../services/api';
import { toast } from '../../../../shared/feedback';
import { applyServerError } from '../../../../shared/form-errors';
import { useT } from '../../../../shared/i18n';
import { clearSession } from '../../../../shared/session';
import EmailCodeFields from '../../components/EmailCodeFields';
import { LOGIN_WITHPWD } from '../../common/paths';
import { accountRules } from '../../common/rules';

interface Values {
  email: string;
  code: string;
  password: string;
  password2: string;
}

const FIELDS = ['email', 'code', 'password', 'password2'] as const;

export default function RetrieveByEmail() {
  const t = useT();
  const { search } = useLocation();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const rules = accountRules(t);
  const carry = carryRedirect(search);

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    setFormError(null);
    try {
      await resetPasswordByEmail(
        { email: values.email.trim(), code: values.code.trim(), password: values.password, password2: values.password2 },
        { skipErrorHandler: true },
      );
      clearSession();
      toast(t('account.retrieve.done'), 'success');
      history.replace(`${LOGIN_WITHPWD}${carry}`);
    } catch (e) {
      setFormError(applyServerError(form, e, FIELDS));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AccountFrame title={t('account.retrieve.title')} subtitle={t('account.retrieve.subtitle')}>
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} onValuesChange={() => formError && setFormError(null)}>
        {formError ? <Alert type="error" showIcon role="alert" message={formError} style={{ marginBottom: 16 }} /> : null}
        <EmailCodeFields form={form} scene="reset-pwd" onError={setFormError} />
        <Form.Item name="password" label={t('account.newPassword')} extra={t('register.password.hint')} rules={rules.password}>
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Form.Item name="password2" label={t('account.newPassword2')} dependencies={['password']} rules={rules.password2}>
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('account.retrieve.submit')}
        </Button>
      </Form>
      <div style={{ marginTop: 20 }}>
        <Link to={`${LOGIN_WITHPWD}${carry}`}>{t('register.goLogin')}</Link>
      </div>
    </AccountFrame>
  );
}
