/**
 * What a chat request sends and costs: the branch of turns it answers, trimmed to the model's
 * context window (oldest turns first, the system prompt always kept), local token counts (the
 * fallback when a provider reports no usage) and prices in integer credits.
 */
import { CHAT_ATTACHMENTS } from '../../../shared/chat-attachments';
import { AppError } from '../../core/errors';

/** a picture sent with a question (vision models): its type and its bytes in base64 */
export interface TurnImage {
  mime: string;
  data: string;
}

export interface Turn {
  role: 'user' | 'assistant';
  content: string;
  images?: TurnImage[];
}

/** per message, the wrapping every chat format adds around its text */
export const PER_MESSAGE = 4;

let countTokens: ((text: string) => number) | null = null;

/**
 * Loads the tokenizer (o200k, about 70 MB of tables) with the first answer rather than at start:
 * an idle server does not carry it. Every path that counts awaits this first.
 */
export async function loadTokenizer(): Promise<void> {
  countTokens ??= (await import('gpt-tokenizer')).countTokens;
}

/**
 * The tokenizer's time grows with the square of a run without spaces (100,000 emoji took minutes,
 * every other request waiting): such runs are counted in pieces of this many characters. A cut
 * inside a run is off by a token at most, against runs this long.
 */
const RUN_PIECE = 256;
const LONG_RUN = new RegExp(`\\S{${RUN_PIECE + 1},}|\\s{${RUN_PIECE + 1},}`, 'gu');
const PIECES = new RegExp(`[^]{1,${RUN_PIECE}}`, 'gu');

/** a local count with the o200k tokenizer; other providers' tokenizers differ by a few percent */
export function tokensOf(text: string): number {
  if (!text) return 0;
  const count = countTokens;
  if (!count) throw new Error('loadTokenizer() must complete before tokens are counted');
  let n = 0;
  let at = 0;
  for (const run of text.matchAll(LONG_RUN)) {
    if (run.index > at) n += count(text.slice(at, run.index));
    for (const piece of run[0].match(PIECES) ?? []) n += count(piece);
    at = run.index + run[0].length;
  }
  return n + (at < text.length ? count(text.slice(at)) : 0);
}

/** a turn's tokens: its text, the wrapping, and each picture at the most a provider counts for one */
export const turnTokens = (t: Turn) => tokensOf(t.content) + PER_MESSAGE + (t.images?.length ?? 0) * CHAT_ATTACHMENTS.IMAGE_TOKENS;

export const promptTokens = (system: string | null | undefined, turns: Turn[]) =>
  (system ? tokensOf(system) + PER_MESSAGE : 0) + turns.reduce((n, t) => n + turnTokens(t), 0);

export interface Fitted {
  turns: Turn[];
  /** turns left out */
  trimmed: number;
  promptTokens: number;
  /** the output budget: the model's max output, or what the window leaves if less */
  maxTokens: number;
}

/** the smallest answer worth asking for; a prompt that leaves less is too long */
const MIN_OUTPUT = 16;

/** what the window keeps free for the answer: the model's max output, at most a quarter of the window */
export const reserveOf = (contextWindow: number, maxOutput: number) => Math.max(MIN_OUTPUT, Math.min(maxOutput, Math.floor(contextWindow / 4)));

/**
 * Drops the oldest turns until the prompt leaves room for the answer: the model's max output,
 * but never more than a quarter of the window (a model configured with max output = window
 * would otherwise never see any history). The last turn (the question) is always kept; a
 * question that does not fit alone is refused.
 */
export function fitToWindow(system: string | null | undefined, turns: Turn[], contextWindow: number, maxOutput: number): Fitted {
  const costs = turns.map(turnTokens);
  let total = (system ? tokensOf(system) + PER_MESSAGE : 0) + costs.reduce((a, b) => a + b, 0);
  const reserve = reserveOf(contextWindow, maxOutput);
  let start = 0;
  const drop = () => {
    total -= costs[start];
    start++;
  };
  while (start < turns.length - 1 && total + reserve > contextWindow) {
    drop();
    // an answer must not open the conversation: it goes with the question it answered
    while (start < turns.length - 1 && turns[start].role === 'assistant') drop();
  }
  const room = contextWindow - total;
  if (room < MIN_OUTPUT) {
    throw new AppError('INVALID_PARAM', { field: 'content', params: { reason: `too long for the model's context window (${contextWindow} tokens)` } });
  }
  return { turns: turns.slice(start), trimmed: start, promptTokens: total, maxTokens: Math.min(maxOutput, room) };
}

/** credits for tokens at a price per million, rounded up (a started credit is a credit) */
export const creditsFor = (tokens: number, pricePerMillion: number) => Math.ceil((tokens * pricePerMillion) / 1_000_000);

export const costOf = (inputTokens: number, outputTokens: number, price: { inputPrice: number; outputPrice: number }) =>
  creditsFor(inputTokens, price.inputPrice) + creditsFor(outputTokens, price.outputPrice);
