/** The console home's "Due tasks" card: the user's tasks due today or overdue and not done (a few), linking to the task list. */
import { CalendarOutlined } from '@ant-design/icons';
import { Link } from '@umijs/max';
import { Card, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { dueTodos, localToday } from '../../services/todos';
import { useT } from '../../shared/i18n';
import '../assistant/todo-list/messages';

const TODO_LIST = '/pages/assistant/todo-list/todo-list';

export default function DueTasks() {
  const t = useT();
  const { data, loading } = useRequest(() => dueTodos({ skipErrorHandler: true }));
  const today = localToday();
  return (
    <Card
      title={t('todos.home.title')}
      extra={<Link to={TODO_LIST}>{data?.total ? t('todos.home.all', { count: data.total }) : t('todos.home.open')}</Link>}
      data-testid="due-tasks"
    >
      {loading && !data ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : data?.tasks.length ? (
        <Flex vertical gap={8}>
          {data.tasks.map((task) => (
            <Flex key={task.id} justify="space-between" gap={8} align="center">
              <Link to={TODO_LIST} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {task.title}
              </Link>
              <Tag icon={<CalendarOutlined />} color={task.due_date! < today ? 'error' : 'warning'} style={{ marginInlineEnd: 0 }}>
                {task.due_date! < today ? t('todos.due.overdue', { date: task.due_date! }) : t('todos.due.today')}
              </Tag>
            </Flex>
          ))}
        </Flex>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<Typography.Text type="secondary">{t('todos.home.none')}</Typography.Text>} />
      )}
    </Card>
  );
}
