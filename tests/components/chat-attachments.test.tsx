/**
 * A question's files on the page: what the chat cannot take (type, size) is refused on its card
 * before any upload, a file taken uploads to the conversation and is sent by id, a file taken
 * back is deleted on the server; a sent question shows its pictures and its documents, with what
 * was left out of a long one.
 */
import { Sender } from '@ant-design/x';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CHAT_ATTACHMENTS } from '../../shared/chat-attachments';
import '@/components/markdown/messages';
import { QuestionFiles, usePendingFiles } from '@/pages/assistant/chat/components/Attachments';
import type { ChatAttachment, MessageRow } from '@/services/chat';
import { fakeApi, ok, renderAdmin, signIn } from './support/system';
import { resetUmiStandIn } from './support/umi-max';

beforeEach(() => {
  resetUmiStandIn();
  signIn();
  // jsdom has no object URLs; the cards preview a picture through one
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => undefined;
});

const FILE: ChatAttachment = {
  id: 'f1',
  message_id: null,
  kind: 'image',
  name: 'chart.png',
  mime: 'image/png',
  size: 68,
  chars: 0,
  omitted: 0,
  url: '/api/files/x?sign=1',
};
const UPLOAD = 'POST /api/chat/conversations/c1/attachments';

function Harness() {
  const files = usePendingFiles({ conversation: async () => 'c1', dropTarget: () => null });
  return (
    <>
      <Sender header={files.header} prefix={files.button} />
      <output data-testid="ids">{files.ids().join(',')}</output>
      <button type="button" onClick={files.clear}>
        sent
      </button>
    </>
  );
}

const pick = (files: File[]) => fireEvent.change(document.querySelector('.chat-attachments input[type=file]')!, { target: { files } });

test('a file of a type or size the chat cannot take is refused on its card without an upload', async () => {
  const api = fakeApi({ [UPLOAD]: () => ok(FILE) });
  renderAdmin(<Harness />);
  fireEvent.click(screen.getByRole('button', { name: 'Attach files' }));
  pick([new File(['MZ'], 'setup.exe')]);
  expect(await screen.findByText(/setup\.exe cannot be attached/)).toBeInTheDocument();
  const huge = new File(['x'], 'huge.png', { type: 'image/png' });
  Object.defineProperty(huge, 'size', { value: CHAT_ATTACHMENTS.IMAGE_MAX_BYTES + 1 });
  pick([huge]);
  expect(await screen.findByText('The file is larger than 5 MB')).toBeInTheDocument();
  expect(api.to(UPLOAD)).toHaveLength(0);
  expect(screen.getByTestId('ids')).toHaveTextContent('');
});

test('a file taken uploads to the conversation and goes by id; the list empties once sent; taken back, it is deleted on the server', async () => {
  const api = fakeApi({ [UPLOAD]: () => ok(FILE), 'DELETE /api/chat/attachments/f1': () => ({ success: true }) });
  renderAdmin(<Harness />);
  fireEvent.click(screen.getByRole('button', { name: 'Attach files' }));
  pick([new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'chart.png', { type: 'image/png' })]);
  await waitFor(() => expect(screen.getByTestId('ids')).toHaveTextContent('f1'));
  expect(api.last(UPLOAD)?.data).toBeInstanceOf(FormData);
  fireEvent.click(screen.getByRole('button', { name: 'sent' }));
  await waitFor(() => expect(screen.getByTestId('ids')).toHaveTextContent(''));
  expect(document.querySelectorAll('.ant-attachment-list-card')).toHaveLength(0);
  // one taken back before the send
  pick([new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'chart.png', { type: 'image/png' })]);
  await waitFor(() => expect(screen.getByTestId('ids')).toHaveTextContent('f1'));
  fireEvent.click(document.querySelector('.ant-attachment-list-card-remove')!);
  await waitFor(() => expect(api.to('DELETE /api/chat/attachments/f1')).toHaveLength(1));
  expect(screen.getByTestId('ids')).toHaveTextContent('');
});

test('a sent question shows its pictures and its documents, with what was left out of a long one', () => {
  const doc: ChatAttachment = { ...FILE, id: 'f2', kind: 'document', name: 'report.pdf', mime: 'application/pdf', chars: 5000, omitted: 1200 };
  renderAdmin(<QuestionFiles message={{ id: 'q1', role: 'user', content: 'Look', attachments: [FILE, doc] } as MessageRow} />);
  expect(screen.getByAltText('chart.png')).toHaveAttribute('src', FILE.url);
  expect(screen.getByText('report')).toBeInTheDocument();
  expect(screen.getByText('1,200 of 5,000 characters left out to fit the model')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Download report.pdf' })).toHaveAttribute('href', FILE.url);
});
