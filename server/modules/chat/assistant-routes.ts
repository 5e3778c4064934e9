/** Assistants: the caller's and the published ones, create from scratch or from a store prompt, change, delete; their usage for admins. Rules in assistants.ts. */
import { Type } from '@sinclair/typebox';
import { ACCESS } from '../../core/access';
import { registerListRoutes } from '../../core/list/routes';
import { IdParam } from '../../core/resource';
import { ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { ASSISTANT_LIMITS as L, assistantUsageList } from './assistants';
import { ModelId, Parameters, SystemPrompt } from './routes';
import { AssistantUsageRow, ChatAssistant } from './schemas';
import { callerOf } from '../../core/auth';

const fields = {
  avatar: Type.Optional(Type.String({ maxLength: L.AVATAR })),
  description: Type.Optional(Type.String({ maxLength: L.DESCRIPTION })),
  model_id: ModelId,
  system_prompt: SystemPrompt,
  ...Parameters,
  starters: Type.Optional(Type.Array(Type.String({ maxLength: L.STARTER }), { maxItems: L.STARTERS })),
  /** offered to everyone (or to `roles`): for those who manage the models */
  published: Type.Optional(Type.Boolean()),
  roles: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: L.ROLES })),
};
const Name = Type.String({ minLength: 1, maxLength: L.NAME });

export async function assistantRoutes({ app, db, chatAssistants: assistants, storePrompts }: ModuleContext) {
  app.addSchema(ChatAssistant);
  app.addSchema(AssistantUsageRow);
  const tags = ['chat'];
  const one = Ok(Type.Ref('ChatAssistant'));

  app.get('/api/chat/assistants', {
    config: { access: 'signedIn' },
    schema: { tags, summary: "the caller's assistants, then the published ones for them", response: { 200: Ok(Type.Array(Type.Ref('ChatAssistant'))) } },
    handler: async (req) => ok(await assistants.list(callerOf(req))),
  });

  app.post('/api/chat/assistants', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'a new assistant of the caller (published: for those who manage the models)',
      body: Type.Object({ name: Name, ...fields }),
      response: { 200: one },
    },
    handler: async (req) => ok(await assistants.create(callerOf(req), req.body)),
  });

  app.post('/api/chat/assistants/from-store/:id', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'an approved store prompt as a new assistant of the caller (its text the system prompt)',
      params: IdParam,
      response: { 200: one },
    },
    handler: async (req) => ok(await assistants.fromStorePrompt(callerOf(req), req.params.id, storePrompts)),
  });

  app.get('/api/chat/assistants/:id', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'one assistant the caller may use', params: IdParam, response: { 200: one } },
    handler: async (req) => ok(await assistants.get(callerOf(req), req.params.id)),
  });

  app.put('/api/chat/assistants/:id', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'change an own assistant, or (for those who manage the models) a published one; absent fields stay',
      params: IdParam,
      body: Type.Object({ name: Type.Optional(Name), ...fields }),
      response: { 200: one },
    },
    handler: async (req) => ok(await assistants.update(callerOf(req), req.params.id, req.body)),
  });

  app.delete('/api/chat/assistants/:id', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'delete it; conversations started with it keep their settings',
      params: IdParam,
      response: { 200: Type.Object({ success: Type.Literal(true) }) },
    },
    handler: async (req) => {
      await assistants.remove(callerOf(req), req.params.id);
      return { success: true as const };
    },
  });

  registerListRoutes(app, {
    base: '/api/ai/assistant-usage',
    tags: ['ai usage'],
    summary: 'every published assistant: conversations, people, answers, credits, thumbs up and down',
    spec: assistantUsageList,
    row: Type.Ref('AssistantUsageRow'),
    db,
    access: { read: ACCESS.aiUsage, delete: ACCESS.aiModels },
  });
}
