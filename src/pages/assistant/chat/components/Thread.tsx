/**
 * The visible branch of a conversation as chat bubbles: questions as plain text, answers through
 * the markdown renderer, each with copy, regenerate (answers) or edit-and-resend (questions), and
 * a "2 / 3" switcher where alternatives exist.
 */
import { CopyOutlined, EditOutlined, LeftOutlined, RedoOutlined, RightOutlined, RobotOutlined, UserOutlined } from '@ant-design/icons';
import { Bubble } from '@ant-design/x';
import type { BubbleDataType } from '@ant-design/x/es/bubble/BubbleList';
import { Button, Flex, Input, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import Markdown from '../../../../components/markdown/Markdown';
import type { MessageRow } from '../../../../services/chat';
import AnswerFeedback from './Feedback';
import { useT } from '../../../../shared/i18n';
import { siblingInfo } from '../branch';
import { FailureAlert, MetaLine } from './MessageMeta';
import { QuestionFiles } from './Attachments';

export interface ThreadProps {
  messages: MessageRow[];
  path: MessageRow[];
  /** a stream is running: no new regenerate or resend until it ends */
  busy: boolean;
  onSwitch: (targetId: string) => void;
  onCopy: (text: string) => void;
  onRegenerate: (m: MessageRow) => void;
  onEditSend: (m: MessageRow, content: string) => void;
}

function Switcher({ messages, m, onSwitch, disabled }: { messages: MessageRow[]; m: MessageRow; onSwitch: (id: string) => void; disabled: boolean }) {
  const t = useT();
  const info = siblingInfo(messages, m);
  if (info.count < 2) return null;
  return (
    <Flex align="center" gap={2} className="chat-switcher">
      <Button
        size="small"
        type="text"
        aria-label={t('chat.previous')}
        icon={<LeftOutlined />}
        disabled={disabled || !info.prevId}
        onClick={() => info.prevId && onSwitch(info.prevId)}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }} className="chat-switcher-position">
        {info.index} / {info.count}
      </Typography.Text>
      <Button
        size="small"
        type="text"
        aria-label={t('chat.next')}
        icon={<RightOutlined />}
        disabled={disabled || !info.nextId}
        onClick={() => info.nextId && onSwitch(info.nextId)}
      />
    </Flex>
  );
}

function EditBox({ initial, onSend, onCancel }: { initial: string; onSend: (text: string) => void; onCancel: () => void }) {
  const t = useT();
  const [value, setValue] = useState(initial);
  return (
    <Flex vertical gap={8} style={{ minWidth: 'min(520px, 70vw)' }}>
      <Input.TextArea
        autoFocus
        autoSize={{ minRows: 2, maxRows: 12 }}
        value={value}
        aria-label={t('chat.edit')}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            if (value.trim()) onSend(value);
          } else if (e.key === 'Escape') onCancel();
        }}
      />
      <Flex gap={8} justify="flex-end">
        <Button size="small" onClick={onCancel}>
          {t('chat.cancel')}
        </Button>
        <Button size="small" type="primary" disabled={!value.trim()} onClick={() => onSend(value)}>
          {t('chat.send')}
        </Button>
      </Flex>
    </Flex>
  );
}

export default function Thread(props: ThreadProps) {
  const t = useT();
  const [editing, setEditing] = useState<string | null>(null);

  const items = useMemo<BubbleDataType[]>(
    () =>
      props.path.map((m) => {
        const isUser = m.role === 'user';
        const streaming = m.status === 'streaming';
        const actions = (
          <Flex align="center" gap={2} wrap="wrap" className="chat-actions">
            <Tooltip title={t('chat.copy')}>
              <Button
                size="small"
                type="text"
                aria-label={t('chat.copy')}
                icon={<CopyOutlined />}
                disabled={!m.content}
                onClick={() => props.onCopy(m.content)}
              />
            </Tooltip>
            {isUser ? (
              <Tooltip title={t('chat.edit')}>
                <Button size="small" type="text" aria-label={t('chat.edit')} icon={<EditOutlined />} disabled={props.busy} onClick={() => setEditing(m.id)} />
              </Tooltip>
            ) : (
              <Tooltip title={t('chat.regenerate')}>
                <Button
                  size="small"
                  type="text"
                  aria-label={t('chat.regenerate')}
                  icon={<RedoOutlined />}
                  disabled={props.busy}
                  onClick={() => props.onRegenerate(m)}
                />
              </Tooltip>
            )}
            <Switcher messages={props.messages} m={m} onSwitch={props.onSwitch} disabled={props.busy} />
            {!isUser && !streaming && m.content ? <AnswerFeedback message={m} /> : null}
          </Flex>
        );
        return {
          key: m.id,
          role: m.role,
          placement: isUser ? 'end' : 'start',
          avatar: { icon: isUser ? <UserOutlined /> : <RobotOutlined /> },
          loading: streaming && !m.content,
          variant: isUser ? 'filled' : m.status === 'error' && !m.content ? 'borderless' : 'outlined',
          className: `chat-message chat-message-${m.role}`,
          'data-message-id': m.id,
          'data-status': m.status,
          content:
            editing === m.id ? (
              <EditBox
                initial={m.content}
                onCancel={() => setEditing(null)}
                onSend={(text) => {
                  setEditing(null);
                  props.onEditSend(m, text);
                }}
              />
            ) : m.status === 'error' && !m.content ? (
              <FailureAlert m={m} />
            ) : isUser ? (
              <Flex vertical gap={8}>
                <QuestionFiles message={m} />
                {m.content ? <div className="chat-user-text">{m.content}</div> : null}
              </Flex>
            ) : (
              <Markdown text={m.content} />
            ),
          footer: streaming ? undefined : (
            <Flex vertical gap={2}>
              {isUser ? null : <MetaLine m={m} />}
              {editing === m.id ? null : actions}
            </Flex>
          ),
        } as BubbleDataType;
      }),
    [props, editing, t],
  );

  return <Bubble.List className="chat-thread" autoScroll items={items} style={{ height: '100%', paddingInline: 8 }} />;
}
