/**
 * The task assistant (/pages/assistant/todo-list/todo-list): the user's tasks with filter tabs and
 * counts, quick add, done, priority and due date, subtasks, an edit drawer, drag (or keyboard)
 * reordering, and "Break it down" where a model proposes subtasks.
 */
import { CalendarOutlined, DeleteOutlined, DownOutlined, EditOutlined, HolderOutlined, RightOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { closestCorners, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  Button,
  Card,
  Checkbox,
  DatePicker,
  Drawer,
  Empty,
  Flex,
  Form,
  Input,
  Popconfirm,
  Progress,
  Select,
  Segmented,
  Space,
  Tag,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import { useRequest } from 'ahooks';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import {
  createTodo,
  deleteTodo,
  listTodos,
  localToday,
  reorderTodos,
  type TodoFilter,
  type TodoRow,
  type TodoSubtask,
  updateTodo,
} from '../../../services/todos';
import { useT } from '../../../shared/i18n';
import { TODO_LIMITS } from '../../../../shared/todo-breakdown';
import Breakdown from './Breakdown';
import './messages';

const FILTERS: TodoFilter[] = ['all', 'today', 'upcoming', 'done'];
const PRIORITY_COLORS = ['default', 'blue', 'orange', 'red'] as const;

/** a drag handle and a row that moves with it (pointer or keyboard: Space, arrows, Space) */
function Sortable({ id, label, children }: { id: string; label: string; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <span
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={label}
      data-testid="drag-handle"
      style={{ cursor: 'grab', padding: '0 4px', touchAction: 'none' }}
    >
      <HolderOutlined />
    </span>
  );
  return (
    <div
      ref={setNodeRef}
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        position: 'relative',
        zIndex: isDragging ? 1 : undefined,
      }}
    >
      {children(handle)}
    </div>
  );
}

