/**
 * What the OpenAI and Anthropic stand-ins share: the reply a request gets, its tokens (a word or a
 * CJK character each), the behaviour a model id asks for, the request log and the node server.
 */
import http from 'node:http';
import { freePort } from './free-port';

export interface StandinOptions {
  /** when set, any other key answers 401 with the provider's error JSON */
  apiKey?: string;
  /** the pause between chunks (default 2 ms; model `slow`: 150 ms) */
  tokenDelayMs?: number;
}

/** a picture a message carried: its declared type and its decoded size */
export interface StandinImage {
  mime: string;
  bytes: number;
}

/** one message as the stand-in received it: its text and its pictures */
export interface StandinMessage {
  role: string;
  content: string;
  images: StandinImage[];
}

/** one chat call as the stand-in received it */
export interface StandinRequest {
  model: string;
  messages: StandinMessage[];
  system: string | null;
  maxTokens: number | null;
  /** the sampling parameters as sent (absent: null) */
  temperature: number | null;
  topP: number | null;
  stream: boolean;
  chunksSent: number;
  /** the client closed the connection before the end */
  aborted: boolean;
  done: boolean;
}

export interface Standin {
  /** what a model row stores (OpenAI: .../v1, Anthropic: the origin) */
  baseUrl: string;
  requests: StandinRequest[];
  close(): Promise<void>;
}

/** the model ids the stand-ins list; any other id behaves as `echo` */
export const STANDIN_MODELS = ['echo', 'slow', 'no-usage', 'error-mid', 'rate-limit', 'fail', 'hang'] as const;

const CJK = '\\u2e80-\\u9fff\\uf900-\\ufaff\\uff00-\\uffef\\u3000-\\u303f';
const TOKEN = new RegExp(`\\s*(?:[${CJK}]|[^\\s${CJK}]+)|\\s+$`, 'gu');

/** the reply split into chunks of one token; joined they give the reply back exactly */
export const tokensOf = (text: string): string[] => text.match(TOKEN) ?? [];

/** `[[reply:<text>]]` exactly; `[[tokens:N]]` N filler words; else "Echo: " + the last user message */
export function replyFor(lastUser: string): string {
  const reply = /\[\[reply:([\s\S]*?)\]\]/.exec(lastUser);
  if (reply) return reply[1].replace(/\\n/g, '\n');
  const n = /\[\[tokens:(\d+)\]\]/.exec(lastUser);
  if (n) return Array.from({ length: Number(n[1]) }, (_, i) => `w${i + 1}`).join(' ');
  return `Echo: ${lastUser}`;
}

/** what a picture counts for in the stand-ins' usage (OpenAI's low-detail price) */
export const STANDIN_IMAGE_TOKENS = 85;

/** ceil(characters of every message, the system prompt included, / 4), and each picture's tokens */
export const promptTokens = (system: string | null, messages: Array<{ content: string; images?: StandinImage[] }>) =>
  Math.ceil(((system ?? '').length + messages.reduce((n, m) => n + m.content.length, 0)) / 4) +
  messages.reduce((n, m) => n + (m.images?.length ?? 0), 0) * STANDIN_IMAGE_TOKENS;

const MAGIC: Record<string, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8,
  'image/gif': (b) => b.subarray(0, 3).toString('latin1') === 'GIF',
  'image/webp': (b) => b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** a picture's type and bytes checked as a provider checks them: the declared type must be what the bytes are */
function picture(mime: string, base64: string): StandinImage {
  const bytes = Buffer.from(base64, 'base64');
  if (!MAGIC[mime]?.(bytes)) throw new Error(`Invalid image: the data is not a valid ${mime || 'image'}`);
  return { mime, bytes: bytes.length };
}

/**
 * The pictures of a message content: OpenAI `image_url` parts with data URLs, Anthropic base64
 * `image` blocks. Throws (the provider's 400) on a malformed one.
 */
export function imagesOf(content: unknown): StandinImage[] {
  if (!Array.isArray(content)) return [];
  const out: StandinImage[] = [];
  for (const b of content as Array<Record<string, any>>) {
    if (b?.type === 'image_url') {
      const m = /^data:([^;,]+);base64,(.*)$/s.exec(String(b.image_url?.url ?? ''));
      if (!m) throw new Error('Invalid image: only data URLs are fetched by this stand-in');
      out.push(picture(m[1], m[2]));
    } else if (b?.type === 'image') {
      if (b.source?.type !== 'base64') throw new Error('Invalid image: source.type must be base64');
      out.push(picture(String(b.source.media_type ?? ''), String(b.source.data ?? '')));
    }
  }
  return out;
}

/** a request's messages with their text and pictures; throws on a malformed picture */
export const messagesOf = (list: unknown): StandinMessage[] =>
  (Array.isArray(list) ? list : []).map((m: { role?: unknown; content?: unknown }) => ({
    role: String(m.role),
    content: textOf(m.content),
    images: imagesOf(m.content),
  }));

/** text of a message content given as a string or as content blocks */
export function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content.map((b) => (b && typeof b === 'object' && typeof (b as { text?: unknown }).text === 'string' ? (b as { text: string }).text : '')).join('');
  return '';
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const p of req) parts.push(p as Buffer);
  try {
    return JSON.parse(Buffer.concat(parts).toString('utf8') || '{}');
  } catch {
    return {};
  }
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * Sends `tokens` one at a time through `send`, `delayMs` apart, stopping after `limit` chunks
 * (then returns -1) or when the client went (entry.aborted). Returns the chunks sent.
 */
export async function streamTokens(entry: StandinRequest, tokens: string[], delayMs: number, send: (token: string) => void, limit = Infinity) {
  for (const token of tokens) {
    if (entry.aborted) break;
    if (entry.chunksSent >= limit) return -1;
    await sleep(delayMs);
    if (entry.aborted) break;
    send(token);
    entry.chunksSent += 1;
  }
  return entry.chunksSent;
}

/** the node server on a free port (free-port.ts) of 127.0.0.1; the handler gets every request */
export async function serve(handler: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>) {
  const server = http.createServer((req, res) => {
    handler(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: 'stand-in crashed' } });
      else res.destroy();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** marks the entry aborted when the client closes before the answer ended; returns "stop watching" */
export function watchClose(res: http.ServerResponse, entry: StandinRequest): () => void {
  const onClose = () => {
    if (!entry.done) entry.aborted = true;
  };
  res.on('close', onClose);
  return () => res.off('close', onClose);
}

/** a sampling parameter of a request body: null when absent */
export const sampled = (v: unknown): number | null => (typeof v === 'number' ? v : null);
