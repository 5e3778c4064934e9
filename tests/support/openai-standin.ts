/**
 * A local stand-in of the OpenAI chat completions API (GET /v1/models, POST /v1/chat/completions,
 * streamed as SSE `data:` chunks ending with [DONE], the usage chunk only when asked for with
 * stream_options.include_usage), of embeddings (POST /v1/embeddings: 8 numbers a text) and of
 * speech to text (POST /v1/audio/transcriptions, multipart).
 * The model id picks the behaviour (llm-standin.ts, STANDIN_MODELS; TRANSCRIBE_MODELS below); a
 * request with tools gets a call of its first tool.
 */
import type http from 'node:http';
import { readWav } from '../../shared/audio';
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
  type StandinMessage,
  tokensOf,
  watchClose,
} from './llm-standin';

export type { Standin, StandinRequest };

/**
 * Speech to text, by model id: echo answers with gpt-4o-transcribe style token usage, whisper with
 * whisper style duration usage, no-usage with none; fail (500), rate-limit (429) and hang as chat.
 * The text is `[[reply:...]]` of the prompt when given, else names the audio's length.
 */
export const TRANSCRIBE_MODELS = ['echo', 'whisper', 'no-usage', 'rate-limit', 'fail', 'hang'] as const;

export interface TranscriptionRequest {
  model: string;
  fileName: string;
  mime: string;
  bytes: number;
  /** the audio's length: a WAV's own, else bytes / 16000 */
  seconds: number;
  language: string | null;
  prompt: string | null;
}

/** a multipart/form-data body's fields and files (enough for the SDK's requests) */
function readMultipart(body: Buffer, contentType: string) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const fields: Record<string, string> = {};
  const files: Record<string, { name: string; type: string; data: Buffer }> = {};
  if (!boundary) return { fields, files };
  const sep = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  let at = body.indexOf(sep);
  while (at !== -1) {
    const start = at + sep.length + 2;
    const next = body.indexOf(sep, start);
    if (next === -1) break;
    const part = body.subarray(start, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const head = part.subarray(0, split).toString('utf8');
    const data = part.subarray(split + 4);
    const name = /name="([^"]*)"/.exec(head)?.[1] ?? '';
    const file = /filename="([^"]*)"/.exec(head);
    if (file) files[name] = { name: file[1], type: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? '', data };
    else fields[name] = data.toString('utf8');
    at = next;
  }
  return { fields, files };
}

const error = (message: string, type: string, code: string | null = null) => ({ error: { message, type, param: null, code } });

/**
 * A request with tools (and no tool result yet) is answered with a call of its first tool, its
 * arguments naming the question: streamed as OpenAI streams tool calls (name, then arguments).
 */
function callTool(res: http.ServerResponse, entry: StandinRequest, body: Record<string, unknown>, name: string, asked: string, n: number) {
  const id = `chatcmpl-standin-${n}`;
  const created = Math.floor(Date.now() / 1000);
  const model = entry.model;
  const args = JSON.stringify({ question: asked.slice(0, 40) });
  const usage = {
    prompt_tokens: promptTokens(entry.system, entry.messages),
    completion_tokens: 12,
    total_tokens: promptTokens(entry.system, entry.messages) + 12,
  };
  entry.chunksSent = 12;
  entry.done = true;
  const call = { id: `call_standin_${n}`, type: 'function', function: { name, arguments: args } };
  if (!entry.stream) {
    return sendJson(res, 200, {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [call], refusal: null }, logprobs: null, finish_reason: 'tool_calls' }],
      usage,
    });
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const chunk = (delta: object, finish: string | null) =>
    res.write(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`,
    );
  chunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, ...call, function: { name, arguments: '' } }] }, null);
  chunk({ tool_calls: [{ index: 0, function: { arguments: args } }] }, null);
  chunk({}, 'tool_calls');
  if ((body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true)
    res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`);
  res.end('data: [DONE]\n\n');
}

