/**
 * The withdrawal settings form (MANAGE_FINANCE): minimum, fee (basis points and a minimum),
 * cents paid per credit, the payout account types offered, and the credits a store prompt's
 * author earns per use by someone else (0: off). The bounds are the server's (shared/withdraw.ts);
 * a value the server refuses shows on its field.
 */
import './i18n';
import { Alert, Button, Card, Checkbox, Form, InputNumber, Skeleton, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { useState } from 'react';
import LoadFailure from '../LoadFailure';
import { ACCOUNT_TYPES, getWithdrawSettings, putWithdrawSettings, WITHDRAW_BOUNDS, type WithdrawSettingsData } from '../../services/withdraw';
import { requestErrorOf } from '../../services/request-layer';
import { toast } from '../../shared/feedback';
import { applyServerError } from '../../shared/form-errors';
import { useT } from '../../shared/i18n';

const NUMBERS = ['min_credits', 'fee_bps', 'min_fee', 'cents_per_credit', 'store_use_reward'] as const;
const FIELDS = [...NUMBERS, 'account_types'];

export default function WithdrawSettings() {
  const t = useT();
  const [form] = Form.useForm<WithdrawSettingsData>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const loaded = useRequest(() => getWithdrawSettings({ skipErrorHandler: true }), { onSuccess: (s) => form.setFieldsValue(s) });

  const save = async (v: WithdrawSettingsData) => {
    setSaving(true);
    setError(null);
    try {
      form.setFieldsValue(await putWithdrawSettings(v, { skipErrorHandler: true }));
      toast(t('withdraw.settings.saved'), 'success');
    } catch (e) {
      setError(applyServerError(form, e, FIELDS));
    } finally {
      setSaving(false);
    }
  };

  const failure = loaded.error ? requestErrorOf(loaded.error) : null;
  if (failure && failure.kind !== 'login-expired') return <LoadFailure title={t('withdraw.loadFailed')} failure={failure} onRetry={loaded.refresh} />;
  return (
    <Card title={t('withdraw.settings.title')} data-testid="withdraw-settings">
      {loaded.loading && !loaded.data ? (
        <Skeleton active />
      ) : (
        <Form<WithdrawSettingsData> form={form} layout="vertical" onFinish={(v) => void save(v)} style={{ maxWidth: 520 }}>
          {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
          {NUMBERS.map((key) => {
            const [min, max] = WITHDRAW_BOUNDS[key];
            return (
              <Form.Item
                key={key}
                name={key}
                label={t(`withdraw.settings.${key}`)}
                extra={t(`withdraw.settings.${key}Hint`)}
                rules={[{ required: true, type: 'integer', min, max, message: t('withdraw.settings.range', { min, max }) }]}
              >
                <InputNumber<number> precision={0} min={min} max={max} style={{ width: 220 }} />
              </Form.Item>
            );
          })}
          <Form.Item
            name="account_types"
            label={t('withdraw.settings.account_types')}
            rules={[{ required: true, type: 'array', min: 1, message: t('withdraw.settings.accountTypesRequired') }]}
          >
            <Checkbox.Group options={ACCOUNT_TYPES.map((a) => ({ value: a, label: t(`withdraw.account.${a}`) }))} />
          </Form.Item>
          <Typography.Paragraph type="secondary">{t('withdraw.settings.note')}</Typography.Paragraph>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('withdraw.settings.save')}
          </Button>
        </Form>
      )}
    </Card>
  );
}
