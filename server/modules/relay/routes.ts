/**
 * The relay on the console's own origin: OpenAI's `/v1/models`, `/v1/chat/completions` and
 * `/v1/embeddings` and `/v1/audio/transcriptions`, and Anthropic's `/v1/messages`, called with a personal API key (`Authorization: Bearer sk-…` or
 * `x-api-key`); answers and errors in the API's own shape, so the official SDKs work unchanged.
 */
import type { FastifyError, FastifyRequest } from 'fastify';
import { ADMIN_ROLE, RULES } from '../../../shared/permissions';
import { AppError } from '../../core/errors';
import type { ModuleApp } from '../../core/context';
import type { ResolvedModel } from '../ai-models/service';
import { loadTokenizer, promptTokens } from '../chat/context';
import type { ModuleContext } from '../services';
import { AUDIO_LIMITS } from '../../../shared/audio';
import { partsOf, uploadScope } from '../../core/multipart';
import { transcribe } from '../ai-models/providers';
import { dialectOf, sendRelayError } from './errors';
import { relayTranscription } from './transcribe';
import { anthropicReader, embeddingsReader, openAiReader, passThrough } from './pass';
import { anthropicPromptTokens, chatBody, embeddingsPromptTokens, type Json, maxTokensOf, numberOr, openAiPromptTokens, RELAY_BODY_LIMIT } from './requests';
import type { RelayCaller } from './service';
import { fromAnthropic, fromOpenAi, translated } from './translate';

const access = { apiKey: RULES.apiKeys } as const;

/** the key of a call: OpenAI clients send it as a bearer token, Anthropic clients in x-api-key */
function keyOf(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (typeof h === 'string' && h.startsWith('Bearer ')) return h.slice(7).trim();
  const k = req.headers['x-api-key'];
  return typeof k === 'string' ? k.trim() : undefined;
}

/** the held answer length: what the client asked for, never past the model's longest */
const lengthFor = (asked: number | null, model: ResolvedModel) => Math.min(asked ?? model.maxOutputTokens, model.maxOutputTokens);

