/**
 * Create the super admin (uni-id-pages register-admin), open only while no admin exists.
 * The field rules are the server's own (shared/validation.ts); on success the new admin is
 * signed in and sent to the admin home.
 */
import { Link, useLocation } from '@umijs/max';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { useRequest } from 'ahooks';
import AccountFrame from '../../../../components/AccountFrame';
import { getLoginConfig, registerAdmin } from '../../../../services/api';
import { completeLogin } from '../../../../services/auth';
import { useT, type Translate } from '../../../../shared/i18n';
import { ADMIN_HOME, LOGIN_WITHOUTPWD } from '../../common/paths';
import { accountRules } from '../../common/rules';
import { useAccountForm } from '../../common/use-account-form';
import NewPasswordFields from '../../components/NewPasswordFields';
import { KeepSignedInField, persistenceOfChoice } from '../../components/KeepSignedIn';

interface Values {
  username: string;
  nickname?: string;
  password: string;
  password2: string;
  keepSignedIn?: boolean;
}

const FIELDS = ['username', 'nickname', 'password', 'password2'] as const;

/** the reference's rules, shared with register (common/rules.ts) */
function registerAdminRules(t: Translate) {
  const { username, nickname, password, password2 } = accountRules(t);
  return { username, nickname, password, password2 };
}

export default function RegisterAdmin() {
  const t = useT();
  const { search } = useLocation();
  const config = useRequest(() => getLoginConfig({ skipErrorHandler: true }));
  const rules = registerAdminRules(t);

  const { formProps, submitting, errorAlert } = useAccountForm<Values>(FIELDS, async (values) => {
    const bundle = await registerAdmin(
      {
        username: values.username.trim(),
        nickname: values.nickname?.trim() || undefined,
        password: values.password,
        password2: values.password2,
      },
      { skipErrorHandler: true },
    );
    completeLogin(bundle, search, { target: ADMIN_HOME, persistence: persistenceOfChoice(values.keepSignedIn) });
  });

  let body;
  if (config.loading && !config.data) {
    body = <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  } else if (config.data?.adminExists) {
    body = <Alert type="info" showIcon message={t('error.ADMIN_EXISTS')} action={<Link to={LOGIN_WITHOUTPWD}>{t('register.goLogin')}</Link>} />;
  } else {
    body = (
      <Form<Values> {...formProps}>
        {errorAlert}
        <Form.Item name="username" label={t('register.username')} extra={t('register.username.hint')} rules={rules.username}>
          <Input autoFocus autoComplete="username" autoCapitalize="off" spellCheck={false} maxLength={64} />
        </Form.Item>
        <Form.Item name="nickname" label={t('register.nickname')} extra={t('register.nickname.hint')} rules={rules.nickname}>
          <Input autoComplete="nickname" maxLength={64} />
        </Form.Item>
        <NewPasswordFields />
        <KeepSignedInField />
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
