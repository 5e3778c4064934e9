/**
 * Password login (uni-id-pages login-withpwd): one field takes a username, mobile number or
 * email, plus the password. Enter submits. The server's error shows on the field it names.
 * After success: tokens stored, user info refreshed, 'login succeeded', back to
 * uniIdRedirectUrl (services/auth.ts completeLogin).
 */
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useLocation } from '@umijs/max';
import { Alert, Button, Flex, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import AccountFrame from '../../../../components/AccountFrame';
import { carryRedirect } from '../../../../guard';
import { getLoginConfig, login } from '../../../../services/api';
import { completeLogin } from '../../../../services/auth';
import { applyServerError } from '../../../../shared/form-errors';
import { useT } from '../../../../shared/i18n';
import { LOGIN_WITHOUTPWD, REGISTER, REGISTER_ADMIN, RETRIEVE_BY_EMAIL } from '../../common/paths';

interface Values {
  username: string;
  password: string;
}

const FIELDS = ['username', 'password'] as const;

export default function LoginWithPwd() {
  const t = useT();
  const { search } = useLocation();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [adminExists, setAdminExists] = useState<boolean | null>(null);

  useEffect(() => {
    let live = true;
    getLoginConfig({ skipErrorHandler: true })
      .then((c) => live && setAdminExists(c.adminExists))
      .catch(() => live && setAdminExists(null));
    return () => {
      live = false;
    };
  }, []);

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    setFormError(null);
    try {
      const bundle = await login({ username: values.username.trim(), password: values.password }, { skipErrorHandler: true });
      completeLogin(bundle, search);
    } catch (e) {
      setFormError(applyServerError(form, e, FIELDS, { mobile: 'username', email: 'username' }));
    } finally {
      setSubmitting(false);
    }
  };

  const carry = carryRedirect(search);

  return (
    <AccountFrame title={t('login.withPwd.title')} subtitle={t('login.withPwd.subtitle')}>
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} onValuesChange={() => formError && setFormError(null)}>
        {formError ? <Alert type="error" showIcon message={formError} role="alert" style={{ marginBottom: 16 }} /> : null}
        <Form.Item
          name="username"
          label={t('login.account')}
          rules={[{ required: true, whitespace: true, message: t('login.account.required') }]}
        >
          <Input
            autoFocus
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            prefix={<UserOutlined aria-hidden />}
            placeholder={t('login.account.placeholder')}
            maxLength={128}
          />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.password.required') }]}>
          <Input.Password autoComplete="current-password" prefix={<LockOutlined aria-hidden />} placeholder={t('login.password.placeholder')} maxLength={128} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('login.submit')}
        </Button>
      </Form>
      <Flex justify="space-between" wrap="wrap" gap={8} style={{ marginTop: 16 }}>
        <Link to={`${REGISTER}${carry}`}>{t('login.register')}</Link>
        <Link to={`${RETRIEVE_BY_EMAIL}${carry}`}>{t('login.forgot')}</Link>
      </Flex>
      <Flex justify="space-between" wrap="wrap" gap={8} style={{ marginTop: 12 }}>
        <Link to={`${LOGIN_WITHOUTPWD}${carry}`}>{t('login.otherMethods')}</Link>
        {adminExists === false ? <Link to={REGISTER_ADMIN}>{t('login.registerAdmin')}</Link> : null}
      </Flex>
    </AccountFrame>
  );
}
