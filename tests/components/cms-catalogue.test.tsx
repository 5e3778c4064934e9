/** The CMS area's texts (locales/cms/*.json) pass the area catalogue checks; its route titles are in the main catalogues. */
import { routes } from '../../config/routes';
import { CMS_MESSAGES } from '@/uni_modules/uni-cms/messages';
import { ARTICLE_STATUSES, COVER_MODES } from '@/services/cms';
import { describeAreaCatalogue, LOCALES, MAIN, sourcesIn } from './support/area-catalogue';

describeAreaCatalogue(
  {
    name: 'cms catalogues',
    prefix: 'cms',
    messages: CMS_MESSAGES,
    sources: sourcesIn('src/uni_modules/uni-cms'),
    built: () => [...ARTICLE_STATUSES.map((s) => `cms.status.${s}`), ...COVER_MODES.map((m) => `cms.cover.mode.${m}`)],
    atLeast: 80,
    values: { count: 2, max: 10, time: '2026-01-01 10:00', title: 't', name: 'n', index: 1, percent: 50 },
  },
  () => {
    test('the route titles are in the main catalogues', () => {
      const paths = ['article/list/list', 'article/add/add', 'article/edit/edit', 'categories/list/list', 'categories/add/add', 'categories/edit/edit'].map(
        (p) => `/uni_modules/uni-cms/pages/${p}`,
      );
      for (const path of paths) {
        const title = routes.find((r) => r.path === path)?.title;
        expect(title).toBeTruthy();
        for (const l of LOCALES) expect(MAIN[l][title!]).toBeTruthy();
      }
    });
  },
);
