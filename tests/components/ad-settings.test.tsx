/**
 * The rewarded-ad settings form: shows the stored values and warns when AD_CALLBACK_SECRET is
 * missing; an ad page outside the allowed origins is refused before sending; the server's refusal
 * shows on its field; a save sends the values.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import AdSettings from '@/components/redeem/AdSettings';
import { fakeApi, ok, renderAdmin, serverError, signIn } from './support/system';
import { resetUmiStandIn } from './support/umi-max';

const STORED = { credits_per_view: 10, daily_cap: 5, page_url: '', secret_set: false, page_allow: ['https://ads.example.com'] };

beforeEach(() => {
  resetUmiStandIn();
  signIn();
});

test('stored values, the missing secret, the allowed origins; a page elsewhere is refused before sending', async () => {
  const api = fakeApi({ 'GET /api/ads/settings': () => ok(STORED), 'PUT /api/ads/settings': (c) => ok({ ...STORED, ...(c.data as object) }) });
  renderAdmin(<AdSettings />);
  expect(await screen.findByText('AD_CALLBACK_SECRET is not set: rewarded ads are off')).toBeInTheDocument();
  expect(screen.getByText('Under one of: https://ads.example.com')).toBeInTheDocument();
  expect(screen.getByLabelText('Credits per rewarded view')).toHaveValue('10');
  fireEvent.change(screen.getByLabelText('Ad page address'), { target: { value: 'https://elsewhere.example.com/ad' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('This address is not under an allowed origin')).toBeInTheDocument();
  expect(api.to('PUT /api/ads/settings')).toHaveLength(0);

  fireEvent.change(screen.getByLabelText('Ad page address'), { target: { value: 'https://ads.example.com/reward' } });
  fireEvent.change(screen.getByLabelText('Rewarded views per user a day'), { target: { value: '3' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.to('PUT /api/ads/settings')).toHaveLength(1));
  expect(api.to('PUT /api/ads/settings')[0].data).toEqual({ credits_per_view: 10, daily_cap: 3, page_url: 'https://ads.example.com/reward' });
});

test("the server's refusal shows on its field", async () => {
  fakeApi({
    'GET /api/ads/settings': () => ok(STORED),
    'PUT /api/ads/settings': () => {
      throw serverError(400, 'INVALID_PARAM', 'daily cap: 1 to 1000', 'daily_cap');
    },
  });
  renderAdmin(<AdSettings />);
  await screen.findByLabelText('Ad page address');
  fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('daily cap: 1 to 1000')).toBeInTheDocument();
});
