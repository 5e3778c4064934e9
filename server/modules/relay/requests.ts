/**
 * What the relay reads of a client's request before anything is held: the fields it relies on
 * checked (each refusal names its field), the answer length it may hold for, and the local count
 * of the prompt (text, pictures at the most a provider counts, tools as their JSON).
 */
import { CHAT_ATTACHMENTS } from '../../../shared/chat-attachments';
import { AppError } from '../../core/errors';
import { PER_MESSAGE, tokensOf } from '../chat/context';

export type Json = Record<string, unknown>;

/** a picture in base64 is far larger than one tokens-worth of text: images and tools can fill this */
export const RELAY_BODY_LIMIT = 32 * 1024 * 1024;

const bad = (field: string, reason: string) => new AppError('INVALID_PARAM', { field, params: { reason } });
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** the body as an object with a non-empty `messages` list of objects with a role */
export function chatBody(body: unknown): Json & { messages: Json[] } {
  if (!isObject(body)) throw bad('body', 'a JSON object');
  const messages = body.messages;
  if (!Array.isArray(messages) || !messages.length) throw bad('messages', 'a non-empty list');
  messages.forEach((m, i) => {
    if (!isObject(m) || typeof m.role !== 'string') throw bad(`messages[${i}]`, 'an object with a role');
  });
  if (body.stream !== undefined && body.stream !== null && typeof body.stream !== 'boolean') throw bad('stream', 'true or false');
  return body as Json & { messages: Json[] };
}

/** a whole number of tokens of at least 1, or absent */
export function maxTokensOf(v: unknown, field: string, required = false): number | null {
  if (v === undefined || v === null) {
    if (required) throw bad(field, 'required');
    return null;
  }
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw bad(field, 'a whole number of at least 1');
  return v;
}

export const numberOr = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

const json = (v: unknown) => (v === undefined || v === null ? 0 : tokensOf(JSON.stringify(v)));

/** an OpenAI chat request's prompt, counted locally */
export function openAiPromptTokens(b: Json & { messages: Json[] }): number {
  let n = 0;
  for (const m of b.messages) {
    n += PER_MESSAGE;
    if (typeof m.content === 'string') n += tokensOf(m.content);
    else if (Array.isArray(m.content)) {
      for (const p of m.content as Json[]) {
        if (p?.type === 'text' && typeof p.text === 'string') n += tokensOf(p.text);
        else if (p?.type === 'image_url') n += CHAT_ATTACHMENTS.IMAGE_TOKENS;
        else n += json(p);
      }
    }
    if (m.tool_calls) n += json(m.tool_calls);
    if (typeof m.name === 'string') n += tokensOf(m.name);
  }
  return n + json(b.tools) + json(b.functions) + json(b.response_format);
}

/** an Anthropic messages request's prompt, counted locally */
export function anthropicPromptTokens(b: Json & { messages: Json[] }): number {
  let n = typeof b.system === 'string' ? tokensOf(b.system) : json(b.system);
  for (const m of b.messages) {
    n += PER_MESSAGE;
    if (typeof m.content === 'string') n += tokensOf(m.content);
    else if (Array.isArray(m.content)) {
      for (const blk of m.content as Json[]) {
        if (blk?.type === 'text' && typeof blk.text === 'string') n += tokensOf(blk.text);
        else if (blk?.type === 'image') n += CHAT_ATTACHMENTS.IMAGE_TOKENS;
        else n += json(blk);
      }
    }
  }
  return n + json(b.tools);
}

/** the most inputs one embeddings call may carry (OpenAI's own bound) */
export const EMBEDDING_INPUTS_MAX = 2048;

/**
 * An embeddings request's input (a text, texts, a token array or token arrays) checked and counted
 * locally: what is held for it, and billed if the provider reports no usage
 */
export function embeddingsPromptTokens(body: unknown): number {
  if (!isObject(body)) throw bad('body', 'a JSON object');
  const input = body.input;
  const items = Array.isArray(input) && input.length && !input.every((x) => typeof x === 'number') ? input : [input];
  if (!items.length || items.length > EMBEDDING_INPUTS_MAX) throw bad('input', `1 to ${EMBEDDING_INPUTS_MAX} inputs`);
  let n = 0;
  for (const item of items) {
    if (typeof item === 'string' && item) n += tokensOf(item);
    else if (Array.isArray(item) && item.length && item.every((x) => Number.isInteger(x))) n += item.length;
    else throw bad('input', 'a text, texts, or arrays of token ids, none empty');
  }
  return n;
}
