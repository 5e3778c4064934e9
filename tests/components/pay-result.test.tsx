/**
 * The payment result page: waiting while the order is open (and it keeps looking), credited with
 * the credits and the new balance (which the top bar takes), an order that ended with "top up
 * again", and an order that does not exist; Back goes to where the payment started.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import PayResult from '@/uni_modules/uni-pay/pages/success/success';
import { readScore } from '@/shared/session';
import { fakeApi, ok, renderAdmin, serverError, signIn } from './support/system';
import { history, resetHistory, resetUmiStandIn } from './support/umi-max';

const NO = 'P20261124000000999';
const order = (status: string, more: Record<string, unknown> = {}) => ({
  order_no: NO,
  user_id: 'me',
  provider: 'wxpay',
  method: 'wxpay_native',
  package_id: null,
  subject: '3000 credits',
  amount_cents: 3000,
  credits: 3000,
  status,
  trade_no: status === 'credited' ? '4200000000001' : null,
  qr_code: null,
  pay_url: null,
  return_to: '/pages/assistant/chat/chat',
  platform: 'web',
  refunded_cents: 0,
  refunded_credits: 0,
  expires_at: new Date(Date.now() + 10 * 60_000).toISOString(),
  paid_at: status === 'credited' ? '2026-11-24T08:00:05.000Z' : null,
  credited_at: null,
  closed_at: null,
  created_at: '2026-11-24T07:59:00.000Z',
  balance: null,
  ...more,
});

beforeEach(() => {
  resetUmiStandIn();
  resetHistory(`/uni_modules/uni-pay/pages/success/success?order_no=${NO}`);
  signIn(['user']);
  localStorage.removeItem('uni_id_score');
});

describe('payment result page', () => {
  test('waits while the order is open, then shows the credits and the new balance, which the top bar takes', async () => {
    let polls = 0;
    fakeApi({
      [`GET /api/pay/orders/${NO}`]: () => {
        polls++;
        return ok(polls >= 2 ? order('credited', { balance: 4500 }) : order('created'));
      },
    });
    renderAdmin(<PayResult />);
    expect(await screen.findByText("Waiting for the payment provider's confirmation…")).toBeInTheDocument();
    expect(await screen.findByText('Payment received: 3000 credits added', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByTestId('pay-result-credits')).toHaveTextContent('+3000');
    expect(screen.getByTestId('pay-result-balance')).toHaveTextContent('4500');
    expect(screen.getByText('¥30.00')).toBeInTheDocument();
    expect(screen.getByText(NO)).toBeInTheDocument();
    expect(readScore()).toBe(4500);

    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(history.location.pathname).toBe('/pages/assistant/chat/chat');
  }, 12000);

  test('an order that ended says so and offers to top up again', async () => {
    fakeApi({ [`GET /api/pay/orders/${NO}`]: () => ok(order('closed')) });
    renderAdmin(<PayResult />);
    expect(await screen.findByText('The order was closed')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Top up again' }));
    expect(history.location.pathname).toBe('/pages/expense/recharge/recharge');
  });

  test('an open order past its expiry stops waiting and shows it expired', async () => {
    const api = fakeApi({ [`GET /api/pay/orders/${NO}`]: () => ok(order('created', { expires_at: new Date(Date.now() - 1000).toISOString() })) });
    renderAdmin(<PayResult />);
    expect(await screen.findByText('The order expired before it was paid')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 2500));
    expect(api.to(`GET /api/pay/orders/${NO}`)).toHaveLength(1);
  });

  test('an unknown order is "not found"', async () => {
    fakeApi({
      [`GET /api/pay/orders/${NO}`]: () => {
        throw serverError(404, 'NOT_FOUND', 'Not found', 'order_no');
      },
    });
    renderAdmin(<PayResult />);
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('pay-result')).toHaveAttribute('data-status', 'error'));
  });
});
