/**
 * Email + image captcha + emailed code, the shared part of register-by-email and
 * retrieve-by-email. 'Send code' checks the email and the captcha, asks the server to mail a
 * code for `scene`, then counts down to the next allowed send; in test mode (no mail server)
 * it says where the code went.
 */
import { MailOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { type CodeScene, sendEmailCode } from '../../../services/api';
import { applyServerError } from '../../../shared/form-errors';
import { useT } from '../../../shared/i18n';
import { accountRules } from '../common/rules';
import { CaptchaField, useCaptcha } from './Captcha';

const SEND_FIELDS = ['email', 'captcha'] as const;

export default function EmailCodeFields({ form, scene, onError }: { form: FormInstance; scene: CodeScene; onError(text: string | null): void }) {
  const t = useT();
  const rules = accountRules(t);
  const captcha = useCaptcha('send-code');
  const [sending, setSending] = useState(false);
  const [wait, setWait] = useState(0);
  const [sent, setSent] = useState<{ email: string; testMode: boolean } | null>(null);

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
      await form.validateFields(['email']);
    } catch {
      return;
    }
    if (!answer) return;
    const email = String(form.getFieldValue('email')).trim();
    setSending(true);
    try {
      const r = await sendEmailCode(
        { email, scene, captchaId: captcha.id ?? undefined, captcha: answer },
        { skipErrorHandler: true },
      );
      setSent({ email, testMode: r.testMode });
      setWait(r.resendIn);
      form.focusField?.('code');
    } catch (e) {
      onError(applyServerError(form, e, SEND_FIELDS));
    } finally {
      // the server spent the captcha either way
      form.setFieldValue('captcha', '');
      captcha.refresh();
      setSending(false);
    }
  };

  return (
    <>
      <Form.Item name="email" label={t('account.email')} rules={rules.email}>
        <Input
          type="email"
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          prefix={<MailOutlined aria-hidden />}
          placeholder={t('account.email.placeholder')}
          maxLength={254}
        />
      </Form.Item>
      <CaptchaField captcha={captcha} rules={[]} />
      <Form.Item label={t('account.code')} htmlFor="code" required>
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
          <Form.Item name="code" rules={rules.code} noStyle>
            <Input id="code" inputMode="numeric" autoComplete="one-time-code" placeholder={t('account.code.placeholder')} maxLength={6} style={{ flex: 1 }} />
          </Form.Item>
          <Button onClick={send} loading={sending} disabled={wait > 0} style={{ minWidth: 120 }}>
            {wait > 0 ? t('account.code.wait', { seconds: wait }) : t('account.code.send')}
          </Button>
        </div>
      </Form.Item>
      {sent ? (
        <Alert
          role="status"
          showIcon
          type={sent.testMode ? 'warning' : 'success'}
          message={t('account.code.sent', { email: sent.email })}
          description={sent.testMode ? t('account.code.testMode') : undefined}
          style={{ marginBottom: 16 }}
        />
      ) : null}
    </>
  );
}
