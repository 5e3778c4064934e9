/**
 * The chat API (conversations, models, the balance, exports) and the client of its streamed
 * answers: a POST read as server-sent events (EventSource cannot send a body or a token).
 */
import { request } from '@umijs/max';
import { isLoginExpiredCode, LoginExpiredError, needsRefresh } from '../shared/auth-errors';
import { readSession } from '../shared/session';
import { currentLang, goToLoginExpired, refreshSession } from './auth';
import { withQuery } from './query-string';
import { SPEC } from '../shared/spec';
import { api, type ApiBodyOf as Body, type ApiQueryOf, type ApiResult as Data, type Envelope } from './client';
import type { ApiErrorBody, RequestOptions } from './request-layer';

// The rows come from the generated OpenAPI types (npm run api:generate); only the stream's
// events, which OpenAPI cannot describe, are typed here (from the same rows).

type Detail = Data<'/api/chat/conversations/{id}', 'get'>;
export type ChatModelInfo = Data<'/api/chat/models', 'get'>[number];
export type ConversationRow = Detail['conversation'];
export type MessageRow = Detail['messages'][number];
export type MessageStatus = MessageRow['status'];
export type CreditsMe = Data<'/api/credits/me', 'get'>;
export type ConversationDetail = Detail;
export type ConversationPatch = Body<'/api/chat/conversations/{id}', 'put'>;
export type NewConversation = Body<'/api/chat/conversations', 'post'>;
export type SendBody = Body<'/api/chat/conversations/{id}/messages', 'post'>;
export type RegenerateBody = Body<'/api/chat/messages/{id}/regenerate', 'post'>;
type ListQuery = ApiQueryOf<'/api/chat/conversations'>;

const BASE = '/api/chat';
export const listChatModels = (opts?: RequestOptions) => api.get('/api/chat/models', opts);
export const listConversations = (query: ListQuery, opts?: RequestOptions) => api.page('/api/chat/conversations', { ...opts, query });
export const createConversation = (body: NewConversation, opts?: RequestOptions) => api.post('/api/chat/conversations', body, opts);
export const updateConversation = (id: string, body: ConversationPatch, opts?: RequestOptions) =>
  api.put('/api/chat/conversations/{id}', body, { ...opts, path: { id } });
export const deleteConversation = (id: string, opts?: RequestOptions) => api.delete('/api/chat/conversations/{id}', { ...opts, path: { id } });
export const getConversation = (id: string, opts?: RequestOptions) => api.get('/api/chat/conversations/{id}', { ...opts, path: { id } });
export type FeedbackBody = Body<'/api/chat/messages/{id}/feedback', 'put'>;
/** thumbs up or down (null: taken back) on one of the caller's answers */
export const rateAnswer = (id: string, body: FeedbackBody, opts?: RequestOptions) =>
  api.put('/api/chat/messages/{id}/feedback', body, { ...opts, path: { id } });
export type ChatFolder = Data<'/api/chat/folders', 'get'>[number];
export const listFolders = (opts?: RequestOptions) => api.get('/api/chat/folders', opts);
export const createFolder = (name: string, opts?: RequestOptions) => api.post('/api/chat/folders', { name }, opts);
export const renameFolder = (id: string, name: string, opts?: RequestOptions) => api.put('/api/chat/folders/{id}', { name }, { ...opts, path: { id } });
export const deleteFolder = (id: string, opts?: RequestOptions) => api.delete('/api/chat/folders/{id}', { ...opts, path: { id } });
export type ChatAttachment = Data<'/api/chat/conversations/{id}/attachments', 'post'>;
/**
 * POST .../attachments (multipart: file): the file is read on the server (a document's text) and
 * waits for the next question. Through umi's request (axios: XMLHttpRequest), so `onProgress`
 * gets the upload's progress (0-100) and the request layer attaches and refreshes the token.
 */
export const uploadAttachment = (conversationId: string, file: Blob, fileName: string, onProgress?: (percent: number) => void) => {
  const form = new FormData();
  form.append('file', file, fileName);
  return request<Envelope<ChatAttachment>>(`${BASE}/conversations/${encodeURIComponent(conversationId)}/attachments`, {
    method: 'POST',
    data: form,
    timeout: SPEC.UPLOAD_TIMEOUT_MS,
    // the page shows the refusal on the file itself
    skipErrorHandler: true,
    onUploadProgress: (e: { loaded: number; total?: number }) => {
      if (e.total) onProgress?.(Math.min(100, Math.round((e.loaded * 100) / e.total)));
    },
  }).then((r) => r.data);
};
export type ChatShare = Data<'/api/chat/conversations/{id}/shares', 'get'>[number];
export type ShareBody = Body<'/api/chat/conversations/{id}/shares', 'post'>;
export type SharedConversation = Data<'/api/chat/shared', 'get'>;
export const listShares = (conversationId: string, opts?: RequestOptions) =>
  api.get('/api/chat/conversations/{id}/shares', { ...opts, path: { id: conversationId } });
