/**
 * A call relayed to a provider of the protocol the client speaks: the body passed on with the
 * provider's model id and the held answer length, the answer passed back event by event as the
 * provider wrote it, read on the way for what was generated and the usage reported; then billed.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors';
import { tokensOf } from '../chat/context';
import { type Dialect, errorPayload, sendProviderError } from './errors';
import type { RelayService, Ticket } from './service';
import { callProvider, onClientGone, type SseEvent, sseEvents, SseWriter } from './wire';

type Json = Record<string, unknown>;

/** what a call generated so far, read from the provider's answer */
export interface Reading {
  text: string;
  usage: { input: number | null; output: number | null };
  /** an output piece came (text, a tool call, reasoning) */
  generated: boolean;
  /** the provider's stream said it failed (its error event is passed on as it came) */
  failed: boolean;
}

/** how one protocol's answer is read */
export interface ProtocolReader {
  dialect: Dialect;
  path: 'chat' | 'messages' | 'embeddings';
  /** a streamed event: read into `r`; false: not passed on to the client */
  event(ev: SseEvent, r: Reading): boolean;
  /** a whole (non-streamed) answer read into `r` */
  whole(json: Json, r: Reading): void;
}

export interface PassOptions {
  relay: RelayService;
  timeouts: { firstTokenMs: number; idleMs: number };
}

/** progress saved at most this often while an answer streams (what a crash settlement captures) */
const PROGRESS_MS = 1000;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export async function passThrough(req: FastifyRequest, reply: FastifyReply, o: PassOptions, ticket: Ticket, body: Json, reader: ProtocolReader): Promise<void> {
  const ctl = new AbortController();
  let why: 'disconnected' | 'timeout' | null = null;
  const abort = (reason: 'disconnected' | 'timeout') => {
    why ??= reason;
    ctl.abort();
  };
  let timer = setTimeout(() => abort('timeout'), o.timeouts.firstTokenMs);
  const rearm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => abort('timeout'), r.generated ? o.timeouts.idleMs : o.timeouts.firstTokenMs);
  };
  onClientGone(reply, () => abort('disconnected'));
  const r: Reading = { text: '', usage: { input: null, output: null }, generated: false, failed: false };
  let firstTokenMs: number | null = null;
  let failure: AppError | null = null;
  const settle = (status: 'done' | 'disconnected' | 'error') => {
    clearTimeout(timer);
    const usage = r.usage.input !== null && r.usage.output !== null ? { input: r.usage.input, output: r.usage.output } : null;
    return o.relay.close(ticket, {
      usage,
      localOutput: usage ? 0 : tokensOf(r.text),
      generated: r.generated || (usage?.output ?? 0) > 0,
      firstTokenMs,
      status,
      errorCode: failure?.code ?? null,
    });
  };

  let res: Response;
  try {
    res = await callProvider(ticket.model.target, reader.path, body, ctl.signal);
  } catch {
    failure = new AppError(why === 'timeout' ? 'AI_TIMEOUT' : 'AI_PROVIDER_ERROR', { params: { message: 'the provider could not be reached' } });
    await settle(why === 'disconnected' ? 'disconnected' : 'error');
    if (why === 'disconnected') return;
    throw failure;
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    failure = new AppError('AI_PROVIDER_ERROR', { params: { message: `status ${res.status}` } });
    await settle('error');
    return void sendProviderError(reply, res.status, text, res.headers.get('retry-after'), reader.dialect);
  }

  if (body.stream !== true) {
    let json: Json;
    try {
      json = (await res.json()) as Json;
      reader.whole(json, r);
    } catch {
      failure = new AppError(why === 'timeout' ? 'AI_TIMEOUT' : 'AI_PROVIDER_ERROR', { params: { message: 'the answer was cut off' } });
      await settle(why === 'disconnected' ? 'disconnected' : 'error');
      if (why === 'disconnected') return;
      throw failure;
    }
    firstTokenMs = Date.now() - ticket.started;
    await settle('done');
    return void reply.send(json);
  }

  const out = new SseWriter(req, reply);
  let saved = Date.now();
  try {
    for await (const ev of sseEvents(res.body!)) {
      const before = r.generated;
      const pass = reader.event(ev, r);
      if (r.generated && !before) firstTokenMs = Date.now() - ticket.started;
      rearm();
      if (pass) await out.write(ev.data, ev.event ?? undefined);
      if (r.generated && Date.now() - saved >= PROGRESS_MS) {
        saved = Date.now();
        o.relay.progress(ticket, Math.ceil(r.text.length / 4));
      }
    }
  } catch {
    if (why !== 'disconnected')
      failure = new AppError(why === 'timeout' ? 'AI_TIMEOUT' : 'AI_PROVIDER_ERROR', { params: { message: 'the answer was cut off' } });
  }
  if (failure) {
    const { body: err } = errorPayload(req, failure, reader.dialect);
    await out.write(JSON.stringify(err), reader.dialect === 'anthropic' ? 'error' : undefined);
  }
  if (!failure && r.failed) failure = new AppError('AI_PROVIDER_ERROR', { params: { message: 'the provider broke off the answer' } });
  // settled before the stream ends: a client that reads its balance next sees this call in it
  await settle(why === 'disconnected' ? 'disconnected' : failure ? 'error' : 'done');
  out.end();
}

