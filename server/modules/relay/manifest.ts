/** The relay module: OpenAI- and Anthropic-compatible endpoints for personal API keys, billed on the ledger. */
import type { ModuleManifest } from '../services';
import { relayRoutes } from './routes';
import { RelayService } from './service';

export const relayModule: ModuleManifest = {
  name: 'relay',
  tables: [],
  services: ({ db, credits, aiModels, apiKeys, apiKeyMeter, accounts }) => ({
    relay: new RelayService(db, credits, aiModels, apiKeys, apiKeyMeter, accounts),
  }),
  routes: relayRoutes,
};
