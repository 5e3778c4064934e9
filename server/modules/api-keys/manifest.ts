/** The API keys module: personal keys for calling models from one's own programs (the relay reads them and meters them). */
import type { ModuleManifest } from '../services';
import { ApiKeyMeter } from './meter';
import { apiKeyRoutes } from './routes';
import { ApiKeyService } from './service';

export const apiKeysModule: ModuleManifest = {
  name: 'api-keys',
  tables: ['api_keys', 'api_key_days', 'api_key_minutes'],
  services: ({ db, zone, aiModels, accounts }) => ({
    apiKeys: new ApiKeyService(db, aiModels, accounts),
    apiKeyMeter: new ApiKeyMeter(db, zone),
  }),
  routes: apiKeyRoutes,
  jobs: ({ apiKeyMeter }) => [{ name: 'api-key-minutes', everyMs: 5 * 60_000, run: () => apiKeyMeter.prune() }],
};
