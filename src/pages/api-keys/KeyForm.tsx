/**
 * The API key dialogs: the form that makes or changes a key (name, expiry, credit caps, rate
 * limits, models, allowed addresses) and, after a key is made, the one time its whole key is shown
 * with the addresses programs call.
 */
import { Alert, DatePicker, Flex, Form, Input, InputNumber, Modal, Select, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { createApiKey, updateApiKey, type ApiKeyRow, type KeyModel, type NewApiKeyBody } from '../../services/credits';
import { RELAY_LIMITS } from '../../../shared/relay';
import { toast } from '../../shared/feedback';
import { useT } from '../../shared/i18n';

interface FormValue {
  name: string;
  expires: Dayjs | null;
  credit_cap_total: number | null;
  credit_cap_daily: number | null;
  models: string[];
  ip_allow: string[];
  rpm_limit: number | null;
  tpm_limit: number | null;
  enabled: boolean;
}

/** the same bounds as the server's (server/modules/api-keys/service.ts) */
const NAME_MAX = 40;
const CAP_MAX = 1_000_000_000_000;
/** what a model that is not a chat model is, after its name */
const KIND_LABEL = { embeddings: 'apiKeys.kind.embeddings', 'speech-to-text': 'apiKeys.kind.speech-to-text' } as const;
const RATES = [
  { name: 'rpm_limit', label: 'apiKeys.rpm', max: RELAY_LIMITS.RPM_MAX, fallback: RELAY_LIMITS.RPM },
  { name: 'tpm_limit', label: 'apiKeys.tpm', max: RELAY_LIMITS.TPM_MAX, fallback: RELAY_LIMITS.TPM },
] as const;

export function KeyForm(props: {
  open: boolean;
  editing: ApiKeyRow | null;
  models: KeyModel[];
  onClose: () => void;
  /** a made key comes with its whole key, this once */
  onSaved: (row: ApiKeyRow, key?: string) => void;
}) {
  const t = useT();
  const [form] = Form.useForm<FormValue>();
  const [saving, setSaving] = useState(false);
  const e = props.editing;
  const initial: FormValue = {
    name: e?.name ?? '',
    expires: e?.expires_at ? dayjs(e.expires_at) : null,
    credit_cap_total: e?.credit_cap_total ?? null,
    credit_cap_daily: e?.credit_cap_daily ?? null,
    models: e?.models ?? [],
    ip_allow: e?.ip_allow ?? [],
    rpm_limit: e?.rpm_limit ?? null,
    tpm_limit: e?.tpm_limit ?? null,
    enabled: e?.enabled ?? true,
  };
  const save = async () => {
    const v = await form.validateFields();
    const body: NewApiKeyBody = {
      name: v.name,
      expires_at: v.expires ? v.expires.endOf('day').toISOString() : null,
      credit_cap_total: v.credit_cap_total ?? null,
      credit_cap_daily: v.credit_cap_daily ?? null,
      models: v.models ?? [],
      ip_allow: (v.ip_allow ?? []).map((s) => s.trim()).filter(Boolean),
      rpm_limit: v.rpm_limit ?? null,
      tpm_limit: v.tpm_limit ?? null,
    };
    setSaving(true);
    try {
      if (e) props.onSaved(await updateApiKey(e.id, { ...body, enabled: v.enabled }));
      else {
        const made = await createApiKey(body);
        props.onSaved(made, made.key);
      }
      toast(t('apiKeys.saved'), 'success');
    } catch {
      /* the request layer showed the error on its field */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={props.open}
      title={t(e ? 'apiKeys.edit' : 'apiKeys.new')}
      onCancel={props.onClose}
      onOk={() => void save()}
      okText={t(e ? 'apiKeys.save' : 'apiKeys.create')}
      cancelText={t('apiKeys.cancel')}
      confirmLoading={saving}
      destroyOnClose
      width={540}
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false} requiredMark="optional">
        <Form.Item name="name" label={t('apiKeys.name')} rules={[{ required: true, whitespace: true, message: t('apiKeys.nameRequired') }]}>
          <Input maxLength={NAME_MAX} autoFocus />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item name="expires" label={t('apiKeys.expires')} style={{ flex: '1 1 200px' }}>
            <DatePicker style={{ width: '100%' }} placeholder={t('apiKeys.never')} disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
          </Form.Item>
          {e ? (
            <Form.Item name="enabled" label={t('apiKeys.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          ) : null}
        </Flex>
        <Flex gap={12} wrap>
          {(['credit_cap_total', 'credit_cap_daily'] as const).map((k) => (
            <Form.Item key={k} name={k} label={t(k === 'credit_cap_total' ? 'apiKeys.capTotal' : 'apiKeys.capDaily')} style={{ flex: '1 1 200px' }}>
              <InputNumber<number> style={{ width: '100%' }} min={1} max={CAP_MAX} precision={0} placeholder={t('apiKeys.noCap')} />
            </Form.Item>
          ))}
        </Flex>
        <Flex gap={12} wrap>
          {RATES.map((r) => (
            <Form.Item key={r.name} name={r.name} label={t(r.label)} style={{ flex: '1 1 200px' }}>
              <InputNumber<number>
                style={{ width: '100%' }}
                min={1}
                max={r.max}
                precision={0}
                placeholder={t('apiKeys.rateDefault', { n: r.fallback.toLocaleString() })}
              />
            </Form.Item>
          ))}
        </Flex>
        <Form.Item name="models" label={t('apiKeys.models')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('apiKeys.allModels')}
            options={props.models.map((m) => ({ value: m.id, label: m.kind === 'chat' ? m.name : `${m.name} (${t(KIND_LABEL[m.kind])})` }))}
          />
        </Form.Item>
        <Form.Item name="ip_allow" label={t('apiKeys.ipAllow')} extra={t('apiKeys.ipAllowHint')}>
          <Select mode="tags" tokenSeparators={[',', ' ']} placeholder={t('apiKeys.anywhere')} open={false} suffixIcon={null} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** where programs send their calls: this console's own origin (README "The relay") */
export function RelayAddresses() {
  const t = useT();
  const origin = window.location.origin;
  return (
    <Flex vertical gap={4}>
      {[
        ['apiKeys.baseUrlOpenAi', `${origin}/v1`],
        ['apiKeys.baseUrlAnthropic', origin],
      ].map(([label, url]) => (
        <Typography.Text key={label} type="secondary" style={{ fontSize: 13 }}>
          {t(label)}{' '}
          <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
            {url}
          </Typography.Text>
        </Typography.Text>
      ))}
    </Flex>
  );
}

/** the whole key, shown once after it was made */
export function MadeKey({ keyText, onClose }: { keyText: string | null; onClose: () => void }) {
  const t = useT();
  return (
    <Modal
      open={!!keyText}
      title={t('apiKeys.madeTitle')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('apiKeys.done')}
      cancelButtonProps={{ style: { display: 'none' } }}
      maskClosable={false}
    >
      <Alert type="warning" showIcon message={t('apiKeys.madeWarning')} style={{ marginBottom: 12 }} />
      <Typography.Paragraph code copyable={{ text: keyText ?? '' }} style={{ wordBreak: 'break-all', fontSize: 13 }} className="api-key-made">
        {keyText}
      </Typography.Paragraph>
      <RelayAddresses />
    </Modal>
  );
}
