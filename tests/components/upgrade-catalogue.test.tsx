/** The upgrade center's texts (locales/upgrade/*.json) pass the area catalogue checks; its route titles are in the main catalogues. */
import { routes } from '../../config/routes';
import { UPGRADE_MESSAGES } from '@/uni_modules/uni-upgrade-center/messages';
import { UPGRADE_PLATFORMS, UPGRADE_TYPES } from '../../shared/version';
import { CHECK_CODES } from '../../server/modules/upgrade/service';
import { describeAreaCatalogue, LOCALES, MAIN, sourcesIn } from './support/area-catalogue';

describeAreaCatalogue(
  {
    name: 'upgrade center catalogues',
    prefix: 'upgrade',
    messages: UPGRADE_MESSAGES,
    sources: sourcesIn('src/uni_modules/uni-upgrade-center', 'server/modules/upgrade'),
    built: () => [
      ...UPGRADE_PLATFORMS.map((p) => `upgrade.platform.${p}`),
      ...UPGRADE_TYPES.map((ty) => `upgrade.type.${ty}`),
      ...Object.values(CHECK_CODES).map((c) => `upgrade.check.${c}`),
    ],
    atLeast: 40,
    values: { version: '1.2.0', current: '1.1.0', name: 'x', ext: 'apk', max: '10 MB' },
  },
  () => {
    test('the route titles are in the main catalogues', () => {
      for (const path of ['list', 'add', 'detail'].map((p) => `/uni_modules/uni-upgrade-center/pages/version/${p}`)) {
        const title = routes.find((r) => r.path === path)?.title;
        expect(title).toBeTruthy();
        for (const l of LOCALES) expect(MAIN[l][title!]).toBeTruthy();
      }
    });
  },
);
