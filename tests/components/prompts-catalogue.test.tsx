/** The prompt templates area's texts (locales/prompts/*.json) pass the area catalogue checks; its route title is in the main catalogues. */
import { routes } from '../../config/routes';
import { PROMPTS_MESSAGES } from '@/pages/assistant/prompts/messages';
import { STORE_STATUSES } from '@/services/prompt-store';
import { TemplateSyntaxError } from '../../shared/prompt-template';
import { describeAreaCatalogue, LOCALES, MAIN, sourcesIn } from './support/area-catalogue';

const REASONS: TemplateSyntaxError['reason'][] = ['unclosed', 'bad-name', 'bad-type', 'no-options', 'options-not-allowed'];

describeAreaCatalogue(
  {
    name: 'prompt templates catalogues',
    prefix: 'prompts',
    messages: PROMPTS_MESSAGES,
    sources: sourcesIn('src/pages/assistant/prompts'),
    built: () => [...REASONS.map((r) => `prompts.reason.${r}`), ...STORE_STATUSES.map((s) => `prompts.submission.${s}`)],
    atLeast: 25,
    values: { count: 2, version: 1, position: 3, reason: 'x', example: '{{a}}' },
  },
  () => {
    test('the route title is in the main catalogues', () => {
      const title = routes.find((r) => r.path === '/pages/assistant/prompts/prompts')?.title;
      expect(title).toBe('route.assistant.prompts');
      for (const l of LOCALES) expect(MAIN[l][title!]).toBeTruthy();
    });
  },
);
