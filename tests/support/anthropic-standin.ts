/**
 * A local stand-in of the Anthropic Messages API (GET /v1/models, POST /v1/messages; streamed as
 * message_start with the input usage, content_block_delta text_delta, message_delta with the output
 * usage, message_stop, and `error` events). The model id picks the behaviour (llm-standin.ts); a
 * request with tools gets a use of its first tool.
 */
import type http from 'node:http';
import {
  promptTokens,
  readJson,
  replyFor,
  sendJson,
  sampled,
  serve,
  sleep,
  type Standin,
  STANDIN_MODELS,
  type StandinOptions,
  type StandinRequest,
  streamTokens,
  messagesOf,
  textOf,
  type StandinMessage,
  tokensOf,
  watchClose,
} from './llm-standin';

export type { Standin, StandinRequest };

const error = (type: string, message: string) => ({ type: 'error', error: { type, message } });

/** a request with tools (and no tool result yet) is answered with a use of its first tool, streamed as Anthropic streams one */
function answerWithTool(res: http.ServerResponse, entry: StandinRequest, name: string, asked: string, n: number) {
  const id = `msg_standin_${n}`;
  const input = { question: asked.slice(0, 40) };
  const usage = { input_tokens: promptTokens(entry.system, entry.messages), output_tokens: 12 };
  const block = { type: 'tool_use', id: `toolu_standin_${n}`, name, input };
  entry.chunksSent = 12;
  entry.done = true;
  const message = { id, type: 'message', role: 'assistant', model: entry.model, stop_sequence: null };
  if (!entry.stream) return sendJson(res, 200, { ...message, content: [block], stop_reason: 'tool_use', usage });
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const event = (type: string, data: object) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  event('message_start', { message: { ...message, content: [], stop_reason: null, usage: { input_tokens: usage.input_tokens, output_tokens: 1 } } });
  event('content_block_start', { index: 0, content_block: { ...block, input: {} } });
  event('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(input) } });
  event('content_block_stop', { index: 0 });
  event('message_delta', { delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: usage.output_tokens } });
  event('message_stop', {});
  res.end();
}

export async function startAnthropicStandin(opts: StandinOptions = {}): Promise<Standin> {
  const requests: StandinRequest[] = [];
  const delay = opts.tokenDelayMs ?? 2;

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const path = (req.url ?? '').split('?')[0];
    // the key comes as x-api-key or, from newer SDKs, as a bearer token
    const given = req.headers['x-api-key'] ?? req.headers.authorization?.replace(/^Bearer /, '');
    if (opts.apiKey && given !== opts.apiKey) {
      await readJson(req);
      return sendJson(res, 401, error('authentication_error', 'invalid x-api-key'));
    }
    if (req.method === 'GET' && path === '/v1/models') {
      const data = STANDIN_MODELS.map((id) => ({ type: 'model', id, display_name: `Stand-in ${id}`, created_at: '2025-01-01T00:00:00Z' }));
      return sendJson(res, 200, { data, has_more: false, first_id: data[0].id, last_id: data[data.length - 1].id });
    }
    if (req.method !== 'POST' || path !== '/v1/messages') return sendJson(res, 404, error('not_found_error', `Not found: ${req.method} ${path}`));

    const body = await readJson(req);
    const model = String(body.model ?? '');
    let messages: StandinMessage[];
    try {
      messages = messagesOf(body.messages);
    } catch (e) {
      return sendJson(res, 400, error('invalid_request_error', (e as Error).message));
    }
    const system = body.system == null ? null : textOf(body.system);
    const maxTokens = Number(body.max_tokens) || null;
    const stream = body.stream === true;
    const entry: StandinRequest = {
      model,
      messages,
      system,
      maxTokens,
      temperature: sampled(body.temperature),
      topP: sampled(body.top_p),
      stream,
      chunksSent: 0,
      aborted: false,
      done: false,
    };
    requests.push(entry);
    const unwatch = watchClose(res, entry);

    if (model === 'hang') return;
    if (model === 'rate-limit') {
      entry.done = true;
      return sendJson(res, 429, error('rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit'));
    }
    if (model === 'fail') {
      entry.done = true;
      return sendJson(res, 500, { type: 'error', error: { type: 'api_error', message: 'stand-in failure' } });
    }

    const lastUser = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const tools = Array.isArray(body.tools) ? (body.tools as Array<{ name?: string }>) : [];
    const lastBlocks = (body.messages as Array<{ content?: unknown }> | undefined)?.at(-1)?.content;
    const answered = Array.isArray(lastBlocks) && lastBlocks.some((b) => (b as { type?: string })?.type === 'tool_result');
    if (tools.length && !answered) return answerWithTool(res, entry, String(tools[0]?.name ?? 'tool'), lastUser, requests.length);
    const all = tokensOf(replyFor(answered ? `Tool said ${JSON.stringify(lastBlocks)}` : lastUser));
    const tokens = all.slice(0, maxTokens ?? undefined);
    const stop = maxTokens !== null && all.length > maxTokens ? 'max_tokens' : 'end_turn';
    const pause = model === 'slow' ? 150 : delay;
    const withUsage = model !== 'no-usage';
    const input = promptTokens(system, messages);
    const id = `msg_standin_${requests.length}`;

    if (!stream) {
      for (const _ of tokens) {
        await sleep(pause);
        entry.chunksSent += 1;
      }
      entry.done = true;
      return sendJson(res, 200, {
        id,
        type: 'message',
        role: 'assistant',
        model,
        content: [{ type: 'text', text: tokens.join('') }],
        stop_reason: stop,
        stop_sequence: null,
        usage: { input_tokens: withUsage ? input : 0, output_tokens: withUsage ? entry.chunksSent : 0 },
      });
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const event = (name: string, data: object) => res.write(`event: ${name}\ndata: ${JSON.stringify({ type: name, ...data })}\n\n`);
    event('message_start', {
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        ...(withUsage ? { usage: { input_tokens: input, output_tokens: 1 } } : {}),
      },
    });
    event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    event('ping', {});
    const sent = await streamTokens(
      entry,
      tokens,
      pause,
      (text) => event('content_block_delta', { index: 0, delta: { type: 'text_delta', text } }),
      model === 'error-mid' ? 5 : Infinity,
    );
    if (entry.aborted) return;
    if (sent === -1) {
      // the answer breaks off with an error event (the stand-in's doing, not an abort)
      unwatch();
      event('error', { error: { type: 'overloaded_error', message: 'Overloaded' } });
      res.end();
      return;
    }
    event('content_block_stop', { index: 0 });
    event('message_delta', { delta: { stop_reason: stop, stop_sequence: null }, ...(withUsage ? { usage: { output_tokens: entry.chunksSent } } : {}) });
    entry.done = true;
    event('message_stop', {});
    res.end();
  }

  const server = await serve(handle);
  return { baseUrl: server.origin, requests, close: server.close };
}
