/**
 * The chat API: models, conversations, answers streamed as server-sent events over a POST, stop,
 * export, and the admins' AI usage log. Thin: the rules live in service.ts.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CHAT_ATTACHMENTS } from '../../../shared/chat-attachments';
import { cutText } from '../../../shared/text';
import { partsOf, uploadScope } from '../../core/multipart';
import { formatBytes } from '../files/service';
import { registerListRoutes } from '../../core/list/routes';
import { IdParam } from '../../core/resource';
import { List, Nullable, ok, Ok } from '../../core/schemas';
import { sseSink } from '../../core/sse';
import type { ModuleContext } from '../services';
import { ACCESS } from '../../core/access';
import { FEEDBACK_COMMENT_MAX } from './feedback';
import { ChatAttachment, ChatModel, ConversationRow, Feedback, MessageRow, UsageRow } from './schemas';
import { ChatService, type Prepared } from './service';
import { usageList } from './usage';
import { callerOf } from '../../core/auth';

export const ModelId = Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 64 })));
const Title = Type.String({ maxLength: 200 });
export const SystemPrompt = Type.Optional(Nullable(Type.String({ maxLength: 20_000 })));
/** the conversation's sampling parameters: absent stays, null is the model's default */
export const Parameters = {
  temperature: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 2 }))),
  top_p: Type.Optional(Nullable(Type.Number({ exclusiveMinimum: 0, maximum: 1 }))),
  max_tokens: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1_000_000 }))),
};
const Content = Type.String({ maxLength: 100_000 });

/** streams a prepared answer; run() settles its hold whatever happens to the connection */
async function answer(req: FastifyRequest, reply: FastifyReply, chat: ChatService, prepared: Prepared) {
  try {
    await chat.run(prepared, sseSink(req, reply));
  } catch (e) {
    req.log.error({ err: e }, 'chat answer failed after it started');
  } finally {
    reply.raw.end();
  }
}