export async function relayRoutes({ app, relay, config, aiChannels, aiStream }: ModuleContext) {
  const callers = new WeakMap<FastifyRequest, RelayCaller>();
  const callerOf = (req: FastifyRequest) => callers.get(req)!;
  const opts = {
    relay,
    timeouts: config.ai,
    channelWaitMs: config.ai.channelWaitMs,
    report: (...a: Parameters<typeof aiChannels.report>) => void aiChannels.report(...a).catch(() => undefined),
    streamChat: aiStream,
  };

  await app.register(
    async (scope: ModuleApp) => {
      scope.setErrorHandler((err: FastifyError | AppError, req, reply) => sendRelayError(req, reply, err));
      scope.setNotFoundHandler((req, reply) =>
        sendRelayError(req, reply, new AppError('ROUTE_NOT_FOUND', { params: { route: `${req.method} ${req.url.split('?')[0]}` } })),
      );
      // the key is read before the access check, which then holds its holder to the rule
      scope.addHook('onRequest', async (req) => {
        const caller = await relay.authenticate(keyOf(req), req.ip);
        if (!caller) return;
        callers.set(req, caller);
        req.auth = {
          uid: caller.uid,
          sid: `api-key:${caller.key.id}`,
          role: caller.role,
          permission: caller.permission,
          iat: 0,
          exp: 0,
          isAdmin: caller.role.includes(ADMIN_ROLE),
        };
      });

      const listing = async (req: FastifyRequest) => {
        const models = await relay.models(callerOf(req));
        return { models, anthropic: dialectOf(req) === 'anthropic' };
      };
      const openAiModel = (m: { name: string }) => ({ id: m.name, object: 'model', created: 0, owned_by: 'console' });
      const anthropicModel = (m: { name: string }) => ({ type: 'model', id: m.name, display_name: m.name, created_at: '1970-01-01T00:00:00Z' });

      scope.get(
        '/models',
        { config: { access }, schema: { tags: ['relay'], summary: "the models the key may call (OpenAI's or Anthropic's list)" } },
        async (req) => {
          const { models, anthropic } = await listing(req);
          if (anthropic) {
            const data = models.map(anthropicModel);
            return { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data[data.length - 1]?.id ?? null };
          }
          return { object: 'list', data: models.map(openAiModel) };
        },
      );

      scope.get<{ Params: { model: string } }>(
        '/models/:model',
        { config: { access }, schema: { tags: ['relay'], summary: 'one model the key may call' } },
        async (req) => {
          const { models, anthropic } = await listing(req);
          const m = models.find((x) => x.name === req.params.model || x.id === req.params.model);
          if (!m) throw new AppError('MODEL_NOT_AVAILABLE', { field: 'model', params: { model: req.params.model } });
          return anthropic ? anthropicModel(m) : openAiModel(m);
        },
      );

      scope.post(
        '/chat/completions',
        {
          bodyLimit: RELAY_BODY_LIMIT,
          config: { access },
          schema: { tags: ['relay'], summary: "OpenAI's chat completions, streamed or whole, billed to the key's holder" },
        },
        async (req, reply) => {
          const caller = callerOf(req);
          const b = chatBody(req.body);
          const asked = maxTokensOf(b.max_completion_tokens ?? b.max_tokens, b.max_completion_tokens != null ? 'max_completion_tokens' : 'max_tokens');
          if (b.n !== undefined && b.n !== null && b.n !== 1) throw new AppError('INVALID_PARAM', { field: 'n', params: { reason: 'one answer a call' } });
          const model = await relay.resolve(caller, b.model);
          const maxTokens = lengthFor(asked, model);
          const stream = b.stream === true;
          const includeUsage = stream && (b.stream_options as Json | undefined)?.include_usage === true;
          await loadTokenizer();
          if (model.target.protocol === 'openai') {
            const prompt = openAiPromptTokens(b);
            await relay.admit(caller);
            const ticket = await relay.open(caller, model, prompt, maxTokens);
            const body: Json = { ...b, model: model.target.providerModel };
            if (b.max_completion_tokens != null) body.max_completion_tokens = maxTokens;
            if (b.max_tokens != null || b.max_completion_tokens == null) body.max_tokens = maxTokens;
            // the usage is asked for on the relay's own account (billing); the client sees it only if it asked
            if (stream) body.stream_options = { ...(b.stream_options as Json | undefined), include_usage: true };
            await passThrough(req, reply, opts, ticket, body, openAiReader(includeUsage));
            return reply;
          }
          const conversation = fromOpenAi(b);
          await relay.admit(caller);
          const ticket = await relay.open(caller, model, promptTokens(conversation.system, conversation.turns), maxTokens);
          const call = { conversation, maxTokens, temperature: numberOr(b.temperature), topP: numberOr(b.top_p), stream, includeUsage, asked: String(b.model) };
          await translated(req, reply, opts, ticket, call, 'openai');
          return reply;
        },
      );

      scope.post(
        '/embeddings',
        {
          bodyLimit: RELAY_BODY_LIMIT,
          config: { access },
          schema: { tags: ['relay'], summary: "OpenAI's embeddings, with a model of kind embeddings, billed to the key's holder" },
        },
        async (req, reply) => {
          const caller = callerOf(req);
          const b = req.body as Json;
          await loadTokenizer();
          const prompt = embeddingsPromptTokens(b);
          const model = await relay.resolve(caller, b.model, 'embeddings');
          if (model.target.protocol !== 'openai') {
            throw new AppError('INVALID_PARAM', { field: 'model', params: { reason: 'embeddings are called on an OpenAI-compatible provider' } });
          }
          await relay.admit(caller);
          const ticket = await relay.open(caller, model, prompt, 0);
          await passThrough(req, reply, opts, ticket, { ...b, model: model.target.providerModel, stream: undefined }, embeddingsReader);
          return reply;
        },
      );

      // a multipart upload: parsed in a scope of its own, with the recordings' limits
      await uploadScope(scope, { fileSize: AUDIO_LIMITS.MAX_BYTES, fields: 8 }, (upload) => {
        upload.post(
          '/audio/transcriptions',
          {
            config: { access },
            schema: { tags: ['relay'], summary: "OpenAI's speech to text (multipart), with a speech-to-text model, billed to the key's holder" },
          },
          async (req, reply) => relayTranscription(req, reply, callerOf(req), relay, transcribe, partsOf(req)),
        );
      });

      scope.post(
        '/messages',
        {
          bodyLimit: RELAY_BODY_LIMIT,
          config: { access },
          schema: { tags: ['relay'], summary: "Anthropic's messages, streamed or whole, billed to the key's holder" },
        },
        async (req, reply) => {
          const caller = callerOf(req);
          const b = chatBody(req.body);
          const asked = maxTokensOf(b.max_tokens, 'max_tokens', true);
          const model = await relay.resolve(caller, b.model);
          const maxTokens = lengthFor(asked, model);
          const stream = b.stream === true;
          await loadTokenizer();
          if (model.target.protocol === 'anthropic') {
            const prompt = anthropicPromptTokens(b);
            await relay.admit(caller);
            const ticket = await relay.open(caller, model, prompt, maxTokens);
            await passThrough(req, reply, opts, ticket, { ...b, model: model.target.providerModel, max_tokens: maxTokens }, anthropicReader);
            return reply;
          }
          const conversation = fromAnthropic(b);
          await relay.admit(caller);
          const ticket = await relay.open(caller, model, promptTokens(conversation.system, conversation.turns), maxTokens);
          const call = {
            conversation,
            maxTokens,
            temperature: numberOr(b.temperature),
            topP: numberOr(b.top_p),
            stream,
            includeUsage: false,
            asked: String(b.model),
          };
          await translated(req, reply, opts, ticket, call, 'anthropic');
          return reply;
        },
      );
    },
    { prefix: '/v1' },
  );
}