export async function startOpenAiStandin(
  opts: StandinOptions = {},
): Promise<Standin & { transcriptions: TranscriptionRequest[]; embeddings: Array<{ model: string; inputs: number }> }> {
  const requests: StandinRequest[] = [];
  const transcriptions: TranscriptionRequest[] = [];
  const embeddings: Array<{ model: string; inputs: number }> = [];
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
    if (req.method === 'POST' && path === '/v1/audio/transcriptions') {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const { fields, files } = readMultipart(Buffer.concat(chunks), String(req.headers['content-type'] ?? ''));
      const model = fields.model ?? '';
      const audio = files.file;
      if (!audio) return sendJson(res, 400, error("you must provide a 'file'", 'invalid_request_error'));
      const seconds = readWav(audio.data)?.durationS ?? audio.data.length / 16000;
      transcriptions.push({
        model,
        fileName: audio.name,
        mime: audio.type,
        bytes: audio.data.length,
        seconds,
        language: fields.language ?? null,
        prompt: fields.prompt ?? null,
      });
      if (model === 'hang') return;
      if (model === 'rate-limit') return sendJson(res, 429, error('Rate limit reached for requests', 'requests', 'rate_limit_exceeded'));
      if (model === 'fail') return sendJson(res, 500, { error: { message: 'stand-in transcription failure' } });
      const forced = /\[\[reply:([\s\S]*?)\]\]/.exec(fields.prompt ?? '');
      const text = forced ? forced[1] : `Stand-in transcript of ${seconds.toFixed(1)} seconds of audio.`;
      const usage =
        model === 'whisper'
          ? { type: 'duration', seconds: Math.ceil(seconds) }
          : model === 'no-usage'
            ? undefined
            : {
                type: 'tokens',
                input_tokens: Math.ceil(seconds * 10),
                output_tokens: tokensOf(text).length,
                total_tokens: Math.ceil(seconds * 10) + tokensOf(text).length,
              };
      return sendJson(res, 200, { text, ...(usage ? { usage } : {}) });
    }
    if (req.method === 'POST' && path === '/v1/embeddings') {
      const body = await readJson(req);
      if (body.model === 'fail') return sendJson(res, 500, { error: { message: 'stand-in failure' } });
      const input = body.input;
      const items = Array.isArray(input) && !input.every((x) => typeof x === 'number') ? (input as unknown[]) : [input];
      // 8 numbers a text, the same for the same text
      const vector = (x: unknown) => Array.from({ length: 8 }, (_, i) => ((JSON.stringify(x).charCodeAt(i % JSON.stringify(x).length) * (i + 1)) % 97) / 97);
      const used = items.reduce<number>((n, x) => n + (typeof x === 'string' ? tokensOf(x).length : Array.isArray(x) ? x.length : 0), 0);
      embeddings.push({ model: String(body.model), inputs: items.length });
      return sendJson(res, 200, {
        object: 'list',
        model: body.model,
        data: items.map((x, index) => ({ object: 'embedding', index, embedding: vector(x) })),
        usage: { prompt_tokens: used, total_tokens: used },
      });
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions')
      return sendJson(res, 404, error(`Unknown request URL: ${req.method} ${path}`, 'invalid_request_error'));

    const body = await readJson(req);
    const model = String(body.model ?? '');
    let all: StandinMessage[];
    try {
      all = messagesOf(body.messages);
    } catch (e) {
      return sendJson(res, 400, error((e as Error).message, 'invalid_request_error'));
    }
    const systemParts = all.filter((m) => m.role === 'system' || m.role === 'developer').map((m) => m.content);
    const messages = all.filter((m) => m.role !== 'system' && m.role !== 'developer');
    const maxTokens = Number(body.max_completion_tokens ?? body.max_tokens) || null;
    const stream = body.stream === true;
    const entry: StandinRequest = {
      model,
      messages,
      system: systemParts.length ? systemParts.join('\n') : null,
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
      return sendJson(res, 429, error('Rate limit reached for requests', 'requests', 'rate_limit_exceeded'));
    }
    if (model === 'fail') {
      entry.done = true;
      return sendJson(res, 500, { error: { message: 'stand-in failure' } });
    }

    const last = messages[messages.length - 1];
    // after a tool's result: the reply names it
    const lastUser = last?.role === 'tool' ? `Tool said ${last.content}` : ([...messages].reverse().find((m) => m.role === 'user')?.content ?? '');
    const tools = Array.isArray(body.tools) ? (body.tools as Array<{ function?: { name?: string } }>) : [];
    if (tools.length && last?.role !== 'tool') return callTool(res, entry, body, String(tools[0]?.function?.name ?? 'tool'), lastUser, requests.length);
    const tokens = tokensOf(replyFor(lastUser)).slice(0, maxTokens ?? undefined);
    const finish = maxTokens !== null && tokensOf(replyFor(lastUser)).length > maxTokens ? 'length' : 'stop';
    const pause = model === 'slow' ? 150 : delay;
    const usage = () => ({
      prompt_tokens: promptTokens(entry.system, messages),
      completion_tokens: entry.chunksSent,
      total_tokens: promptTokens(entry.system, messages) + entry.chunksSent,
    });
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
      res.write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] })}\n\n`,
      );
    chunk({ role: 'assistant', content: '' }, null);
    const sent = await streamTokens(entry, tokens, pause, (text) => chunk({ content: text }, null), model === 'error-mid' ? 5 : Infinity);
    if (entry.aborted) return;
    if (sent === -1) {
      // the connection breaks mid-answer, as a crashed upstream does (the stand-in's doing, not an abort)
      unwatch();
      // the chunks sent so far reach the client first (an SSE comment, flushed, then the break)
      await new Promise<void>((resolve) => res.write(': break\n\n', () => resolve()));
      res.destroy();
      return;
    }
    chunk({}, finish);
    const includeUsage = (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
    if (includeUsage && model !== 'no-usage')
      res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: usage() })}\n\n`);
    entry.done = true;
    res.end('data: [DONE]\n\n');
  }

  const server = await serve(handle);
  return { baseUrl: `${server.origin}/v1`, requests, transcriptions, embeddings, close: server.close };
}
