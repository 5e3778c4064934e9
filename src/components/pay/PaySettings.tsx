/**
 * The payment settings form: whether a custom amount is offered, its minimum and maximum in yuan,
 * the credits a yuan buys, how long an order may be paid. The server checks them too; its field
 * errors show at the field.
 */
import './i18n';
import { useRequest } from 'ahooks';
import { Alert, Button, Form, Input, InputNumber, Skeleton, Switch } from 'antd';
import { useState } from 'react';
import { formatCents, parseYuan } from '../../../shared/money';
import LoadFailure from '../LoadFailure';
import { getPaySettings, putPaySettings, type PaySettings as Settings } from '../../services/pay';
import { requestErrorOf } from '../../services/request-layer';
import { toast } from '../../shared/feedback';
import { applyServerError } from '../../shared/form-errors';
import { useT } from '../../shared/i18n';

interface Values {
  custom_enabled: boolean;
  custom_min: string;
  custom_max: string;
  credits_per_yuan: number | null;
  order_ttl_minutes: number | null;
}

const FIELDS = ['custom_enabled', 'custom_min', 'custom_max', 'credits_per_yuan', 'order_ttl_minutes'];
const ALIASES = { custom_min_cents: 'custom_min', custom_max_cents: 'custom_max' };

const toValues = (s: Settings): Values => ({
  custom_enabled: s.custom_enabled,
  custom_min: formatCents(s.custom_min_cents),
  custom_max: formatCents(s.custom_max_cents),
  credits_per_yuan: s.credits_per_yuan,
  order_ttl_minutes: s.order_ttl_minutes,
});

export default function PaySettings() {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const req = useRequest(() => getPaySettings({ skipErrorHandler: true }), { onSuccess: (s) => form.setFieldsValue(toValues(s)) });

  const submit = async (v: Values) => {
    setSaving(true);
    setError(null);
    try {
      const s = await putPaySettings(
        {
          custom_enabled: v.custom_enabled,
          custom_min_cents: parseYuan(v.custom_min)!,
          custom_max_cents: parseYuan(v.custom_max)!,
          credits_per_yuan: v.credits_per_yuan!,
          order_ttl_minutes: v.order_ttl_minutes!,
        },
        { skipErrorHandler: true },
      );
      form.setFieldsValue(toValues(s));
      toast(t('pay.settings.saved'), 'success');
    } catch (e) {
      setError(applyServerError(form, e, FIELDS, ALIASES));
    } finally {
      setSaving(false);
    }
  };

  const yuanRule = {
    validator: (_: unknown, v: string) => (!v || (parseYuan(v) ?? 0) > 0 ? Promise.resolve() : Promise.reject(new Error(t('pay.custom.format')))),
  };

  if (req.error && !req.data) return <LoadFailure title={t('pay.settings.loadFailed')} failure={requestErrorOf(req.error)} onRetry={req.refresh} />;
  return (
    <>
      {!req.data ? <Skeleton active /> : null}
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)} style={{ maxWidth: 480, display: req.data ? undefined : 'none' }}>
        <Form.Item name="custom_enabled" label={t('pay.settings.customEnabled')} valuePropName="checked" extra={t('pay.settings.customEnabledHint')}>
          <Switch />
        </Form.Item>
        <Form.Item name="custom_min" label={t('pay.settings.customMin')} rules={[{ required: true, message: t('pay.settings.required') }, yuanRule]}>
          <Input prefix="¥" inputMode="decimal" />
        </Form.Item>
        <Form.Item
          name="custom_max"
          label={t('pay.settings.customMax')}
          dependencies={['custom_min']}
          rules={[
            { required: true, message: t('pay.settings.required') },
            yuanRule,
            ({ getFieldValue }) => ({
              validator: (_, v: string) => {
                const min = parseYuan(getFieldValue('custom_min') ?? '');
                const max = parseYuan(v ?? '');
                return min !== null && max !== null && max < min ? Promise.reject(new Error(t('pay.settings.maxBelowMin'))) : Promise.resolve();
              },
            }),
          ]}
        >
          <Input prefix="¥" inputMode="decimal" />
        </Form.Item>
        <Form.Item name="credits_per_yuan" label={t('pay.settings.creditsPerYuan')} rules={[{ required: true, message: t('pay.settings.required') }]}>
          <InputNumber<number> precision={0} min={1} max={1_000_000} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="order_ttl_minutes"
          label={t('pay.settings.orderTtl')}
          extra={t('pay.settings.orderTtlHint')}
          rules={[{ required: true, message: t('pay.settings.required') }]}
        >
          <InputNumber<number> precision={0} min={5} max={1440} style={{ width: '100%' }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('pay.save')}
        </Button>
      </Form>
    </>
  );
}
