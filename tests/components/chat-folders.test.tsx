/**
 * The chat's folders: the select offers every conversation, each folder with its count and the
 * unfiled ones; a folder is added from the manager; "Move to folder" marks the conversation's own
 * folder and files it elsewhere or in none.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '@/components/markdown/messages';
import { FolderBar, MoveToFolder } from '@/pages/assistant/chat/components/Folders';
import { fakeApi, ok, renderAdmin, signIn } from './support/system';
import { resetUmiStandIn } from './support/umi-max';

beforeEach(() => {
  resetUmiStandIn();
  signIn();
});

const FOLDERS = [
  { id: 'f1', name: 'Work', count: 2 },
  { id: 'f2', name: '家', count: 0 },
];

test('the select offers all, each folder with its count, and the unfiled; the manager adds a folder', async () => {
  const api = fakeApi({ 'POST /api/chat/folders': () => ok({ id: 'f3', name: 'Ideas', count: 0 }) });
  const shown: (string | undefined)[] = [];
  let changed = 0;
  renderAdmin(<FolderBar folders={FOLDERS} onChange={(v) => shown.push(v)} onChanged={() => changed++} />);
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Folders' }));
  await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option-content').length).toBe(4));
  const options = [...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent);
  expect(options).toEqual(['All conversations', 'Work (2)', '家 (0)', 'Not in a folder']);
  fireEvent.click(screen.getAllByText('Not in a folder').at(-1)!);
  expect(shown).toEqual(['none']);

  fireEvent.click(screen.getByRole('button', { name: 'Manage folders' }));
  fireEvent.change(await screen.findByLabelText('Folder name'), { target: { value: ' Ideas ' } });
  fireEvent.click(screen.getByRole('button', { name: /Add/ }));
  await waitFor(() => expect(changed).toBe(1));
  expect(api.last('POST /api/chat/folders')?.data).toEqual({ name: 'Ideas' });
});

test('"Move to folder" marks the current folder and files the conversation elsewhere or in none', async () => {
  const moves: (string | null)[] = [];
  renderAdmin(<MoveToFolder folders={FOLDERS} current="f1" onMove={(f) => moves.push(f)} />);
  fireEvent.click(screen.getByRole('button', { name: 'Move to folder' }));
  const menu = await screen.findByRole('menu');
  expect(within(menu).getByText('Work').closest('li')).toHaveClass('ant-dropdown-menu-item-selected');
  fireEvent.click(within(menu).getByText('家'));
  fireEvent.click(screen.getByRole('button', { name: 'Move to folder' }));
  fireEvent.click(within(await screen.findByRole('menu')).getByText('No folder'));
  expect(moves).toEqual(['f2', null]);
});
