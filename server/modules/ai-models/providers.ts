/**
 * The provider clients: OpenAI-compatible chat completions and Anthropic Messages through their
 * official SDKs, streamed as one event shape, and OpenAI-compatible speech to text, with the
 * providers' failures as ProviderError.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type OpenAI from 'openai';
import { AI_PROTOCOLS, type AiProtocol } from '../../../shared/ai-models';

export type Protocol = AiProtocol;
export const PROTOCOLS = AI_PROTOCOLS;

export interface ProviderTarget {
  protocol: Protocol;
  baseUrl: string;
  apiKey: string | null;
  providerModel: string;
  /** which channel this is (its health is kept): a channel's id, or model:<id> for the model's own provider */
  channel?: string;
  modelId?: string;
  /** the model's channels in the order a call tries them (ai-models/channels.ts); absent: this one alone */
  channels?: ProviderTarget[];
}
export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
  /** pictures with a question (vision models): type and base64 bytes */
  images?: Array<{ mime: string; data: string }>;
}

/** a turn in OpenAI's shape: text, or text and image_url parts (data URLs) when it has pictures */
function openAiTurn(t: ChatTurn): OpenAI.Chat.ChatCompletionMessageParam {
  if (t.role === 'assistant' || !t.images?.length) return { role: t.role, content: t.content };
  return {
    role: 'user',
    content: [
      { type: 'text', text: t.content },
      ...t.images.map((i) => ({ type: 'image_url' as const, image_url: { url: `data:${i.mime};base64,${i.data}` } })),
    ],
  };
}

