/** The AI models module: providers' models, their channels, who may use them, their prices. */
import type { ModuleManifest } from '../services';
import { channelRoutes } from './channel-routes';
import { ChannelService, routedStream } from './channels';
import { streamChat } from './providers';
import { aiModelRoutes } from './routes';
import { AiModelService } from './service';

export const aiModelsModule: ModuleManifest = {
  name: 'ai-models',
  tables: ['ai_models', 'ai_channels', 'ai_channel_health'],
  services: ({ db, secret, config }) => {
    const aiChannels = new ChannelService(db, secret, config.aiTestTimeoutMs);
    return {
      aiModels: new AiModelService(db, secret, config.aiTestTimeoutMs, aiChannels),
      aiChannels,
      // every answer the console asks for goes through its model's channels
      aiStream: routedStream(
        streamChat,
        (...a) => aiChannels.report(...a),
        () => config.ai.channelWaitMs,
      ),
    };
  },
  routes: async (ctx) => {
    await aiModelRoutes(ctx);
    await channelRoutes(ctx);
  },
  jobs: ({ aiChannels }) => [{ name: 'ai-channel-retest', everyMs: 30_000, run: () => aiChannels.retestPaused() }],
};
