/**
 * The top-up page: a custom amount is checked before sending (2 decimals at most, within the
 * minimum and maximum) and previews its credits at the rate; the server's refusal shows at the
 * amount; a method that is off stays visible with its reason; paying by QR opens the code and
 * follows the order to the result page.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Recharge from '@/pages/expense/recharge/recharge';
import { fakeApi, list, ok, renderAdmin, serverError, signIn } from './support/system';
import { history, resetHistory, resetUmiStandIn } from './support/umi-max';

const OPTIONS = {
  methods: [
    { method: 'alipay_qr', provider: 'alipay', enabled: true, reason: null },
    { method: 'wxpay_native', provider: 'wxpay', enabled: false, reason: 'not_configured' },
    { method: 'alipay_page', provider: 'alipay', enabled: false, reason: 'no_public_url' },
  ],
  packages: [{ id: 'pk1', name: 'Starter', price_cents: 1000, credits: 1000, bonus_credits: 100 }],
  custom: { enabled: true, min_cents: 100, max_cents: 500000, credits_per_yuan: 150 },
};

const order = (status: string, more: Record<string, unknown> = {}) => ({
  order_no: 'P20261124000000123',
  user_id: 'me',
  provider: 'alipay',
  method: 'alipay_qr',
  package_id: 'pk1',
  subject: 'Starter (1100 credits)',
  amount_cents: 1000,
  credits: 1100,
  status,
  trade_no: null,
  qr_code: 'https://qr.alipay.example/abc123',
  pay_url: null,
  return_to: '/pages/expense/recharge/recharge',
  platform: 'web',
  refunded_cents: 0,
  refunded_credits: 0,
  expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
  paid_at: null,
  credited_at: null,
  closed_at: null,
  created_at: new Date().toISOString(),
  ...more,
});

const routes = (more: Parameters<typeof fakeApi>[0] = {}) =>
  fakeApi({
    'GET /api/pay/options': () => ok(OPTIONS),
    'GET /api/credits/me': () => ok({ balance: 500, held: 0, today_spent: 0, daily_limit: null }),
    'GET /api/pay/my-orders': () => list([]),
    ...more,
  });

const amountBox = () => screen.getByLabelText('Amount (yuan)');
const typeAmount = (v: string) => fireEvent.change(amountBox(), { target: { value: v } });
const payButton = () => screen.getByTestId('pay-submit');

beforeEach(() => {
  resetUmiStandIn();
  resetHistory('/pages/expense/recharge/recharge');
  signIn(['user']);
});

describe('top-up page', () => {
  test('a custom amount is checked before sending and previews the credits it buys', async () => {
    const api = routes({ 'POST /api/pay/orders': () => ok(order('created')) });
    renderAdmin(<Recharge />);
    fireEvent.click(await screen.findByTestId('pay-package-custom'));

    fireEvent.click(payButton());
    expect(await screen.findByText('Enter an amount')).toBeInTheDocument();

    typeAmount('12.345');
    expect(await screen.findByText('Enter an amount in yuan with at most 2 decimals')).toBeInTheDocument();
    typeAmount('0.5');
    expect(await screen.findByText('The amount must be between ¥1.00 and ¥5000.00')).toBeInTheDocument();
    expect(screen.getByTestId('pay-custom-preview')).toHaveTextContent('You get 75 credits (1 yuan = 150 credits)');
    typeAmount('5000.01');
    expect(await screen.findByText('The amount must be between ¥1.00 and ¥5000.00')).toBeInTheDocument();
    fireEvent.click(payButton());
    expect(api.to('POST /api/pay/orders')).toHaveLength(0);

    typeAmount('12.34');
    expect(screen.getByTestId('pay-custom-preview')).toHaveTextContent('You get 1851 credits (1 yuan = 150 credits)');
    expect(screen.queryByTestId('pay-custom-error')).toBeNull();
  });

  test("the server's refusal of an amount shows at the amount", async () => {
    const api = routes({
      'POST /api/pay/orders': () => {
        throw serverError(400, 'PAY_AMOUNT_INVALID', 'The amount must be between 2.00 and 100.00 yuan', 'amount_cents');
      },
    });
    renderAdmin(<Recharge />);
    fireEvent.click(await screen.findByTestId('pay-package-custom'));
    typeAmount('20');
    fireEvent.click(payButton());
    expect(await screen.findByTestId('pay-custom-error')).toHaveTextContent('The amount must be between 2.00 and 100.00 yuan');
    expect(api.last('POST /api/pay/orders')?.data).toMatchObject({ amount_cents: 2000, method: 'alipay_qr', return_to: '/pages/expense/recharge/recharge' });
  });

  test('a method that is off stays visible, greyed, with the reason', async () => {
    routes();
    renderAdmin(<Recharge />);
    const wx = await screen.findByTestId('pay-method-wxpay_native');
    expect(wx).toHaveTextContent('WeChat Pay (scan QR code)');
    expect(wx).toHaveTextContent('not set up on this server');
    expect(within(wx).getByRole('radio')).toBeDisabled();
    const page = screen.getByTestId('pay-method-alipay_page');
    expect(page).toHaveTextContent("this server's public address (PUBLIC_URL) is not set");
    expect(within(page).getByRole('radio')).toBeDisabled();
    expect(within(screen.getByTestId('pay-method-alipay_qr')).getByRole('radio')).toBeChecked();
  });

  test('paying by QR shows the code and follows the order to the result page', async () => {
    let polls = 0;
    const api = routes({
      'POST /api/pay/orders': () => ok(order('created')),
      'GET /api/pay/orders/P20261124000000123': () => {
        polls++;
        return ok({ ...order(polls >= 2 ? 'credited' : 'created'), balance: polls >= 2 ? 1600 : null });
      },
    });
    resetHistory('/pages/expense/recharge/recharge?from=%2Fpages%2Fassistant%2Fchat%2Fchat');
    renderAdmin(<Recharge />);
    fireEvent.click(await screen.findByTestId('pay-package-pk1'));
    fireEvent.click(payButton());

    const qr = await screen.findByTestId('pay-qr');
    expect(qr).toHaveAttribute('data-qr', 'https://qr.alipay.example/abc123');
    expect(screen.getByTestId('pay-qr-amount')).toHaveTextContent('¥10.00');
    expect(screen.getByText('Waiting for payment…')).toBeInTheDocument();
    expect(screen.getByTestId('pay-qr-countdown')).toHaveTextContent(/Time left: (30:00|29:5\d)/);
    expect(api.last('POST /api/pay/orders')?.data).toMatchObject({ package_id: 'pk1', method: 'alipay_qr', return_to: '/pages/assistant/chat/chat' });

    await waitFor(() => expect(history.location.pathname).toBe('/uni_modules/uni-pay/pages/success/success'), { timeout: 8000 });
    expect(history.location.search).toBe('?order_no=P20261124000000123');
    expect(polls).toBe(2);
  }, 15000);

  test('an order that expires while its code is shown says so and offers to try again', async () => {
    routes({
      'POST /api/pay/orders': () => ok(order('created')),
      'GET /api/pay/orders/P20261124000000123': () => ok({ ...order('expired'), balance: null }),
    });
    renderAdmin(<Recharge />);
    fireEvent.click(await screen.findByTestId('pay-package-pk1'));
    fireEvent.click(payButton());
    expect(await screen.findByTestId('pay-qr-ended', {}, { timeout: 5000 })).toHaveTextContent('The order expired before it was paid.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(history.location.pathname).toBe('/pages/expense/recharge/recharge');
  }, 10000);
});
