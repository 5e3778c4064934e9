/**
 * Assistants in the chat: the drawer lists the caller's and the published ones, a new one is
 * saved with its starters (blank ones dropped) and is published only by those who manage the
 * models, a published one is changed only by them, "Start a chat" starts with the chosen one, and
 * an assistant's new chat offers its starter questions.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '@/components/markdown/messages';
import { AssistantsDrawer, AssistantWelcome } from '@/pages/assistant/chat/components/Assistants';
import type { ChatAssistant, ChatModelInfo } from '@/services/chat';
import { fakeApi, ok, renderAdmin, signIn } from './support/system';
import { resetUmiStandIn } from './support/umi-max';

beforeEach(() => resetUmiStandIn());

const MODELS: ChatModelInfo[] = [{ id: 'm1', name: 'Writer', context_window: 8000, max_output_tokens: 1000, input_price: 1, output_price: 2, vision: false }];
const base: ChatAssistant = {
  id: 'a1',
  name: 'Editor',
  avatar: '✍️',
  description: 'Tightens prose',
  model_id: 'm1',
  system_prompt: 'Be brief.',
  temperature: null,
  top_p: null,
  max_tokens: null,
  starters: ['Shorten this'],
  published: false,
  roles: [],
  store_prompt_id: null,
  mine: true,
  created_at: '2026-11-29T10:00:00.000Z',
  updated_at: '2026-11-29T10:00:00.000Z',
};
const HOUSE: ChatAssistant = { ...base, id: 'a2', name: 'House style', avatar: '', published: true, roles: ['writer'], mine: false };

/** the form's dialog (over the drawer, itself a dialog), by its title */
const modal = async (title: string) => (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;

function drawer(onStart = jest.fn(), onChanged = jest.fn()) {
  renderAdmin(
    <AssistantsDrawer open onClose={() => undefined} assistants={[base, HOUSE]} loading={false} models={MODELS} onStart={onStart} onChanged={onChanged} />,
  );
  return { onStart, onChanged };
}

test('a user starts a chat with one, changes only their own, and saves a new one without publishing', async () => {
  signIn(['writer']);
  const api = fakeApi({ 'POST /api/chat/assistants': (c) => ok({ ...base, id: 'a3', ...(c.data as object) }) });
  const { onStart, onChanged } = drawer();
  await screen.findByText('Published for writer');
  const list = document.querySelector('.chat-assistant-list') as HTMLElement;
  expect(within(list).getByText('Published for writer')).toBeInTheDocument();
  // the published one is used, not changed, by a user who does not manage the models
  expect(screen.getByRole('button', { name: 'Edit Editor' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Edit House style' })).toBeNull();
  fireEvent.click(within(list).getAllByRole('button', { name: /Start a chat/ })[1]);
  expect(onStart).toHaveBeenCalledWith(HOUSE);

  fireEvent.click(screen.getAllByRole('button', { name: /New assistant/ })[0]);
  const dialog = await modal('New assistant');
  expect(within(dialog).queryByText('Published')).toBeNull();
  fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Translator' } });
  fireEvent.click(within(dialog).getByRole('button', { name: /Add a starter question/ }));
  fireEvent.click(within(dialog).getByRole('button', { name: /Add a starter question/ }));
  fireEvent.change(within(dialog).getByLabelText('Starter question 1'), { target: { value: 'Into French' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.to('POST /api/chat/assistants')).toHaveLength(1));
  const body = api.last('POST /api/chat/assistants')!.data as Record<string, unknown>;
  expect(body).toMatchObject({ name: 'Translator', starters: ['Into French'], model_id: null, system_prompt: null });
  expect(body).not.toHaveProperty('published');
  await waitFor(() => expect(onChanged).toHaveBeenCalled());
});

test('an admin publishes for roles and may change a published one', async () => {
  signIn(['admin']);
  const api = fakeApi({ 'PUT /api/chat/assistants/a2': (c) => ok({ ...HOUSE, ...(c.data as object) }) });
  drawer();
  await screen.findByText('Published for writer');
  fireEvent.click(await screen.findByRole('button', { name: 'Edit House style' }));
  const dialog = await modal('Edit assistant');
  expect(within(dialog).getByLabelText('Name')).toHaveValue('House style');
  expect(within(dialog).getByRole('switch')).toBeChecked();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.to('PUT /api/chat/assistants/a2')).toHaveLength(1));
  expect(api.last('PUT /api/chat/assistants/a2')!.data).toMatchObject({ name: 'House style', published: true, roles: ['writer'], starters: ['Shorten this'] });
});

test("an assistant's new chat offers its starter questions", () => {
  const onAsk = jest.fn();
  renderAdmin(<AssistantWelcome assistant={base} onAsk={onAsk} />);
  expect(screen.getByText('Editor')).toBeInTheDocument();
  expect(screen.getByText('Tightens prose')).toBeInTheDocument();
  fireEvent.click(screen.getByText('Shorten this'));
  expect(onAsk).toHaveBeenCalledWith('Shorten this');
});
