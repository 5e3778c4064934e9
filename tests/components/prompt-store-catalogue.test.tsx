/** The prompt store area's texts (locales/prompt-store/*.json) pass the area catalogue checks; its route titles are in the main catalogues. */
import { routes } from '../../config/routes';
import { STORE_MESSAGES } from '@/pages/assistant/prompts-store/messages';
import { STORE_STATUSES } from '@/services/prompt-store';
import { describeAreaCatalogue, LOCALES, MAIN, sourcesIn } from './support/area-catalogue';

describeAreaCatalogue(
  {
    name: 'prompt store catalogues',
    prefix: 'store',
    messages: STORE_MESSAGES,
    sources: sourcesIn('src/pages/assistant/prompts-store', 'src/pages/ai-prompt'),
    built: () => [...['newest', 'used', 'favourited'].map((s) => `store.sort.${s}`), ...STORE_STATUSES.map((s) => `store.status.${s}`)],
    atLeast: 40,
    values: { count: 2, uses: 3, favourites: 1, name: 'x', names: 'a, b', title: 't', reason: 'r', position: 3, example: '{{a}}' },
  },
  () => {
    test('the route titles are in the main catalogues', () => {
      for (const path of ['/pages/assistant/prompts-store/prompts-store', '/pages/ai-prompt/list', '/pages/ai-prompt/add', '/pages/ai-prompt/edit']) {
        const title = routes.find((r) => r.path === path)?.title;
        expect(title).toBeTruthy();
        for (const l of LOCALES) expect(MAIN[l][title!]).toBeTruthy();
      }
    });
  },
);
