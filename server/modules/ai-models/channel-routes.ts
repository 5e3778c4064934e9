/**
 * Admin API of a model's channels (MANAGE_AI_MODELS): the model's own provider's health and its
 * other channels with theirs (/api/ai/models/:id/channels); add, change, delete a channel.
 */
import { Type } from '@sinclair/typebox';
import { AI_MODEL_LIMITS as LIMITS } from '../../../shared/ai-models';
import { RULES } from '../../../shared/permissions';
import { accessOf } from '../../core/auth';
import { IdParam } from '../../core/resource';
import { ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { CHANNEL_LIMITS } from './channels';
import { PROTOCOLS } from './providers';
import { AiChannel, ChannelHealth } from './schemas';

const access = accessOf(RULES.aiModels);

const Fields = {
  name: Type.String({ minLength: 1, maxLength: LIMITS.NAME_MAX }),
  protocol: Type.Union(PROTOCOLS.map((p) => Type.Literal(p))),
  base_url: Type.String({ minLength: 1, maxLength: LIMITS.URL_MAX }),
  api_key: Type.Optional(Type.Union([Type.String({ maxLength: LIMITS.KEY_MAX }), Type.Null()])),
  provider_model: Type.String({ minLength: 1, maxLength: LIMITS.PROVIDER_MODEL_MAX }),
  priority: Type.Optional(Type.Integer({ minimum: -CHANNEL_LIMITS.PRIORITY_MAX, maximum: CHANNEL_LIMITS.PRIORITY_MAX })),
  weight: Type.Optional(Type.Integer({ minimum: 1, maximum: CHANNEL_LIMITS.WEIGHT_MAX })),
  enabled: Type.Optional(Type.Boolean()),
};
const Patch = Type.Partial(Type.Object(Fields));

export async function channelRoutes({ app, aiChannels: channels }: ModuleContext) {
  const tags = ['ai models'];
  const one = Ok(AiChannel);

  app.get('/api/ai/models/:id/channels', {
    config: { access },
    schema: {
      tags,
      summary: "the model's own provider's health, and its other channels with theirs (highest priority first)",
      params: IdParam,
      response: { 200: Ok(Type.Object({ primary: ChannelHealth, channels: Type.Array(AiChannel) })) },
    },
    handler: async (req) => {
      const [primary, list] = await Promise.all([channels.primaryHealth(req.params.id), channels.list(req.params.id)]);
      return ok({ primary, channels: list });
    },
  });

  app.post('/api/ai/models/:id/channels', {
    config: { access },
    schema: { tags, summary: 'another provider behind the model', params: IdParam, body: Type.Object(Fields), response: { 200: one } },
    handler: async (req) => ok(await channels.create(req.params.id, req.body)),
  });

  app.put('/api/ai/channels/:id', {
    config: { access },
    schema: { tags, summary: 'change a channel (its health starts afresh)', params: IdParam, body: Patch, response: { 200: one } },
    handler: async (req) => ok(await channels.update(req.params.id, req.body)),
  });

  app.delete('/api/ai/channels/:id', {
    config: { access },
    schema: { tags, summary: 'delete a channel', params: IdParam, response: { 200: Ok(Type.Object({ deleted: Type.Integer() })) } },
    handler: async (req) => {
      await channels.remove(req.params.id);
      return ok({ deleted: 1 });
    },
  });
}
