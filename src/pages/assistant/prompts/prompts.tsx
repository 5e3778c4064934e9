/**
 * My prompt templates (/pages/assistant/prompts/prompts): the caller's own templates beside an
 * editor whose typed variables show as a live form; "Use in chat" opens the chat with the filled text.
 */
import { CloudUploadOutlined, DeleteOutlined, DownloadOutlined, HistoryOutlined, PlusOutlined, SendOutlined, UploadOutlined } from '@ant-design/icons';
import { history } from '@umijs/max';
import { Alert, Button, Card, Col, Drawer, Empty, Flex, Form, Input, List, Popconfirm, Row, Select, Space, Tag, theme, Typography, Upload } from 'antd';
import { useRequest } from 'ahooks';
import { useMemo, useState } from 'react';
import { listChatModels } from '../../../services/chat';
import {
  createPrompt,
  deletePrompt,
  exportPrompts,
  importPrompts,
  listPrompts,
  listVersions,
  restoreVersion,
  updatePrompt,
  type PromptInput,
  type PromptRow,
  type PromptVersion,
} from '../../../services/prompts';
import { mySubmissions, publishTemplate, type StoreSubmission } from '../../../services/prompt-store';
import { withQuery } from '../../../services/query-string';
import { toast } from '../../../shared/feedback';
import { useT } from '../../../shared/i18n';
import { fill, parseVariables, TemplateSyntaxError, type TemplateVariable } from '../../../../shared/prompt-template';
import './messages';
import VariableFields, { type VariableValues } from './VariableFields';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../../shared/format';

const PAGE_SIZE = 10;
const SYNTAX = '{{name}}  {{tone:select:formal|casual}}  {{length:number}}  {{text:textarea}}';
const SUBMISSION_COLORS: Record<string, string> = { pending: 'processing', approved: 'success', rejected: 'error', taken_down: 'default' };
const EMPTY: PromptInput = { title: '', body: '', category: '', tags: [], model_id: null };

function variablesOf(body: string): { vars: TemplateVariable[]; error: TemplateSyntaxError | null } {
  try {
    return { vars: parseVariables(body), error: null };
  } catch (e) {
    if (e instanceof TemplateSyntaxError) return { vars: [], error: e };
    throw e;
  }
}

