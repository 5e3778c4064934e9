/** The search area's texts (locales/search/*.json) pass the area catalogue checks; its route title is in the main catalogues and the page hides the left menu. */
import { routes } from '../../config/routes';
import { SEARCH_MESSAGES } from '@/pages/assistant/search/messages';
import { describeAreaCatalogue, LOCALES, MAIN, sourcesIn } from './support/area-catalogue';

const TABS = ['all', 'doc', 'store-prompt', 'prompt', 'message'];
const KINDS = ['doc', 'store-prompt', 'prompt', 'message', 'article'];

describeAreaCatalogue(
  {
    name: 'search catalogues',
    prefix: 'search',
    messages: SEARCH_MESSAGES,
    sources: sourcesIn('src/pages/assistant/search'),
    built: () => [...TABS.map((k) => `search.tab.${k}`), ...KINDS.map((k) => `search.kind.${k}`)],
    atLeast: 15,
    values: { count: 2, label: 'x', q: 'y', input: 1, output: 2, credits: 3 },
  },
  () => {
    test('the route title is in the main catalogues and the page has the top bar only', () => {
      const route = routes.find((r) => r.path === '/pages/assistant/search/search');
      expect(route?.title).toBe('route.assistant.search');
      for (const l of LOCALES) expect(MAIN[l][route!.title!]).toBeTruthy();
      expect(route).toMatchObject({ frame: 'topOnly' });
    });
  },
);
