/**
 * Password login (uni-id-pages login-withpwd): one field takes a username, mobile number or
 * email, plus the password, and "keep me signed in". Enter submits. The server's error shows
 * on the field it names, after "username/password login failed" (or "email login failed").
 * After 3 failures the server asks for the image captcha (CAPTCHA_REQUIRED on field captcha):
 * the captcha field appears then and stays, with a new image after every attempt.
 * After success: tokens stored, user info refreshed, 'login succeeded', back to
 * uniIdRedirectUrl (services/auth.ts completeLogin). The register link shows unless the login
 * config says the site takes no sign-ups.
 */
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useLocation } from '@umijs/max';
import { Button, Flex, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import AccountFrame from '../../../../components/AccountFrame';
import { carryRedirect } from '../../../../guard';
import { getLoginConfig, login, type LoginConfig } from '../../../../services/api';
import { completeLogin } from '../../../../services/auth';
import { requestErrorOf } from '../../../../services/request-layer';
import { useT } from '../../../../shared/i18n';
import { useAccountForm } from '../../common/use-account-form';
import { accountRules } from '../../common/rules';
import { CaptchaField, useCaptcha } from '../../components/Captcha';
import { KeepSignedInField, persistenceOfChoice } from '../../components/KeepSignedIn';
import { LOGIN_WITHOUTPWD, REGISTER, REGISTER_ADMIN, RETRIEVE } from '../../common/paths';

interface Values {
  username: string;
  password: string;
  captcha?: string;
  keepSignedIn?: boolean;
}

const FIELDS = ['username', 'password', 'captcha'] as const;
const CAPTCHA_CODES = new Set(['CAPTCHA_REQUIRED', 'CAPTCHA_INVALID']);

export default function LoginWithPwd() {
  const t = useT();
  const { search } = useLocation();
  const [config, setConfig] = useState<LoginConfig | null>(null);
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  /** the server's "captcha required" text, put on the captcha field once it is there */
  const [captchaPrompt, setCaptchaPrompt] = useState<string | null>(null);
  const captcha = useCaptcha('login', captchaNeeded);
  const rules = accountRules(t);

  useEffect(() => {
    let live = true;
    getLoginConfig({ skipErrorHandler: true })
      .then((c) => live && setConfig(c))
      .catch(() => live && setConfig(null));
    return () => {
      live = false;
    };
  }, []);

  const { form, formProps, submitting, errorAlert } = useAccountForm<Values>(
    FIELDS,
    async (values) => {
      try {
        const bundle = await login(
          {
            username: values.username.trim(),
            password: values.password,
            ...(captchaNeeded ? { captchaId: captcha.id ?? undefined, captcha: values.captcha?.trim() } : {}),
          },
          { skipErrorHandler: true },
        );
        await completeLogin(bundle, search, { persistence: persistenceOfChoice(values.keepSignedIn) });
      } catch (e) {
        const info = requestErrorOf(e);
        if (!captchaNeeded && CAPTCHA_CODES.has(info.code ?? '')) {
          setCaptchaNeeded(true);
          setCaptchaPrompt(info.message ?? t('error.CAPTCHA_REQUIRED'));
          return;
        }
        throw e;
      }
    },
    {
      aliases: { mobile: 'username', email: 'username' },
      failurePrefix: (values) => t(values.username?.includes('@') ? 'login.failed.email' : 'login.failed.username'),
      onFailure: (form) => {
        if (!captchaNeeded) return;
        // a captcha is good for one try: the next one needs a new image
        form.setFieldValue('captcha', '');
        captcha.refresh();
      },
    },
  );

  useEffect(() => {
    if (!captchaPrompt) return;
    form.setFields([{ name: 'captcha', errors: [captchaPrompt] }]);
    form.focusField?.('captcha');
    setCaptchaPrompt(null);
  }, [captchaPrompt, form]);

  const carry = carryRedirect(search);

  return (
    <AccountFrame title={t('login.withPwd.title')} subtitle={t('login.withPwd.subtitle')}>
      <Form<Values>
        {...formProps}
        requiredMark={false}
        onValuesChange={(changed: Partial<Values>, all: Values) => {
          formProps.onValuesChange?.(changed, all);
          // the captcha rule is per account: another account starts without it (the server asks again if needed)
          if ('username' in changed && captchaNeeded) setCaptchaNeeded(false);
        }}
      >
        {errorAlert}
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
        {captchaNeeded ? <CaptchaField captcha={captcha} rules={rules.captcha} /> : null}
        <KeepSignedInField />
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('login.submit')}
        </Button>
      </Form>
      <Flex justify="space-between" wrap="wrap" gap={8} style={{ marginTop: 16 }}>
        {config?.registrationOpen === false ? null : <Link to={`${REGISTER}${carry}`}>{t('login.register')}</Link>}
        <Link to={`${RETRIEVE}${carry}`}>{t('login.forgot')}</Link>
      </Flex>
      <Flex justify="space-between" wrap="wrap" gap={8} style={{ marginTop: 12 }}>
        <Link to={`${LOGIN_WITHOUTPWD}${carry}`}>{t('login.otherMethods')}</Link>
        {config?.adminExists === false ? <Link to={REGISTER_ADMIN}>{t('login.registerAdmin')}</Link> : null}
      </Flex>
    </AccountFrame>
  );
}
