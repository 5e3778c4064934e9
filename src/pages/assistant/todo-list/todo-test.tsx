/**
 * The breakdown playground (/pages/assistant/todo-list/todo-test): two models break the same goal
 * down side by side with an editable prompt, each with its tokens, credits and times; accepting
 * one side creates the task with those subtasks (nothing is saved before).
 */
import { CheckOutlined, StopOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { history, useIntl } from '@umijs/max';
import { Alert, Button, Card, Col, Flex, Input, Row, Select, Typography, theme } from 'antd';
import { useRequest } from 'ahooks';
import { useEffect, useRef, useState } from 'react';
import { ChatRequestError, listChatModels } from '../../../services/chat';
import { createTodo, type RunResult, stopRun, streamCompare } from '../../../services/todos';
import { toast } from '../../../shared/feedback';
import { useT } from '../../../shared/i18n';
import { cutText } from '../../../../shared/text';
import { breakdownPromptFor, isDefaultBreakdownPrompt, parseSubtasks, TODO_LIMITS } from '../../../../shared/todo-breakdown';
import { acceptedTitles, ProposalEditor, type ProposedItem, proposalOf, RunStats } from './Proposal';
import './messages';

type LaneName = 'a' | 'b';
interface Lane {
  runId: string | null;
  text: string;
  result: RunResult | null;
  failure: string | null;
  items: ProposedItem[];
}
const EMPTY_LANE: Lane = { runId: null, text: '', result: null, failure: null, items: [] };
const LANES: LaneName[] = ['a', 'b'];

export default function TodoTestPage() {
  const t = useT();
  const { token } = theme.useToken();
  const models = useRequest(() => listChatModels());
  const [picked, setPicked] = useState<Record<LaneName, string | undefined>>({ a: undefined, b: undefined });
  const { locale } = useIntl();
  const [prompt, setPrompt] = useState(() => breakdownPromptFor(locale));
  const [goal, setGoal] = useState('');
  const [lanes, setLanes] = useState<Record<LaneName, Lane>>({ a: EMPTY_LANE, b: EMPTY_LANE });
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState<LaneName | null>(null);
  const abort = useRef<AbortController | null>(null);
  // the default prompt is shown in the reader's language, and follows a language switch until edited
  useEffect(() => setPrompt((p) => (isDefaultBreakdownPrompt(p) ? breakdownPromptFor(locale) : p)), [locale]);

  useEffect(() => {
    const list = models.data ?? [];
    if (list.length && !picked.a) setPicked({ a: list[0].id, b: (list[1] ?? list[0]).id });
  }, [models.data, picked.a]);
  useEffect(() => () => abort.current?.abort(), []);

  const patch = (lane: LaneName, p: Partial<Lane> | ((l: Lane) => Partial<Lane>)) =>
    setLanes((all) => ({ ...all, [lane]: { ...all[lane], ...(typeof p === 'function' ? p(all[lane]) : p) } }));

  const run = async () => {
    const ctl = new AbortController();
    abort.current = ctl;
    setRunning(true);
    setFailure(null);
    setLanes({ a: EMPTY_LANE, b: EMPTY_LANE });
    try {
      await streamCompare(
        { goal, prompt: isDefaultBreakdownPrompt(prompt) ? null : prompt, model_ids: [picked.a!, picked.b!] },
        (e) => {
          const lane = (e.lane ?? 'a') as LaneName;
          if (e.type === 'start') patch(lane, { runId: e.id });
          else if (e.type === 'delta') patch(lane, (l) => ({ text: l.text + e.text }));
          else if (e.type === 'done') patch(lane, { result: e, items: proposalOf(e.subtasks), runId: null });
          else patch(lane, { result: e, failure: e.errorMessage || e.errorCode, items: proposalOf(parseSubtasks(e.text)), runId: null });
        },
        ctl.signal,
      );
    } catch (e) {
      if (e instanceof ChatRequestError) setFailure(e.body.errorMessage || t('request.failedWithCode', { code: e.body.errorCode }));
      else if ((e as Error).name !== 'AbortError') setFailure((e as Error).message);
    } finally {
      setRunning(false);
    }
  };

  const stop = () => {
    for (const l of LANES) {
      const id = lanes[l].runId;
      if (id) void stopRun(id).catch(() => undefined);
    }
  };

  const accept = async (lane: LaneName) => {
    setSaving(lane);
    try {
      const task = await createTodo({ title: cutText(goal.trim(), TODO_LIMITS.TITLE), subtasks: acceptedTitles(lanes[lane].items) });
      toast(t('todos.test.created', { count: task.subtasks.length }), 'success');
      history.push('/pages/assistant/todo-list/todo-list');
    } finally {
      setSaving(null);
    }
  };

  const options = (models.data ?? []).map((m) => ({ value: m.id, label: m.name }));
  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('todos.test.intro')}</Typography.Text>
          {models.data && !models.data.length ? <Alert type="info" showIcon message={t('todos.model.none')} /> : null}
          <div>
            <Typography.Text strong>{t('todos.breakdown.prompt')}</Typography.Text>
            <Input.TextArea
              value={prompt}
              onChange={(e) => setPrompt(e.target.value)}
              autoSize={{ minRows: 2, maxRows: 6 }}
              maxLength={TODO_LIMITS.PROMPT}
              aria-label={t('todos.breakdown.prompt')}
              style={{ marginTop: 4 }}
            />
          </div>
          <div>
            <Typography.Text strong>{t('todos.test.goal')}</Typography.Text>
            <Input.TextArea
              value={goal}
              onChange={(e) => setGoal(e.target.value)}
              autoSize={{ minRows: 2, maxRows: 4 }}
              maxLength={TODO_LIMITS.GOAL}
              placeholder={t('todos.test.goalHint')}
              aria-label={t('todos.test.goal')}
              style={{ marginTop: 4 }}
            />
          </div>
          <Flex gap={8}>
            {running ? (
              <Button danger icon={<StopOutlined />} onClick={stop}>
                {t('todos.run.stop')}
              </Button>
            ) : (
              <Button type="primary" icon={<ThunderboltOutlined />} disabled={!goal.trim() || !picked.a || !picked.b} onClick={run} data-testid="run-compare">
                {t('todos.test.run')}
              </Button>
            )}
          </Flex>
          {failure ? <Alert type="error" showIcon message={failure} /> : null}
        </Flex>
      </Card>
      <Row gutter={[16, 16]}>
        {LANES.map((lane) => {
          const l = lanes[lane];
          const kept = acceptedTitles(l.items).length;
          return (
            <Col key={lane} xs={24} md={12}>
              <Card
                data-testid={`lane-${lane}`}
                title={
                  <Select
                    style={{ width: '100%' }}
                    value={picked[lane]}
                    options={options}
                    placeholder={models.data && !models.data.length ? t('todos.model.none') : t('todos.test.model', { lane: lane.toUpperCase() })}
                    disabled={running}
                    aria-label={t('todos.test.model', { lane: lane.toUpperCase() })}
                    onChange={(v) => setPicked((p) => ({ ...p, [lane]: v }))}
                  />
                }
              >
                <Flex vertical gap={10}>
                  <pre
                    style={{
                      whiteSpace: 'pre-wrap',
                      margin: 0,
                      padding: 8,
                      borderRadius: token.borderRadius,
                      background: token.colorFillTertiary,
                      fontFamily: 'inherit',
                      minHeight: 80,
                    }}
                    data-testid="lane-text"
                  >
                    {l.text || (running ? t('todos.run.waiting') : t('todos.test.empty'))}
                  </pre>
                  {l.failure ? <Alert type="error" showIcon message={l.failure} /> : null}
                  <RunStats run={l.result} />
                  {l.result ? <ProposalEditor items={l.items} onChange={(items) => patch(lane, { items })} disabled={running} /> : null}
                  {l.result ? (
                    <Button
                      type="primary"
                      icon={<CheckOutlined />}
                      disabled={!kept || running || !goal.trim()}
                      loading={saving === lane}
                      onClick={() => accept(lane)}
                      data-testid={`accept-${lane}`}
                    >
                      {t('todos.test.accept', { count: kept })}
                    </Button>
                  ) : null}
                </Flex>
              </Card>
            </Col>
          );
        })}
      </Row>
    </Flex>
  );
}
