/**
 * The relay's wire: a provider's server-sent events read one event at a time, the answer written
 * to the client as events with the console's standard headers, and the request to a provider.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProviderTarget } from '../ai-models/providers';

export interface SseEvent {
  event: string | null;
  data: string;
}

/**
 * The events of an SSE body in order (`event:` and `data:` lines up to a blank line); a line is
 * bounded by the body it came in, and an event's lines are joined as the standard says.
 */
export async function* sseEvents(body: ReadableStream<Uint8Array>): AsyncIterable<SseEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event: string | null = null;
  let data: string[] = [];
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = buffer.indexOf('\n')) !== -1) {
      const line = buffer.slice(0, nl).replace(/\r$/, '');
      buffer = buffer.slice(nl + 1);
      if (line === '') {
        if (data.length) yield { event, data: data.join('\n') };
        event = null;
        data = [];
      } else if (line.startsWith('data:')) data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      else if (line.startsWith('event:')) event = line.slice(6).trim();
    }
  }
  if (data.length) yield { event, data: data.join('\n') };
}

/** the client's side of a streamed answer: written straight to the socket, with backpressure */
export class SseWriter {
  private res;
  constructor(req: FastifyRequest, reply: FastifyReply) {
    reply.hijack();
    this.res = reply.raw;
    this.res.writeHead(200, {
      ...req.server.standardHeaders(req.id),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    this.res.flushHeaders();
  }

  get gone() {
    return this.res.destroyed || this.res.writableEnded;
  }

  /** one event (`event:` only when named); waits while the client's buffer is full */
  async write(data: string, event?: string): Promise<void> {
    if (this.gone) return;
    const ok = this.res.write(event ? `event: ${event}\ndata: ${data}\n\n` : `data: ${data}\n\n`);
    if (!ok && !this.gone)
      await new Promise<void>((resolve) => {
        const done = () => {
          this.res.off('drain', done);
          this.res.off('close', done);
          resolve();
        };
        this.res.on('drain', done);
        this.res.on('close', done);
      });
  }

  end() {
    if (!this.gone) this.res.end();
  }
}

/** calls `onGone` once if the client goes away before the answer is complete */
export function onClientGone(reply: FastifyReply, onGone: () => void) {
  const res = reply.raw;
  if (res.destroyed) return onGone();
  res.on('close', () => {
    if (!res.writableFinished) onGone();
  });
}

const trimSlash = (u: string) => u.replace(/\/+$/, '');

/** a POST of JSON to a provider, in its protocol's own path and headers */
export function callProvider(target: ProviderTarget, path: 'chat' | 'messages' | 'embeddings', body: unknown, signal: AbortSignal): Promise<Response> {
  const base = trimSlash(target.baseUrl);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  let url: string;
  if (path === 'messages') {
    // as the Anthropic SDK does: the base URL without /v1, the key in x-api-key
    url = `${base}/v1/messages`;
    headers['anthropic-version'] = '2023-06-01';
    if (target.apiKey) headers['x-api-key'] = target.apiKey;
  } else {
    url = `${base}/${path === 'chat' ? 'chat/completions' : 'embeddings'}`;
    if (target.apiKey) headers.authorization = `Bearer ${target.apiKey}`;
  }
  return fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
}
