/**
 * The chat's keyboard shortcuts: one list (the help popover shows it) and the listener that runs
 * them while the chat is open. Mod is Ctrl, or Cmd on a Mac.
 */
import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Flex, Popover, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../../../shared/i18n';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const mod = (e: KeyboardEvent) => e.ctrlKey || e.metaKey;
/** a layer above the page (a dialog, a menu, a popover): its Esc is its own */
const inLayer = (e: KeyboardEvent) =>
  e.target instanceof Element && !!e.target.closest('.ant-modal, .ant-popover, .ant-drawer, .ant-dropdown, .ant-select-dropdown');

type Action = 'newChat' | 'focusInput' | 'stop' | 'regenerate' | 'help';
export const CHAT_SHORTCUTS: { action: Action; keys: string[]; matches: (e: KeyboardEvent) => boolean }[] = [
  { action: 'newChat', keys: ['Mod', 'Shift', 'O'], matches: (e) => mod(e) && e.shiftKey && e.code === 'KeyO' },
  { action: 'focusInput', keys: ['Shift', 'Esc'], matches: (e) => e.shiftKey && e.key === 'Escape' },
  { action: 'stop', keys: ['Esc'], matches: (e) => e.key === 'Escape' && !e.shiftKey && !mod(e) && !inLayer(e) },
  // the key, not the character: Option+R types ® on a Mac
  { action: 'regenerate', keys: ['Alt', 'R'], matches: (e) => e.altKey && !mod(e) && e.code === 'KeyR' },
  { action: 'help', keys: ['Mod', '/'], matches: (e) => mod(e) && (e.code === 'Slash' || e.key === '/') },
];

/** each action's handler: false when it does not apply now (the key then does what it did) */
export type ShortcutHandlers = Record<Exclude<Action, 'help'>, () => boolean | void>;

export default function ChatShortcuts(handlers: ShortcutHandlers) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const hit = CHAT_SHORTCUTS.find((s) => s.matches(e));
      if (!hit) return;
      const done = hit.action === 'help' ? setOpen((o) => !o) : latest.current[hit.action]();
      if (done !== false) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const keyName = (k: string) => (k === 'Mod' ? (isMac ? '⌘' : 'Ctrl') : k === 'Alt' && isMac ? '⌥' : k);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      title={t('chat.shortcuts')}
      content={
        <Flex vertical gap={6} className="chat-shortcuts" style={{ width: 'min(320px, calc(100vw - 48px))' }}>
          {CHAT_SHORTCUTS.map((s) => (
            <Flex key={s.action} justify="space-between" gap={12}>
              <span>{t(`chat.shortcut.${s.action}`)}</span>
              <span style={{ whiteSpace: 'nowrap' }}>
                {s.keys.map((k) => (
                  <Typography.Text keyboard key={k}>
                    {keyName(k)}
                  </Typography.Text>
                ))}
              </span>
            </Flex>
          ))}
        </Flex>
      }
    >
      <Tooltip title={t('chat.shortcuts')}>
        <Button type="text" aria-label={t('chat.shortcuts')} icon={<QuestionCircleOutlined />} />
      </Tooltip>
    </Popover>
  );
}
