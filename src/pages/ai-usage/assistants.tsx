/**
 * Usage per assistant (READ_AI_USAGE or role admin): every published assistant with the
 * conversations and people that used it, its answers, their credits and the thumbs up and down
 * on them; sorting, search and xlsx export on the server. Its place in the menu is the usage log's.
 */
import '../../components/credits/i18n';
import { DislikeOutlined, LikeOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { history } from '@umijs/max';
import { Button, Flex, Typography } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { dateColumn, numberColumn, type ResourceColumn } from '../../components/admin/columns';
import ResourceList from '../../components/admin/ResourceList';
import { AssistantAvatar } from '../assistant/chat/components/Assistants';
import { assistantUsageResource, type AssistantUsageRow } from '../../services/credits';
import { useT } from '../../shared/i18n';

export default function AssistantUsageList() {
  const t = useT();
  const columns = useMemo<ResourceColumn<AssistantUsageRow>[]>(
    () => [
      {
        // who it is published for goes under its name: one column less to fit 1280 px
        title: t('credits.usage.assistant'),
        dataIndex: 'name',
        key: 'name',
        sorter: true,
        render: (_: ReactNode, r: AssistantUsageRow) => (
          <Flex gap={8} align="center" style={{ minWidth: 0 }}>
            <AssistantAvatar assistant={r} size={28} />
            <Flex vertical style={{ minWidth: 0 }}>
              <Typography.Text ellipsis={{ tooltip: r.name }}>{r.name}</Typography.Text>
              <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                {r.roles.length ? r.roles.join(', ') : t('credits.usage.assistants.everyone')}
              </Typography.Text>
            </Flex>
          </Flex>
        ),
      },
      numberColumn<AssistantUsageRow>(t('credits.usage.assistants.conversations'), 'conversations', { width: 110 }),
      numberColumn<AssistantUsageRow>(t('credits.usage.assistants.users'), 'users', { width: 96 }),
      numberColumn<AssistantUsageRow>(t('credits.usage.assistants.answers'), 'answers', { defaultSortOrder: 'descend' }),
      numberColumn<AssistantUsageRow>(t('credits.usage.credits'), 'credits', { width: 100 }),
      numberColumn<AssistantUsageRow>(<LikeOutlined aria-label={t('credits.usage.feedback.up')} />, 'up', { sorter: false, width: 64 }),
      numberColumn<AssistantUsageRow>(<DislikeOutlined aria-label={t('credits.usage.feedback.down')} />, 'down', { width: 72 }),
      dateColumn<AssistantUsageRow>(t, t('credits.usage.assistants.lastUsed'), 'last_used', { sorter: true }),
    ],
    [t],
  );
  return (
    <ResourceList<AssistantUsageRow>
      resource={assistantUsageResource}
      title="route.aiUsage.assistants"
      description={t('credits.usage.assistants.description')}
      columns={columns}
      searchPlaceholder={t('credits.usage.assistants.search')}
      access={{}}
      toolbar={() => [
        <Button key="calls" icon={<UnorderedListOutlined />} onClick={() => history.push('/pages/ai-usage/list')}>
          {t('credits.usage.assistants.calls')}
        </Button>,
      ]}
    />
  );
}
