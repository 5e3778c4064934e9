/**
 * The admin home's SMS test outbox card: shown only while the server runs SMS in test mode
 * (the login config says so), with the latest messages; "All messages" opens the kit's list
 * of the outbox: paged, searched, newest first.
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
let loginConfigAsked: boolean;
function mockOutbox(testMode: boolean) {
  calls = [];
  loginConfigAsked = false;
  setRequestHandler(async (url) => {
    if (url === '/api/auth/login-config') {
      loginConfigAsked = true;
      return { success: true, data: { smsTestMode: testMode } };
    }
    if (!url.startsWith('/api/system/sms-outbox')) throw new Error(`unexpected ${url}`);
    calls.push(url);
    const q = new URLSearchParams(url.split('?')[1]);
    const all = Array.from({ length: 12 }, (_, i) => row(12 - i, `138000000${String(12 - i).padStart(2, '0')}`));
    const hits = q.get('keyword') ? all.filter((r) => r.mobile.includes(q.get('keyword')!)) : all;
    const size = Number(q.get('pageSize'));
    const from = (Number(q.get('current')) - 1) * size;
    return { success: true, data: hits.slice(from, from + size), total: hits.length };
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
  expect(calls).toEqual(['/api/system/sms-outbox?current=1&pageSize=5']);
  fireEvent.click(within(card).getByText('All messages (12)'));
  const dialog = await screen.findByRole('dialog');
  await waitFor(() => expect(within(dialog).getByText('13800000007')).toBeTruthy());
  // the whole outbox, newest first
  expect(calls.at(-1)).toBe('/api/system/sms-outbox?current=1&pageSize=20&sortField=created_at&sortOrder=descend');
  const box = within(dialog).getByPlaceholderText('Search by mobile number');
  fireEvent.change(box, { target: { value: '0003' } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
  await waitFor(() => expect(within(dialog).queryByText('13800000007')).toBeNull());
  expect(within(dialog).getByText('13800000003')).toBeTruthy();
  expect(calls.at(-1)).toBe('/api/system/sms-outbox?current=1&pageSize=20&keyword=0003&sortField=created_at&sortOrder=descend');
});

test('with a provider configured the card is not shown', async () => {
  mockOutbox(false);
  const { container } = renderInApp(<SmsOutboxCard />);
  // the login config answered: nothing more is asked, nothing is shown
  await waitFor(() => expect(loginConfigAsked).toBe(true));
  await new Promise((r) => setTimeout(r, 50));
  expect(calls).toEqual([]);
  expect(screen.queryByText('SMS test mode: codes are not sent')).toBeNull();
  expect(container.querySelector('[data-testid="sms-outbox"]')).toBeNull();
});
