/**
 * The redeem area's texts (locales/redeem/*.json: the redeem card, code batches, the ad page and
 * ad settings) pass the area catalogue checks.
 */
import { describeAreaCatalogue, sourcesIn, usedKeys } from './support/area-catalogue';
import { REDEEM_MESSAGES } from '@/components/redeem/i18n';

const area = {
  name: 'redeem catalogues',
  prefix: 'redeem',
  messages: REDEEM_MESSAGES,
  sources: sourcesIn('src/components/redeem', 'src/components/expense', 'src/pages/finance/codes', 'src/uni_modules/uni-pay'),
  atLeast: 40,
};

describeAreaCatalogue(area, () => {
  test('the scan reads the ad page and the redeem card', () => {
    expect(usedKeys(area).has('redeem.ad.rewarded')).toBe(true);
    expect(usedKeys(area).has('redeem.card.done')).toBe(true);
  });
});
