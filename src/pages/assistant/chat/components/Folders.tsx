/**
 * Conversation folders in the chat's left column: the folder shown (all, one folder, or the
 * unfiled), the folders' upkeep (add, rename, delete with a confirmation: the conversations stay,
 * unfiled), and a conversation's "Move to folder" menu.
 */
import { DeleteOutlined, EditOutlined, FolderOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { Button, Dropdown, Flex, Input, Popconfirm, Popover, Select, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { createFolder, deleteFolder, listFolders, renameFolder, type ChatFolder } from '../../../../services/chat';
import { toast } from '../../../../shared/feedback';
import { useT } from '../../../../shared/i18n';

/** the folders, loaded again whenever the list is (their counts follow it) */
export function useFolders(list: unknown) {
  return useRequest(() => listFolders({ skipErrorHandler: true }), { refreshDeps: [list] }).data ?? [];
}

const NONE = 'none';

/** which conversations the list shows: all (undefined), one folder's, or the unfiled ('none') */
export function FolderBar({
  folders,
  value,
  onChange,
  onChanged,
}: {
  folders: ChatFolder[];
  value?: string;
  onChange: (v?: string) => void;
  onChanged: () => void;
}) {
  const t = useT();
  return (
    <Flex gap={4}>
      <Select
        className="chat-folder-select"
        aria-label={t('chat.folders')}
        style={{ flex: 1, minWidth: 0 }}
        value={value ?? ''}
        onChange={(v) => onChange(v || undefined)}
        options={[
          { value: '', label: t('chat.folder.all') },
          ...folders.map((f) => ({ value: f.id, label: `${f.name} (${f.count})` })),
          { value: NONE, label: t('chat.folder.none') },
        ]}
      />
      <FolderManager
        folders={folders}
        // the list shown again (its folder gone: all of them), and with it the folders' counts
        onChanged={(deleted) => (deleted && deleted === value ? onChange(undefined) : onChanged())}
      />
    </Flex>
  );
}

function FolderManager({ folders, onChanged }: { folders: ChatFolder[]; onChanged: (deletedId?: string) => void }) {
  const t = useT();
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const act = async (work: () => Promise<unknown>, done: string, deletedId?: string) => {
    try {
      await work();
      toast(t(done), 'success');
      onChanged(deletedId);
      return true;
    } catch {
      return false; // the request layer showed the error
    }
  };
  const add = async () => {
    if (name.trim() && (await act(() => createFolder(name.trim()), 'chat.folder.added'))) setName('');
  };
  const rename = async () => {
    if (editing && editing.name.trim() && (await act(() => renameFolder(editing.id, editing.name.trim()), 'chat.saved'))) setEditing(null);
  };
  return (
    <Popover
      trigger="click"
      placement="bottomLeft"
      title={t('chat.folders')}
      align={{ overflow: { adjustX: true, adjustY: true, shiftX: true } }}
      content={
        <Flex vertical gap={8} className="chat-folder-manager" style={{ width: 'min(300px, calc(100vw - 48px))' }}>
          <Flex gap={4}>
            <Input
              size="small"
              maxLength={40}
              aria-label={t('chat.folder.name')}
              placeholder={t('chat.folder.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              onPressEnter={() => void add()}
            />
            <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => void add()} disabled={!name.trim()}>
              {t('chat.folder.add')}
            </Button>
          </Flex>
          {folders.length ? null : <Typography.Text type="secondary">{t('chat.folder.empty')}</Typography.Text>}
          {folders.map((f) =>
            editing?.id === f.id ? (
              <Input
                key={f.id}
                size="small"
                autoFocus
                maxLength={40}
                aria-label={t('chat.folder.name')}
                value={editing.name}
                onChange={(e) => setEditing({ id: f.id, name: e.target.value })}
                onPressEnter={() => void rename()}
                onKeyDown={(e) => e.key === 'Escape' && setEditing(null)}
                onBlur={() => void rename()}
              />
            ) : (
              <Flex key={f.id} align="center" gap={4} className="chat-folder-row">
                <FolderOutlined />
                <Typography.Text ellipsis={{ tooltip: f.name }} style={{ flex: 1, minWidth: 0 }}>
                  {f.name}
                </Typography.Text>
                <Typography.Text type="secondary">{f.count}</Typography.Text>
                <Button
                  size="small"
                  type="text"
                  aria-label={`${t('chat.rename')} ${f.name}`}
                  icon={<EditOutlined />}
                  onClick={() => setEditing({ id: f.id, name: f.name })}
                />
                <Popconfirm
                  title={t('chat.folder.deleteConfirm')}
                  okText={t('chat.delete')}
                  cancelText={t('chat.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => act(() => deleteFolder(f.id), 'chat.folder.deleted', f.id)}
                >
                  <Button size="small" type="text" danger aria-label={`${t('chat.delete')} ${f.name}`} icon={<DeleteOutlined />} />
                </Popconfirm>
              </Flex>
            ),
          )}
        </Flex>
      }
    >
      <Tooltip title={t('chat.folder.manage')}>
        <Button aria-label={t('chat.folder.manage')} icon={<SettingOutlined />} />
      </Tooltip>
    </Popover>
  );
}

/** a conversation's "Move to folder": the folders and "No folder", its own one marked */
export function MoveToFolder({ folders, current, onMove }: { folders: ChatFolder[]; current: string | null; onMove: (folderId: string | null) => void }) {
  const t = useT();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current ?? NONE],
        items: [
          ...folders.map((f) => ({ key: f.id, label: f.name, icon: <FolderOutlined /> })),
          { type: 'divider' as const },
          { key: NONE, label: t('chat.folder.noFolder') },
        ],
        onClick: ({ key }) => onMove(key === NONE ? null : key),
      }}
    >
      <Tooltip title={t('chat.folder.move')}>
        <Button size="small" type="text" aria-label={t('chat.folder.move')} icon={<FolderOutlined />} />
      </Tooltip>
    </Dropdown>
  );
}