export default function PromptsPage() {
  const t = useT();
  const { token } = theme.useToken();
  const [keyword, setKeyword] = useState('');
  const [category, setCategory] = useState<string | undefined>();
  const [tag, setTag] = useState<string | undefined>();
  const [current, setCurrent] = useState(1);
  const [selected, setSelected] = useState<PromptRow | null>(null);
  const [draft, setDraft] = useState<PromptInput>(EMPTY);
  const [values, setValues] = useState<VariableValues>({});
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [viewing, setViewing] = useState<PromptVersion | null>(null);

  const list = useRequest(
    () =>
      listPrompts({ keyword: keyword || undefined, category: category ? [category] : undefined, tag: tag ? [tag] : undefined, current, pageSize: PAGE_SIZE }),
    {
      refreshDeps: [keyword, category, tag, current],
    },
  );
  // the filter choices: every category and tag of the caller's templates
  const all = useRequest(exportPrompts);
  const models = useRequest(() => listChatModels());
  // each template's latest store submission (newest first from the server)
  const submissions = useRequest(mySubmissions);
  const submissionOf = useMemo(() => {
    const m = new Map<string, StoreSubmission>();
    for (const x of submissions.data ?? []) if (x.source_template_id && !m.has(x.source_template_id)) m.set(x.source_template_id, x);
    return m;
  }, [submissions.data]);
  const versions = useRequest(() => (selected ? listVersions(selected.id) : Promise.resolve([])), {
    refreshDeps: [selected?.id, selected?.version],
    ready: versionsOpen,
  });

  const categories = useMemo(() => [...new Set((all.data?.templates ?? []).map((x) => x.category).filter(Boolean))], [all.data]);
  const tags = useMemo(() => [...new Set((all.data?.templates ?? []).flatMap((x) => x.tags))], [all.data]);
  const { vars, error } = useMemo(() => variablesOf(draft.body), [draft.body]);

  /** shows a template in the editor; the form's values stay when it is the one just saved */
  const open = (row: PromptRow | null, keepValues = false) => {
    setSelected(row);
    setDraft(row ? { title: row.title, body: row.body, category: row.category, tags: row.tags, model_id: row.model_id } : EMPTY);
    if (!keepValues) setValues({});
  };
  const refresh = () => {
    list.refresh();
    all.refresh();
  };
  const fail = (e: unknown) => {
    const body = (e as { info?: { errorMessage?: string }; response?: { data?: { errorMessage?: string } } })?.response?.data;
    toast(body?.errorMessage ?? String(e));
  };

  const save = async () => {
    try {
      const row = selected ? await updatePrompt(selected.id, draft) : await createPrompt(draft);
      toast(t('prompts.saved', { version: row.version }), 'success');
      open(row, true);
      refresh();
    } catch (e) {
      fail(e);
    }
  };
  const remove = async () => {
    if (!selected) return;
    await deletePrompt(selected.id);
    open(null);
    refresh();
  };
  const restore = async (v: PromptVersion) => {
    if (!selected) return;
    const row = await restoreVersion(selected.id, v.version);
    toast(t('prompts.restored', { version: v.version }), 'success');
    setViewing(null);
    open(row);
    refresh();
  };
  const publish = async () => {
    if (!selected) return;
    try {
      await publishTemplate(selected.id);
      toast(t('prompts.published'), 'success');
      submissions.refresh();
    } catch (e) {
      fail(e);
    }
  };
  const submissionTag = (id: string) => {
    const sub = submissionOf.get(id);
    if (!sub) return null;
    return (
      <Tag color={SUBMISSION_COLORS[sub.status]} data-testid="submission-status">
        {t(`prompts.submission.${sub.status}`)}
        {sub.reason ? `: ${sub.reason}` : ''}
      </Tag>
    );
  };
  const useInChat = () => history.push(withQuery('/pages/assistant/chat/chat', { prompt: fill(draft.body, values) }));

  const download = async () => {
    const data = await exportPrompts();
    const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'prompt-templates.json';
    a.click();
    URL.revokeObjectURL(url);
  };
  const upload = async (file: File) => {
    try {
      const r = await importPrompts(JSON.parse(await file.text()));
      toast(t('prompts.imported', { count: r.imported }), 'success');
      refresh();
    } catch (e) {
      if (e instanceof SyntaxError) toast(t('prompts.importNotJson'));
      else fail(e);
    }
    return false;
  };

  return (
    // a vertical gutter too: stacked at 390 px the two cards keep a gap
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={9}>
        <Card
          title={t('prompts.mine')}
          styles={{ header: { gap: 8 } }}
          extra={
            <Space>
              <Upload accept="application/json,.json" showUploadList={false} beforeUpload={(f) => upload(f)}>
                <Button size="small" icon={<UploadOutlined />}>
                  {t('prompts.import')}
                </Button>
              </Upload>
              <Button size="small" icon={<DownloadOutlined />} onClick={download}>
                {t('prompts.export')}
              </Button>
            </Space>
          }
        >
          <Flex vertical gap={8}>
            <Input.Search allowClear placeholder={t('prompts.search')} onSearch={(v) => (setKeyword(v.trim()), setCurrent(1))} />
            <Flex gap={8}>
              <Select
                allowClear
                style={{ flex: 1 }}
                placeholder={t('prompts.category')}
                value={category}
                options={categories.map((c) => ({ value: c, label: c }))}
                onChange={(v) => (setCategory(v), setCurrent(1))}
              />
              <Select
                allowClear
                style={{ flex: 1 }}
                placeholder={t('prompts.tags')}
                value={tag}
                options={tags.map((c) => ({ value: c, label: c }))}
                onChange={(v) => (setTag(v), setCurrent(1))}
              />
            </Flex>
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => open(null)}>
              {t('prompts.new')}
            </Button>
            <div data-testid="prompt-list">
              <List
                loading={list.loading}
                dataSource={list.data?.data ?? []}
                locale={{ emptyText: <Empty description={t('prompts.empty')} /> }}
                pagination={{ current, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setCurrent, size: 'small', hideOnSinglePage: true }}
                renderItem={(row) => (
                  <List.Item
                    onClick={() => open(row)}
                    style={{ cursor: 'pointer', background: selected?.id === row.id ? token.controlItemBgActive : undefined, paddingInline: 8 }}
                  >
                    <List.Item.Meta
                      title={row.title}
                      description={
                        <Space size={4} wrap>
                          {row.category ? <Tag color="blue">{row.category}</Tag> : null}
                          {row.tags.map((x) => (
                            <Tag key={x}>{x}</Tag>
                          ))}
                          <Typography.Text type="secondary">v{row.version}</Typography.Text>
                          {submissionTag(row.id)}
                        </Space>
                      }
                    />
                  </List.Item>
                )}
              />
            </div>
          </Flex>
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card
          title={
            <Space>
              {selected ? t('prompts.edit') : t('prompts.new')}
              {selected ? submissionTag(selected.id) : null}
            </Space>
          }
          extra={
            selected ? (
              <Space>
                <Popconfirm title={t('prompts.publishConfirm')} onConfirm={publish}>
                  <Button icon={<CloudUploadOutlined />}>{t('prompts.publish')}</Button>
                </Popconfirm>
                <Button icon={<HistoryOutlined />} onClick={() => setVersionsOpen(true)}>
                  {t('prompts.versions')}
                </Button>
                <Popconfirm title={t('prompts.deleteConfirm')} onConfirm={remove}>
                  <Button danger icon={<DeleteOutlined />}>
                    {t('prompts.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ) : null
          }
        >
          <Form layout="vertical" onFinish={save}>
            <Form.Item label={t('prompts.title')} required>
              <Input aria-label={t('prompts.title')} maxLength={100} value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
            </Form.Item>
            <Form.Item
              label={t('prompts.body')}
              required
              extra={t('prompts.syntax', { example: SYNTAX })}
              validateStatus={error ? 'error' : undefined}
              help={error ? t('prompts.syntaxError', { reason: t(`prompts.reason.${error.reason}`), position: error.position }) : undefined}
            >
              <Input.TextArea
                aria-label={t('prompts.body')}
                maxLength={20000}
                autoSize={{ minRows: 5, maxRows: 16 }}
                value={draft.body}
                onChange={(e) => setDraft({ ...draft, body: e.target.value })}
              />
            </Form.Item>
            <Row gutter={12}>
              <Col span={8}>
                <Form.Item label={t('prompts.category')}>
                  <Input
                    aria-label={t('prompts.category')}
                    maxLength={50}
                    value={draft.category}
                    onChange={(e) => setDraft({ ...draft, category: e.target.value })}
                  />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label={t('prompts.tags')}>
                  <Select aria-label={t('prompts.tags')} mode="tags" value={draft.tags} onChange={(v) => setDraft({ ...draft, tags: v })} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label={t('prompts.model')}>
                  <Select
                    allowClear
                    aria-label={t('prompts.model')}
                    placeholder={t('prompts.modelDefault')}
                    value={draft.model_id ?? undefined}
                    options={(models.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
                    onChange={(v) => setDraft({ ...draft, model_id: v ?? null })}
                  />
                </Form.Item>
              </Col>
            </Row>
            <Button type="primary" htmlType="submit" disabled={!!error || !draft.title.trim() || !draft.body.trim()}>
              {t('prompts.save')}
            </Button>
          </Form>
        </Card>
        <Card title={t('prompts.preview')} style={{ marginTop: 16 }}>
          {vars.length ? (
            <VariableFields vars={vars} values={values} onChange={setValues} />
          ) : (
            <Alert type="info" showIcon message={t('prompts.noVariables')} />
          )}
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 12 }} data-testid="filled">
            {error ? '' : fill(draft.body, values)}
          </Typography.Paragraph>
          <Button type="primary" icon={<SendOutlined />} disabled={!!error || !draft.body.trim()} onClick={useInChat}>
            {t('prompts.useInChat')}
          </Button>
        </Card>
      </Col>
      <Drawer open={versionsOpen} width={520} title={t('prompts.versions')} onClose={() => (setVersionsOpen(false), setViewing(null))}>
        <List
          loading={versions.loading}
          dataSource={versions.data ?? []}
          renderItem={(v) => (
            <List.Item
              actions={[
                <Button key="view" size="small" onClick={() => setViewing(v)}>
                  {t('prompts.view')}
                </Button>,
                <Popconfirm key="restore" title={t('prompts.restoreConfirm', { version: v.version })} onConfirm={() => restore(v)}>
                  <Button size="small" disabled={v.version === selected?.version}>
                    {t('prompts.restore')}
                  </Button>
                </Popconfirm>,
              ]}
            >
              <List.Item.Meta title={t('prompts.version', { version: v.version })} description={`${v.title} · ${dayjs(v.created_at).format(DATE_FORMAT)}`} />
            </List.Item>
          )}
        />
        {viewing ? (
          <Card size="small" title={t('prompts.version', { version: viewing.version })} style={{ marginTop: 12 }}>
            <Typography.Title level={5}>{viewing.title}</Typography.Title>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{viewing.body}</Typography.Paragraph>
          </Card>
        ) : null}
      </Drawer>
    </Row>
  );
}
