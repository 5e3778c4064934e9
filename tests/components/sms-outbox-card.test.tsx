/**
 * The admin home's SMS test outbox card: shown only while the server runs SMS in test mode,
 * with the latest messages; "All messages" opens the paged list, searched by number.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderInApp } from './support/render';
import { resetUmiStandIn, setRequestHandler } from './support/umi-max';
import SmsOutboxCard from '@/pages/admin-index/components/SmsOutboxCard';

const row = (id: number, mobile: string) => ({
  id,
  mobile,
  scene: 'login',
  content: `Your verification code for signing in is ${String(100000 + id)}. It is valid for 5 minutes and works once.`,
  created_at: '2026-11-22T10:00:00.000Z',
});

let calls: string[];
function mockOutbox(testMode: boolean) {
  calls = [];
  setRequestHandler(async (url) => {
    if (!url.startsWith('/api/system/sms-outbox')) throw new Error(`unexpected ${url}`);
    calls.push(url);
    const q = new URLSearchParams(url.split('?')[1]);
    if (!testMode) return { success: true, data: [], total: 0, testMode: false };
    const all = Array.from({ length: 12 }, (_, i) => row(12 - i, `138000000${String(12 - i).padStart(2, '0')}`));
    const hits = q.get('keyword') ? all.filter((r) => r.mobile.includes(q.get('keyword')!)) : all;
    const size = Number(q.get('pageSize'));
    const from = (Number(q.get('current')) - 1) * size;
    return { success: true, data: hits.slice(from, from + size), total: hits.length, testMode: true };
  });
}

beforeEach(() => resetUmiStandIn());

test('in test mode: the labelled card with the latest messages, and every message in a searchable list', async () => {
  mockOutbox(true);
  renderInApp(<SmsOutboxCard />);
  await screen.findByText('SMS test mode: codes are not sent');
  const card = screen.getByTestId('sms-outbox');
  expect(within(card).getByText('13800000012')).toBeTruthy();
  expect(within(card).getByText(/signing in is 100012/)).toBeTruthy();
  expect(within(card).queryByText('13800000007')).toBeNull(); // the latest 5 only
  expect(calls[0]).toContain('pageSize=5');
  fireEvent.click(within(card).getByText('All messages (12)'));
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(within(dialog).getByText('13800000007')).toBeTruthy());
  fireEvent.change(within(dialog).getByLabelText('Search by mobile number'), { target: { value: '0003' } });
  fireEvent.keyDown(within(dialog).getByLabelText('Search by mobile number'), { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(within(dialog).queryByText('13800000007')).toBeNull());
  expect(within(dialog).getByText('13800000003')).toBeTruthy();
  expect(calls.at(-1)).toContain('keyword=0003');
});

test('with a provider configured the card is not shown', async () => {
  mockOutbox(false);
  const { container } = renderInApp(<SmsOutboxCard />);
  await waitFor(() => expect(calls.length).toBe(1));
  expect(screen.queryByText('SMS test mode: codes are not sent')).toBeNull();
  expect(container.querySelector('[data-testid="sms-outbox"]')).toBeNull();
});