export const createShare = (conversationId: string, body: ShareBody, opts?: RequestOptions) =>
  api.post('/api/chat/conversations/{id}/shares', body, { ...opts, path: { id: conversationId } });
export const revokeShare = (id: string, opts?: RequestOptions) => api.delete('/api/chat/shares/{id}', { ...opts, path: { id } });
/** what a link shows (signed out too, for a link to anyone) */
export const readShared = (token: string, opts?: RequestOptions) => api.get('/api/chat/shared', { ...opts, query: { t: token } });
export type ChatAssistant = Data<'/api/chat/assistants', 'get'>[number];
export type AssistantBody = Body<'/api/chat/assistants', 'post'>;
export const listAssistants = (opts?: RequestOptions) => api.get('/api/chat/assistants', opts);
export const getAssistant = (id: string, opts?: RequestOptions) => api.get('/api/chat/assistants/{id}', { ...opts, path: { id } });
export const createAssistant = (body: AssistantBody, opts?: RequestOptions) => api.post('/api/chat/assistants', body, opts);
export const updateAssistant = (id: string, body: Partial<AssistantBody>, opts?: RequestOptions) =>
  api.put('/api/chat/assistants/{id}', body, { ...opts, path: { id } });
export const deleteAssistant = (id: string, opts?: RequestOptions) => api.delete('/api/chat/assistants/{id}', { ...opts, path: { id } });
/** an approved store prompt as a new assistant of the caller */
export const assistantFromStore = (promptId: string, opts?: RequestOptions) =>
  api.post('/api/chat/assistants/from-store/{id}', undefined, { ...opts, path: { id: promptId } });
/** takes back a file not yet sent */
export const removeAttachment = (id: string, opts?: RequestOptions) => api.delete('/api/chat/attachments/{id}', { ...opts, path: { id } });
export const stopMessage = (id: string, opts?: RequestOptions) => api.post('/api/chat/messages/{id}/stop', undefined, { ...opts, path: { id } });
export const getCreditsMe = (opts?: RequestOptions) => api.get('/api/credits/me', opts);

export type ExportFormat = 'markdown' | 'json';

