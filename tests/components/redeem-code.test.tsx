/**
 * The redeem card: the form submits the code (Enter in the field), success shows the credits and the new balance and
 * updates the top-bar balance; the server's refusal shows under the field.
 */
import { fireEvent, screen } from '@testing-library/react';
import RedeemCode from '@/components/expense/RedeemCode';
import { readScore } from '@/shared/session';
import { fakeApi, ok, renderAdmin, serverError, signIn } from './support/system';
import { resetUmiStandIn } from './support/umi-max';

beforeEach(() => {
  resetUmiStandIn();
  signIn();
});

test('submitting the form (what Enter in the field does) redeems: "+N credits, balance M", and the top-bar balance follows', async () => {
  const api = fakeApi({ 'POST /api/redeem': () => ok({ credits: 500, balance: 1500 }) });
  renderAdmin(<RedeemCode />);
  const input = screen.getByTestId('redeem-code');
  fireEvent.change(input, { target: { value: 'abcd-efgh-jkmn-pqrs' } });
  fireEvent.submit(input.closest('form')!);
  expect(await screen.findByTestId('redeem-result')).toHaveTextContent('+500 credits, balance 1500');
  expect(api.to('POST /api/redeem')[0].data).toEqual({ code: 'abcd-efgh-jkmn-pqrs' });
  expect(readScore()).toBe(1500);
});

test("the server's error shows under the field; an empty code is not sent", async () => {
  const api = fakeApi({
    'POST /api/redeem': () => {
      throw serverError(409, 'REDEEM_CODE_USED', 'This code has been used already', 'code');
    },
  });
  renderAdmin(<RedeemCode />);
  fireEvent.click(screen.getByTestId('redeem-submit'));
  expect(await screen.findByText('Enter a code')).toBeInTheDocument();
  expect(api.to('POST /api/redeem')).toHaveLength(0);
  fireEvent.change(screen.getByTestId('redeem-code'), { target: { value: 'ABCD-EFGH-JKMN-PQRS' } });
  fireEvent.click(screen.getByTestId('redeem-submit'));
  expect(await screen.findByText('This code has been used already')).toBeInTheDocument();
  expect(screen.queryByTestId('redeem-result')).toBeNull();
});
