/**
 * A card to redeem a code: the code input and Redeem (Enter submits); the credits and the new
 * balance on success (the top-bar balance follows), the server's error under the field.
 */
import '../redeem/i18n';
import { Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { redeemCode, type RedeemResult } from '../../services/redeem';
import { applyServerError } from '../../shared/form-errors';
import { useT } from '../../shared/i18n';
import { saveScore } from '../../shared/session';

/** `onRedeemed`: the page showing the balance updates it too */
export default function RedeemCode({ onRedeemed }: { onRedeemed?: (balance: number) => void } = {}) {
  const t = useT();
  const [form] = Form.useForm<{ code: string }>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<RedeemResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async ({ code }: { code: string }) => {
    if (busy) return;
    setBusy(true);
    setResult(null);
    setError(null);
    try {
      const r = await redeemCode(code.trim(), { skipErrorHandler: true });
      setResult(r);
      saveScore(r.balance);
      onRedeemed?.(r.balance);
      form.resetFields();
    } catch (e) {
      setError(applyServerError(form, e, ['code']));
    } finally {
      setBusy(false);
    }
  };

  return (
    // the default size and the full row height: it stands beside the balance card on the top-up page
    <Card title={t('redeem.card.title')} style={{ height: '100%' }}>
      <Form form={form} layout="inline" onFinish={submit} requiredMark={false}>
        <Form.Item name="code" rules={[{ required: true, whitespace: true, message: t('redeem.card.required') }]} style={{ flex: 1, minWidth: 220 }}>
          <Input placeholder={t('redeem.card.placeholder')} maxLength={40} autoComplete="off" data-testid="redeem-code" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="redeem-submit">
            {t('redeem.card.submit')}
          </Button>
        </Form.Item>
      </Form>
      {result && (
        <Typography.Text type="success" data-testid="redeem-result">
          {t('redeem.card.done', { credits: result.credits, balance: result.balance })}
        </Typography.Text>
      )}
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Card>
  );
}