export async function chatRoutes({ app, db, aiModels, chat, chatFeedback, chatAttachments, chatAssistants, storePrompts: store }: ModuleContext) {
  for (const s of [ChatModel, ChatAttachment, ConversationRow, MessageRow, UsageRow, Feedback]) app.addSchema(s);
  const tags = ['chat'];
  const conversation = Ok(Type.Ref('ConversationRow'));

  app.get('/api/chat/models', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: "the enabled models the caller's roles may use (empty: none configured)",
      response: { 200: Ok(Type.Array(Type.Ref('ChatModel'))) },
    },
    handler: async (req) => {
      chat.warmUp();
      return ok(await aiModels.listForUser(callerOf(req)));
    },
  });

  app.get('/api/chat/conversations', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: "the caller's conversations, pinned first; the keyword searches titles and message text; folder_id: one folder's ('none': the unfiled)",
      querystring: Type.Object({
        keyword: Type.Optional(Type.String({ maxLength: 100 })),
        folder_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
        current: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
        pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
      }),
      response: { 200: List(Type.Ref('ConversationRow')) },
    },
    handler: async (req) => ({ success: true as const, ...(await chat.list(req.auth!.uid, req.query)) }),
  });

  app.post('/api/chat/conversations', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'a new conversation; with assistant_id, the model, system prompt and parameters (fields given here win)',
      body: Type.Object({
        title: Type.Optional(Title),
        model_id: ModelId,
        system_prompt: SystemPrompt,
        ...Parameters,
        assistant_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
      }),
      response: { 200: conversation },
    },
    handler: async (req) => {
      const { assistant_id: assistantId, ...given } = req.body;
      const preset = assistantId ? await chatAssistants.settingsFor(callerOf(req), assistantId) : {};
      const set = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
      return ok(await chat.create(req.auth!.uid, { ...preset, ...set }));
    },
  });

  app.put('/api/chat/conversations/:id', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'rename, pin, pick the model, set the system prompt and the sampling parameters, file in a folder (absent fields stay)',
      params: IdParam,
      body: Type.Object({
        title: Type.Optional(Title),
        pinned: Type.Optional(Type.Boolean()),
        model_id: ModelId,
        system_prompt: SystemPrompt,
        ...Parameters,
        folder_id: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 64 }))),
      }),
      response: { 200: conversation },
    },
    handler: async (req) => ok(await chat.update(req.auth!.uid, req.params.id, req.body)),
  });

  app.delete('/api/chat/conversations/:id', {
    config: { access: 'signedIn' },
    schema: { tags, params: IdParam, response: { 200: Type.Object({ success: Type.Literal(true) }) } },
    handler: async (req) => {
      await chat.remove(req.auth!.uid, req.params.id);
      return { success: true as const };
    },
  });

  app.get('/api/chat/conversations/:id', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'a conversation with every message of every branch',
      params: IdParam,
      response: {
        200: Ok(
          Type.Object({
            conversation: Type.Ref('ConversationRow'),
            messages: Type.Array(Type.Ref('MessageRow')),
            /** files uploaded for the next question, not yet sent */
            pending_attachments: Type.Array(Type.Ref('ChatAttachment')),
          }),
        ),
      },
    },
    handler: async (req) => ok(await chat.get(req.auth!.uid, req.params.id)),
  });

  await uploadScope(app, { fileSize: Math.max(CHAT_ATTACHMENTS.IMAGE_MAX_BYTES, CHAT_ATTACHMENTS.DOCUMENT_MAX_BYTES), fields: 0 }, (scope) => {
    scope.post('/api/chat/conversations/:id/attachments', {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: `attach a file for the next question: multipart/form-data with the file in "file": an image (PNG, JPEG, WebP, GIF; at most ${formatBytes(CHAT_ATTACHMENTS.IMAGE_MAX_BYTES)}) or a document (PDF, DOCX, text, Markdown, CSV, code; at most ${formatBytes(CHAT_ATTACHMENTS.DOCUMENT_MAX_BYTES)}), whose text is read now`,
        consumes: ['multipart/form-data'],
        params: IdParam,
        response: { 200: Ok(Type.Ref('ChatAttachment')) },
      },
      handler: async (req) => ok(await chatAttachments.add(req.auth!.uid, req.params.id, partsOf(req))),
    });
  });

  app.delete('/api/chat/attachments/:id', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'take back a file not yet sent', params: IdParam, response: { 200: Type.Object({ success: Type.Literal(true) }) } },
    handler: async (req) => {
      await chatAttachments.removePending(req.auth!.uid, req.params.id);
      return { success: true as const };
    },
  });

  app.get('/api/chat/conversations/:id/export', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'markdown (the newest branch) or json (everything) as a download',
      params: IdParam,
      querystring: Type.Object({ format: Type.Union([Type.Literal('markdown'), Type.Literal('json')]) }),
      produces: ['text/markdown', 'application/json'],
    },
    handler: async (req, reply) => {
      const { title, body } = await chat.exportOf(req.auth!.uid, req.params.id, req.query.format);
      const ext = req.query.format === 'json' ? 'json' : 'md';
      const name = `${cutText(title.replace(/[\\/:*?"<>|\r\n]+/g, '_'), 60) || 'conversation'}.${ext}`;
      return reply
        .header('content-type', ext === 'json' ? 'application/json; charset=utf-8' : 'text/markdown; charset=utf-8')
        .header('content-disposition', `attachment; filename="conversation.${ext}"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .send(body);
    },
  });

  const sse = { 200: Type.String({ description: 'text/event-stream: start, delta..., then done or error' }) };

  app.post('/api/chat/conversations/:id/messages', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'asks: the answer streams back as server-sent events (errors before it starts answer as JSON)',
      params: IdParam,
      body: Type.Object({
        content: Content,
        parent_id: Nullable(Type.String({ minLength: 1, maxLength: 64 })),
        model_id: ModelId,
        /** files uploaded for this question (POST .../attachments), in order */
        attachments: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: CHAT_ATTACHMENTS.PER_QUESTION })),
        /** the store prompt the question was written with: counted as one use */
        store_prompt_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
      }),
      produces: ['text/event-stream'],
      response: sse,
    },
    handler: async (req, reply) => {
      const { store_prompt_id: storePromptId, ...body } = req.body;
      const prepared = await chat.prepareSend(callerOf(req), req.params.id, body);
      // a use is a question actually sent: counted once the send is accepted, never failing it
      if (storePromptId)
        await store.recordUse(prepared.userId, storePromptId, prepared.conversationId).catch((e) => req.log.warn({ err: e }, 'store prompt use not recorded'));
      return answer(req, reply, chat, prepared);
    },
  });

  app.post('/api/chat/messages/:id/regenerate', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'another answer to the same question (a new sibling), streamed like the first',
      params: IdParam,
      body: Type.Object({ model_id: ModelId }),
      produces: ['text/event-stream'],
      response: sse,
    },
    handler: async (req, reply) => answer(req, reply, chat, await chat.prepareRegenerate(callerOf(req), req.params.id, req.body)),
  });

  app.post('/api/chat/messages/:id/stop', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'stops an answer being written (the provider request too); its stream ends with done, status stopped',
      params: IdParam,
      response: { 200: Ok(Type.Object({ stopped: Type.Boolean() })) },
    },
    handler: async (req) => ok({ stopped: await chat.stop(req.auth!.uid, req.params.id) }),
  });

  app.put('/api/chat/messages/:id/feedback', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: "thumbs up or down on one of the caller's finished answers, with an optional comment; rating null takes it back",
      params: IdParam,
      body: Type.Object({
        rating: Nullable(Type.Union([Type.Literal('up'), Type.Literal('down')])),
        // a character may be several UTF-16 units: the service counts code points
        comment: Type.Optional(Nullable(Type.String({ maxLength: FEEDBACK_COMMENT_MAX * 2 }))),
      }),
      response: { 200: Ok(Type.Ref('ChatFeedback')) },
    },
    handler: async (req) => ok(await chatFeedback.set(req.auth!.uid, req.params.id, req.body)),
  });

  registerListRoutes(app, {
    base: '/api/ai/usage',
    tags: ['ai usage'],
    summary: 'every AI request: user, model, tokens, credits, times, status',
    spec: usageList,
    row: Type.Ref('UsageRow'),
    db,
    access: { read: ACCESS.aiUsage, delete: ACCESS.creditsAdmin },
  });
}
