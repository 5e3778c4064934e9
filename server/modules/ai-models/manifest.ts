/** The AI models module: providers' models, who may use them, their prices. */
import type { ModuleManifest } from '../services';
import { aiModelRoutes } from './routes';
import { AiModelService } from './service';

export const aiModelsModule: ModuleManifest = {
  name: 'ai-models',
  tables: ['ai_models'],
  services: ({ db, secret, config }) => ({ aiModels: new AiModelService(db, secret, config.aiTestTimeoutMs) }),
  routes: aiModelRoutes,
};
