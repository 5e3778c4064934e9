/**
 * "Break it down": a model proposes subtasks for a task, streamed as it writes; the user edits
 * the proposal and accepts it (only then is anything saved). Stop ends the provider request.
 */
import { StopOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { Alert, Button, Collapse, Drawer, Flex, Input, Select, Typography, theme } from 'antd';
import { useRequest } from 'ahooks';
import { useEffect, useRef, useState } from 'react';
import { ChatRequestError, listChatModels } from '../../../services/chat';
import { addSubtasks, type RunResult, stopRun, streamBreakdown, type TodoRow } from '../../../services/todos';
import { toast } from '../../../shared/feedback';
import { useT } from '../../../shared/i18n';
import { breakdownPromptFor, isDefaultBreakdownPrompt, parseSubtasks, TODO_LIMITS } from '../../../../shared/todo-breakdown';
import { acceptedTitles, ProposalEditor, type ProposedItem, proposalOf, RunStats } from './Proposal';
import './messages';

interface Props {
  task: TodoRow | null;
  onClose: () => void;
  onAccepted: (task: TodoRow) => void;
}

export default function Breakdown({ task, onClose, onAccepted }: Props) {
  const t = useT();
  const { token } = theme.useToken();
  const models = useRequest(() => listChatModels());
  const [modelId, setModelId] = useState<string | undefined>();
  const { locale } = useIntl();
  const [prompt, setPrompt] = useState(() => breakdownPromptFor(locale));
  const [text, setText] = useState('');
  const [runId, setRunId] = useState<string | null>(null);
  const [promptTokens, setPromptTokens] = useState<number | null>(null);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<RunResult | null>(null);
  const [items, setItems] = useState<ProposedItem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const abort = useRef<AbortController | null>(null);
  // the default prompt is shown in the reader's language, and follows a language switch until edited
  useEffect(() => setPrompt((p) => (isDefaultBreakdownPrompt(p) ? breakdownPromptFor(locale) : p)), [locale]);

  // a new task starts afresh; closing the panel stops a run still writing
  useEffect(() => {
    setText('');
    setResult(null);
    setItems([]);
    setFailure(null);
    setPromptTokens(null);
    return () => abort.current?.abort();
  }, [task?.id]);
  useEffect(() => {
    if (!modelId && models.data?.length) setModelId(models.data[0].id);
  }, [models.data, modelId]);

  const run = async () => {
    if (!task) return;
    const ctl = new AbortController();
    abort.current = ctl;
    setRunning(true);
    setText('');
    setResult(null);
    setItems([]);
    setFailure(null);
    let written = '';
    try {
      await streamBreakdown(
        task.id,
        { model_id: modelId ?? null, prompt: isDefaultBreakdownPrompt(prompt) ? null : prompt },
        (e) => {
          if (e.type === 'start') {
            setRunId(e.id);
            setPromptTokens(e.prompt_tokens);
          } else if (e.type === 'delta') {
            written += e.text;
            setText(written);
          } else if (e.type === 'done') {
            setResult(e);
            setItems(proposalOf(e.subtasks));
          } else {
            setResult(e);
            setFailure(e.errorMessage || e.errorCode);
            // what was written before the failure is still a proposal the user paid for
            setItems(proposalOf(parseSubtasks(e.text)));
          }
        },
        ctl.signal,
      );
    } catch (e) {
      if (e instanceof ChatRequestError) setFailure(e.body.errorMessage || t('request.failedWithCode', { code: e.body.errorCode }));
      else if ((e as Error).name !== 'AbortError') setFailure((e as Error).message);
    } finally {
      setRunning(false);
      setRunId(null);
    }
  };

  const stop = () => {
    if (runId) void stopRun(runId).catch(() => abort.current?.abort());
    else abort.current?.abort();
  };

  const accept = async () => {
    if (!task) return;
    setSaving(true);
    try {
      const updated = await addSubtasks(task.id, acceptedTitles(items));
      toast(t('todos.breakdown.accepted', { count: updated.subtasks.length }), 'success');
      onAccepted(updated);
    } finally {
      setSaving(false);
    }
  };

  const kept = acceptedTitles(items).length;
  return (
    <Drawer
      title={task ? t('todos.breakdown.titleOf', { title: task.title }) : ''}
      open={!!task}
      onClose={onClose}
      width="min(560px, 100vw)"
      destroyOnClose
      footer={
        <Flex justify="space-between" align="center">
          <RunStats run={result} promptTokens={promptTokens} />
          <Button type="primary" disabled={!kept || running} loading={saving} onClick={accept} data-testid="accept-breakdown">
            {t('todos.breakdown.accept', { count: kept })}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Flex gap={8}>
          <Select
            style={{ flex: 1 }}
            value={modelId}
            onChange={setModelId}
            loading={models.loading}
            placeholder={t('todos.model.none')}
            options={(models.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
            aria-label={t('todos.model')}
            disabled={running}
          />
          {running ? (
            <Button danger icon={<StopOutlined />} onClick={stop}>
              {t('todos.run.stop')}
            </Button>
          ) : (
            <Button type="primary" icon={<ThunderboltOutlined />} onClick={run} disabled={!models.data?.length} data-testid="run-breakdown">
              {result ? t('todos.run.again') : t('todos.run.start')}
            </Button>
          )}
        </Flex>
        {models.data && !models.data.length ? <Alert type="info" showIcon message={t('todos.model.none')} /> : null}
        <Collapse
          size="small"
          items={[
            {
              key: 'prompt',
              label: t('todos.breakdown.prompt'),
              children: (
                <Input.TextArea
                  value={prompt}
                  onChange={(e) => setPrompt(e.target.value)}
                  autoSize={{ minRows: 3, maxRows: 8 }}
                  maxLength={TODO_LIMITS.PROMPT}
                  aria-label={t('todos.breakdown.prompt')}
                />
              ),
            },
          ]}
        />
        {failure ? <Alert type="error" showIcon message={failure} /> : null}
        {text || running ? (
          <div>
            <Typography.Text type="secondary">{t('todos.breakdown.proposal')}</Typography.Text>
            <pre
              data-testid="breakdown-text"
              style={{
                whiteSpace: 'pre-wrap',
                margin: '4px 0 0',
                padding: 8,
                borderRadius: token.borderRadius,
                background: token.colorFillTertiary,
                fontFamily: 'inherit',
                minHeight: 40,
              }}
            >
              {text || t('todos.run.waiting')}
            </pre>
          </div>
        ) : null}
        {result && result.status === 'stopped' ? <Typography.Text type="secondary">{t('todos.run.stopped')}</Typography.Text> : null}
        {result ? (
          <div>
            <Typography.Text strong>{t('todos.breakdown.edit')}</Typography.Text>
            <div style={{ marginTop: 6 }}>
              <ProposalEditor items={items} onChange={setItems} />
            </div>
          </div>
        ) : null}
      </Flex>
    </Drawer>
  );
}
