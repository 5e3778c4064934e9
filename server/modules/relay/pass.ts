/**
 * A call relayed to a provider of the protocol the client speaks: the body passed on with the
 * provider's model id and the held answer length, the answer passed back event by event as the
 * provider wrote it, read on the way for what was generated and the usage reported; then billed.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors';
import type { ProviderTarget } from '../ai-models/providers';
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
  /** the provider's stream said it was over ([DONE], message_stop): one that just stops was cut off */
  complete: boolean;
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
  /** how long a channel with others behind it has for its first token */
  channelWaitMs: number;
  /** how a channel fared (its health: ai-models/channels.ts) */
  report: (channel: ProviderTarget, ok: boolean, latencyMs: number, error?: string) => void;
}

/** progress saved at most this often while an answer streams (what a crash settlement captures) */
const PROGRESS_MS = 1000;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** the statuses another channel may answer better: the provider's own failure, its rate limit, a timeout */
const RETRYABLE = (status: number) => status === 408 || status === 429 || status >= 500;

/**
 * Tries the model's channels in order (the relay's routing, ai-models/channels.ts) until one
 * answers: a channel that cannot be reached, answers 408, 429 or 5xx, or gives no first token in
 * time is passed over, but only until the first token — the client sees nothing of an attempt
 * before that (its events are held back), and nothing is tried again after it.
 */
export async function passThrough(req: FastifyRequest, reply: FastifyReply, o: PassOptions, ticket: Ticket, body: Json, reader: ProtocolReader): Promise<void> {
  const ctl = new AbortController();
  // why the call ended early, if it did (set from callbacks: read through the object)
  const end: { why: 'disconnected' | 'timeout' | null } = { why: null };
  const abort = (reason: 'disconnected' | 'timeout') => {
    end.why ??= reason;
    ctl.abort();
  };
  let idle: NodeJS.Timeout | undefined;
  onClientGone(reply, () => abort('disconnected'));
  const r: Reading = { text: '', usage: { input: null, output: null }, generated: false, failed: false, complete: false };
  let firstTokenMs: number | null = null;
  let failure: AppError | null = null;
  const settle = (status: 'done' | 'disconnected' | 'error') => {
    clearTimeout(idle);
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
  const cutOff = (message: string) => new AppError(end.why === 'timeout' ? 'AI_TIMEOUT' : 'AI_PROVIDER_ERROR', { params: { message } });
  const primary = ticket.model.target;
  const channels = primary.channels?.length ? primary.channels : [primary];

  for (const [n, channel] of channels.entries()) {
    const last = n === channels.length - 1;
    // an attempt has until its first token; one with others behind it, at most CHANNEL_WAIT_MS
    const attempt = new AbortController();
    const stopAttempt = () => attempt.abort();
    ctl.signal.addEventListener('abort', stopAttempt);
    let timedOut = false;
    const wait = setTimeout(
      () => {
        timedOut = true;
        attempt.abort();
      },
      last ? o.timeouts.firstTokenMs : Math.min(o.timeouts.firstTokenMs, o.channelWaitMs),
    );
    const began = performance.now();
    // the attempt answers (its first token): its wait is over, the call's own limits hold it now
    const done = () => clearTimeout(wait);
    const passOver = (error: string) => {
      done();
      ctl.signal.removeEventListener('abort', stopAttempt);
      o.report(channel, false, performance.now() - began, error);
      return !last && end.why !== 'disconnected';
    };

    let res: Response;
    try {
      res = await callProvider(channel, reader.path, { ...body, model: channel.providerModel }, attempt.signal);
    } catch {
      if (passOver(timedOut ? 'no answer in time' : 'unreachable')) continue;
      if (timedOut) end.why ??= 'timeout';
      failure = cutOff('the provider could not be reached');
      await settle(end.why === 'disconnected' ? 'disconnected' : 'error');
      if (end.why === 'disconnected') return;
      throw failure;
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      if (RETRYABLE(res.status) ? passOver(`status ${res.status}`) : (done(), false)) continue;
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
        if (passOver(timedOut ? 'no answer in time' : 'the answer was cut off')) continue;
        if (timedOut) end.why ??= 'timeout';
        failure = cutOff('the answer was cut off');
        await settle(end.why === 'disconnected' ? 'disconnected' : 'error');
        if (end.why === 'disconnected') return;
        throw failure;
      }
      done();
      o.report(channel, true, performance.now() - began);
      firstTokenMs = Date.now() - ticket.started;
      await settle('done');
      return void reply.send(json);
    }

    // streamed: what comes before the first token is held back, so another channel can still answer
    const held: SseEvent[] = [];
    let out: SseWriter | null = null;
    let saved = Date.now();
    const rearm = () => {
      clearTimeout(idle);
      idle = setTimeout(() => abort('timeout'), o.timeouts.idleMs);
    };
    try {
      for await (const ev of sseEvents(res.body!)) {
        const before = r.generated;
        const pass = reader.event(ev, r);
        if (!out) {
          if (pass) held.push(ev);
          if (!r.generated) continue;
          // the first token: this channel answers; from here on nothing is tried again
          done();
          o.report(channel, true, performance.now() - began);
          if (!before) firstTokenMs = Date.now() - ticket.started;
          out = new SseWriter(req, reply);
          for (const h of held) await out.write(h.data, h.event ?? undefined);
          rearm();
          continue;
        }
        rearm();
        if (pass) await out.write(ev.data, ev.event ?? undefined);
        if (Date.now() - saved >= PROGRESS_MS) {
          saved = Date.now();
          o.relay.progress(ticket, Math.ceil(r.text.length / 4));
        }
      }
      // a stream that just stops, without the protocol's end, was cut off
      if (!r.complete && !r.failed) throw new Error('cut off');
    } catch {
      if (!out && passOver(timedOut ? 'no first token in time' : 'the answer broke off')) {
        r.failed = false;
        continue;
      }
      if (timedOut) end.why ??= 'timeout';
      if (end.why !== 'disconnected') failure = cutOff('the answer was cut off');
    }
    if (!out) {
      // the stream ended (or failed) before any token: a failure unless it was simply empty
      if (!failure && r.failed && passOver('the answer broke off')) {
        r.failed = false;
        continue;
      }
      done();
      if (!failure && !r.failed) o.report(channel, true, performance.now() - began);
      out = new SseWriter(req, reply);
      for (const h of held) await out.write(h.data, h.event ?? undefined);
    }
    if (failure) {
      const { body: err } = errorPayload(req, failure, reader.dialect);
      await out.write(JSON.stringify(err), reader.dialect === 'anthropic' ? 'error' : undefined);
    }
    if (!failure && r.failed) failure = new AppError('AI_PROVIDER_ERROR', { params: { message: 'the provider broke off the answer' } });
    // settled before the stream ends: a client that reads its balance next sees this call in it
    await settle(end.why === 'disconnected' ? 'disconnected' : failure ? 'error' : 'done');
    return out.end();
  }
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
      if (ev.data === '[DONE]') {
        r.complete = true;
        return true;
      }
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
    else if (type === 'message_stop') r.complete = true;
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
