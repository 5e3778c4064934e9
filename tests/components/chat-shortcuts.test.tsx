/**
 * The chat's keyboard shortcuts: each key runs its action and keeps the browser's own use of the
 * key from happening; a key whose action does not apply now (Esc with no answer being written, or
 * in a dialog) is left alone; Ctrl+/ lists them all.
 */
import { act, screen } from '@testing-library/react';
import '@/components/markdown/messages';
import ChatShortcuts from '@/pages/assistant/chat/components/Shortcuts';
import { renderAdmin } from './support/system';
import { resetUmiStandIn } from './support/umi-max';

beforeEach(() => resetUmiStandIn());

function setup(opts: { running?: boolean } = {}) {
  const calls: string[] = [];
  const handlers = {
    newChat: () => void calls.push('newChat'),
    focusInput: () => void calls.push('focusInput'),
    stop: () => (opts.running ? void calls.push('stop') : false),
    regenerate: () => void calls.push('regenerate'),
  };
  renderAdmin(<ChatShortcuts {...handlers} />);
  /** presses a key on the page: whether the browser's default was kept from happening */
  const press = (init: KeyboardEventInit, target: EventTarget = document.body) => {
    const e = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
    act(() => void target.dispatchEvent(e));
    return e.defaultPrevented;
  };
  return { calls, press };
}

test('each shortcut runs its action and takes the key', () => {
  const { calls, press } = setup({ running: true });
  expect(press({ key: 'O', code: 'KeyO', ctrlKey: true, shiftKey: true })).toBe(true);
  expect(press({ key: 'O', code: 'KeyO', metaKey: true, shiftKey: true })).toBe(true);
  expect(press({ key: 'Escape', code: 'Escape', shiftKey: true })).toBe(true);
  expect(press({ key: 'Escape', code: 'Escape' })).toBe(true);
  // Option+R on a Mac types ®: the key's code decides
  expect(press({ key: '®', code: 'KeyR', altKey: true })).toBe(true);
  expect(calls).toEqual(['newChat', 'newChat', 'focusInput', 'stop', 'regenerate']);
  // other keys are the page's
  expect(press({ key: 'o', code: 'KeyO', ctrlKey: true })).toBe(false);
  expect(press({ key: 'r', code: 'KeyR' })).toBe(false);
  expect(calls).toHaveLength(5);
});

test('Esc with nothing to stop, or inside a dialog, is left to the page', () => {
  const { calls, press } = setup({ running: false });
  expect(press({ key: 'Escape', code: 'Escape' })).toBe(false);
  const dialog = document.createElement('div');
  dialog.className = 'ant-modal';
  const inside = document.createElement('input');
  dialog.appendChild(inside);
  document.body.appendChild(dialog);
  expect(press({ key: 'Escape', code: 'Escape' }, inside)).toBe(false);
  expect(calls).toEqual([]);
  dialog.remove();
});

test('Ctrl+/ lists every shortcut with its keys', async () => {
  const { press } = setup();
  expect(press({ key: '/', code: 'Slash', ctrlKey: true })).toBe(true);
  const help = await screen.findByText('Keyboard shortcuts', { selector: '.ant-popover-title' });
  const list = help.closest('.ant-popover')!;
  for (const name of ['New chat', 'Type a message', 'Stop the answer', 'Regenerate the last answer', 'Show these shortcuts'])
    expect(list).toHaveTextContent(name);
  expect(list).toHaveTextContent('CtrlShiftO');
});