/** a turn in Anthropic's shape: the pictures as base64 image blocks, before the text (as Anthropic advises) */
function anthropicTurn(t: ChatTurn): Anthropic.MessageParam {
  if (t.role === 'assistant' || !t.images?.length) return { role: t.role, content: t.content };
  return {
    role: 'user',
    content: [
      ...t.images.map((i) => ({
        type: 'image' as const,
        source: { type: 'base64' as const, media_type: i.mime as 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp', data: i.data },
      })),
      { type: 'text' as const, text: t.content },
    ],
  };
}
export interface StreamRequest {
  system?: string | null;
  turns: ChatTurn[];
  maxTokens: number;
  /** sampling parameters; null or absent: not sent (the provider's default) */
  temperature?: number | null;
  topP?: number | null;
  signal: AbortSignal;
}

/** the sampling parameters set, in the providers' own names (both protocols name them alike) */
const sampling = (req: StreamRequest) => ({
  ...(req.temperature != null ? { temperature: req.temperature } : {}),
  ...(req.topP != null ? { top_p: req.topP } : {}),
});
export type StreamEvent = { type: 'text'; text: string } | { type: 'usage'; inputTokens: number; outputTokens: number };

export type ProviderErrorCode = 'AI_PROVIDER_ERROR' | 'AI_RATE_LIMITED' | 'AI_TIMEOUT';

/** a provider's refusal or failure; never thrown for an abort by the caller's signal */
export class ProviderError extends Error {
  code: ProviderErrorCode;
  /** the provider's HTTP status when there was one */
  status?: number;
  /** the provider's own message (shown to the user) */
  providerMessage: string;

  constructor(code: ProviderErrorCode, providerMessage: string, status?: number) {
    super(`${code}: ${providerMessage}`);
    this.name = 'ProviderError';
    this.code = code;
    this.status = status;
    this.providerMessage = providerMessage;
  }
}

/** the SDKs insist on a key; Ollama, vLLM and LM Studio take none, so they get this one */
const NO_KEY = 'no-key';

/**
 * No retries (a retry would bill twice and hide a 429). The SDK's timeout only covers the wait for
 * the response headers; the caller's signal is the real limit, so the SDK's is set beyond any of ours.
 */
const CLIENT_OPTS = { maxRetries: 0, timeout: 30 * 60_000 } as const;

// the model row is the whole configuration: nothing from the SDKs' environment variables
// (OPENAI_ORG_ID, OPENAI_PROJECT_ID, ANTHROPIC_AUTH_TOKEN) reaches a provider
const openAi = async (t: ProviderTarget) => {
  const { OpenAI } = await sdks();
  return new OpenAI({ ...CLIENT_OPTS, baseURL: t.baseUrl, apiKey: t.apiKey || NO_KEY, organization: null, project: null });
};
const anthropic = async (t: ProviderTarget) => {
  const { Anthropic } = await sdks();
  return new Anthropic({ ...CLIENT_OPTS, baseURL: t.baseUrl, apiKey: t.apiKey || NO_KEY, authToken: null });
};

/**
 * The SDKs load with the first call to a provider, not at start: together they hold about 25 MB
 * an idle server does not need.
 */
let loaded: { OpenAI: typeof OpenAI; Anthropic: typeof Anthropic } | null = null;
export async function sdks() {
  if (!loaded) {
    const [openai, anthropicSdk] = await Promise.all([import('openai'), import('@anthropic-ai/sdk')]);
    loaded = { OpenAI: openai.default, Anthropic: anthropicSdk.default };
  }
  return loaded;
}

type SdkError = InstanceType<typeof OpenAI.APIError> | InstanceType<typeof Anthropic.APIError>;

/** the provider's own words: OpenAI `{ error: { message } }`, Anthropic `{ type: 'error', error: { message } }` */
function providerMessageOf(e: SdkError): string {
  const body = e.error as { message?: unknown; error?: { message?: unknown } } | undefined;
  const m = body?.error?.message ?? body?.message;
  if (typeof m === 'string' && m) return m;
  // the SDK's message leads with the status ("429 ..."); the status is kept apart
  return (e.message || 'no message').replace(/^\d{3}\s+/, '');
}

// an SDK's error comes only after that SDK was loaded
const isSdkError = (e: unknown): e is SdkError => !!loaded && (e instanceof loaded.OpenAI.APIError || e instanceof loaded.Anthropic.APIError);
const isTimeout = (e: unknown) => !!loaded && (e instanceof loaded.OpenAI.APIConnectionTimeoutError || e instanceof loaded.Anthropic.APIConnectionTimeoutError);
const isUserAbort = (e: unknown) => !!loaded && (e instanceof loaded.OpenAI.APIUserAbortError || e instanceof loaded.Anthropic.APIUserAbortError);

/** an SDK error as a ProviderError; an abort by the caller's signal passes through unchanged */
function toProviderError(e: unknown, signal?: AbortSignal): unknown {
  if (e instanceof ProviderError) return e;
  if (signal?.aborted || isUserAbort(e)) return e;
  if (isTimeout(e)) return new ProviderError('AI_TIMEOUT', 'the provider did not answer in time');
  if (isSdkError(e)) {
    const status = typeof e.status === 'number' ? e.status : undefined;
    const body = e.error as { error?: { type?: unknown } } | undefined;
    const limited = status === 429 || body?.error?.type === 'rate_limit_error';
    return new ProviderError(limited ? 'AI_RATE_LIMITED' : 'AI_PROVIDER_ERROR', providerMessageOf(e), status);
  }
  const msg = e instanceof Error ? e.message : String(e);
  return new ProviderError('AI_PROVIDER_ERROR', msg || 'the provider could not be reached');
}

/** the reply streamed as text pieces in order, then the usage when the provider reports it */
export async function* streamChat(target: ProviderTarget, req: StreamRequest): AsyncIterable<StreamEvent> {
  try {
    if (target.protocol === 'anthropic') yield* streamAnthropic(target, req);
    else yield* streamOpenAi(target, req);
  } catch (e) {
    throw toProviderError(e, req.signal);
  }
}

async function* streamOpenAi(target: ProviderTarget, req: StreamRequest): AsyncIterable<StreamEvent> {
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
    ...(req.system ? [{ role: 'system' as const, content: req.system }] : []),
    ...req.turns.map(openAiTurn),
  ];
  const stream = await (
    await openAi(target)
  ).chat.completions.create(
    {
      model: target.providerModel,
      messages,
      // max_tokens, not max_completion_tokens: the compatible servers (DeepSeek, Qwen, Ollama, vLLM...) read this one
      max_tokens: req.maxTokens,
      ...sampling(req),
      stream: true,
      stream_options: { include_usage: true },
    },
    { signal: req.signal },
  );
  for await (const chunk of stream) {
    const text = chunk.choices?.[0]?.delta?.content;
    if (text) yield { type: 'text', text };
    if (chunk.usage) yield { type: 'usage', inputTokens: chunk.usage.prompt_tokens ?? 0, outputTokens: chunk.usage.completion_tokens ?? 0 };
  }
}

async function* streamAnthropic(target: ProviderTarget, req: StreamRequest): AsyncIterable<StreamEvent> {
  const stream = await (
    await anthropic(target)
  ).messages.create(
    {
      model: target.providerModel,
      max_tokens: req.maxTokens,
      ...sampling(req),
      ...(req.system ? { system: req.system } : {}),
      messages: req.turns.map(anthropicTurn),
      stream: true,
    },
    { signal: req.signal },
  );
  // input tokens come with message_start, output tokens (cumulative) with message_delta
  let input: number | null = null;
  let output: number | null = null;
  for await (const ev of stream) {
    if (ev.type === 'message_start') input = ev.message.usage?.input_tokens ?? null;
    else if (ev.type === 'content_block_delta' && ev.delta.type === 'text_delta' && ev.delta.text) yield { type: 'text', text: ev.delta.text };
    else if (ev.type === 'message_delta' && ev.usage?.output_tokens != null) output = ev.usage.output_tokens;
  }
  if (input != null && output != null) yield { type: 'usage', inputTokens: input, outputTokens: output };
}

