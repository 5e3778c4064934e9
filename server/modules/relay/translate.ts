/**
 * A call to a model of the other protocol (an OpenAI client asking an Anthropic model, or the
 * reverse): the request read into the console's turns (text and images), answered through the
 * chat's provider client, and written back in the shape the client speaks, streamed or whole.
 * Tools cross no protocol here: a request with them is refused, naming the field.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors';
import { type ChatTurn, ProviderError, type streamChat } from '../ai-models/providers';
import { tokensOf } from '../chat/context';
import { type Dialect, errorPayload } from './errors';
import type { PassOptions } from './pass';
import type { Ticket } from './service';
import { onClientGone, SseWriter } from './wire';

type Json = Record<string, unknown>;

export interface Conversation {
  system: string | null;
  turns: ChatTurn[];
}

const bad = (field: string, reason: string) => new AppError('INVALID_PARAM', { field, params: { reason } });
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const noTools = (field: string) => bad(field, "tools cross no protocol: this model speaks the other API than the client's");

const DATA_URL = /^data:(image\/(?:png|jpeg|gif|webp));base64,([A-Za-z0-9+/=\s]+)$/;

/** an OpenAI request's messages as turns (system and developer messages joined into the system prompt) */
export function fromOpenAi(b: Json): Conversation {
  if (Array.isArray(b.tools) && b.tools.length) throw noTools('tools');
  const system: string[] = [];
  const turns: ChatTurn[] = [];
  (b.messages as Json[]).forEach((m, i) => {
    const field = `messages[${i}]`;
    const role = m.role;
    if (role === 'tool' || role === 'function' || m.tool_calls) throw noTools(field);
    const parts = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : Array.isArray(m.content) ? (m.content as Json[]) : [];
    const text: string[] = [];
    const images: ChatTurn['images'] = [];
    for (const p of parts) {
      if (p?.type === 'text') text.push(str(p.text));
      else if (p?.type === 'image_url') {
        const url = str((p.image_url as Json | undefined)?.url);
        const d = DATA_URL.exec(url);
        if (!d) throw bad(`${field}.content`, 'an image by URL reaches only a model of the OpenAI protocol: send it as a data URL');
        images.push({ mime: d[1], data: d[2].replace(/\s+/g, '') });
      } else throw bad(`${field}.content`, `a ${str(p?.type) || 'part'} part reaches only a model of the OpenAI protocol`);
    }
    if (role === 'system' || role === 'developer') system.push(text.join('\n'));
    else if (role === 'user' || role === 'assistant') turns.push({ role, content: text.join('\n'), ...(images.length ? { images } : {}) });
    else throw bad(`${field}.role`, 'system, developer, user or assistant');
  });
  return { system: system.length ? system.join('\n\n') : null, turns };
}

/** an Anthropic request's messages as turns */
export function fromAnthropic(b: Json): Conversation {
  if (Array.isArray(b.tools) && b.tools.length) throw noTools('tools');
  const system = typeof b.system === 'string' ? b.system : Array.isArray(b.system) ? (b.system as Json[]).map((s) => str(s?.text)).join('\n') : '';
  const turns = (b.messages as Json[]).map((m, i): ChatTurn => {
    const field = `messages[${i}]`;
    if (m.role !== 'user' && m.role !== 'assistant') throw bad(`${field}.role`, 'user or assistant');
    const blocks = typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : Array.isArray(m.content) ? (m.content as Json[]) : [];
    const text: string[] = [];
    const images: ChatTurn['images'] = [];
    for (const blk of blocks) {
      if (blk?.type === 'text') text.push(str(blk.text));
      else if (blk?.type === 'image') {
        const s = blk.source as Json | undefined;
        if (s?.type !== 'base64' || !/^image\/(png|jpeg|gif|webp)$/.test(str(s.media_type)))
          throw bad(`${field}.content`, 'images as base64 PNG, JPEG, GIF or WebP');
        images.push({ mime: str(s.media_type), data: str(s.data) });
      } else if (blk?.type === 'tool_use' || blk?.type === 'tool_result') throw noTools(field);
      else throw bad(`${field}.content`, `a ${str(blk?.type) || 'block'} block reaches only a model of the Anthropic protocol`);
    }
    return { role: m.role, content: text.join('\n'), ...(images.length ? { images } : {}) };
  });
  return { system: system || null, turns };
}

/** how an answer is written in one dialect */
interface Shape {
  dialect: Dialect;
  start(): Array<[string | undefined, Json | string]>;
  piece(text: string): Array<[string | undefined, Json | string]>;
  end(stopped: boolean, usage: { input: number; output: number }): Array<[string | undefined, Json | string]>;
  whole(text: string, stopped: boolean, usage: { input: number; output: number }): Json;
}

