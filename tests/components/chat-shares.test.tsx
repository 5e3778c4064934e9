/**
 * The Share dialog: it lists the conversation's links with who may open them and until when,
 * makes a link to the branch on screen with the audience and expiry chosen, and revokes a link
 * only after a confirmation.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import '@/components/markdown/messages';
import ShareButton from '@/pages/assistant/chat/components/ShareButton';
import type { ChatShare } from '@/services/chat';
import { fakeApi, ok, renderAdmin, signIn } from './support/system';
import { resetUmiStandIn } from './support/umi-max';

beforeEach(() => {
  resetUmiStandIn();
  signIn();
});

const LINK: ChatShare = {
  id: 's1',
  message_id: 'm9',
  audience: 'signed-in',
  expires_at: '2026-12-06T13:31:00.000Z',
  created_at: '2026-11-29T13:31:00.000Z',
  token: 's1.sig',
  path: '/uni_modules/uni-id-pages/pages/common/share/share?t=s1.sig',
};
const LIST = 'GET /api/chat/conversations/c1/shares';
const CREATE = 'POST /api/chat/conversations/c1/shares';

test('lists the links, makes one to the branch on screen as chosen, revokes one after a confirmation', async () => {
  const api = fakeApi({
    [LIST]: () => ok([LINK]),
    [CREATE]: (c) => ok({ ...LINK, id: 's2', token: 's2.sig', path: '/p?t=s2.sig', ...(c.data as object), expires_at: null }),
    'DELETE /api/chat/shares/s1': () => ({ success: true }),
  });
  renderAdmin(<ShareButton conversationId="c1" lastMessageId="m9" />);
  fireEvent.click(screen.getByRole('button', { name: /Share/ }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('Signed-in');
  expect(within(dialog).getByText(/until 2026-12-06/)).toBeInTheDocument();
  expect(within(dialog).getByRole('textbox', { name: 'Link' })).toHaveValue(`${window.location.origin}${window.location.pathname}#${LINK.path}`);

  fireEvent.click(within(dialog).getByLabelText('Anyone with the link (no sign-in needed)'));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create and copy link' }));
  await waitFor(() => expect(api.last(CREATE)?.data).toEqual({ message_id: 'm9', audience: 'anyone', expires_days: 7 }));
  await within(dialog).findByText('Anyone');
  expect(within(dialog).getAllByRole('textbox', { name: 'Link' })).toHaveLength(2);

  fireEvent.click(within(dialog).getAllByRole('button', { name: 'Revoke' })[1]);
  expect(api.to('DELETE /api/chat/shares/s1')).toHaveLength(0);
  const confirm = await screen.findByText('Revoke this link? It stops working at once.');
  fireEvent.click(within(confirm.closest('.ant-popover')! as HTMLElement).getByRole('button', { name: 'Revoke' }));
  await waitFor(() => expect(api.to('DELETE /api/chat/shares/s1')).toHaveLength(1));
  await waitFor(() => expect(within(dialog).getAllByRole('textbox', { name: 'Link' })).toHaveLength(1));
});

test('nothing to share before the first message', () => {
  renderAdmin(<ShareButton conversationId="c1" lastMessageId={null} />);
  expect(screen.getByRole('button', { name: /Share/ })).toBeDisabled();
});
