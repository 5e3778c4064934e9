/**
 * The chat page's left column: new conversation (or one with an assistant), the server-side search (titles and message
 * text), the folder shown, and the conversations, pinned first, each with inline rename, move to
 * a folder, pin/unpin and delete.
 */
import { DeleteOutlined, EditOutlined, MessageOutlined, PlusOutlined, PushpinFilled, PushpinOutlined, RobotOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Input, Popconfirm, Skeleton, Tooltip, Typography, theme as antdTheme } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { ConversationRow } from '../../../../services/chat';
import { useT } from '../../../../shared/i18n';
import { FolderBar, MoveToFolder, useFolders } from './Folders';

export interface ConversationListProps {
  items: ConversationRow[];
  loading: boolean;
  activeId: string | null;
  search: string;
  onSearch: (text: string) => void;
  onSelect: (id: string) => void;
  onNew: () => void;
  /** opens the assistants ("New chat with…") */
  onAssistants: () => void;
  onRename: (id: string, title: string) => void;
  onPin: (id: string, pinned: boolean) => void;
  onDelete: (id: string) => void;
  /** the folder shown (undefined: all, 'none': the unfiled) and a conversation's move to another */
  folder?: string;
  onFolder: (folder?: string) => void;
  onMove: (id: string, folderId: string | null) => void;
}

function RenameInput({ initial, onDone }: { initial: string; onDone: (title: string | null) => void }) {
  const [value, setValue] = useState(initial);
  const done = useRef(false);
  const finish = (title: string | null) => {
    if (done.current) return;
    done.current = true;
    onDone(title);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') finish(null);
  };
  return (
    <Input
      size="small"
      autoFocus
      value={value}
      maxLength={200}
      onChange={(e) => setValue(e.target.value)}
      onPressEnter={() => finish(value.trim() || null)}
      onBlur={() => finish(value.trim() || null)}
      onKeyDown={onKeyDown}
      onClick={(e) => e.stopPropagation()}
    />
  );
}

export default function ConversationList(props: ConversationListProps) {
  const t = useT();
  const { token } = antdTheme.useToken();
  const [renaming, setRenaming] = useState<string | null>(null);
  // the search box stays what the user typed; the page debounces the query it sends
  const [text, setText] = useState(props.search);
  useEffect(() => setText(props.search), [props.search]);
  const folders = useFolders(props.items);

  return (
    <Flex vertical gap={8} style={{ height: '100%', minHeight: 0 }}>
      <Flex gap={8}>
        <Button type="primary" icon={<PlusOutlined />} onClick={props.onNew} style={{ flex: 1, minWidth: 0 }}>
          {t('chat.newChat')}
        </Button>
        <Button icon={<RobotOutlined />} onClick={props.onAssistants} className="chat-assistants-button">
          {t('chat.assistant.title')}
        </Button>
      </Flex>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('chat.search')}
        aria-label={t('chat.search')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          props.onSearch(e.target.value);
        }}
      />
      <FolderBar folders={folders} value={props.folder} onChange={props.onFolder} onChanged={() => props.onFolder(props.folder)} />
      <div className="chat-conversations" role="list" aria-label={t('chat.conversations')} style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {props.loading && !props.items.length ? <Skeleton active paragraph={{ rows: 4 }} title={false} /> : null}
        {!props.loading && !props.items.length ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.search.trim() ? t('chat.noMatches') : t('chat.noConversations')} />
        ) : null}
        {props.items.map((c) => {
          const active = c.id === props.activeId;
          const title = c.title || t('chat.untitled');
          return (
            <div
              key={c.id}
              role="listitem"
              className={`chat-conversation${active ? ' chat-conversation-active' : ''}`}
              data-conversation-id={c.id}
              tabIndex={0}
              aria-current={active ? 'true' : undefined}
              onClick={() => renaming !== c.id && props.onSelect(c.id)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && e.target === e.currentTarget) props.onSelect(c.id);
              }}
              style={{
                background: active ? token.controlItemBgActive : undefined,
                borderRadius: token.borderRadius,
              }}
            >
              <Flex align="center" gap={6} style={{ minWidth: 0 }}>
                {c.pinned ? (
                  <PushpinFilled aria-label={t('chat.pinned')} style={{ color: token.colorPrimary, flex: 'none' }} />
                ) : (
                  <MessageOutlined style={{ color: token.colorTextTertiary, flex: 'none' }} />
                )}
                <div style={{ flex: 1, minWidth: 0 }}>
                  {renaming === c.id ? (
                    <RenameInput
                      initial={c.title}
                      onDone={(next) => {
                        setRenaming(null);
                        if (next && next !== c.title) props.onRename(c.id, next);
                      }}
                    />
                  ) : (
                    <Typography.Text ellipsis={{ tooltip: title }} className="chat-conversation-title">
                      {title}
                    </Typography.Text>
                  )}
                </div>
                <span className="chat-conversation-actions" onClick={(e) => e.stopPropagation()}>
                  <Tooltip title={t('chat.rename')}>
                    <Button size="small" type="text" aria-label={t('chat.rename')} icon={<EditOutlined />} onClick={() => setRenaming(c.id)} />
                  </Tooltip>
                  <MoveToFolder folders={folders} current={c.folder_id} onMove={(f) => props.onMove(c.id, f)} />
                  <Tooltip title={c.pinned ? t('chat.unpin') : t('chat.pin')}>
                    <Button
                      size="small"
                      type="text"
                      aria-label={c.pinned ? t('chat.unpin') : t('chat.pin')}
                      icon={c.pinned ? <PushpinFilled /> : <PushpinOutlined />}
                      onClick={() => props.onPin(c.id, !c.pinned)}
                    />
                  </Tooltip>
                  <Popconfirm
                    title={t('chat.deleteConfirm')}
                    okText={t('chat.delete')}
                    cancelText={t('chat.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => props.onDelete(c.id)}
                  >
                    <Button size="small" type="text" danger aria-label={t('chat.delete')} icon={<DeleteOutlined />} />
                  </Popconfirm>
                </span>
              </Flex>
              {c.snippet ? (
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '2px 0 0 20px', fontSize: 12 }}>
                  {c.snippet}
                </Typography.Paragraph>
              ) : null}
            </div>
          );
        })}
      </div>
    </Flex>
  );
}