export interface TranscribeRequest {
  audio: Buffer;
  fileName: string;
  mime: string;
  language?: string | null;
  prompt?: string | null;
  signal: AbortSignal;
}
/** what the provider reported it used: gpt-4o-transcribe style tokens, whisper style seconds, or nothing */
export type TranscribeUsage = { type: 'tokens'; inputTokens: number; outputTokens: number } | { type: 'duration'; seconds: number } | null;

/**
 * Speech to text through an OpenAI-compatible `/audio/transcriptions` (multipart): the text and
 * the usage when the provider reports it. Anthropic has no such endpoint (AI_PROVIDER_ERROR).
 */
export async function transcribe(target: ProviderTarget, req: TranscribeRequest): Promise<{ text: string; usage: TranscribeUsage }> {
  if (target.protocol !== 'openai') throw new ProviderError('AI_PROVIDER_ERROR', 'speech to text needs an OpenAI-compatible provider');
  try {
    const { toFile } = await import('openai');
    const client = await openAi(target);
    const r = await client.audio.transcriptions.create(
      {
        model: target.providerModel,
        file: await toFile(req.audio, req.fileName, { type: req.mime }),
        ...(req.language ? { language: req.language } : {}),
        ...(req.prompt ? { prompt: req.prompt } : {}),
        response_format: 'json',
      },
      { signal: req.signal },
    );
    const u = (r as { usage?: { type?: string; seconds?: number; input_tokens?: number; output_tokens?: number } }).usage;
    let usage: TranscribeUsage = null;
    if (u?.type === 'duration' && typeof u.seconds === 'number') usage = { type: 'duration', seconds: u.seconds };
    else if (u?.type === 'tokens' && typeof u.input_tokens === 'number')
      usage = { type: 'tokens', inputTokens: u.input_tokens, outputTokens: u.output_tokens ?? 0 };
    return { text: typeof r.text === 'string' ? r.text : '', usage };
  } catch (e) {
    throw toProviderError(e, req.signal);
  }
}

/** test-connection's own limit, unless the caller gives another */
export const TEST_TIMEOUT_MS = 15_000;

/**
 * What an admin's "test connection" shows: the provider's model ids and a one-token reply, or the
 * provider's error. Within `timeoutMs` in all (AI_TIMEOUT after).
 */
export async function testConnection(
  target: ProviderTarget,
  opts: { timeoutMs?: number } = {},
): Promise<{ models: string[]; reply: string; latencyMs: number }> {
  const timeoutMs = opts.timeoutMs ?? TEST_TIMEOUT_MS;
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), timeoutMs);
  const started = performance.now();
  try {
    const run = target.protocol === 'anthropic' ? testAnthropic(target, ctrl.signal) : testOpenAi(target, ctrl.signal);
    const { models, reply } = await run;
    return { models, reply, latencyMs: Math.round(performance.now() - started) };
  } catch (e) {
    if (ctrl.signal.aborted) throw new ProviderError('AI_TIMEOUT', `no answer within ${Math.round(timeoutMs / 1000)} s`);
    throw toProviderError(e);
  } finally {
    clearTimeout(timer);
  }
}

/** at most this many model ids are shown */
const MAX_MODELS = 200;

/**
 * The provider's model ids (at most MAX_MODELS). A server without the listing (404) still gets
 * its one-token call; any other failure is the answer.
 */
async function listModels(walk: (push: (id: string) => boolean) => Promise<void>): Promise<string[]> {
  const models: string[] = [];
  try {
    await walk((id) => models.push(id) >= MAX_MODELS);
  } catch (e) {
    if (isSdkError(e) && e.status === 404) return [];
    throw e;
  }
  return models;
}

async function testOpenAi(target: ProviderTarget, signal: AbortSignal) {
  const client = await openAi(target);
  const models = await listModels(async (push) => {
    for await (const m of client.models.list({ signal })) if (push(m.id)) break;
  });
  const r = await client.chat.completions.create(
    { model: target.providerModel, messages: [{ role: 'user', content: 'Hi' }], max_tokens: 1, stream: false },
    { signal },
  );
  return { models, reply: r.choices?.[0]?.message?.content ?? '' };
}

async function testAnthropic(target: ProviderTarget, signal: AbortSignal) {
  const client = await anthropic(target);
  const models = await listModels(async (push) => {
    for await (const m of client.models.list({}, { signal })) if (push(m.id)) break;
  });
  const r = await client.messages.create({ model: target.providerModel, max_tokens: 1, messages: [{ role: 'user', content: 'Hi' }] }, { signal });
  const reply = r.content
    .filter((b): b is Anthropic.TextBlock => b.type === 'text')
    .map((b) => b.text)
    .join('');
  return { models, reply };
}
