/**
 * Address + image captcha + verification code, the shared part of every form that proves an
 * email address or a mobile number with a code (register-by-email, retrieve-by-email,
 * bind-email, login-smscode, retrieve, bind-mobile, set-pwd). 'Send code' checks the address
 * and the captcha, asks the server to send a code for `scene` by mail or SMS, then counts down
 * to the next allowed send. In test mode it says where the code went; for SMS the notice shows
 * up front (codes are not sent to phones: admins read them in the SMS test outbox).
 */
import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, type FormInstance, type FormRule } from 'antd';
import { useEffect, useState } from 'react';
import { checkMobile } from '../../../../shared/validation';
import { type CodeScene, getLoginConfig, sendEmailCode, sendSmsCode, type SmsScene } from '../../../services/api';
import { applyServerError } from '../../../shared/form-errors';
import { useT } from '../../../shared/i18n';
import { accountRules, ruleOf } from '../common/rules';
import { CaptchaField, useCaptcha } from './Captcha';

export type CodeChannel = 'email' | 'mobile';

/** what differs between the channels: the address field and the texts */
const CHANNELS = {
  email: {
    field: 'email',
    label: 'account.email',
    placeholder: 'account.email.placeholder',
    codePlaceholder: 'account.code.placeholder',
    sent: 'account.code.sent',
    testMode: 'account.code.testMode',
  },
  mobile: {
    field: 'mobile',
    label: 'account.mobile',
    placeholder: 'account.mobile.placeholder',
    codePlaceholder: 'account.code.placeholder.sms',
    sent: 'account.code.sentSms',
    testMode: 'account.code.testModeSms',
  },
} as const;

/** form rules of a mobile number field (the server's rule: ^1\d{10}$) */
function mobileRules(t: ReturnType<typeof useT>): FormRule[] {
  return [{ required: true, whitespace: true, message: t('account.mobile.required') }, ruleOf(checkMobile, t)];
}

/** whether the server runs SMS in test mode (asked once per page load) */
let smsTestMode: Promise<boolean> | null = null;
function useSmsTestMode(): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    let live = true;
    smsTestMode ??= getLoginConfig({ skipErrorHandler: true }).then(
      (c) => c.smsTestMode,
      () => ((smsTestMode = null), false),
    );
    smsTestMode.then((v) => live && setOn(v));
    return () => {
      live = false;
    };
  }, []);
  return on;
}

/** the SMS test-mode notice (nothing when a provider is configured) */
function SmsTestModeNotice() {
  const t = useT();
  const on = useSmsTestMode();
  if (!on) return null;
  return (
    <Alert
      type="warning"
      showIcon
      role="note"
      message={t('account.sms.testMode.title')}
      description={t('account.code.testModeSms')}
      style={{ marginBottom: 16 }}
    />
  );
}

export interface CodeFieldsProps {
  form: FormInstance;
  scene: CodeScene;
  onError(text: string | null): void;
  channel?: CodeChannel;
  /** the address is given (set-pwd: the bound number) and shown read-only */
  fixedTarget?: boolean;
  /** focus the address field on open */
  autoFocus?: boolean;
}

export default function CodeFields({ form, scene, onError, channel = 'email', fixedTarget, autoFocus }: CodeFieldsProps) {
  const t = useT();
  const rules = accountRules(t);
  const c = CHANNELS[channel];
  const captcha = useCaptcha('send-code');
  const [sending, setSending] = useState(false);
  const [wait, setWait] = useState(0);
  const [sent, setSent] = useState<{ to: string; testMode: boolean } | null>(null);

  // the server allows one code per address per interval: another address may have one at once
  const target = String(Form.useWatch(c.field, form) ?? '').trim();
  const waiting = wait > 0 && target === sent?.to;

  useEffect(() => {
    if (wait <= 0) return undefined;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    onError(null);
    // the captcha is needed for sending only, not for the form's own submit
    const answer = String(form.getFieldValue('captcha') ?? '').trim();
    form.setFields([{ name: 'captcha', errors: answer ? [] : [t('error.CAPTCHA_REQUIRED')] }]);
    try {
      await form.validateFields([c.field]);
    } catch {
      return;
    }
    if (!answer) return;
    const to = String(form.getFieldValue(c.field)).trim();
    const proof = { captchaId: captcha.id ?? undefined, captcha: answer };
    setSending(true);
    try {
      const r =
        channel === 'email'
          ? await sendEmailCode({ email: to, scene, ...proof }, { skipErrorHandler: true })
          : await sendSmsCode({ mobile: to, scene: scene as SmsScene, ...proof }, { skipErrorHandler: true });
      setSent({ to, testMode: r.testMode });
      setWait(r.resendIn);
      form.focusField?.('code');
    } catch (e) {
      onError(applyServerError(form, e, [c.field, 'captcha']));
    } finally {
      // the server spent the captcha either way
      form.setFieldValue('captcha', '');
      captcha.refresh();
      setSending(false);
    }
  };

  return (
    <>
      {channel === 'mobile' ? <SmsTestModeNotice /> : null}
      <Form.Item name={c.field} label={t(c.label)} rules={channel === 'email' ? rules.email : mobileRules(t)}>
        {channel === 'email' ? (
          <Input
            type="email"
            autoComplete="email"
            autoCapitalize="off"
            spellCheck={false}
            autoFocus={autoFocus}
            prefix={<MailOutlined aria-hidden />}
            placeholder={t(c.placeholder)}
            maxLength={254}
            readOnly={fixedTarget}
          />
        ) : (
          <Input
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            autoFocus={autoFocus}
            prefix={<MobileOutlined aria-hidden />}
            placeholder={t(c.placeholder)}
            maxLength={11}
            readOnly={fixedTarget}
            variant={fixedTarget ? 'filled' : undefined}
          />
        )}
      </Form.Item>
      <CaptchaField captcha={captcha} rules={[]} />
      <Form.Item label={t('account.code')} htmlFor="code" required>
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
          <Form.Item name="code" rules={rules.code} noStyle>
            <Input id="code" inputMode="numeric" autoComplete="one-time-code" placeholder={t(c.codePlaceholder)} maxLength={6} style={{ flex: 1 }} />
          </Form.Item>
          <Button onClick={send} loading={sending} disabled={waiting} style={{ minWidth: 120 }}>
            {waiting ? t('account.code.wait', { seconds: wait }) : t('account.code.send')}
          </Button>
        </div>
      </Form.Item>
      {sent ? (
        <Alert
          role="status"
          showIcon
          type={sent.testMode ? 'warning' : 'success'}
          message={t(c.sent, { email: sent.to, mobile: sent.to })}
          // SMS: the test-mode notice is already shown above the form
          description={sent.testMode && channel === 'email' ? t(c.testMode) : undefined}
          style={{ marginBottom: 16 }}
        />
      ) : null}
    </>
  );
}
