/**
 * Thumbs under an answer: up is saved at once and pressed, pressed again it is taken back; down
 * asks what went wrong and sends the comment with it; a saved rating shows pressed when the
 * conversation is opened again.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import '@/components/markdown/messages';
import AnswerFeedback from '@/pages/assistant/chat/components/Feedback';
import type { MessageRow } from '@/services/chat';
import { fakeApi, ok, renderAdmin, signIn } from './support/system';
import { resetUmiStandIn } from './support/umi-max';

beforeEach(() => {
  resetUmiStandIn();
  signIn();
});

const ANSWER = { id: 'a1', role: 'assistant', status: 'done', content: 'Echo: hi' } as MessageRow;
const PUT = 'PUT /api/chat/messages/a1/feedback';
const echo = () =>
  fakeApi({ [PUT]: (c) => ok({ rating: (c.data as { rating: string | null }).rating, comment: (c.data as { comment?: string | null }).comment ?? null }) });
const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

test('up is saved at once and shown pressed; pressed again it is taken back', async () => {
  const api = echo();
  renderAdmin(<AnswerFeedback message={ANSWER} />);
  expect(pressed('Good answer')).toBe('false');
  fireEvent.click(screen.getByRole('button', { name: 'Good answer' }));
  await waitFor(() => expect(pressed('Good answer')).toBe('true'));
  expect(api.last(PUT)?.data).toEqual({ rating: 'up', comment: null });
  fireEvent.click(screen.getByRole('button', { name: 'Good answer' }));
  await waitFor(() => expect(pressed('Good answer')).toBe('false'));
  expect(api.last(PUT)?.data).toEqual({ rating: null, comment: null });
});

test('down asks what went wrong and sends the comment; a saved rating shows pressed', async () => {
  const api = echo();
  renderAdmin(<AnswerFeedback message={ANSWER} />);
  fireEvent.click(screen.getByRole('button', { name: 'Bad answer' }));
  fireEvent.change(await screen.findByLabelText('What went wrong?'), { target: { value: 'Wrong year' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(pressed('Bad answer')).toBe('true'));
  expect(api.last(PUT)?.data).toEqual({ rating: 'down', comment: 'Wrong year' });
});

test('an answer rated earlier opens pressed, its comment ready to change', async () => {
  renderAdmin(<AnswerFeedback message={{ ...ANSWER, feedback: 'down', feedback_comment: 'Too long' }} />);
  expect(pressed('Bad answer')).toBe('true');
  fireEvent.click(screen.getByRole('button', { name: 'Bad answer' }));
  expect(await screen.findByLabelText('What went wrong?')).toHaveValue('Too long');
  expect(screen.getByRole('button', { name: 'Take back' })).toBeInTheDocument();
});
