/** A new password typed twice, with the reference's rules (common/rules.ts). */
import { Form, Input } from 'antd';
import { useT } from '../../../shared/i18n';
import { accountRules } from '../common/rules';

export default function NewPasswordFields({ labels = ['register.password', 'register.password2'] }: { labels?: [string, string] }) {
  const t = useT();
  const rules = accountRules(t);
  return (
    <>
      <Form.Item name="password" label={t(labels[0])} extra={t('register.password.hint')} rules={rules.password}>
        <Input.Password autoComplete="new-password" maxLength={128} />
      </Form.Item>
      <Form.Item name="password2" label={t(labels[1])} dependencies={['password']} rules={rules.password2}>
        <Input.Password autoComplete="new-password" maxLength={128} />
      </Form.Item>
    </>
  );
}
