/**
 * A model's channels (MANAGE_AI_MODELS): its own provider and the other providers behind its name,
 * each with its priority, weight and health (in service, failing, paused; calls, error rate,
 * latency of the last attempt); add, change, switch off and delete a channel. Calls fail over
 * among them before the first token (README "Channels").
 */
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { Button, Drawer, Flex, Form, Input, InputNumber, Modal, Select, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { AI_PROTOCOLS, type AiProtocol } from '../../../shared/ai-models';
import { createChannel, deleteChannel, listChannels, updateChannel, type AiChannelRow, type AiModelRow, type ChannelList } from '../../services/ai';
import { toast } from '../../shared/feedback';
import { useT } from '../../shared/i18n';

type Health = ChannelList['primary'];

/** in service, failing (n in a row), or paused until a time */
function HealthTag({ h }: { h: Health }) {
  const t = useT();
  if (h.paused_until && new Date(h.paused_until) > new Date())
    return (
      <Tooltip title={h.last_error}>
        <Tag color="error">{t('ai.channels.paused', { time: new Date(h.paused_until).toLocaleTimeString() })}</Tag>
      </Tooltip>
    );
  if (h.failures > 0)
    return (
      <Tooltip title={h.last_error}>
        <Tag color="warning">{t('ai.channels.failing', { n: h.failures })}</Tag>
      </Tooltip>
    );
  return <Tag color="success">{t('ai.channels.inService')}</Tag>;
}

const figures = (h: Health, t: ReturnType<typeof useT>) =>
  t('ai.channels.figures', {
    requests: h.requests.toLocaleString(),
    rate: h.requests ? ((h.errors / h.requests) * 100).toFixed(1) : '0.0',
    latency: h.latency_ms === null ? '-' : h.latency_ms.toLocaleString(),
  });

interface FormValue {
  name: string;
  protocol: AiProtocol;
  base_url: string;
  api_key?: string;
  provider_model: string;
  priority: number;
  weight: number;
  enabled: boolean;
}

function ChannelForm({ model, editing, onClose, onSaved }: { model: AiModelRow; editing: AiChannelRow | null; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const [form] = Form.useForm<FormValue>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const v = await form.validateFields();
    const body = { ...v, api_key: v.api_key?.trim() ? v.api_key.trim() : undefined };
    setSaving(true);
    try {
      if (editing) await updateChannel(editing.id, body);
      else await createChannel(model.id, body);
      toast(t('ai.channels.saved'), 'success');
      onSaved();
    } catch {
      /* the request layer named the field */
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t(editing ? 'ai.channels.edit' : 'ai.channels.add')}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      okText={t('ai.channels.save')}
      cancelText={t('ai.channels.cancel')}
      destroyOnClose
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={
          editing ?? { protocol: model.protocol, base_url: model.base_url, provider_model: model.provider_model, priority: -1, weight: 1, enabled: true }
        }
      >
        <Form.Item
          name="name"
          label={t('ai.channels.field.name')}
          rules={[{ required: true, whitespace: true, message: t('ai.channels.required', { field: t('ai.channels.field.name') }) }]}
        >
          <Input maxLength={100} autoFocus />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item name="protocol" label={t('ai.channels.field.protocol')} style={{ flex: '1 1 140px' }}>
            <Select options={AI_PROTOCOLS.map((p) => ({ value: p, label: t(`ai.protocol.${p}`) }))} />
          </Form.Item>
          <Form.Item
            name="provider_model"
            label={t('ai.channels.field.providerModel')}
            extra={t('ai.channels.aliasHint')}
            style={{ flex: '2 1 220px' }}
            rules={[{ required: true, whitespace: true, message: t('ai.channels.required', { field: t('ai.channels.field.providerModel') }) }]}
          >
            <Input maxLength={200} />
          </Form.Item>
        </Flex>
        <Form.Item name="base_url" label={t('ai.channels.field.baseUrl')} rules={[{ required: true, type: 'url', message: t('ai.channels.urlRule') }]}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item
          name="api_key"
          label={t('ai.channels.field.apiKey')}
          extra={editing?.api_key_masked ? t('ai.channels.keyKept', { key: editing.api_key_masked }) : undefined}
        >
          <Input.Password maxLength={500} autoComplete="new-password" />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item name="priority" label={t('ai.channels.field.priority')} extra={t('ai.channels.priorityHint')} style={{ flex: '1 1 200px' }}>
            <InputNumber<number> min={-1000} max={1000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="weight" label={t('ai.channels.field.weight')} extra={t('ai.channels.weightHint')} style={{ flex: '1 1 200px' }}>
            <InputNumber<number> min={1} max={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item name="enabled" label={t('ai.channels.field.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export default function ChannelsDrawer({ model, onClose }: { model: AiModelRow | null; onClose: () => void }) {
  const t = useT();
  const list = useRequest(() => (model ? listChannels(model.id) : Promise.resolve(null)), { refreshDeps: [model?.id] });
  const [form, setForm] = useState<{ editing: AiChannelRow | null } | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const remove = (c: AiChannelRow) =>
    void modal.confirm({
      title: t('ai.channels.deleteTitle', { name: c.name }),
      okText: t('ai.channels.delete'),
      cancelText: t('ai.channels.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await deleteChannel(c.id);
        toast(t('ai.channels.deleted'), 'success');
        list.refresh();
      },
    });
  const columns = [
    {
      title: t('ai.channels.field.name'),
      key: 'name',
      render: (_: unknown, c: AiChannelRow): ReactNode => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text ellipsis={{ tooltip: c.name }} delete={!c.enabled}>
            {c.name}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis={{ tooltip: c.base_url }} style={{ fontSize: 12 }}>
            {c.provider_model}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('ai.channels.field.priority'), dataIndex: 'priority', key: 'priority', width: 80, align: 'right' as const },
    { title: t('ai.channels.field.weight'), dataIndex: 'weight', key: 'weight', width: 72, align: 'right' as const },
    {
      title: t('ai.channels.health'),
      key: 'health',
      width: 190,
      render: (_: unknown, c: AiChannelRow) => (
        <Flex vertical gap={2}>
          {c.enabled ? <HealthTag h={c} /> : <Tag>{t('ai.channels.off')}</Tag>}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {figures(c, t)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('ai.channels.actions'),
      key: 'actions',
      width: 88,
      render: (_: unknown, c: AiChannelRow) => (
        <Flex>
          <Button type="link" size="small" icon={<EditOutlined />} aria-label={`${t('ai.channels.edit')} ${c.name}`} onClick={() => setForm({ editing: c })} />
          <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={`${t('ai.channels.delete')} ${c.name}`} onClick={() => remove(c)} />
        </Flex>
      ),
    },
  ];
  return (
    <Drawer open={!!model} onClose={onClose} width="min(760px, 100vw)" title={model ? t('ai.channels.title', { name: model.name }) : ''} destroyOnClose>
      {modalHolder}
      <Typography.Paragraph type="secondary">{t('ai.channels.description')}</Typography.Paragraph>
      {list.data ? (
        <Flex align="center" gap={8} wrap style={{ marginBottom: 16 }} data-testid="own-provider">
          <Typography.Text strong>{t('ai.channels.own')}</Typography.Text>
          <Typography.Text type="secondary">{model?.provider_model}</Typography.Text>
          <HealthTag h={list.data.primary} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {figures(list.data.primary, t)}
          </Typography.Text>
        </Flex>
      ) : null}
      <Flex justify="flex-end" style={{ marginBottom: 8 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ editing: null })}>
          {t('ai.channels.add')}
        </Button>
      </Flex>
      <Table<AiChannelRow>
        rowKey="id"
        size="small"
        loading={list.loading}
        dataSource={list.data?.channels ?? []}
        columns={columns}
        pagination={false}
        locale={{ emptyText: t('ai.channels.empty') }}
        tableLayout="fixed"
      />
      {form && model ? (
        <ChannelForm
          model={model}
          editing={form.editing}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            list.refresh();
          }}
        />
      ) : null}
    </Drawer>
  );
}
