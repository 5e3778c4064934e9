/**
 * The payment settings form: the amounts show in yuan and are sent in cents; a bad amount is
 * refused before sending; the server's rejection naming a field shows at that field.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import PaySettings from '@/components/pay/PaySettings';
import { fakeApi, ok, renderAdmin, serverError, signIn } from './support/system';
import { resetUmiStandIn } from './support/umi-max';

const SETTINGS = { custom_enabled: true, custom_min_cents: 100, custom_max_cents: 500000, credits_per_yuan: 100, order_ttl_minutes: 30 };

beforeEach(() => {
  resetUmiStandIn();
  signIn(['finance'], ['MANAGE_FINANCE']);
});

test('amounts in yuan, sent in cents; a bad one is refused before sending; a server field error shows at its field', async () => {
  let reject = true;
  const api = fakeApi({
    'GET /api/pay/settings': () => ok(SETTINGS),
    'PUT /api/pay/settings': (c) => {
      if (reject) throw serverError(400, 'INVALID_PARAM', 'Invalid custom_max_cents: at most 100000000 cents', 'custom_max_cents');
      return ok({ ...SETTINGS, ...(c.data as object) });
    },
  });
  renderAdmin(<PaySettings />);
  const min = await screen.findByLabelText('Minimum custom amount (yuan)');
  await waitFor(() => expect(min).toHaveValue('1.00'));
  const max = screen.getByLabelText('Maximum custom amount (yuan)');
  expect(max).toHaveValue('5000.00');

  fireEvent.change(min, { target: { value: '1.005' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Enter an amount in yuan with at most 2 decimals')).toBeInTheDocument();
  fireEvent.change(min, { target: { value: '6000' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('The maximum cannot be below the minimum')).toBeInTheDocument();
  expect(api.to('PUT /api/pay/settings')).toHaveLength(0);

  fireEvent.change(min, { target: { value: '2.5' } });
  fireEvent.change(max, { target: { value: '2000000' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(max.closest('.ant-form-item')).toHaveTextContent('Invalid custom_max_cents: at most 100000000 cents'));
  expect(api.last('PUT /api/pay/settings')?.data).toEqual({ ...SETTINGS, custom_min_cents: 250, custom_max_cents: 200000000 });

  reject = false;
  fireEvent.change(max, { target: { value: '800' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Payment settings saved')).toBeInTheDocument();
  expect(api.last('PUT /api/pay/settings')?.data).toMatchObject({ custom_min_cents: 250, custom_max_cents: 80000 });
});
