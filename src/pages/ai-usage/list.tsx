/**
 * The AI usage log (READ_AI_USAGE or role admin): every AI request with its user, model, tokens,
 * credits, first-token and total times, how it ended, the error code and where the token counts
 * came from, and the user's thumbs up or down on the answer (its comment on hover). Filters (status,
 * model, assistant, feedback, date range), sorting, search (comments too), xlsx export on the server;
 * above the table, the sums of the rows on this page (the API has no totals of a whole query).
 */
import '../../components/credits/i18n';
import { DislikeOutlined, LikeOutlined, RobotOutlined } from '@ant-design/icons';
import { history } from '@umijs/max';
import { Button, Tag, Tooltip, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { useMemo, useState, type ReactNode } from 'react';
import { dateColumn, numberColumn, textColumn, type ResourceColumn } from '../../components/admin/columns';
import ResourceList from '../../components/admin/ResourceList';
import { hasCreditsKey } from '../../components/credits/i18n';
import { listAssistants } from '../../services/chat';
import { aiUsageResource, getChatModels, USAGE_STATUSES, type UsageRow } from '../../services/credits';
import { useT } from '../../shared/i18n';

const STATUS_COLORS: Record<string, string> = { done: 'success', stopped: 'warning', disconnected: 'default', error: 'error', interrupted: 'magenta' };
const PAGE_SIZES = [20, 50, 100];
const FEEDBACK = ['up', 'down'] as const;

export default function AiUsageList() {
  const t = useT();
  const models = useRequest(() => getChatModels({ skipErrorHandler: true }));
  const assistants = useRequest(() => listAssistants({ skipErrorHandler: true }));
  const [pageRows, setPageRows] = useState<UsageRow[]>([]);

  const columns = useMemo<ResourceColumn<UsageRow>[]>(() => {
    const numeric = (title: string, key: keyof UsageRow & string) => numberColumn<UsageRow>(title, key, { width: 120 });
    return [
      dateColumn<UsageRow>(t, t('credits.usage.time'), 'created_at', { sorter: true, rangeFilter: true, defaultSortOrder: 'descend' }),
      {
        title: t('credits.usage.user'),
        dataIndex: 'username',
        key: 'username',
        render: (_: ReactNode, r: UsageRow) => (
          <Tooltip title={r.user_id}>
            <span>{r.nickname || r.username || r.user_id}</span>
          </Tooltip>
        ),
      },
      {
        title: t('credits.usage.model'),
        dataIndex: 'model_name',
        key: 'model_name',
        field: 'model_id',
        filters: (models.data ?? []).map((m) => ({ text: m.name, value: m.id })),
        filterSearch: (models.data?.length ?? 0) > 8 || undefined,
        render: (_: ReactNode, r: UsageRow) => r.model_name || r.model_id || '-',
      },
      {
        title: t('credits.usage.assistant'),
        dataIndex: 'assistant_name',
        key: 'assistant_name',
        field: 'assistant_id',
        width: 160,
        filters: (assistants.data ?? []).filter((a) => a.published).map((a) => ({ text: a.name, value: a.id })),
        filterSearch: true,
        render: (_: ReactNode, r: UsageRow) =>
          r.assistant_name ? <Typography.Text ellipsis={{ tooltip: r.assistant_name }}>{r.assistant_name}</Typography.Text> : '-',
      },
      numeric(t('credits.usage.inputTokens'), 'input_tokens'),
      numeric(t('credits.usage.outputTokens'), 'output_tokens'),
      numeric(t('credits.usage.credits'), 'credits'),
      numeric(t('credits.usage.firstToken'), 'first_token_ms'),
      numeric(t('credits.usage.total'), 'total_ms'),
      {
        title: t('credits.usage.status'),
        dataIndex: 'status',
        key: 'status',
        width: 120,
        filters: USAGE_STATUSES.map((s) => ({ text: t(`credits.usage.status.${s}`), value: s })),
        render: (_: ReactNode, r: UsageRow) => (
          <Tag color={STATUS_COLORS[r.status]} style={{ marginInlineEnd: 0 }}>
            {hasCreditsKey(`credits.usage.status.${r.status}`) ? t(`credits.usage.status.${r.status}`) : r.status}
          </Tag>
        ),
      },
      textColumn<UsageRow>(t('credits.usage.errorCode'), 'error_code', { code: true }),
      {
        title: <Tooltip title={t('credits.usage.sourceHint')}>{t('credits.usage.source')}</Tooltip>,
        dataIndex: 'usage_source',
        key: 'usage_source',
        width: 120,
        render: (_: ReactNode, r: UsageRow) =>
          hasCreditsKey(`credits.usage.source.${r.usage_source}`) ? t(`credits.usage.source.${r.usage_source}`) : r.usage_source,
      },
      {
        title: t('credits.usage.feedback'),
        dataIndex: 'feedback',
        key: 'feedback',
        width: 120,
        filters: FEEDBACK.map((f) => ({ text: t(`credits.usage.feedback.${f}`), value: f })),
        render: (_: ReactNode, r: UsageRow) =>
          r.feedback === 'up' || r.feedback === 'down' ? (
            <Tooltip title={r.feedback_comment || undefined}>
              <Tag
                color={r.feedback === 'up' ? 'success' : 'error'}
                icon={r.feedback === 'up' ? <LikeOutlined /> : <DislikeOutlined />}
                style={{ marginInlineEnd: 0 }}
              >
                {t(`credits.usage.feedback.${r.feedback}`)}
                {r.feedback_comment ? ' …' : ''}
              </Tag>
            </Tooltip>
          ) : (
            '-'
          ),
      },
    ];
  }, [t, models.data, assistants.data]);

  const sums = useMemo(
    () =>
      pageRows.reduce((a, r) => ({ credits: a.credits + r.credits, input: a.input + r.input_tokens, output: a.output + r.output_tokens }), {
        credits: 0,
        input: 0,
        output: 0,
      }),
    [pageRows],
  );

  return (
    <ResourceList<UsageRow>
      resource={aiUsageResource}
      title="route.aiUsage.list"
      description={
        <>
          {t('credits.usage.description')}
          <br />
          <Typography.Text type="secondary" data-testid="usage-page-sum">
            {t('credits.usage.pageSum', {
              count: pageRows.length,
              credits: sums.credits.toLocaleString(),
              input: sums.input.toLocaleString(),
              output: sums.output.toLocaleString(),
            })}
          </Typography.Text>
        </>
      }
      columns={columns}
      searchPlaceholder={t('credits.usage.search')}
      pageSizes={PAGE_SIZES}
      access={{}}
      onRows={setPageRows}
      toolbar={() => [
        <Button key="assistants" icon={<RobotOutlined />} onClick={() => history.push('/pages/ai-usage/assistants')}>
          {t('credits.usage.perAssistant')}
        </Button>,
      ]}
    />
  );
}
