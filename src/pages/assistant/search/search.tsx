/**
 * Search (/pages/assistant/search/search): one box over help documents, store prompts, the
 * caller's prompts and conversations, with filters by kind, highlighted snippets, and "Ask AI":
 * an answer streamed from the top results that cites them. The query lives in the URL (?q=).
 */
import { RobotOutlined, StopOutlined } from '@ant-design/icons';
import { history, useLocation } from '@umijs/max';
import { useDebounce, useRequest } from 'ahooks';
import { Alert, Button, Card, Empty, Flex, Grid, Input, List, Pagination, Select, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import Markdown from '../../../components/markdown/Markdown';
import { ChatRequestError, listChatModels } from '../../../services/chat';
import { askAi, type AskEvent, type AskSource, searchEntries, searchLocale, type SearchKind, stopAsk } from '../../../services/search';
import { useT } from '../../../shared/i18n';
import { saveScore } from '../../../shared/session';
import { citeLinks, Highlighted, routeHref } from './highlight';
import './messages';
import './search.css';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../../shared/format';

const PAGE_SIZE = 10;
const DEBOUNCE_MS = 300;
/** the filter tabs; 'all' is every kind */
const TABS = ['all', 'doc', 'store-prompt', 'prompt', 'message'] as const;
type TabKey = (typeof TABS)[number];
const KIND_COLOR: Record<SearchKind, string> = { doc: 'blue', 'store-prompt': 'purple', prompt: 'green', message: 'gold', article: 'cyan' };

interface Answer {
  id: string | null;
  text: string;
  sources: AskSource[];
  status: 'running' | 'done' | 'stopped' | 'error' | 'no_results';
  error: string | null;
  tokens: { input: number; output: number } | null;
  credits: number | null;
}

export default function SearchPage() {
  const t = useT();
  const location = useLocation();
  const initial = new URLSearchParams(location.search).get('q') ?? '';
  const [input, setInput] = useState(initial);
  const [q, setQ] = useState(initial.trim());
  const [tab, setTab] = useState<TabKey>('all');
  const [current, setCurrent] = useState(1);
  const debounced = useDebounce(input, { wait: DEBOUNCE_MS });

  useEffect(() => {
    setQ(debounced.trim());
  }, [debounced]);
  // a link or the browser's back button changed ?q= while the page stayed open
  const urlQ = new URLSearchParams(location.search).get('q') ?? '';
  useEffect(() => {
    if (urlQ.trim() === q) return;
    setInput(urlQ);
    setQ(urlQ.trim());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlQ]);
  // a new query starts on the first page of every kind, and is kept in the URL
  useEffect(() => {
    setCurrent(1);
    const params = new URLSearchParams(location.search);
    if ((params.get('q') ?? '') === q) return;
    if (q) params.set('q', q);
    else params.delete('q');
    const rest = params.toString();
    history.replace({ pathname: location.pathname, search: rest ? `?${rest}` : '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [q]);

  const result = useRequest(
    () => (q ? searchEntries({ q, kind: tab === 'all' ? undefined : tab, locale: searchLocale(), current, pageSize: PAGE_SIZE }) : Promise.resolve(null)),
    { refreshDeps: [q, tab, current] },
  );
  const counts = result.data?.counts;
  const countOf = (k: TabKey) => (counts ? (k === 'all' ? Object.values(counts).reduce((a, b) => a + b, 0) : counts[k]) : null);
  const kinds = TABS.map((k) => {
    const n = countOf(k);
    const label = t(`search.tab.${k}`);
    return { key: k, label: n === null ? label : t(result.data?.more ? 'search.tabCountMore' : 'search.tabCount', { label, count: n }) };
  });
  const pick = (k: TabKey) => {
    setTab(k);
    setCurrent(1);
  };
  const narrow = Grid.useBreakpoint().sm === false;

  return (
    <div className="search-page">
      <Input.Search
        className="search-box"
        size="large"
        allowClear
        autoFocus
        enterButton
        aria-label={t('search.placeholder')}
        placeholder={t('search.placeholder')}
        value={input}
        onChange={(e) => setInput(e.target.value)}
        onSearch={(v) => {
          setInput(v);
          if (v.trim() === q) result.refresh();
          else setQ(v.trim());
        }}
      />
      <Flex gap={24} align="flex-start" className="search-columns" wrap>
        <div className="search-results">
          {narrow ? (
            // a phone's tab bar cut the last kinds off with no sign of them (antd hides its "more" menu
            // on touch devices): the kinds wrap instead, as a row of toggles
            <Flex wrap gap={8} style={{ marginBottom: 16 }} data-testid="search-kinds">
              {kinds.map((k) => (
                <Button
                  key={k.key}
                  size="small"
                  shape="round"
                  type={k.key === tab ? 'primary' : 'default'}
                  aria-pressed={k.key === tab}
                  onClick={() => pick(k.key)}
                >
                  {k.label}
                </Button>
              ))}
            </Flex>
          ) : (
            <Tabs activeKey={tab} onChange={(k) => pick(k as TabKey)} items={kinds} />
          )}
          {!q ? (
            <Empty className="search-hint" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.hint')} />
          ) : result.error ? (
            <Alert type="error" showIcon message={t('search.failed')} action={<Button onClick={result.refresh}>{t('search.retry')}</Button>} />
          ) : (
            <Spin spinning={result.loading}>
              {result.data && !result.data.data.length ? (
                <Empty description={t('search.noResults', { q })} />
              ) : (
                <List
                  className="search-list"
                  dataSource={result.data?.data ?? []}
                  renderItem={(h) => (
                    <List.Item key={`${h.kind}:${h.ref_id}`} className="search-hit" onClick={() => history.push(h.url)}>
                      <div>
                        <Space size={8}>
                          <Tag color={KIND_COLOR[h.kind]}>{t(`search.kind.${h.kind}`)}</Tag>
                          <a
                            className="search-hit-title"
                            href={routeHref(h.url)}
                            onClick={(e) => {
                              e.preventDefault();
                              e.stopPropagation();
                              history.push(h.url);
                            }}
                          >
                            {h.title ? <Highlighted text={h.title} marks={h.title_marks as Array<[number, number]>} /> : t('search.untitled')}
                          </a>
                        </Space>
                        {h.snippet && (
                          <Typography.Paragraph type="secondary" className="search-snippet">
                            <Highlighted text={h.snippet} marks={h.snippet_marks as Array<[number, number]>} />
                          </Typography.Paragraph>
                        )}
                        <Typography.Text type="secondary" className="search-date">
                          {dayjs(h.updated_at).format(DATE_FORMAT)}
                        </Typography.Text>
                      </div>
                    </List.Item>
                  )}
                />
              )}
              {!!result.data?.total && result.data.total > PAGE_SIZE && (
                <Pagination
                  className="search-pages"
                  current={current}
                  pageSize={PAGE_SIZE}
                  total={result.data.total}
                  showSizeChanger={false}
                  onChange={setCurrent}
                />
              )}
            </Spin>
          )}
        </div>
        <AskPanel q={q} kind={tab === 'all' ? null : tab} />
      </Flex>
    </div>
  );
}

function AskPanel({ q, kind }: { q: string; kind: SearchKind | null }) {
  const t = useT();
  const models = useRequest(() => listChatModels());
  const [modelId, setModelId] = useState<string | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const ctl = useRef<AbortController | null>(null);
  const running = answer?.status === 'running';
  const model = modelId ?? models.data?.[0]?.id ?? null;

  useEffect(() => () => ctl.current?.abort(), []);

  const onEvent = (e: AskEvent) => {
    setAnswer((a) => {
      if (!a) return a;
      if (e.type === 'start') return { ...a, id: e.id };
      if (e.type === 'delta') return { ...a, text: a.text + e.text };
      // the top bar's balance follows what the answer cost
      saveScore(e.balance);
      const end = {
        sources: e.sources ?? [],
        credits: e.credits ?? 0,
        tokens: e.input_tokens === undefined ? null : { input: e.input_tokens, output: e.output_tokens ?? 0 },
      };
      if (e.type === 'error') return { ...a, ...end, text: e.text || a.text, status: 'error', error: e.errorMessage || e.errorCode };
      return { ...a, ...end, text: e.text || a.text, status: e.status === 'no_results' ? 'no_results' : e.status === 'stopped' ? 'stopped' : 'done' };
    });
  };

  const ask = async () => {
    ctl.current?.abort();
    const c = new AbortController();
    ctl.current = c;
    setAnswer({ id: null, text: '', sources: [], status: 'running', error: null, tokens: null, credits: null });
    try {
      await askAi({ q, kind, locale: searchLocale(), model_id: model }, onEvent, c.signal);
      setAnswer((a) => (a && a.status === 'running' ? { ...a, status: 'stopped' } : a));
    } catch (e) {
      if (c.signal.aborted) return;
      const text = e instanceof ChatRequestError ? e.body.errorMessage || e.body.errorCode : t('search.ask.failed');
      setAnswer((a) => a && { ...a, status: 'error', error: text });
    }
  };

  const stop = () => {
    if (answer?.id) void stopAsk(answer.id).catch(() => undefined);
    else ctl.current?.abort();
  };

  return (
    <Card
      className="search-ask"
      size="small"
      title={
        <Space>
          <RobotOutlined />
          {t('search.ask.title')}
        </Space>
      }
    >
      <Flex gap={8} wrap>
        <Select
          aria-label={t('search.ask.model')}
          placeholder={t('search.ask.model')}
          style={{ minWidth: 160, flex: 1 }}
          loading={models.loading}
          value={model ?? undefined}
          onChange={setModelId}
          options={(models.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
          notFoundContent={t('search.ask.noModels')}
        />
        {running ? (
          <Button icon={<StopOutlined />} onClick={stop}>
            {t('search.ask.stop')}
          </Button>
        ) : (
          <Button type="primary" onClick={ask} disabled={!q || !model}>
            {t('search.ask.button')}
          </Button>
        )}
      </Flex>
      {!answer ? (
        <Typography.Paragraph type="secondary" className="search-ask-hint">
          {t('search.ask.hint')}
        </Typography.Paragraph>
      ) : (
        <div className="search-answer" aria-live="polite">
          {answer.status === 'no_results' ? (
            <Alert type="info" showIcon message={t('search.ask.noSources')} />
          ) : (
            <>
              {answer.text ? <Markdown text={citeLinks(answer.text, answer.sources)} /> : running && <Spin size="small" />}
              {answer.error && <Alert type="error" showIcon message={answer.error} />}
              {answer.status === 'stopped' && <Typography.Text type="secondary">{t('search.ask.stopped')}</Typography.Text>}
            </>
          )}
          {!!answer.sources.length && (
            <div className="search-sources">
              <Typography.Text strong>{t('search.ask.sources')}</Typography.Text>
              <ol>
                {answer.sources.map((s) => (
                  <li key={s.n} value={s.n}>
                    <a
                      href={routeHref(s.url)}
                      onClick={(e) => {
                        e.preventDefault();
                        history.push(s.url);
                      }}
                    >
                      {s.title}
                    </a>{' '}
                    <Tag>{t(`search.kind.${s.kind}`)}</Tag>
                  </li>
                ))}
              </ol>
            </div>
          )}
          {answer.tokens && answer.credits !== null && (
            <Typography.Text type="secondary" className="search-usage">
              {t('search.ask.usage', { input: answer.tokens.input, output: answer.tokens.output, credits: answer.credits })}
            </Typography.Text>
          )}
        </div>
      )}
    </Card>
  );
}
