/**
 * The AI model pages' texts (locales/ai/*.json, loaded with the pages) pass the area catalogue
 * checks; the route titles are in the main catalogues.
 */
import { routes } from '../../config/routes';
import { AI_KINDS, AI_PRESETS, AI_PROTOCOLS } from '../../shared/ai-models';
import { describeAreaCatalogue, LOCALES, MAIN, sourcesIn } from './support/area-catalogue';
import { AI_MESSAGES } from '@/pages/ai-model/i18n';

const FIELDS = ['name', 'kind', 'protocol', 'baseUrl', 'apiKey', 'providerModel', 'contextWindow', 'maxOutputTokens', 'inputPrice', 'outputPrice', 'enabled', 'roles', 'sort', 'comment'];

describeAreaCatalogue(
  {
    name: 'AI model catalogues',
    prefix: 'ai',
    messages: AI_MESSAGES,
    sources: sourcesIn('src/pages/ai-model'),
    built: () => [
      ...FIELDS.map((f) => `ai.field.${f}`),
      ...AI_KINDS.map((k) => `ai.kind.${k}`),
      ...AI_PROTOCOLS.flatMap((p) => [`ai.protocol.${p}`, `ai.protocol.short.${p}`]),
      ...AI_PRESETS.map((p) => `ai.preset.${p.key}`),
    ],
    atLeast: 50,
  },
  () => {
    test('the model pages have their titles in the main catalogues', () => {
      const titles = routes.filter((r) => r.path.startsWith('/pages/ai-model/')).map((r) => r.title!);
      expect(titles).toEqual(['route.aiModel.list', 'route.aiModel.add', 'route.aiModel.edit']);
      for (const l of LOCALES) expect(titles.filter((k) => !(k in MAIN[l]))).toEqual([]);
    });
  },
);
