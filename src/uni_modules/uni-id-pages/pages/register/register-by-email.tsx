/**
 * Register by email (uni-id-pages register-by-email): email, the emailed code (sending needs
 * the image captcha), nickname and password twice. Signed in at once, with the default credits.
 * While the site takes no sign-ups, a notice stands instead of the form (RegistrationGate).
 */
import { Link, useLocation } from '@umijs/max';
import { Button, Flex, Form, Input } from 'antd';
import AccountFrame from '../../../../components/AccountFrame';
import { carryRedirect } from '../../../../guard';
import { registerByEmail } from '../../../../services/api';
import { completeLogin } from '../../../../services/auth';
import { useT } from '../../../../shared/i18n';
import EmailCodeFields from '../../components/EmailCodeFields';
import { LOGIN_WITHPWD, REGISTER } from '../../common/paths';
import { accountRules } from '../../common/rules';
import { useAccountForm } from '../../common/use-account-form';
import NewPasswordFields from '../../components/NewPasswordFields';
import RegistrationGate from '../../components/RegistrationGate';
import { KeepSignedInField, persistenceOfChoice } from '../../components/KeepSignedIn';

interface Values {
  email: string;
  code: string;
  nickname?: string;
  password: string;
  password2: string;
  keepSignedIn?: boolean;
}

const FIELDS = ['email', 'code', 'nickname', 'password', 'password2'] as const;

export default function RegisterByEmail() {
  return <RegistrationGate form={<RegisterByEmailForm />} />;
}

function RegisterByEmailForm() {
  const t = useT();
  const { search } = useLocation();
  const rules = accountRules(t);
  const carry = carryRedirect(search);

  const { form, formProps, submitting, errorAlert, setFormError } = useAccountForm<Values>(FIELDS, async (values) => {
    const bundle = await registerByEmail(
      {
        email: values.email.trim(),
        code: values.code.trim(),
        nickname: values.nickname?.trim() || undefined,
        password: values.password,
        password2: values.password2,
      },
      { skipErrorHandler: true },
    );
    completeLogin(bundle, search, { persistence: persistenceOfChoice(values.keepSignedIn) });
  });

  return (
    <AccountFrame title={t('account.registerEmail.title')} subtitle={t('account.registerEmail.subtitle')}>
      <Form<Values> {...formProps}>
        {errorAlert}
        <EmailCodeFields form={form} scene="register" onError={setFormError} />
        <Form.Item name="nickname" label={t('register.nickname')} extra={t('register.nickname.hint')} rules={rules.nickname}>
          <Input autoComplete="nickname" maxLength={64} />
        </Form.Item>
        <NewPasswordFields />
        <KeepSignedInField />
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('register.submit')}
        </Button>
      </Form>
      <Flex justify="space-between" wrap="wrap" gap={8} style={{ marginTop: 20 }}>
        <Link to={`${LOGIN_WITHPWD}${carry}`}>{t('register.goLogin')}</Link>
        <Link to={`${REGISTER}${carry}`}>{t('account.register.byUsername')}</Link>
      </Flex>
    </AccountFrame>
  );
}
