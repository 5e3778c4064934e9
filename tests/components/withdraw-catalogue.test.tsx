/**
 * The withdrawal area's texts (locales/withdraw/*.json: the request list and form, the review
 * modals, the settings form) pass the area catalogue checks.
 */
import { describeAreaCatalogue, sourcesIn, usedKeys } from './support/area-catalogue';
import { WITHDRAW_MESSAGES } from '@/components/withdraw/i18n';
import { ACCOUNT_TYPES, WITHDRAW_STATUSES } from '@/services/withdraw';

const SETTINGS = ['min_credits', 'fee_bps', 'min_fee', 'cents_per_credit', 'store_use_reward'];

const area = {
  name: 'withdraw catalogues',
  prefix: 'withdraw',
  messages: WITHDRAW_MESSAGES,
  sources: sourcesIn('src/components/withdraw', 'src/pages/expense/withdraw'),
  /** the keys built from the server's values */
  built: () => [
    ...WITHDRAW_STATUSES.map((s) => `withdraw.status.${s}`),
    ...ACCOUNT_TYPES.map((a) => `withdraw.account.${a}`),
    ...SETTINGS.flatMap((k) => [`withdraw.settings.${k}`, `withdraw.settings.${k}Hint`]),
    ...['required', 'pending'].map((s) => `withdraw.realname.${s}`),
  ],
  atLeast: 60,
};

describeAreaCatalogue(area, () => {
  test('the scan reads the request form', () => {
    expect(usedKeys(area).has('withdraw.form.amountHint')).toBe(true);
  });
});