/** the file name the server gives (Content-Disposition), else `fallback` */
export function fileNameOf(disposition: string | null | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* a malformed encoding: the plain name below */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

/** downloads an export through the request layer (token, refresh), not a bare link */
export async function downloadExport(id: string, format: ExportFormat, fallbackName: string) {
  const res = (await request(withQuery(`${BASE}/conversations/${encodeURIComponent(id)}/export`, { format }), {
    method: 'GET',
    responseType: 'blob',
    getResponse: true,
  })) as { data: Blob; headers: Record<string, string | undefined> };
  const name = fileNameOf(res.headers?.['content-disposition'], `${fallbackName}.${format === 'json' ? 'json' : 'md'}`);
  const url = URL.createObjectURL(res.data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// ---- server-sent events ----------------------------------------------------------------

export interface SseMessage {
  event: string;
  data: string;
}

/**
 * An incremental reader of the SSE wire format (the part our server uses: `event:` and `data:`
 * fields, comments, blank-line dispatch; LF, CRLF or CR line ends). Chunks may split anywhere,
 * also inside a CRLF pair.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];

  constructor(private readonly onMessage: (m: SseMessage) => void) {}

  feed(chunk: string) {
    this.buffer += chunk;
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const c = this.buffer[i];
      if (c !== '\n' && c !== '\r') continue;
      // a CR at the very end may be the first half of a CRLF: wait for the next chunk
      if (c === '\r' && i === this.buffer.length - 1) break;
      this.line(this.buffer.slice(start, i));
      if (c === '\r' && this.buffer[i + 1] === '\n') i++;
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
  }

  /** the stream ended: a last line without its end, and a last event without its blank line */
  end() {
    if (this.buffer) {
      const rest = this.buffer.replace(/\r$/, '');
      this.buffer = '';
      if (rest) this.line(rest);
    }
    this.dispatch();
  }

  private line(line: string) {
    if (line === '') {
      this.dispatch();
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
  }

  private dispatch() {
    if (this.data.length) this.onMessage({ event: this.event || 'message', data: this.data.join('\n') });
    this.event = '';
    this.data = [];
  }
}

export type ChatStreamEvent =
  | { type: 'start'; user_message: MessageRow | null; message: MessageRow; trimmed: number }
  | { type: 'delta'; text: string }
  | { type: 'done'; message: MessageRow; balance: number; title: string | null }
  | { type: 'error'; errorCode: string; errorMessage: string; message: MessageRow | null; balance: number };

const STREAM_EVENTS = new Set(['start', 'delta', 'done', 'error']);

/** the typed chat event of an SSE message; null for events this client does not know */
export const chatEventOf = (m: SseMessage): ChatStreamEvent | null => eventOf<ChatStreamEvent>(m, STREAM_EVENTS);

/**
 * An SSE message as `{ type: event, ...data }` when its event is one of `known` and its data a
 * JSON object; null otherwise. Every streaming route (chat, tasks, Ask AI) sends such events.
 */
export function eventOf<E extends { type: string }>(m: SseMessage, known: ReadonlySet<string>): E | null {
  if (!known.has(m.event)) return null;
  let data: unknown;
  try {
    data = JSON.parse(m.data);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  return { ...(data as object), type: m.event } as E;
}

/** the stream could not start: the server's JSON error (INSUFFICIENT_CREDITS, CHAT_BUSY, ...) */
export class ChatRequestError extends Error {
  constructor(
    readonly body: ApiErrorBody,
    readonly status: number,
  ) {
    super(body.errorMessage || body.errorCode);
    this.name = 'ChatRequestError';
  }
}

export interface StreamDeps {
  fetch?: typeof fetch;
  getToken?: () => string | null;
  refresh?: (usedToken: string | null) => Promise<string>;
  onLoginExpired?: (code: string) => void;
  lang?: () => string;
}

async function errorBodyOf(res: Response): Promise<ApiErrorBody> {
  try {
    const body = (await res.json()) as Partial<ApiErrorBody>;
    if (body && typeof body.errorCode === 'string') return body as ApiErrorBody;
  } catch {
    /* not JSON: a proxy's page */
  }
  return { success: false, errorCode: res.status >= 500 ? 'SERVER_ERROR' : 'REQUEST_FAILED' };
}

/** POSTs to a streaming route, handing each chat event to `onEvent` (see postEventStream) */
export const postStream = (url: string, body: unknown, onEvent: (e: ChatStreamEvent) => void, signal: AbortSignal, deps: StreamDeps = {}) =>
  postEventStream(url, body, chatEventOf, onEvent, signal, deps);

/**
 * POSTs `body` to a streaming route and hands each event `parse` knows to `onEvent` as it arrives.
 * Like the request layer: the token goes in the Authorization header, ACCESS_TOKEN_EXPIRED
 * refreshes once and retries, a refused login goes to the login page. An answer that is not an
 * event stream rejects with ChatRequestError. Resolves when the stream ends; an abort through
 * `signal` rejects with the fetch's AbortError.
 */
export async function postEventStream<E>(
  url: string,
  body: unknown,
  parse: (m: SseMessage) => E | null,
  onEvent: (e: E) => void,
  signal: AbortSignal,
  deps: StreamDeps = {},
): Promise<void> {
  const doFetch = deps.fetch ?? fetch;
  const getToken = deps.getToken ?? (() => readSession().token);
  const refresh = deps.refresh ?? refreshSession;
  const onLoginExpired = deps.onLoginExpired ?? goToLoginExpired;
  const lang = deps.lang ?? currentLang;

  const send = (token: string | null) =>
    doFetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        'Accept-Language': lang(),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
      signal,
    });

  const token = getToken();
  let res = await send(token);
  if (!isEventStream(res)) {
    let error = await errorBodyOf(res);
    if (needsRefresh(error.errorCode)) {
      let fresh: string;
      try {
        fresh = await refresh(token);
      } catch (e) {
        // a refused refresh token ends the login; a refresh that failed for the network keeps it
        if (e instanceof LoginExpiredError) onLoginExpired(e.code);
        throw e;
      }
      res = await send(fresh);
      if (!isEventStream(res)) error = await errorBodyOf(res);
    }
    if (!isEventStream(res)) {
      if (isLoginExpiredCode(error.errorCode) || needsRefresh(error.errorCode)) onLoginExpired(error.errorCode);
      throw new ChatRequestError(error, res.status);
    }
  }

  const parser = new SseParser((m) => {
    const e = parse(m);
    if (e) onEvent(e);
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.feed(decoder.decode(value, { stream: true }));
  }
  parser.feed(decoder.decode());
  parser.end();
}

function isEventStream(res: Response): boolean {
  return res.ok && (res.headers.get('content-type') ?? '').includes('text/event-stream') && !!res.body;
}

export const sendMessage = (conversationId: string, body: SendBody, onEvent: (e: ChatStreamEvent) => void, signal: AbortSignal) =>
  postStream(`${BASE}/conversations/${encodeURIComponent(conversationId)}/messages`, body, onEvent, signal);

export const regenerateMessage = (messageId: string, body: RegenerateBody, onEvent: (e: ChatStreamEvent) => void, signal: AbortSignal) =>
  postStream(`${BASE}/messages/${encodeURIComponent(messageId)}/regenerate`, body, onEvent, signal);
