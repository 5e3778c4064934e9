/**
 * Assistants in the chat: the drawer that lists the caller's and the published ones ("New chat
 * with…"), the form that makes or changes one, and the welcome an assistant's new chat shows
 * (its starter questions). Publishing is offered to those who manage the models.
 */
import { DeleteOutlined, EditOutlined, MessageOutlined, PlusOutlined, RobotOutlined } from '@ant-design/icons';
import { Prompts, Welcome } from '@ant-design/x';
import { useAccess } from '@umijs/max';
import {
  Avatar,
  Button,
  Drawer,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  List,
  Modal,
  Popconfirm,
  Select,
  Skeleton,
  Switch,
  Tag,
  Typography,
  theme as antdTheme,
} from 'antd';
import { useState } from 'react';
import { createAssistant, deleteAssistant, updateAssistant, type AssistantBody, type ChatAssistant, type ChatModelInfo } from '../../../../services/chat';
import { toast } from '../../../../shared/feedback';
import { useT } from '../../../../shared/i18n';
import { RULES } from '../../../../../shared/permissions';
import { firstChar } from '../../../../../shared/text';
import { PARAMETERS } from './ChatSettings';

/** the same bounds as the server's (server/modules/chat/assistants.ts) */
const LIMITS = { NAME: 40, AVATAR: 16, DESCRIPTION: 200, STARTERS: 4, STARTER: 200, SYSTEM_PROMPT: 20_000 } as const;

export function AssistantAvatar({ assistant, size = 32 }: { assistant: Pick<ChatAssistant, 'avatar' | 'name'>; size?: number }) {
  const { token } = antdTheme.useToken();
  return (
    <Avatar size={size} style={{ flex: 'none', background: token.colorPrimaryBg, color: token.colorPrimary, fontSize: Math.round(size * 0.45) }}>
      {assistant.avatar || firstChar(assistant.name).toUpperCase() || <RobotOutlined />}
    </Avatar>
  );
}

type FormValue = Omit<AssistantBody, 'starters'> & { starters: { text: string }[] };

