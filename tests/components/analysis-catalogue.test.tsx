/** The cost analysis' texts (locales/analysis/*.json) pass the area catalogue checks. */
import { describeAreaCatalogue, sourcesIn, usedKeys } from './support/area-catalogue';
import { ANALYSIS_MESSAGES } from '@/components/analysis/i18n';
import { FEATURES } from '@/services/analysis';

const area = {
  name: 'analysis catalogues',
  prefix: 'analysis',
  messages: ANALYSIS_MESSAGES,
  sources: sourcesIn('src/components/analysis', 'src/pages/expense/analysis'),
  /** the features' names are built from the server's purposes */
  built: () => FEATURES.map((f) => `analysis.feature.${f}`),
  atLeast: 25,
};

describeAreaCatalogue(area, () => {
  test('the scan reads the page', () => {
    expect(usedKeys(area).has('analysis.empty.spent')).toBe(true);
  });
});
