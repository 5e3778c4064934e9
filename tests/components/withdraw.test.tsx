/**
 * The withdrawal request form and the settings form: the fee and the payout follow the amount as
 * it is typed; an account the server refuses shows on its field; an account whose real name is
 * not verified gets the link to verify and cannot submit; a setting the server refuses shows on
 * its field.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import WithdrawSettings from '@/components/withdraw/WithdrawSettings';
import WithdrawEdit from '@/pages/expense/withdraw/edit';
import { fakeApi, ok, renderAdmin, serverError, signIn } from './support/system';
import { resetHistory, resetUmiStandIn } from './support/umi-max';

const SETTINGS = { min_credits: 1000, fee_bps: 100, min_fee: 0, cents_per_credit: 1, account_types: ['alipay', 'bank'] };
const summary = (realname: string) => ok({ balance: 9000, earned: 5000, withdrawn: 0, withdrawable: 5000, realname, settings: SETTINGS });

beforeEach(() => {
  resetUmiStandIn();
  resetHistory('/pages/expense/withdraw/edit');
  signIn([], []);
});

test('the fee and the payout follow the amount; a refused account number shows on its field', async () => {
  const api = fakeApi({
    'GET /api/withdrawals/summary': () => summary('approved'),
    'POST /api/withdrawals': () => Promise.reject(serverError(400, 'INVALID_PARAM', 'account_no: a mobile number or an email address', 'account_no')),
  });
  renderAdmin(<WithdrawEdit />);
  await screen.findByText('Your real name is verified');
  expect(screen.getByText('Withdrawable: 5000; at least 1000')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('Credits to withdraw'), { target: { value: '2500' } });
  await waitFor(() => expect(screen.getByTestId('withdraw-fee')).toHaveTextContent('25'));
  expect(screen.getByTestId('withdraw-payout')).toHaveTextContent('¥24.75');
  fireEvent.change(screen.getByLabelText('Account holder'), { target: { value: '王五' } });
  fireEvent.change(screen.getByLabelText('Alipay account (mobile number or email)'), { target: { value: 'nobody' } });
  fireEvent.click(screen.getByText('Submit request'));
  expect(await screen.findByText('account_no: a mobile number or an email address')).toBeInTheDocument();
  expect(api.last('POST /api/withdrawals')?.data).toEqual({ amount: 2500, account_type: 'alipay', account_name: '王五', account_no: 'nobody' });
});

test('an amount below the minimum or above what is withdrawable is refused before sending', async () => {
  const api = fakeApi({ 'GET /api/withdrawals/summary': () => summary('approved') });
  renderAdmin(<WithdrawEdit />);
  const amount = await screen.findByLabelText('Credits to withdraw');
  fireEvent.change(amount, { target: { value: '6000' } });
  expect(await screen.findByText('At most 5000 credits can be withdrawn')).toBeInTheDocument();
  fireEvent.change(amount, { target: { value: '500' } });
  expect(await screen.findByText('Withdraw at least 1000 credits')).toBeInTheDocument();
  fireEvent.click(screen.getByText('Submit request'));
  await screen.findAllByText('Required');
  expect(api.to('POST /api/withdrawals')).toHaveLength(0);
});

test('without a verified real name: the link to verify, and the form cannot be sent', async () => {
  fakeApi({ 'GET /api/withdrawals/summary': () => summary('none') });
  renderAdmin(<WithdrawEdit />);
  expect(await screen.findByText('Verify your real name before withdrawing')).toBeInTheDocument();
  expect(screen.getByText('Verify now').closest('a')).toHaveAttribute('href', expect.stringContaining('realname-verify'));
  expect(screen.getByText('Submit request').closest('button')).toBeDisabled();
});

test('settings: a value the server refuses shows on its field', async () => {
  const api = fakeApi({
    'GET /api/withdrawals/settings': () => ok({ ...SETTINGS, store_use_reward: 0 }),
    'PUT /api/withdrawals/settings': () => Promise.reject(serverError(400, 'INVALID_PARAM', 'store_use_reward: too many', 'store_use_reward')),
  });
  renderAdmin(<WithdrawSettings />);
  const reward = await screen.findByLabelText('Author reward per store prompt use (credits)');
  fireEvent.change(reward, { target: { value: '25' } });
  fireEvent.click(screen.getByText('Save'));
  expect(await screen.findByText('store_use_reward: too many')).toBeInTheDocument();
  expect(api.last('PUT /api/withdrawals/settings')?.data).toMatchObject({ store_use_reward: 25, fee_bps: 100, account_types: ['alipay', 'bank'] });
});
