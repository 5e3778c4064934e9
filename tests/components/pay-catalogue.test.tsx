/**
 * The payment area's texts (locales/pay/*.json: top-up, result, finance orders, refunds,
 * packages, settings) pass the area catalogue checks.
 */
import { describeAreaCatalogue, sourcesIn, usedKeys } from './support/area-catalogue';
import { PAY_MESSAGES } from '@/components/pay/i18n';
import { ORDER_STATUSES, PAY_METHODS, PAY_PROVIDERS } from '@/services/pay';

const area = {
  name: 'pay catalogues',
  prefix: 'pay',
  messages: PAY_MESSAGES,
  sources: sourcesIn('src/components/pay', 'src/pages/expense/recharge', 'src/pages/finance', 'src/uni_modules/uni-pay'),
  /** the keys built from the server's values */
  built: () => [
    ...ORDER_STATUSES.map((s) => `pay.status.${s}`),
    ...PAY_METHODS.map((m) => `pay.method.${m}`),
    ...PAY_PROVIDERS.map((p) => `pay.provider.${p}`),
    ...['not_configured', 'no_public_url'].map((r) => `pay.method.off.${r}`),
    ...['expired', 'closed', 'failed'].flatMap((s) => [`pay.qr.ended.${s}`, `pay.result.ended.${s}`]),
    ...['pending', 'succeeded', 'failed'].map((s) => `pay.refund.status.${s}`),
    ...['credited', 'duplicate', 'forged', 'amount_mismatch', 'app_mismatch', 'unknown_order', 'not_paid', 'malformed', 'decrypt', 'error'].map((o) => `pay.outcome.${o}`),
  ],
  atLeast: 100,
};

describeAreaCatalogue(area, () => {
  test('the scan reads the refund modal', () => {
    expect(usedKeys(area).has('pay.refund.anyway')).toBe(true);
  });
});
