/**
 * Register (uni-id-pages register): username, nickname, password twice and the image captcha,
 * with the reference's rules and messages on the fields (the server's own checks). The new
 * account starts with the login config's default credits and is signed in at once. While the
 * site takes no sign-ups, a notice stands instead of the form (RegistrationGate).
 */
import { Link, useLocation } from '@umijs/max';
import { Button, Flex, Form, Input } from 'antd';
import AccountFrame from '../../../../components/AccountFrame';
import { carryRedirect } from '../../../../guard';
import { register } from '../../../../services/api';
import { completeLogin } from '../../../../services/auth';
import { useT } from '../../../../shared/i18n';
import { CaptchaField, useCaptcha } from '../../components/Captcha';
import { LOGIN_WITHPWD, REGISTER_BY_EMAIL } from '../../common/paths';
import { accountRules } from '../../common/rules';
import { useAccountForm } from '../../common/use-account-form';
import NewPasswordFields from '../../components/NewPasswordFields';
import RegistrationGate from '../../components/RegistrationGate';
import { KeepSignedInField, persistenceOfChoice } from '../../components/KeepSignedIn';

interface Values {
  username: string;
  nickname?: string;
  password: string;
  password2: string;
  captcha: string;
  keepSignedIn?: boolean;
}

const FIELDS = ['username', 'nickname', 'password', 'password2', 'captcha'] as const;

export default function Register() {
  return <RegistrationGate form={<RegisterForm />} />;
}

function RegisterForm() {
  const t = useT();
  const { search } = useLocation();
  const captcha = useCaptcha('register');
  const rules = accountRules(t);
  const carry = carryRedirect(search);

  const { formProps, submitting, errorAlert } = useAccountForm<Values>(
    FIELDS,
    async (values) => {
      const bundle = await register(
        {
          username: values.username.trim(),
          nickname: values.nickname?.trim() || undefined,
          password: values.password,
          password2: values.password2,
          captchaId: captcha.id ?? undefined,
          captcha: values.captcha.trim(),
        },
        { skipErrorHandler: true },
      );
      completeLogin(bundle, search, { persistence: persistenceOfChoice(values.keepSignedIn) });
    },
    {
      onFailure: (form) => {
        // a captcha is good for one try: the next one needs a new image
        form.setFieldValue('captcha', '');
        captcha.refresh();
      },
    },
  );

  return (
    <AccountFrame title={t('account.register.title')} subtitle={t('account.register.subtitle')}>
      <Form<Values> {...formProps}>
        {errorAlert}
        <Form.Item name="username" label={t('register.username')} extra={t('register.username.hint')} rules={rules.username}>
          <Input autoFocus autoComplete="username" autoCapitalize="off" spellCheck={false} maxLength={64} />
        </Form.Item>
        <Form.Item name="nickname" label={t('register.nickname')} extra={t('register.nickname.hint')} rules={rules.nickname}>
          <Input autoComplete="nickname" maxLength={64} />
        </Form.Item>
        <NewPasswordFields />
        <CaptchaField captcha={captcha} rules={rules.captcha} />
        <KeepSignedInField />
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('register.submit')}
        </Button>
      </Form>
      <Flex justify="space-between" wrap="wrap" gap={8} style={{ marginTop: 20 }}>
        <Link to={`${LOGIN_WITHPWD}${carry}`}>{t('register.goLogin')}</Link>
        <Link to={`${REGISTER_BY_EMAIL}${carry}`}>{t('account.register.byEmail')}</Link>
      </Flex>
    </AccountFrame>
  );
}
