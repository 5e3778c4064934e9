/**
 * The password sign-in form (uni-id-pages login-withpwd's form): one field takes a username,
 * mobile number or email, plus the password, and "keep me signed in". Enter submits. The
 * server's error shows on the field it names, after "username/password login failed" (or
 * "email login failed"). After 3 failures the server asks for the image captcha
 * (CAPTCHA_REQUIRED on field captcha): the captcha field appears then and stays, with a new
 * image after every attempt. After success: tokens stored, user info refreshed, 'Login
 * succeeded', back to uniIdRedirectUrl (services/auth.ts completeLogin). Used by the password
 * login page and by the default login page when a password is the only way to sign in.
 */
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { login } from '../../../services/api';
import { completeLogin } from '../../../services/auth';
import { requestErrorOf } from '../../../services/request-layer';
import { useT } from '../../../shared/i18n';
import { accountRules } from '../common/rules';
import { useAccountForm } from '../common/use-account-form';
import { CaptchaField, useCaptcha } from './Captcha';
import { KeepSignedInField, persistenceOfChoice } from './KeepSignedIn';

interface Values {
  username: string;
  password: string;
  captcha?: string;
  keepSignedIn?: boolean;
}

const FIELDS = ['username', 'password', 'captcha'] as const;
const CAPTCHA_CODES = new Set(['CAPTCHA_REQUIRED', 'CAPTCHA_INVALID']);

/** `search`: the page's query (where to go after signing in) */
export default function PasswordLoginForm({ search }: { search: string }) {
  const t = useT();
  const [captchaNeeded, setCaptchaNeeded] = useState(false);
  /** the server's "captcha required" text, put on the captcha field once it is there */
  const [captchaPrompt, setCaptchaPrompt] = useState<string | null>(null);
  const captcha = useCaptcha('login', captchaNeeded);
  const rules = accountRules(t);

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

  return (
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
      <Form.Item name="username" label={t('login.account')} rules={[{ required: true, whitespace: true, message: t('login.account.required') }]}>
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
  );
}
