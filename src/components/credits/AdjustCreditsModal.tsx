/**
 * An admin's adjustment of one user's credits: a whole-number change (+ adds, - takes away) and
 * a required reason the user sees in their history; a positive one may be marked withdrawable
 * (earned credits the user can ask to be paid out). The request id is made when the modal
 * opens, so a second click or a resend after a lost answer moves the credits only once.
 */
import '../admin/i18n';
import './i18n';
import { Alert, Checkbox, Descriptions, Form, Input, InputNumber, Modal, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { adjustCredits, ADJUST_MAX } from '../../services/credits';
import { toast } from '../../shared/feedback';
import { applyServerError } from '../../shared/form-errors';
import { useT } from '../../shared/i18n';
import { Amount } from './CreditHistory';

export interface AdjustTarget {
  id: string;
  name: string;
  balance: number;
}

interface Values {
  amount: number | null;
  reason: string;
  withdrawable: boolean;
}

/** 32 hex digits; getRandomValues works on plain http too (randomUUID needs a secure context) */
function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export default function AdjustCreditsModal({
  target,
  onClose,
  onDone,
}: {
  target: AdjustTarget | null;
  onClose: () => void;
  onDone: (balance: number) => void;
}) {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const amount = Form.useWatch('amount', form);
  // one id per opening of the modal: every submit of this form names the same adjustment
  const requestId = useMemo(() => (target ? newRequestId() : ''), [target]);

  useEffect(() => {
    if (target) {
      form.resetFields();
      setError(null);
    }
  }, [target, form]);

  const after = target && typeof amount === 'number' ? target.balance + amount : null;

  const submit = async (v: Values) => {
    if (!target || saving) return;
    setSaving(true);
    setError(null);
    try {
      const withdrawable = v.amount! > 0 && v.withdrawable;
      const r = await adjustCredits(
        { user_id: target.id, amount: v.amount!, reason: v.reason.trim(), request_id: requestId, ...(withdrawable ? { withdrawable } : {}) },
        { skipErrorHandler: true },
      );
      toast(t(r.repeated ? 'credits.adjust.repeated' : 'credits.adjust.done', { name: target.name, balance: r.balance }), 'success');
      onDone(r.balance);
    } catch (e) {
      setError(applyServerError(form, e, ['amount', 'reason', 'withdrawable']));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!target}
      title={target ? t('credits.adjust.title', { name: target.name }) : null}
      okText={t('credits.adjust.submit')}
      cancelText={t('system.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {target ? (
        <>
          <Descriptions
            size="small"
            column={2}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'current', label: t('credits.adjust.current'), children: <span data-testid="adjust-current">{target.balance}</span> },
              {
                key: 'after',
                label: t('credits.adjust.after'),
                children:
                  after === null ? (
                    '-'
                  ) : (
                    <Typography.Text type={after < 0 ? 'danger' : undefined} strong data-testid="adjust-after">
                      {after}
                    </Typography.Text>
                  ),
              },
            ]}
          />
          {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
          <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ amount: null, reason: '', withdrawable: false }}>
            <Form.Item
              name="amount"
              label={t('credits.adjust.amount')}
              extra={
                typeof amount === 'number' && amount !== 0 ? (
                  <span>
                    <Amount value={amount} /> · {t('credits.adjust.amountHint')}
                  </span>
                ) : (
                  t('credits.adjust.amountHint')
                )
              }
              rules={[
                { required: true, message: t('credits.adjust.amountRequired') },
                {
                  validator: (_, v: number | null) => {
                    if (v === null || v === undefined) return Promise.resolve();
                    if (v === 0) return Promise.reject(new Error(t('credits.adjust.amountZero')));
                    if (Math.abs(v) > ADJUST_MAX) return Promise.reject(new Error(t('credits.adjust.amountRange', { max: ADJUST_MAX })));
                    if (target.balance + v < 0) return Promise.reject(new Error(t('credits.adjust.tooLow')));
                    return Promise.resolve();
                  },
                },
              ]}
            >
              <InputNumber<number> precision={0} step={100} style={{ width: '100%' }} autoFocus placeholder="+1000 / -500" />
            </Form.Item>
            <Form.Item
              name="reason"
              label={t('credits.adjust.reason')}
              rules={[{ required: true, whitespace: true, message: t('credits.adjust.reasonRequired') }]}
            >
              <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} placeholder={t('credits.adjust.reasonPlaceholder')} />
            </Form.Item>
            {typeof amount === 'number' && amount > 0 ? (
              <Form.Item name="withdrawable" valuePropName="checked" extra={t('credits.adjust.withdrawableHint')}>
                <Checkbox>{t('credits.adjust.withdrawable')}</Checkbox>
              </Form.Item>
            ) : null}
          </Form>
        </>
      ) : null}
    </Modal>
  );
}
