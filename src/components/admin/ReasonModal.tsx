/**
 * A modal asking for the reason of a refusal (a real-name submission, an invoice request): a
 * required text, the server's field errors at the field and its other errors above the form.
 */
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { applyServerError } from '../../shared/form-errors';

export interface ReasonModalProps {
  open: boolean;
  title: string;
  okText: string;
  cancelText: string;
  label: string;
  hint: string;
  requiredMessage: string;
  /** sends the trimmed reason; a rejection is shown in the modal */
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}

export default function ReasonModal({ open, title, okText, cancelText, label, hint, requiredMessage, onSubmit, onClose }: ReasonModalProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async ({ reason }: { reason: string }) => {
    setSaving(true);
    setFormError(null);
    try {
      await onSubmit(reason.trim());
    } catch (e) {
      setFormError(applyServerError(form, e, ['reason']));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger: true }}
      cancelText={cancelText}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} onValuesChange={() => formError && setFormError(null)}>
        {formError ? <Alert type="error" showIcon role="alert" message={formError} style={{ marginBottom: 16 }} /> : null}
        <Form.Item name="reason" label={label} extra={hint} rules={[{ required: true, whitespace: true, message: requiredMessage }]}>
          <Input.TextArea autoFocus rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