function openAiShape(model: string, includeUsage: boolean): Shape {
  const id = `chatcmpl-${randomUUID()}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Json, finish: string | null): Json => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });
  const usageOf = (u: { input: number; output: number }) => ({ prompt_tokens: u.input, completion_tokens: u.output, total_tokens: u.input + u.output });
  return {
    dialect: 'openai',
    start: () => [[undefined, chunk({ role: 'assistant', content: '' }, null)]],
    piece: (text) => [[undefined, chunk({ content: text }, null)]],
    end: (stopped, u) => [
      [undefined, chunk({}, stopped ? 'length' : 'stop')],
      ...(includeUsage
        ? ([[undefined, { id, object: 'chat.completion.chunk', created, model, choices: [], usage: usageOf(u) }]] as Array<[undefined, Json]>)
        : []),
      [undefined, '[DONE]'],
    ],
    whole: (text, stopped, u) => ({
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, logprobs: null, finish_reason: stopped ? 'length' : 'stop' }],
      usage: usageOf(u),
    }),
  };
}

function anthropicShape(model: string): Shape {
  const id = `msg_${randomUUID().replace(/-/g, '')}`;
  const message = (content: Json[], stop: string | null, u: { input: number; output: number }) => ({
    id,
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: stop,
    stop_sequence: null,
    usage: { input_tokens: u.input, output_tokens: u.output },
  });
  return {
    dialect: 'anthropic',
    start: () => [
      ['message_start', { type: 'message_start', message: message([], null, { input: 0, output: 0 }) }],
      ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
    ],
    piece: (text) => [['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }]],
    end: (stopped, u) => [
      ['content_block_stop', { type: 'content_block_stop', index: 0 }],
      [
        'message_delta',
        {
          type: 'message_delta',
          delta: { stop_reason: stopped ? 'max_tokens' : 'end_turn', stop_sequence: null },
          usage: { input_tokens: u.input, output_tokens: u.output },
        },
      ],
      ['message_stop', { type: 'message_stop' }],
    ],
    whole: (text, stopped, u) => message([{ type: 'text', text }], stopped ? 'max_tokens' : 'end_turn', u),
  };
}

export interface TranslatedCall {
  conversation: Conversation;
  maxTokens: number;
  temperature: number | null;
  topP: number | null;
  stream: boolean;
  includeUsage: boolean;
  /** the model name the client asked for (the answer says it back) */
  asked: string;
}

/** answers a call through the chat's provider client, in the client's dialect */
export async function translated(
  req: FastifyRequest,
  reply: FastifyReply,
  o: PassOptions & { streamChat: typeof streamChat },
  ticket: Ticket,
  call: TranslatedCall,
  dialect: Dialect,
): Promise<void> {
  const shape = dialect === 'anthropic' ? anthropicShape(call.asked) : openAiShape(call.asked, call.includeUsage);
  const ctl = new AbortController();
  let why: 'disconnected' | 'timeout' | null = null;
  const abort = (reason: 'disconnected' | 'timeout') => {
    why ??= reason;
    ctl.abort();
  };
  onClientGone(reply, () => abort('disconnected'));
  let timer = setTimeout(() => abort('timeout'), o.timeouts.firstTokenMs);
  let text = '';
  let usage: { input: number; output: number } | null = null;
  let firstTokenMs: number | null = null;
  let failure: unknown = null;
  let out: SseWriter | null = null;
  const write = async (events: Array<[string | undefined, Json | string]>) => {
    for (const [name, data] of events) await out!.write(typeof data === 'string' ? data : JSON.stringify(data), name);
  };
  try {
    for await (const ev of o.streamChat(ticket.model.target, {
      system: call.conversation.system,
      turns: call.conversation.turns,
      maxTokens: call.maxTokens,
      temperature: call.temperature,
      topP: call.topP,
      signal: ctl.signal,
    })) {
      clearTimeout(timer);
      timer = setTimeout(() => abort('timeout'), o.timeouts.idleMs);
      if (ev.type === 'usage') usage = { input: ev.inputTokens, output: ev.outputTokens };
      else {
        if (firstTokenMs === null) {
          firstTokenMs = Date.now() - ticket.started;
          if (call.stream) {
            out = new SseWriter(req, reply);
            await write(shape.start());
          }
        }
        text += ev.text;
        if (out) await write(shape.piece(ev.text));
      }
    }
  } catch (e) {
    failure = e;
  }
  clearTimeout(timer);
  const generated = firstTokenMs !== null;
  const counted = usage ?? { input: ticket.promptTokens, output: generated ? tokensOf(text) : 0 };
  const status = why === 'disconnected' ? 'disconnected' : failure || why === 'timeout' ? 'error' : 'done';
  const code = why === 'timeout' ? 'AI_TIMEOUT' : failure instanceof ProviderError ? failure.code : failure ? 'AI_PROVIDER_ERROR' : null;
  await o.relay.close(ticket, { usage, localOutput: usage ? 0 : counted.output, generated, firstTokenMs, status, errorCode: code });
  if (why === 'disconnected') return out?.end();
  const stopped = counted.output >= call.maxTokens;
  if (status === 'error') {
    const err =
      failure instanceof ProviderError
        ? new AppError(failure.code, { params: { message: failure.providerMessage } })
        : new AppError(code ?? 'AI_PROVIDER_ERROR', { params: { message: failure instanceof Error ? failure.message : 'no answer' } });
    if (!out) throw err;
    const { body } = errorPayload(req, err, dialect);
    await out.write(JSON.stringify(body), dialect === 'anthropic' ? 'error' : undefined);
    return out.end();
  }
  if (call.stream) {
    if (!out) {
      out = new SseWriter(req, reply);
      await write(shape.start());
    }
    await write(shape.end(stopped, counted));
    return out.end();
  }
  return void reply.send(shape.whole(text, stopped, counted));
}
