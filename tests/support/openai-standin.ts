/**
 * A local stand-in of the OpenAI chat completions API (GET /v1/models, POST /v1/chat/completions,
 * streamed as SSE `data:` chunks ending with [DONE], the usage chunk only when asked for with
 * stream_options.include_usage). The model id picks the behaviour (llm-standin.ts, STANDIN_MODELS).
 */
import type http from 'node:http';
import {
  promptTokens,
  readJson,
  replyFor,
  sendJson,
  serve,
  sleep,
  type Standin,
  STANDIN_MODELS,
  type StandinOptions,
  type StandinRequest,
  streamTokens,
  textOf,
  tokensOf,
  watchClose,
} from './llm-standin';

export type { Standin, StandinRequest };

const error = (message: string, type: string, code: string | null = null) => ({ error: { message, type, param: null, code } });

export async function startOpenAiStandin(opts: StandinOptions = {}): Promise<Standin> {
  const requests: StandinRequest[] = [];
  const delay = opts.tokenDelayMs ?? 2;

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const path = (req.url ?? '').split('?')[0];
    if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
      await readJson(req);
      return sendJson(res, 401, error('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
    }
    if (req.method === 'GET' && path === '/v1/models') {
      return sendJson(res, 200, { object: 'list', data: STANDIN_MODELS.map((id) => ({ id, object: 'model', created: 1700000000, owned_by: 'stand-in' })) });
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') return sendJson(res, 404, error(`Unknown request URL: ${req.method} ${path}`, 'invalid_request_error'));

    const body = await readJson(req);
    const model = String(body.model ?? '');
    const all = (Array.isArray(body.messages) ? body.messages : []).map((m: { role?: unknown; content?: unknown }) => ({ role: String(m.role), content: textOf(m.content) }));
    const systemParts = all.filter((m) => m.role === 'system' || m.role === 'developer').map((m) => m.content);
    const messages = all.filter((m) => m.role !== 'system' && m.role !== 'developer');
    const maxTokens = Number(body.max_completion_tokens ?? body.max_tokens) || null;
    const stream = body.stream === true;
    const entry: StandinRequest = { model, messages, system: systemParts.length ? systemParts.join('\n') : null, maxTokens, stream, chunksSent: 0, aborted: false, done: false };
    requests.push(entry);
    const unwatch = watchClose(res, entry);

    if (model === 'hang') return;
    if (model === 'rate-limit') {
      entry.done = true;
      return sendJson(res, 429, error('Rate limit reached for requests', 'requests', 'rate_limit_exceeded'));
    }
    if (model === 'fail') {
      entry.done = true;
      return sendJson(res, 500, { error: { message: 'stand-in failure' } });
    }

    const lastUser = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const tokens = tokensOf(replyFor(lastUser)).slice(0, maxTokens ?? undefined);
    const finish = maxTokens !== null && tokensOf(replyFor(lastUser)).length > maxTokens ? 'length' : 'stop';
    const pause = model === 'slow' ? 150 : delay;
    const usage = () => ({ prompt_tokens: promptTokens(entry.system, messages), completion_tokens: entry.chunksSent, total_tokens: promptTokens(entry.system, messages) + entry.chunksSent });
    const id = `chatcmpl-standin-${requests.length}`;
    const created = Math.floor(Date.now() / 1000);

    if (!stream) {
      for (const _ of tokens) {
        await sleep(pause);
        entry.chunksSent += 1;
      }
      entry.done = true;
      return sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: tokens.join(''), refusal: null }, logprobs: null, finish_reason: finish }],
        ...(model === 'no-usage' ? {} : { usage: usage() }),
      });
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunk = (delta: object, finishReason: string | null) =>
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] })}\n\n`);
    chunk({ role: 'assistant', content: '' }, null);
    const sent = await streamTokens(entry, tokens, pause, (text) => chunk({ content: text }, null), model === 'error-mid' ? 5 : Infinity);
    if (entry.aborted) return;
    if (sent === -1) {
      // the connection breaks mid-answer, as a crashed upstream does (the stand-in's doing, not an abort)
      unwatch();
      res.destroy();
      return;
    }
    chunk({}, finish);
    const includeUsage = (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
    if (includeUsage && model !== 'no-usage') res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: usage() })}\n\n`);
    entry.done = true;
    res.end('data: [DONE]\n\n');
  }

  const server = await serve(handle);
  return { baseUrl: `${server.origin}/v1`, requests, close: server.close };
}
