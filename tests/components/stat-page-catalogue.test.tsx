/** The page, entry page, scene, channel and event reports' texts (locales/stat-page/*.json) pass the area catalogue checks. */
import { describeAreaCatalogue, sourcesIn, usedKeys } from './support/area-catalogue';
import { STAT_PAGE_MESSAGES } from '@/components/stat/pages/i18n';
import { KNOWN_SCENES } from '@/components/stat/pages/scenes';

const area = {
  name: 'stat-page catalogues',
  prefix: 'statPage',
  messages: STAT_PAGE_MESSAGES,
  sources: sourcesIn('src/components/stat/pages', 'src/pages/uni-stat/page-res', 'src/pages/uni-stat/page-ent', 'src/pages/uni-stat/scene', 'src/pages/uni-stat/channel', 'src/pages/uni-stat/event'),
  // the scene names are built from the scene table
  built: () => KNOWN_SCENES.map((c) => `statPage.scene.${c}`),
  atLeast: 30,
};

describeAreaCatalogue(area, () => {
  test('the scan reads the event page', () => {
    expect(usedKeys(area).has('statPage.col.values')).toBe(true);
  });
});