/** a sibling group the user can reorder; the new order goes to the server at once */
function SortableGroup<T extends { id: string }>({
  items,
  parentId,
  onMoved,
  children,
}: {
  items: T[];
  parentId: string | null;
  onMoved: (items: T[]) => void;
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const end = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = items.findIndex((x) => x.id === e.active.id);
    const to = items.findIndex((x) => x.id === e.over!.id);
    const moved = arrayMove(items, from, to);
    onMoved(moved);
    void reorderTodos(
      parentId,
      moved.map((x) => x.id),
    );
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCorners} onDragEnd={end}>
      <SortableContext items={items.map((x) => x.id)} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

export default function TodoListPage() {
  const t = useT();
  const { token } = theme.useToken();
  const [filter, setFilter] = useState<TodoFilter>('all');
  const [keyword, setKeyword] = useState('');
  const [quick, setQuick] = useState('');
  const [tasks, setTasks] = useState<TodoRow[]>([]);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<TodoRow | TodoSubtask | null>(null);
  const [breaking, setBreaking] = useState<TodoRow | null>(null);
  const [newSub, setNewSub] = useState<Record<string, string>>({});
  const [form] = Form.useForm();
  const today = localToday();

  const list = useRequest(() => listTodos(filter, keyword), { refreshDeps: [filter, keyword], onSuccess: (d) => setTasks(d.tasks) });
  const counts = list.data?.counts;
  const reload = () => list.refresh();

  const add = async () => {
    const title = quick.trim();
    if (!title) return;
    // a task added on a tab shows there: due today on Today, tomorrow on Upcoming; Done shows it under All
    const due = filter === 'today' ? today : filter === 'upcoming' ? localToday(dayjs().add(1, 'day').toDate()) : undefined;
    await createTodo({ title, due_date: due });
    setQuick('');
    if (filter === 'done') setFilter('all');
    else reload();
  };
  const setDone = async (id: string, done: boolean) => {
    await updateTodo(id, { done });
    reload();
  };
  const remove = async (id: string) => {
    await deleteTodo(id);
    reload();
  };
  const save = async () => {
    const v = await form.validateFields();
    await updateTodo(editing!.id, {
      title: v.title,
      notes: v.notes ?? '',
      priority: v.priority,
      due_date: v.due_date ? v.due_date.format('YYYY-MM-DD') : null,
    });
    setEditing(null);
    reload();
  };
  const addSub = async (parent: string) => {
    const title = (newSub[parent] ?? '').trim();
    if (!title) return;
    await createTodo({ title, parent_id: parent });
    setNewSub((s) => ({ ...s, [parent]: '' }));
    reload();
  };
  const toggle = (id: string) =>
    setExpanded((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  const dueTag = (row: TodoRow | TodoSubtask) => {
    if (!row.due_date) return null;
    const late = !row.done && row.due_date < today;
    const label = row.due_date === today ? t('todos.due.today') : dayjs(row.due_date).format('YYYY-MM-DD');
    return (
      <Tag icon={<CalendarOutlined />} color={late ? 'error' : row.due_date === today && !row.done ? 'warning' : 'default'} data-testid="due-tag">
        {late ? t('todos.due.overdue', { date: label }) : label}
      </Tag>
    );
  };
  const priorityTag = (p: number) => (p ? <Tag color={PRIORITY_COLORS[p]}>{t(`todos.priority.${p}`)}</Tag> : null);
  const deleteButton = (row: TodoRow | TodoSubtask, hasSubs: boolean) => (
    <Popconfirm title={hasSubs ? t('todos.deleteWithSubtasks') : t('todos.deleteConfirm')} onConfirm={() => remove(row.id)} okText={t('todos.delete')}>
      <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('todos.delete')} />
    </Popconfirm>
  );

  const subtaskRow = (s: TodoSubtask) => (
    <Sortable key={s.id} id={s.id} label={t('todos.move', { title: s.title })}>
      {(handle) => (
        <Flex align="center" gap={8} style={{ padding: '4px 0' }} data-testid="subtask">
          {handle}
          <Checkbox checked={s.done} onChange={(e) => setDone(s.id, e.target.checked)} aria-label={t('todos.markDone', { title: s.title })} />
          <Typography.Text delete={s.done} type={s.done ? 'secondary' : undefined} style={{ flex: 1 }}>
            {s.title}
          </Typography.Text>
          {dueTag(s)}
          <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('todos.edit')} onClick={() => setEditing(s)} />
          {deleteButton(s, false)}
        </Flex>
      )}
    </Sortable>
  );

  const taskRow = (task: TodoRow) => {
    const open = expanded.has(task.id);
    const doneSubs = task.subtasks.filter((s) => s.done).length;
    return (
      <Sortable key={task.id} id={task.id} label={t('todos.move', { title: task.title })}>
        {(handle) => (
          <div
            data-testid="task"
            data-title={task.title}
            style={{ borderBottom: `1px solid ${token.colorBorderSecondary}`, padding: '8px 0', background: token.colorBgContainer }}
          >
            <Flex align="center" gap={8} wrap>
              {handle}
              <Button
                size="small"
                type="text"
                icon={open ? <DownOutlined /> : <RightOutlined />}
                aria-label={open ? t('todos.collapse') : t('todos.expand')}
                aria-expanded={open}
                onClick={() => toggle(task.id)}
              />
              <Checkbox checked={task.done} onChange={(e) => setDone(task.id, e.target.checked)} aria-label={t('todos.markDone', { title: task.title })} />
              <Typography.Text
                delete={task.done}
                type={task.done ? 'secondary' : undefined}
                style={{ flex: 1, minWidth: 160, cursor: 'pointer' }}
                onClick={() => toggle(task.id)}
              >
                {task.title}
              </Typography.Text>
              {task.subtasks.length ? (
                <Tooltip title={t('todos.progress', { done: doneSubs, total: task.subtasks.length })}>
                  <Flex align="center" gap={4} style={{ width: 90 }} data-testid="subtask-progress">
                    <Progress percent={Math.round((doneSubs / task.subtasks.length) * 100)} size="small" showInfo={false} style={{ margin: 0, flex: 1 }} />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {doneSubs}/{task.subtasks.length}
                    </Typography.Text>
                  </Flex>
                </Tooltip>
              ) : null}
              {priorityTag(task.priority)}
              {dueTag(task)}
              <Space size={0}>
                <Tooltip title={t('todos.breakdown')}>
                  <Button size="small" type="text" icon={<ThunderboltOutlined />} aria-label={t('todos.breakdown')} onClick={() => setBreaking(task)} />
                </Tooltip>
                <Button size="small" type="text" icon={<EditOutlined />} aria-label={t('todos.edit')} onClick={() => setEditing(task)} />
                {deleteButton(task, task.subtasks.length > 0)}
              </Space>
            </Flex>
            {task.notes && open ? (
              <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0 64px', whiteSpace: 'pre-wrap' }}>
                {task.notes}
              </Typography.Paragraph>
            ) : null}
            {open ? (
              <div style={{ margin: '4px 0 0 56px' }}>
                <SortableGroup
                  items={task.subtasks}
                  parentId={task.id}
                  onMoved={(subs) => setTasks((all) => all.map((x) => (x.id === task.id ? { ...x, subtasks: subs } : x)))}
                >
                  {task.subtasks.map(subtaskRow)}
                </SortableGroup>
                <Input
                  size="small"
                  variant="borderless"
                  placeholder={t('todos.addSubtask')}
                  aria-label={t('todos.addSubtask')}
                  maxLength={TODO_LIMITS.TITLE}
                  value={newSub[task.id] ?? ''}
                  onChange={(e) => setNewSub((s) => ({ ...s, [task.id]: e.target.value }))}
                  onPressEnter={() => addSub(task.id)}
                  style={{ marginTop: 4 }}
                />
              </div>
            ) : null}
          </div>
        )}
      </Sortable>
    );
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 960, width: '100%' }}>
      <Card>
        <Flex vertical gap={12}>
          {/* the search sits with the filters inside the card: in the page header it stood at the screen's
              right edge, far from a list kept to 960 px */}
          <Flex gap={8} wrap justify="space-between" align="center">
            <Segmented<TodoFilter>
              value={filter}
              onChange={setFilter}
              data-testid="filters"
              style={{ maxWidth: '100%', overflowX: 'auto' }}
              options={FILTERS.map((f) => ({ value: f, label: `${t(`todos.filter.${f}`)} ${counts ? counts[f] : ''}`.trim() }))}
            />
            <Input.Search
              allowClear
              placeholder={t('todos.search')}
              aria-label={t('todos.search')}
              onSearch={setKeyword}
              style={{ width: 260, maxWidth: '100%' }}
            />
          </Flex>
          <Input
            size="large"
            placeholder={t('todos.quickAdd')}
            aria-label={t('todos.quickAdd')}
            value={quick}
            maxLength={TODO_LIMITS.TITLE}
            onChange={(e) => setQuick(e.target.value)}
            onPressEnter={add}
          />
          {tasks.length ? (
            <SortableGroup items={tasks} parentId={null} onMoved={setTasks}>
              <div data-testid="task-list">{tasks.map(taskRow)}</div>
            </SortableGroup>
          ) : (
            <Empty description={list.loading ? t('todos.loading') : keyword ? t('todos.noMatch') : t(`todos.empty.${filter}`)} />
          )}
        </Flex>
      </Card>

      <Drawer
        title={t('todos.edit')}
        open={!!editing}
        onClose={() => setEditing(null)}
        width="min(480px, 100vw)"
        destroyOnClose
        extra={
          <Button type="primary" onClick={save} data-testid="save-task">
            {t('todos.save')}
          </Button>
        }
      >
        <Form
          key={editing?.id}
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={
            editing
              ? { title: editing.title, notes: editing.notes, priority: editing.priority, due_date: editing.due_date ? dayjs(editing.due_date) : null }
              : undefined
          }
        >
          <Form.Item
            name="title"
            label={t('todos.field.title')}
            rules={[{ required: true, whitespace: true, message: t('todos.field.titleRequired') }, { max: TODO_LIMITS.TITLE }]}
          >
            <Input maxLength={TODO_LIMITS.TITLE} />
          </Form.Item>
          <Form.Item name="notes" label={t('todos.field.notes')}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={TODO_LIMITS.NOTES} />
          </Form.Item>
          <Form.Item name="due_date" label={t('todos.field.due')}>
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="priority" label={t('todos.field.priority')}>
            <Select options={[0, 1, 2, 3].map((p) => ({ value: p, label: t(`todos.priority.${p}`) }))} />
          </Form.Item>
        </Form>
      </Drawer>

      <Breakdown
        task={breaking}
        onClose={() => setBreaking(null)}
        onAccepted={(task) => {
          setBreaking(null);
          setExpanded((s) => new Set(s).add(task.id));
          reload();
        }}
      />
    </Flex>
  );
}