function AssistantForm({
  open,
  editing,
  models,
  canPublish,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: ChatAssistant | null;
  models: ChatModelInfo[];
  canPublish: boolean;
  onClose: () => void;
  onSaved: (a: ChatAssistant) => void;
}) {
  const t = useT();
  const [form] = Form.useForm<FormValue>();
  const [saving, setSaving] = useState(false);
  const published = Form.useWatch('published', form);
  const initial: Partial<FormValue> = editing
    ? { ...editing, starters: editing.starters.map((text) => ({ text })) }
    : { name: '', avatar: '', description: '', model_id: null, system_prompt: '', starters: [], published: false, roles: [] };

  const save = async () => {
    const v = await form.validateFields();
    const body: AssistantBody = {
      name: v.name,
      avatar: v.avatar ?? '',
      description: v.description ?? '',
      model_id: v.model_id ?? null,
      system_prompt: v.system_prompt?.trim() ? v.system_prompt : null,
      temperature: v.temperature ?? null,
      top_p: v.top_p ?? null,
      max_tokens: v.max_tokens ?? null,
      starters: (v.starters ?? []).map((s) => s?.text ?? '').filter((s) => s.trim()),
      ...(canPublish ? { published: !!v.published, roles: v.published ? (v.roles ?? []) : [] } : {}),
    };
    setSaving(true);
    try {
      const saved = editing ? await updateAssistant(editing.id, body) : await createAssistant(body);
      toast(t('chat.saved'), 'success');
      onSaved(saved);
    } catch {
      /* the request layer showed the error */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(editing ? 'chat.assistant.edit' : 'chat.assistant.new')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('chat.save')}
      cancelText={t('chat.cancel')}
      confirmLoading={saving}
      destroyOnClose
      width={560}
    >
      <Form form={form} layout="vertical" initialValues={initial} preserve={false} requiredMark="optional">
        <Flex gap={12} wrap>
          <Form.Item name="avatar" label={t('chat.assistant.avatar')} style={{ width: 96 }} tooltip={t('chat.assistant.avatarHint')}>
            <Input maxLength={LIMITS.AVATAR} placeholder="🤖" />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('chat.assistant.name')}
            style={{ flex: '1 1 200px' }}
            rules={[{ required: true, whitespace: true, message: t('chat.assistant.nameRequired') }]}
          >
            <Input maxLength={LIMITS.NAME} autoFocus />
          </Form.Item>
        </Flex>
        <Form.Item name="description" label={t('chat.assistant.description')}>
          <Input maxLength={LIMITS.DESCRIPTION} />
        </Form.Item>
        <Form.Item name="model_id" label={t('chat.model')}>
          <Select
            allowClear
            placeholder={t('chat.assistant.anyModel')}
            options={models.map((m) => ({ value: m.id, label: m.name }))}
            popupMatchSelectWidth={false}
          />
        </Form.Item>
        <Form.Item name="system_prompt" label={t('chat.systemPrompt')} extra={t('chat.assistant.systemPromptHint')}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={LIMITS.SYSTEM_PROMPT} />
        </Form.Item>
        <Flex gap={12} wrap>
          {PARAMETERS.map((p) => (
            <Form.Item key={p.key} name={p.key} label={t(p.label)} tooltip={t(p.hint)} style={{ flex: '1 1 150px' }}>
              <InputNumber<number>
                style={{ width: '100%' }}
                min={p.min}
                max={p.max}
                step={p.step}
                precision={p.precision}
                placeholder={t('chat.param.modelDefault')}
              />
            </Form.Item>
          ))}
        </Flex>
        <Form.Item label={t('chat.assistant.starters')} extra={t('chat.assistant.startersHint', { max: LIMITS.STARTERS })}>
          <Form.List name="starters">
            {(fields, { add, remove }) => (
              <Flex vertical gap={8}>
                {fields.map((f, i) => (
                  <Flex key={f.key} gap={8}>
                    <Form.Item name={[f.name, 'text']} noStyle>
                      <Input maxLength={LIMITS.STARTER} aria-label={t('chat.assistant.starter', { n: i + 1 })} />
                    </Form.Item>
                    <Button aria-label={t('chat.delete')} icon={<DeleteOutlined />} onClick={() => remove(f.name)} />
                  </Flex>
                ))}
                {fields.length < LIMITS.STARTERS ? (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ text: '' })} block>
                    {t('chat.assistant.addStarter')}
                  </Button>
                ) : null}
              </Flex>
            )}
          </Form.List>
        </Form.Item>
        {canPublish ? (
          <Flex gap={12} wrap align="flex-start">
            <Form.Item name="published" label={t('chat.assistant.publish')} valuePropName="checked" tooltip={t('chat.assistant.publishHint')}>
              <Switch />
            </Form.Item>
            {published ? (
              <Form.Item name="roles" label={t('chat.assistant.roles')} style={{ flex: '1 1 220px' }} extra={t('chat.assistant.rolesHint')}>
                <Select mode="tags" tokenSeparators={[',', ' ']} placeholder={t('chat.assistant.everyone')} />
              </Form.Item>
            ) : null}
          </Flex>
        ) : null}
      </Form>
    </Modal>
  );
}

