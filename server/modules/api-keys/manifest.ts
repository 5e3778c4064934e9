/** The API keys module: personal keys for calling models from one's own programs (the relay reads them). */
import type { ModuleManifest } from '../services';
import { apiKeyRoutes } from './routes';
import { ApiKeyService } from './service';

export const apiKeysModule: ModuleManifest = {
  name: 'api-keys',
  tables: ['api_keys'],
  services: ({ db, aiModels, accounts }) => ({ apiKeys: new ApiKeyService(db, aiModels, accounts) }),
  routes: apiKeyRoutes,
};
