/** The prompt store module: shared prompts, submissions and their curation, favourites and uses. */
import type { ModuleManifest } from '../services';
import { promptStoreRoutes } from './routes';
import { StorePromptService } from './service';

export const promptStoreModule: ModuleManifest = {
  name: 'prompt-store',
  tables: ['store_prompts', 'store_prompt_favourites', 'store_prompt_uses'],
  services: ({ db, search, credits, settings }) => ({ storePrompts: new StorePromptService(db, search, { credits, settings }) }),
  routes: promptStoreRoutes,
  seed: ({ storePrompts }) => storePrompts.seed(),
};
