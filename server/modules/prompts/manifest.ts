/** The prompt templates module: a user's own templates and their versions. */
import type { ModuleManifest } from '../services';
import { promptRoutes } from './routes';
import { PromptService } from './service';

export const promptsModule: ModuleManifest = {
  name: 'prompts',
  tables: ['prompt_templates', 'prompt_template_versions'],
  services: ({ db, aiModels, search }) => {
    const prompts = new PromptService(db, aiModels, search);
    search.backfillFrom((n) => prompts.searchEntriesMissing(n));
    return { prompts };
  },
  routes: promptRoutes,
};
