/**
 * Create the super admin (uni-id-pages register-admin), open only while no admin exists.
 * The field rules are the server's own (shared/validation.ts); on success the new admin is
 * signed in and sent to the admin home.
 */
import { Link, useLocation } from '@umijs/max';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { useRequest } from 'ahooks';
import { useState } from 'react';
import AccountFrame from '../../../../components/AccountFrame';
import { getLoginConfig, registerAdmin } from '../../../../services/api';
import { completeLogin } from '../../../../services/auth';
import { applyServerError } from '../../../../shared/form-errors';
import { useT, type Translate } from '../../../../shared/i18n';
import { ADMIN_HOME, LOGIN_WITHOUTPWD } from '../../common/paths';
import { accountRules } from '../../common/rules';

interface Values {
  username: string;
  nickname?: string;
  password: string;
  password2: string;
}

const FIELDS = ['username', 'nickname', 'password', 'password2'] as const;

/** the reference's rules, shared with register (common/rules.ts) */
export function registerAdminRules(t: Translate) {
  const { username, nickname, password, password2 } = accountRules(t);
  return { username, nickname, password, password2 };
}

export default function RegisterAdmin() {
  const t = useT();
  const { search } = useLocation();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const config = useRequest(() => getLoginConfig({ skipErrorHandler: true }));
  const rules = registerAdminRules(t);

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    setFormError(null);
    try {
      const bundle = await registerAdmin(
        {
          username: values.username.trim(),
          nickname: values.nickname?.trim() || undefined,
          password: values.password,
          password2: values.password2,
        },
        { skipErrorHandler: true },
      );
      completeLogin(bundle, search, { target: ADMIN_HOME });
    } catch (e) {
      setFormError(applyServerError(form, e, FIELDS));
    } finally {
      setSubmitting(false);
    }
  };

  let body;
  if (config.loading && !config.data) {
    body = <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  } else if (config.data?.adminExists) {
    body = (
      <Alert
        type="info"
        showIcon
        message={t('error.ADMIN_EXISTS')}
        action={<Link to={LOGIN_WITHOUTPWD}>{t('register.goLogin')}</Link>}
      />
    );
  } else {
    body = (
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} onValuesChange={() => formError && setFormError(null)}>
        {formError ? <Alert type="error" showIcon role="alert" message={formError} style={{ marginBottom: 16 }} /> : null}
        <Form.Item name="username" label={t('register.username')} extra={t('register.username.hint')} rules={rules.username}>
          <Input autoFocus autoComplete="username" autoCapitalize="off" spellCheck={false} maxLength={64} />
        </Form.Item>
        <Form.Item name="nickname" label={t('register.nickname')} extra={t('register.nickname.hint')} rules={rules.nickname}>
          <Input autoComplete="nickname" maxLength={64} />
        </Form.Item>
        <Form.Item name="password" label={t('register.password')} extra={t('register.password.hint')} rules={rules.password}>
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Form.Item name="password2" label={t('register.password2')} dependencies={['password']} rules={rules.password2}>
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('register.submit')}
        </Button>
        <div style={{ marginTop: 16 }}>
          <Link to={LOGIN_WITHOUTPWD}>{t('register.goLogin')}</Link>
        </div>
      </Form>
    );
  }

  return (
    <AccountFrame title={t('register.admin.title')} subtitle={t('register.admin.subtitle')}>
      {body}
    </AccountFrame>
  );
}
