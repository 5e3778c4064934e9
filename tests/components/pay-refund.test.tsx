/**
 * Refunding an order: the amount defaults to what is left and cannot pass it; the refund is
 * confirmed before sending; when the user already spent the credits the server's message shows
 * and "Refund anyway" sends the refund again with force.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import RefundModal from '@/components/pay/RefundModal';
import type { OrderRow } from '@/services/pay';
import { fakeApi, ok, renderAdmin, serverError, signIn } from './support/system';
import { resetUmiStandIn } from './support/umi-max';

const ORDER = {
  order_no: 'P20261124000000555',
  user_id: 'u1',
  username: 'alice',
  nickname: null,
  provider: 'alipay',
  method: 'alipay_qr',
  package_id: null,
  subject: '1000 credits',
  amount_cents: 1000,
  credits: 1000,
  status: 'credited',
  trade_no: '2026112422001',
  qr_code: null,
  pay_url: null,
  return_to: null,
  platform: 'web',
  refunded_cents: 300,
  refunded_credits: 300,
  expires_at: '2026-11-24T09:00:00.000Z',
  paid_at: '2026-11-24T08:01:00.000Z',
  credited_at: '2026-11-24T08:01:00.000Z',
  closed_at: null,
  created_at: '2026-11-24T08:00:00.000Z',
} as OrderRow;

const refund = {
  id: 'r1',
  refund_no: 'R1',
  amount_cents: 700,
  credits: 200,
  credits_shortfall: 500,
  status: 'succeeded',
  reason: 'asked',
  provider_refund_id: null,
  created_at: '',
  finished_at: null,
};

beforeEach(() => {
  resetUmiStandIn();
  signIn(['finance'], ['MANAGE_FINANCE']);
});

/** the OK button of the confirmation whose title matches */
const confirmButton = async (title: RegExp) => {
  const dialog = (await screen.findAllByText(title, { selector: '.ant-modal-confirm-title' })).at(-1)!.closest('.ant-modal-confirm') as HTMLElement;
  return dialog.querySelector('.ant-modal-confirm-btns .ant-btn-dangerous') as HTMLElement;
};

test('the amount defaults to what is left and cannot pass it', async () => {
  const api = fakeApi({ 'POST /api/pay/orders/P20261124000000555/refunds': () => ok(refund) });
  renderAdmin(<RefundModal order={ORDER} onClose={() => undefined} onDone={() => undefined} />);
  const amount = await screen.findByLabelText('Refund amount (yuan)');
  await waitFor(() => expect(amount).toHaveValue('7.00'));
  fireEvent.change(amount, { target: { value: '7.01' } });
  fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'asked' } });
  fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
  expect(await screen.findByText('At most ¥7.00 is left to refund')).toBeInTheDocument();
  expect(api.calls).toHaveLength(0);
});

test('credits already spent: the server says so, and "Refund anyway" sends it with force', async () => {
  const done: unknown[] = [];
  const api = fakeApi({
    'POST /api/pay/orders/P20261124000000555/refunds': (c) => {
      if (!(c.data as { force?: boolean }).force)
        throw serverError(400, 'REFUND_CREDITS_SPENT', 'alice has spent the credits: 700 needed, 200 left', 'amount_cents');
      return ok(refund);
    },
  });
  renderAdmin(<RefundModal order={ORDER} onClose={() => undefined} onDone={(r) => done.push(r)} />);
  await waitFor(() => expect(screen.getByLabelText('Refund amount (yuan)')).toHaveValue('7.00'));
  fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'asked' } });
  fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
  expect(api.calls).toHaveLength(0);
  fireEvent.click(await confirmButton(/^Refund ¥7.00 of order P20261124000000555\? The money goes back/));

  expect(await screen.findByTestId('pay-refund-spent')).toHaveTextContent('alice has spent the credits: 700 needed, 200 left');
  expect(api.calls[0].data).toEqual({ amount_cents: 700, reason: 'asked' });
  fireEvent.click(screen.getByRole('button', { name: 'Refund anyway' }));
  fireEvent.click(await confirmButton(/^Refund ¥7.00 of order P20261124000000555 anyway\? The credits already spent/));
  await waitFor(() => expect(done).toHaveLength(1));
  expect(api.calls[1].data).toEqual({ amount_cents: 700, reason: 'asked', force: true });
});