/** OpenAI's chat completions: deltas of content, reasoning and tool calls; usage in the last chunk */
export function openAiReader(passUsage: boolean): ProtocolReader {
  const read = (m: Json | undefined, r: Reading) => {
    if (!m) return;
    const piece = str(m.content) + str(m.reasoning_content) + str(m.refusal);
    let tools = '';
    if (Array.isArray(m.tool_calls)) {
      for (const c of m.tool_calls as Json[]) {
        const f = c?.function as Json | undefined;
        tools += str(f?.name) + str(f?.arguments);
      }
    }
    if (piece || tools) {
      r.text += piece + tools;
      r.generated = true;
    }
  };
  const usage = (u: unknown, r: Reading) => {
    const x = u as { prompt_tokens?: unknown; completion_tokens?: unknown } | null | undefined;
    if (x && typeof x.prompt_tokens === 'number' && typeof x.completion_tokens === 'number') {
      r.usage = { input: x.prompt_tokens, output: x.completion_tokens };
    }
  };
  return {
    dialect: 'openai',
    path: 'chat',
    event(ev, r) {
      if (ev.data === '[DONE]') return true;
      let chunk: Json;
      try {
        chunk = JSON.parse(ev.data) as Json;
      } catch {
        return true;
      }
      if (chunk.error) r.failed = true;
      const choices = Array.isArray(chunk.choices) ? (chunk.choices as Json[]) : [];
      for (const c of choices) read(c?.delta as Json | undefined, r);
      usage(chunk.usage, r);
      // the usage chunk the relay asked for on its own account: not the client's
      return passUsage || !(chunk.usage && !choices.length);
    },
    whole(json, r) {
      for (const c of Array.isArray(json.choices) ? (json.choices as Json[]) : []) read(c?.message as Json | undefined, r);
      usage(json.usage, r);
    },
  };
}

/** Anthropic's messages: input tokens with message_start, output (cumulative) with message_delta */
export const anthropicReader: ProtocolReader = {
  dialect: 'anthropic',
  path: 'messages',
  event(ev, r) {
    let data: Json;
    try {
      data = JSON.parse(ev.data) as Json;
    } catch {
      return true;
    }
    const type = str(data.type) || ev.event;
    if (type === 'error') r.failed = true;
    else if (type === 'message_start') {
      const u = (data.message as Json | undefined)?.usage as Json | undefined;
      if (u) r.usage.input = inputOf(u);
    } else if (type === 'content_block_delta') {
      const d = data.delta as Json | undefined;
      const piece = str(d?.text) + str(d?.partial_json) + str(d?.thinking);
      if (piece) {
        r.text += piece;
        r.generated = true;
      }
    } else if (type === 'content_block_start') {
      const b = data.content_block as Json | undefined;
      if (b?.type === 'tool_use') {
        r.text += str(b.name);
        r.generated = true;
      }
    } else if (type === 'message_delta') {
      const u = data.usage as Json | undefined;
      if (typeof u?.output_tokens === 'number') r.usage.output = u.output_tokens;
      if (typeof u?.input_tokens === 'number') r.usage.input = inputOf(u);
    }
    return true;
  },
  whole(json, r) {
    for (const b of Array.isArray(json.content) ? (json.content as Json[]) : []) {
      const piece = b.type === 'text' ? str(b.text) : b.type === 'tool_use' ? str(b.name) + JSON.stringify(b.input ?? {}) : str(b.thinking);
      if (piece) {
        r.text += piece;
        r.generated = true;
      }
    }
    const u = json.usage as Json | undefined;
    if (u && typeof u.output_tokens === 'number') r.usage = { input: inputOf(u), output: u.output_tokens };
  },
};

/** every input token Anthropic counts: plain, written to its cache and read from it */
function inputOf(u: Json): number {
  const n = (v: unknown) => (typeof v === 'number' ? v : 0);
  return n(u.input_tokens) + n(u.cache_creation_input_tokens) + n(u.cache_read_input_tokens);
}

/** OpenAI's embeddings: a whole answer; its usage counts input tokens only */
export const embeddingsReader: ProtocolReader = {
  dialect: 'openai',
  path: 'embeddings',
  event: () => true,
  whole(json, r) {
    r.generated = Array.isArray(json.data) && json.data.length > 0;
    const u = json.usage as Json | undefined;
    if (u && typeof u.prompt_tokens === 'number') r.usage = { input: u.prompt_tokens, output: 0 };
  },
};
