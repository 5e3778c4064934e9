/**
 * Refunding part or all of an order: the amount in yuan (by default what is left) and a reason,
 * confirmed before sending. When the user already spent the credits the server refuses
 * (REFUND_CREDITS_SPENT) with its message; the modal shows it and offers to refund anyway.
 */
import '../admin/i18n';
import './i18n';
import { Alert, Button, Descriptions, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { formatCents, parseYuan } from '../../../shared/money';
import { refundPayOrder, type OrderRow, type PayRefund } from '../../services/pay';
import { requestErrorOf, requestErrorText } from '../../services/request-layer';
import { toast } from '../../shared/feedback';
import { applyServerError } from '../../shared/form-errors';
import { useT } from '../../shared/i18n';
import { SPEC } from '../../shared/spec';
import { yuan } from './labels';

interface Values {
  amount: string;
  reason: string;
}

export default function RefundModal({ order, onClose, onDone }: { order: OrderRow | null; onClose: () => void; onDone: (r: PayRefund) => void }) {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const [modal, holder] = Modal.useModal();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** the server's REFUND_CREDITS_SPENT message: the next send may force it */
  const [spent, setSpent] = useState<string | null>(null);
  const left = order ? order.amount_cents - order.refunded_cents : 0;

  useEffect(() => {
    if (order) {
      form.setFieldsValue({ amount: formatCents(order.amount_cents - order.refunded_cents), reason: '' });
      setError(null);
      setSpent(null);
    }
  }, [order, form]);

  const send = async (v: Values, force: boolean) => {
    if (!order) return;
    setSaving(true);
    setError(null);
    try {
      const r = await refundPayOrder(
        order.order_no,
        { amount_cents: parseYuan(v.amount)!, reason: v.reason.trim(), ...(force ? { force: true } : {}) },
        { skipErrorHandler: true },
      );
      toast(t('pay.refund.done', { amount: yuan(r.amount_cents), credits: r.credits }), 'success');
      onDone(r);
    } catch (e) {
      const info = requestErrorOf(e);
      if (info.code === 'REFUND_CREDITS_SPENT') setSpent(requestErrorText(info, t, SPEC.REQUEST_TIMEOUT_MS));
      else setError(applyServerError(form, e, ['amount', 'reason'], { amount_cents: 'amount' }));
    } finally {
      setSaving(false);
    }
  };

  const confirm = (v: Values, force: boolean) => {
    modal.confirm({
      title: t(force ? 'pay.refund.confirmForce' : 'pay.refund.confirm', { amount: `¥${formatCents(parseYuan(v.amount)!)}`, order: order!.order_no }),
      okText: t('pay.refund.submit'),
      okButtonProps: { danger: true },
      cancelText: t('system.cancel'),
      onOk: () => send(v, force),
    });
  };

  return (
    <Modal
      open={!!order}
      title={order ? t('pay.refund.title', { order: order.order_no }) : null}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('system.cancel')}
        </Button>,
        spent ? (
          <Button
            key="force"
            danger
            loading={saving}
            onClick={() =>
              form.validateFields().then(
                (v) => confirm(v, true),
                () => undefined,
              )
            }
          >
            {t('pay.refund.anyway')}
          </Button>
        ) : (
          <Button key="ok" type="primary" danger loading={saving} onClick={() => form.submit()}>
            {t('pay.refund.submit')}
          </Button>
        ),
      ]}
    >
      {holder}
      {order ? (
        <>
          <Descriptions
            size="small"
            column={2}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'paid', label: t('pay.field.amount'), children: yuan(order.amount_cents) },
              { key: 'refunded', label: t('pay.field.refunded'), children: yuan(order.refunded_cents) },
              { key: 'credits', label: t('pay.field.credits'), children: order.credits },
              { key: 'left', label: t('pay.refund.left'), children: yuan(left) },
            ]}
          />
          {spent ? (
            <Alert
              type="warning"
              showIcon
              message={spent}
              description={t('pay.refund.spentHint')}
              style={{ marginBottom: 16 }}
              data-testid="pay-refund-spent"
            />
          ) : null}
          {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
          <Form<Values> form={form} layout="vertical" onFinish={(v) => confirm(v, false)} onValuesChange={() => setSpent(null)}>
            <Form.Item
              name="amount"
              label={t('pay.refund.amount')}
              rules={[
                { required: true, message: t('pay.refund.amountRequired') },
                {
                  validator: (_, v: string) => {
                    if (!v) return Promise.resolve();
                    const cents = parseYuan(v);
                    if (cents === null || cents <= 0) return Promise.reject(new Error(t('pay.custom.format')));
                    if (cents > left) return Promise.reject(new Error(t('pay.refund.tooMuch', { max: formatCents(left) })));
                    return Promise.resolve();
                  },
                },
              ]}
            >
              <Input prefix="¥" inputMode="decimal" />
            </Form.Item>
            <Form.Item name="reason" label={t('pay.refund.reason')} rules={[{ required: true, whitespace: true, message: t('pay.refund.reasonRequired') }]}>
              <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2 }} />
            </Form.Item>
          </Form>
        </>
      ) : null}
    </Modal>
  );
}
