/** Adding or editing a top-up package in a modal: name, price in yuan, credits, bonus, order, on/off; the server's field errors show at the field. */
import '../admin/i18n';
import './i18n';
import { Alert, Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { formatCents, parseYuan } from '../../../shared/money';
import { packageResource, type PackageRow } from '../../services/pay';
import { toast } from '../../shared/feedback';
import { applyServerError } from '../../shared/form-errors';
import { useT } from '../../shared/i18n';

interface Values {
  name: string;
  price: string;
  credits: number | null;
  bonus_credits: number | null;
  sort: number | null;
  enabled: boolean;
}

const FIELDS = ['name', 'price', 'credits', 'bonus_credits', 'sort', 'enabled'];
const MAX_CREDITS = 1_000_000_000;

/** editing: the row; adding: 'new'; closed: null */
export default function PackageModal({ target, onClose, onSaved }: { target: PackageRow | 'new' | null; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const editing = target && target !== 'new' ? target : null;

  useEffect(() => {
    if (!target) return;
    setError(null);
    form.resetFields();
    form.setFieldsValue(
      editing
        ? {
            name: editing.name,
            price: formatCents(editing.price_cents),
            credits: editing.credits,
            bonus_credits: editing.bonus_credits,
            sort: editing.sort,
            enabled: editing.enabled,
          }
        : { name: '', price: '', credits: null, bonus_credits: 0, sort: 0, enabled: true },
    );
  }, [target, editing, form]);

  const submit = async (v: Values) => {
    setSaving(true);
    setError(null);
    const body = {
      name: v.name.trim(),
      price_cents: parseYuan(v.price)!,
      credits: v.credits!,
      bonus_credits: v.bonus_credits ?? 0,
      sort: v.sort ?? 0,
      enabled: v.enabled,
    };
    try {
      if (editing) await packageResource.update(editing.id, body, { skipErrorHandler: true });
      else await packageResource.create(body, { skipErrorHandler: true });
      toast(t('pay.packages.saved', { name: body.name }), 'success');
      onSaved();
    } catch (e) {
      setError(applyServerError(form, e, FIELDS, { price_cents: 'price' }));
    } finally {
      setSaving(false);
    }
  };

  const whole = (min: number) => ({
    validator: (_: unknown, v: number | null) =>
      v === null || v === undefined || (Number.isInteger(v) && v >= min && v <= MAX_CREDITS)
        ? Promise.resolve()
        : Promise.reject(new Error(t('pay.packages.wholeNumber', { min }))),
  });

  return (
    <Modal
      open={!!target}
      title={t(editing ? 'pay.packages.editTitle' : 'pay.packages.addTitle')}
      okText={t('pay.save')}
      cancelText={t('system.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} /> : null}
      <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="name" label={t('pay.packages.name')} rules={[{ required: true, whitespace: true, message: t('pay.packages.nameRequired') }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="price"
          label={t('pay.packages.price')}
          rules={[
            { required: true, message: t('pay.packages.priceRequired') },
            { validator: (_, v: string) => (!v || (parseYuan(v) ?? 0) > 0 ? Promise.resolve() : Promise.reject(new Error(t('pay.custom.format')))) },
          ]}
        >
          <Input prefix="¥" inputMode="decimal" />
        </Form.Item>
        <Form.Item name="credits" label={t('pay.packages.credits')} rules={[{ required: true, message: t('pay.packages.creditsRequired') }, whole(1)]}>
          <InputNumber<number> precision={0} min={1} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="bonus_credits" label={t('pay.packages.bonus')} rules={[whole(0)]}>
          <InputNumber<number> precision={0} min={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="sort" label={t('pay.packages.sort')} extra={t('pay.packages.sortHint')}>
          <InputNumber<number> precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="enabled" label={t('pay.packages.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
