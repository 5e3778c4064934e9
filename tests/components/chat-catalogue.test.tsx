/**
 * The chat area's texts (locales/chat/*.json, used by the chat page and the markdown renderer)
 * pass the area catalogue checks; the route title and the failure codes an answer can carry are
 * in the main catalogues.
 */
import { routes } from '../../config/routes';
import { describeAreaCatalogue, LOCALES, MAIN, sourcesIn } from './support/area-catalogue';
import { CHAT_MESSAGES } from '@/components/markdown/messages';

describeAreaCatalogue(
  {
    name: 'chat catalogues',
    prefix: 'chat',
    messages: CHAT_MESSAGES,
    sources: sourcesIn('src/pages/assistant/chat', 'src/components/markdown'),
    atLeast: 40,
    values: { count: 2, balance: 1, input: 1, output: 1, credits: 1, ms: 1, seconds: 1 },
  },
  () => {
    test('the chat route title and the failure codes an answer can carry are in the main catalogues', () => {
      const title = routes.find((r) => r.path === '/pages/assistant/chat/chat')?.title;
      expect(title).toBe('route.assistant.chat');
      for (const l of LOCALES) {
        for (const k of [title!, 'error.AI_PROVIDER_ERROR', 'error.AI_TIMEOUT', 'error.AI_RATE_LIMITED']) expect(MAIN[l][k]).toBeTruthy();
      }
    });
  },
);