/** the assistants drawer: start a chat with one, make, change or delete one */
export function AssistantsDrawer({
  open,
  onClose,
  assistants,
  loading,
  models,
  onStart,
  onChanged,
}: {
  open: boolean;
  onClose: () => void;
  assistants: ChatAssistant[];
  loading: boolean;
  models: ChatModelInfo[];
  onStart: (a: ChatAssistant) => void;
  onChanged: () => void;
}) {
  const t = useT();
  const access = useAccess() as { canAccess?: (rule: string) => boolean };
  const canPublish = !!access.canAccess?.(RULES.aiModels);
  const [form, setForm] = useState<{ editing: ChatAssistant | null } | null>(null);
  const editable = (a: ChatAssistant) => (a.published ? canPublish : a.mine);
  const modelName = (id: string | null) => (id ? (models.find((m) => m.id === id)?.name ?? null) : null);

  const remove = async (a: ChatAssistant) => {
    try {
      await deleteAssistant(a.id);
      toast(t('chat.assistant.deleted'), 'success');
      onChanged();
    } catch {
      /* shown by the request layer */
    }
  };

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('chat.assistant.title')}
      width="min(520px, 100vw)"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ editing: null })}>
          {t('chat.assistant.new')}
        </Button>
      }
    >
      {loading && !assistants.length ? (
        <Skeleton active avatar paragraph={{ rows: 3 }} />
      ) : assistants.length ? (
        <List
          className="chat-assistant-list"
          dataSource={assistants}
          renderItem={(a) => (
            <List.Item
              key={a.id}
              actions={[
                ...(editable(a)
                  ? [
                      <Button
                        key="edit"
                        type="text"
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={t('chat.assistant.editOf', { name: a.name })}
                        onClick={() => setForm({ editing: a })}
                      />,
                      <Popconfirm
                        key="delete"
                        title={t('chat.assistant.deleteConfirm', { name: a.name })}
                        onConfirm={() => void remove(a)}
                        okText={t('chat.delete')}
                        cancelText={t('chat.cancel')}
                      >
                        <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('chat.assistant.deleteOf', { name: a.name })} />
                      </Popconfirm>,
                    ]
                  : []),
              ]}
            >
              <List.Item.Meta
                avatar={<AssistantAvatar assistant={a} size={40} />}
                title={
                  <Flex gap={6} wrap align="center">
                    <Typography.Text strong style={{ wordBreak: 'break-word' }}>
                      {a.name}
                    </Typography.Text>
                    {a.published ? (
                      <Tag color="blue">{a.roles.length ? t('chat.assistant.forRoles', { roles: a.roles.join(', ') }) : t('chat.assistant.forEveryone')}</Tag>
                    ) : null}
                    {modelName(a.model_id) ? <Tag>{modelName(a.model_id)}</Tag> : null}
                  </Flex>
                }
                description={
                  <Flex vertical gap={8} align="flex-start">
                    {a.description ? <span>{a.description}</span> : null}
                    <Button size="small" type="primary" ghost icon={<MessageOutlined />} onClick={() => onStart(a)}>
                      {t('chat.assistant.chatWith')}
                    </Button>
                  </Flex>
                }
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty description={t('chat.assistant.none')}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ editing: null })}>
            {t('chat.assistant.new')}
          </Button>
        </Empty>
      )}
      <AssistantForm
        open={!!form}
        editing={form?.editing ?? null}
        models={models}
        canPublish={canPublish}
        onClose={() => setForm(null)}
        onSaved={() => {
          setForm(null);
          onChanged();
        }}
      />
    </Drawer>
  );
}

/** a new chat with an assistant, before its first question: who it is and its starter questions */
export function AssistantWelcome({ assistant, onAsk, disabled }: { assistant: ChatAssistant; onAsk: (text: string) => void; disabled?: boolean }) {
  const t = useT();
  return (
    <Flex vertical gap={16} style={{ maxWidth: 640, width: '100%' }} className="chat-assistant-welcome">
      <Welcome
        variant="borderless"
        icon={<AssistantAvatar assistant={assistant} size={48} />}
        title={assistant.name}
        description={assistant.description || t('chat.assistant.welcome')}
      />
      {assistant.starters.length ? (
        <Prompts
          title={t('chat.assistant.tryAsking')}
          wrap
          items={assistant.starters.map((s, i) => ({ key: String(i), description: s, disabled }))}
          onItemClick={({ data }) => onAsk(String(data.description))}
        />
      ) : null}
    </Flex>
  );
}
