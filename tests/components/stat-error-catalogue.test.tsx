/** The JS error and app crash reports' texts (locales/stat-error/*.json) pass the area catalogue checks. */
import { describeAreaCatalogue, sourcesIn, usedKeys } from './support/area-catalogue';
import { STAT_ERROR_MESSAGES } from '@/components/stat/errors/i18n';

const area = {
  name: 'stat-error catalogues',
  prefix: 'statError',
  messages: STAT_ERROR_MESSAGES,
  sources: sourcesIn('src/components/stat/errors', 'src/pages/uni-stat/error'),
  /** the detail's raw breakdowns */
  built: () => ['byPage', 'byOs', 'byModel'].map((k) => `statError.detail.${k}`),
  atLeast: 40,
};

describeAreaCatalogue(area, () => {
  test('the scan reads the figures', () => {
    expect(usedKeys(area).has('statError.figure.errorRate')).toBe(true);
  });
});
