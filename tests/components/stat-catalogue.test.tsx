/** The statistics pages' shared texts (locales/stat/*.json: filter bar, metrics, platforms, states) pass the area catalogue checks. */
import { describeAreaCatalogue, sourcesIn, usedKeys } from './support/area-catalogue';
import { STAT_MESSAGES } from '@/components/stat/i18n';
import { STAT_PLATFORMS } from '../../shared/stat';

const area = {
  name: 'stat catalogues',
  prefix: 'stat',
  messages: STAT_MESSAGES,
  sources: sourcesIn('src/components/stat', 'src/pages/uni-stat'),
  /** platform names are built from the reported platform, the quick ranges from their keys */
  built: () => [...STAT_PLATFORMS.map((p) => `stat.platform.${p}`), ...['today', 'yesterday', 'last7', 'last30', 'last90'].map((r) => `stat.filter.${r}`)],
  atLeast: 20,
};

describeAreaCatalogue(area, () => {
  test('the scan reads the filter bar', () => {
    expect(usedKeys(area).has('stat.filter.allPlatforms')).toBe(true);
  });
});
