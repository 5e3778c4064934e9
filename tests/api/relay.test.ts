/**
 * The relay, called as users call it: with the official `openai` and `@anthropic-ai/sdk` clients
 * and a personal key, against stand-in providers of both protocols. Answers come whole and
 * streamed, with tools and pictures; every call is billed usage x price to the credit on the
 * ledger (purpose api, the key as reference) and counted on its key; a key's caps and rate limits
 * refuse before the provider is called; errors come in the API's own shape.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { sql } from 'drizzle-orm';
import { encodeWav } from '../../shared/audio';
import { call, makeRole, registerAdmin } from '../support/accounts';
import { startAnthropicStandin } from '../support/anthropic-standin';
import { addModel, balanceOf, chatUser, ledgerSum } from '../support/chat';
import { type Standin, startOpenAiStandin } from '../support/openai-standin';
import { createTestApp } from '../support/test-app';
import { until } from '../support/until';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relay-'));
let t: Awaited<ReturnType<typeof createTestApp>>;
let origin: string;
let openaiStandin: Awaited<ReturnType<typeof startOpenAiStandin>>;
let anthropicStandin: Standin;
let admin: string;
let dev: { id: string; token: string };
// input 1 credit a token, output 2 (the stand-in model rows' prices)
const PRICE = { input_price: 1_000_000, output_price: 2_000_000 };

async function newKey(token: string, fields: Record<string, unknown> = {}) {
  const r = await call(t.app, 'POST', '/api/api-keys', { token, body: { name: 'relay test', ...fields } });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return r.body.data as { id: string; key: string };
}

const openai = (key: string) => new OpenAI({ baseURL: `${origin}/v1`, apiKey: key, maxRetries: 0 });
const anthropic = (key: string) => new Anthropic({ baseURL: origin, apiKey: key, maxRetries: 0 });

async function usageRows(keyId: string) {
  const r = await t.db.execute<{ credits: number; input_tokens: number; output_tokens: number; status: string; usage_source: string; purpose: string }>(
    sql`SELECT credits, input_tokens, output_tokens, status, usage_source, purpose FROM ai_usage WHERE api_key_id = ${keyId} ORDER BY id`,
  );
  return r.rows;
}

async function keyCredits(keyId: string) {
  const r = await t.db.execute<{ used: number; held: number }>(
    sql`SELECT credits_used::float8 AS used, credits_held::float8 AS held FROM api_keys WHERE id = ${keyId}`,
  );
  return r.rows[0];
}

beforeAll(async () => {
  openaiStandin = await startOpenAiStandin({ apiKey: 'provider-key' });
  anthropicStandin = await startAnthropicStandin({ apiKey: 'provider-key' });
  t = await createTestApp({ dataDir });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = (await registerAdmin(t.app)).token;
  const o = { base_url: openaiStandin.baseUrl, api_key: 'provider-key', max_output_tokens: 200, ...PRICE };
  await addModel(t.app, admin, { ...o, name: 'gpt-standin', provider_model: 'echo', vision: true });
  await addModel(t.app, admin, { ...o, name: 'gpt-slow', provider_model: 'slow' });
  await addModel(t.app, admin, { ...o, name: 'gpt-busy', provider_model: 'rate-limit' });
  await addModel(t.app, admin, {
    name: 'claude-standin',
    protocol: 'anthropic',
    base_url: anthropicStandin.baseUrl,
    api_key: 'provider-key',
    provider_model: 'echo',
    max_output_tokens: 200,
    ...PRICE,
  });
  await addModel(t.app, admin, { ...o, name: 'whisper-standin', kind: 'speech-to-text', provider_model: 'whisper', input_price: 60, output_price: 0 });
  await addModel(t.app, admin, { ...o, name: 'embed-standin', kind: 'embeddings', provider_model: 'embed', input_price: 500_000, output_price: 0 });
  await makeRole(t.db, 'developer', ['USE_API_KEYS']);
  dev = await chatUser(t.app, t.db, 'relay_dev', 1_000_000, ['developer']);
});
afterAll(async () => {
  await t.close();
  await openaiStandin.close();
  await anthropicStandin.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('the openai client lists the models and gets answers whole and streamed, billed usage x price on the ledger', async () => {
  const k = await newKey(dev.token);
  const client = openai(k.key);
  const models = await client.models.list();
  expect(models.data.map((m) => m.id)).toEqual(expect.arrayContaining(['gpt-standin', 'claude-standin']));

  const before = await balanceOf(t.db, dev.id);
  const whole = await client.chat.completions.create({ model: 'gpt-standin', messages: [{ role: 'user', content: 'hello relay' }] });
  expect(whole.choices[0].message.content).toBe('Echo: hello relay');
  const u1 = whole.usage!;
  expect(await balanceOf(t.db, dev.id)).toBe(before - (u1.prompt_tokens * 1 + u1.completion_tokens * 2));

  // streamed, usage asked for: the last chunk carries it
  const pieces: string[] = [];
  let usage: OpenAI.CompletionUsage | undefined;
  const stream = await client.chat.completions.create({
    model: 'gpt-standin',
    messages: [{ role: 'user', content: 'one two three' }],
    stream: true,
    stream_options: { include_usage: true },
  });
  for await (const c of stream) {
    if (c.choices[0]?.delta?.content) pieces.push(c.choices[0].delta.content);
    if (c.usage) usage = c.usage;
  }
  expect(pieces.join('')).toBe('Echo: one two three');
  expect(pieces.length).toBeGreaterThan(2);
  expect(usage?.completion_tokens).toBe(pieces.length);

  // streamed without asking: no usage chunk reaches the client, but the provider's usage is billed
  const seen: unknown[] = [];
  for await (const c of await client.chat.completions.create({ model: 'gpt-standin', messages: [{ role: 'user', content: 'quiet' }], stream: true }))
    seen.push(c);
  expect(seen.some((c) => (c as { usage?: unknown }).usage)).toBe(false);

  const rows = await usageRows(k.id);
  expect(rows.map((r) => [r.purpose, r.status, r.usage_source])).toEqual([
    ['api', 'done', 'provider'],
    ['api', 'done', 'provider'],
    ['api', 'done', 'provider'],
  ]);
  const spent = rows.reduce((n, r) => n + r.credits, 0);
  expect(rows[0].credits).toBe(u1.prompt_tokens + u1.completion_tokens * 2);
  expect(await balanceOf(t.db, dev.id)).toBe(before - spent);
  expect(await ledgerSum(t.db, dev.id)).toBe(await balanceOf(t.db, dev.id));
  expect(await keyCredits(k.id)).toEqual({ used: spent, held: 0 });
  // the ledger's entries name the key
  const refs = await t.db.execute<{ ref_type: string; ref_id: string }>(
    sql`SELECT DISTINCT ref_type, ref_id FROM credit_ledger WHERE user_id = ${dev.id} AND kind = 'capture'`,
  );
  expect(refs.rows).toEqual([{ ref_type: 'api', ref_id: k.id }]);
  // the cost analysis counts them as API calls
  const analysis = await call(t.app, 'GET', '/api/credits/analysis', { token: dev.token });
  expect(analysis.body.data.by_feature).toEqual([{ purpose: 'api', credits: spent }]);
});

test('tools and pictures pass through to a model of the same protocol, whole and streamed', async () => {
  const k = await newKey(dev.token);
  const client = openai(k.key);
  const tools: OpenAI.Chat.ChatCompletionTool[] = [
    {
      type: 'function',
      function: { name: 'weather', description: 'the weather in a city', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
    },
  ];
  const whole = await client.chat.completions.create({ model: 'gpt-standin', messages: [{ role: 'user', content: 'weather in Paris?' }], tools });
  const toolCall = whole.choices[0].message.tool_calls![0] as OpenAI.Chat.ChatCompletionMessageToolCall & { function: { name: string; arguments: string } };
  expect([whole.choices[0].finish_reason, toolCall.function.name, JSON.parse(toolCall.function.arguments)]).toEqual([
    'tool_calls',
    'weather',
    { question: 'weather in Paris?' },
  ]);

  // the tool's result goes back and is answered
  const after = await client.chat.completions.create({
    model: 'gpt-standin',
    tools,
    messages: [{ role: 'user', content: 'weather in Paris?' }, whole.choices[0].message, { role: 'tool', tool_call_id: toolCall.id, content: 'sunny' }],
  });
  expect(after.choices[0].message.content).toBe('Echo: Tool said sunny');

  // streamed: the call comes as name, then arguments
  let args = '';
  let name = '';
  for await (const c of await client.chat.completions.create({
    model: 'gpt-standin',
    messages: [{ role: 'user', content: 'weather?' }],
    tools,
    stream: true,
  })) {
    const d = c.choices[0]?.delta?.tool_calls?.[0];
    name += d?.function?.name ?? '';
    args += d?.function?.arguments ?? '';
  }
  expect([name, JSON.parse(args)]).toEqual(['weather', { question: 'weather?' }]);

  // a picture reaches the provider as an image part
  const png = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4c40000000049454e44ae426082',
    'hex',
  );
  await client.chat.completions.create({
    model: 'gpt-standin',
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'what is it?' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${png.toString('base64')}` } },
        ],
      },
    ],
  });
  expect(openaiStandin.requests.at(-1)!.messages[0].images).toEqual([{ mime: 'image/png', bytes: png.length }]);
  expect((await keyCredits(k.id)).held).toBe(0);
});

test('the anthropic client gets answers whole, streamed and with tools; each client may ask a model of the other protocol', async () => {
  const k = await newKey(dev.token);
  const client = anthropic(k.key);
  const whole = await client.messages.create({ model: 'claude-standin', max_tokens: 100, messages: [{ role: 'user', content: 'hi claude' }] });
  expect(whole.content).toEqual([{ type: 'text', text: 'Echo: hi claude' }]);

  const stream = client.messages.stream({ model: 'claude-standin', max_tokens: 100, messages: [{ role: 'user', content: 'stream please' }] });
  const streamed = await stream.finalMessage();
  expect(streamed.content).toEqual([{ type: 'text', text: 'Echo: stream please' }]);
  expect(streamed.usage.output_tokens).toBe(3);

  const tool = await client.messages.create({
    model: 'claude-standin',
    max_tokens: 100,
    tools: [{ name: 'lookup', description: 'looks up', input_schema: { type: 'object', properties: {} } }],
    messages: [{ role: 'user', content: 'find it' }],
  });
  expect([tool.stop_reason, tool.content[0]]).toEqual([
    'tool_use',
    expect.objectContaining({ type: 'tool_use', name: 'lookup', input: { question: 'find it' } }),
  ]);

  // an Anthropic client asking an OpenAI-protocol model, streamed; an OpenAI client asking an Anthropic one
  const crossed = await client.messages.stream({ model: 'gpt-standin', max_tokens: 100, messages: [{ role: 'user', content: 'across' }] }).finalMessage();
  expect([crossed.content, crossed.stop_reason]).toEqual([[{ type: 'text', text: 'Echo: across' }], 'end_turn']);
  const back = await openai(k.key).chat.completions.create({
    model: 'claude-standin',
    messages: [
      { role: 'system', content: 'be brief' },
      { role: 'user', content: 'and back' },
    ],
  });
  expect(back.choices[0].message.content).toBe('Echo: and back');
  expect(anthropicStandin.requests.at(-1)!.system).toBe('be brief');

  const rows = await usageRows(k.id);
  expect(rows).toHaveLength(5);
  expect(rows.every((r) => r.status === 'done' && r.credits > 0)).toBe(true);
  expect(await ledgerSum(t.db, dev.id)).toBe(await balanceOf(t.db, dev.id));
});

test('errors come in each API shape: a bad key, a model it may not use, a bad field, tools across protocols, the provider busy', async () => {
  const k = await newKey(dev.token);
  const other = await addModel(t.app, admin, { name: 'gpt-other', base_url: openaiStandin.baseUrl, api_key: 'provider-key', provider_model: 'echo', ...PRICE });
  const limited = await newKey(dev.token, { models: [other.id] });
  const calls = openaiStandin.requests.length;

  const bad = await openai('sk-' + 'x'.repeat(48))
    .chat.completions.create({ model: 'gpt-standin', messages: [{ role: 'user', content: 'x' }] })
    .catch((e: unknown) => e);
  expect(bad).toBeInstanceOf(OpenAI.AuthenticationError);

  const notHis = await openai(limited.key)
    .chat.completions.create({ model: 'gpt-standin', messages: [{ role: 'user', content: 'x' }] })
    .catch((e: unknown) => e);
  expect(notHis).toBeInstanceOf(OpenAI.NotFoundError);
  expect((notHis as InstanceType<typeof OpenAI.APIError>).code).toBe('MODEL_NOT_AVAILABLE');
  expect((await openai(limited.key).models.list()).data.map((m) => m.id)).toEqual(['gpt-other']);

  const empty = await openai(k.key)
    .chat.completions.create({ model: 'gpt-standin', messages: [] })
    .catch((e: unknown) => e);
  expect(empty).toBeInstanceOf(OpenAI.BadRequestError);
  expect((empty as InstanceType<typeof OpenAI.APIError>).param).toBe('messages');

  const crossTools = await openai(k.key)
    .chat.completions.create({ model: 'claude-standin', messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'function', function: { name: 'f' } }] })
    .catch((e: unknown) => e);
  expect([crossTools instanceof OpenAI.BadRequestError, (crossTools as InstanceType<typeof OpenAI.APIError>).param]).toEqual([true, 'tools']);

  // a key limited to an embeddings model calls it, and nothing else
  const embedOnly = await newKey(dev.token, {
    models: [(await t.db.execute<{ id: string }>(sql`SELECT id FROM ai_models WHERE name = 'embed-standin'`)).rows[0].id],
  });
  expect((await openai(embedOnly.key).models.list()).data.map((m) => m.id)).toEqual(['embed-standin']);

  const noKey = await anthropic('sk-' + 'y'.repeat(48))
    .messages.create({ model: 'claude-standin', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] })
    .catch((e: unknown) => e);
  expect(noKey).toBeInstanceOf(Anthropic.AuthenticationError);
  if (new Date().getSeconds() > 50) await new Promise((r) => setTimeout(r, (61 - new Date().getSeconds()) * 1000));
  const once = anthropic((await newKey(dev.token, { rpm_limit: 1 })).key);
  await once.messages.create({ model: 'claude-standin', max_tokens: 10, messages: [{ role: 'user', content: 'first' }] });
  const twice = await once.messages
    .create({ model: 'claude-standin', max_tokens: 10, messages: [{ role: 'user', content: 'second' }] })
    .catch((e: unknown) => e);
  expect(twice).toBeInstanceOf(Anthropic.RateLimitError);
  const noLength = await anthropic(k.key)
    .messages.create({ model: 'claude-standin', messages: [{ role: 'user', content: 'x' }] } as unknown as Anthropic.MessageCreateParamsNonStreaming)
    .catch((e: unknown) => e);
  expect(noLength).toBeInstanceOf(Anthropic.BadRequestError);
  // nothing above reached a provider
  expect(openaiStandin.requests.length).toBe(calls);

  // the provider's 429 is passed on as it gave it, and nothing is billed
  const before = await balanceOf(t.db, dev.id);
  const busy = await openai(k.key)
    .chat.completions.create({ model: 'gpt-busy', messages: [{ role: 'user', content: 'x' }] })
    .catch((e: unknown) => e);
  expect(busy).toBeInstanceOf(OpenAI.RateLimitError);
  expect(await balanceOf(t.db, dev.id)).toBe(before);
  expect((await usageRows(k.id)).map((r) => [r.status, r.credits])).toEqual([['error', 0]]);
});

test("a key's requests and tokens a minute answer 429 with Retry-After; its credit cap refuses concurrent calls past it before the provider, never overdrawn", async () => {
  // the limits count a calendar minute: the calls below must fall in one (the database's clock is this machine's)
  if (new Date().getSeconds() > 45) await new Promise((r) => setTimeout(r, (61 - new Date().getSeconds()) * 1000));
  const limited = await newKey(dev.token, { rpm_limit: 2 });
  const client = openai(limited.key);
  for (let i = 0; i < 2; i++) await client.chat.completions.create({ model: 'gpt-standin', messages: [{ role: 'user', content: `call ${i}` }] });
  const third = await client.chat.completions
    .create({ model: 'gpt-standin', messages: [{ role: 'user', content: 'call 3' }] })
    .withResponse()
    .catch((e: unknown) => e);
  expect(third).toBeInstanceOf(OpenAI.RateLimitError);
  const retry = Number((third as InstanceType<typeof OpenAI.APIError>).headers?.get?.('retry-after'));
  expect(retry).toBeGreaterThanOrEqual(1);
  expect(retry).toBeLessThanOrEqual(60);

  // tokens a minute: the first call uses them up, the next waits for the next minute
  const thrifty = openai((await newKey(dev.token, { tpm_limit: 10 })).key);
  await thrifty.chat.completions.create({ model: 'gpt-standin', messages: [{ role: 'user', content: 'a question of some length' }] });
  const overTokens = await thrifty.chat.completions.create({ model: 'gpt-standin', messages: [{ role: 'user', content: 'again' }] }).catch((e: unknown) => e);
  expect([overTokens instanceof OpenAI.RateLimitError, (overTokens as InstanceType<typeof OpenAI.APIError>).code]).toEqual([true, 'API_KEY_RATE_LIMITED']);

  // each call holds (prompt + 200 answer tokens) and costs about 30: a cap of 1,000 lets a few through
  const capped = await newKey(dev.token, { credit_cap_total: 1000 });
  const before = await balanceOf(t.db, dev.id);
  const results = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      openai(capped.key)
        .chat.completions.create({ model: 'gpt-standin', messages: [{ role: 'user', content: `capped ${i}` }] })
        .then(() => 'ok' as const)
        .catch((e: InstanceType<typeof OpenAI.APIError>) => e.code),
    ),
  );
  expect(results.filter((r) => r === 'ok').length).toBeGreaterThan(0);
  expect(results.filter((r) => r === 'API_KEY_CAP_REACHED').length).toBeGreaterThan(0);
  expect(results.filter((r) => r !== 'ok' && r !== 'API_KEY_CAP_REACHED')).toEqual([]);
  const used = await keyCredits(capped.id);
  expect(used.held).toBe(0);
  expect(used.used).toBeLessThanOrEqual(1000);
  expect(before - (await balanceOf(t.db, dev.id))).toBe(used.used);
  expect(await ledgerSum(t.db, dev.id)).toBe(await balanceOf(t.db, dev.id));
});

test("a role's daily limit refuses a call before the provider is called, as a spent balance does", async () => {
  await makeRole(t.db, 'frugal', ['USE_API_KEYS']);
  await t.db.execute(sql`UPDATE roles SET daily_credit_limit = 50 WHERE role_id = 'frugal'`);
  const frugal = await chatUser(t.app, t.db, 'relay_frugal', 100_000, ['frugal']);
  const k = await newKey(frugal.token);
  const calls = openaiStandin.requests.length;
  // a call holds its prompt and 200 answer tokens (about 450 credits): past the day's 50
  const refused = await openai(k.key)
    .chat.completions.create({ model: 'gpt-standin', messages: [{ role: 'user', content: 'x' }] })
    .catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(OpenAI.RateLimitError);
  expect((refused as InstanceType<typeof OpenAI.APIError>).code).toBe('DAILY_LIMIT_REACHED');
  expect((refused as InstanceType<typeof OpenAI.APIError>).headers?.get?.('x-should-retry')).toBe('false');
  expect(openaiStandin.requests.length).toBe(calls);
  expect(await balanceOf(t.db, frugal.id)).toBe(100_000);
});

test('a client that goes away mid-answer pays for what was generated, and the provider call is cancelled', async () => {
  const k = await newKey(dev.token);
  const ctl = new AbortController();
  let pieces = 0;
  const stream = await openai(k.key).chat.completions.create(
    { model: 'gpt-slow', messages: [{ role: 'user', content: '[[tokens:60]]' }], stream: true },
    { signal: ctl.signal },
  );
  await (async () => {
    for await (const c of stream) {
      if (c.choices[0]?.delta?.content) pieces += 1;
      if (pieces === 4) ctl.abort();
    }
  })().catch(() => undefined);
  const rows = await until(
    () => usageRows(k.id),
    (r) => r.length > 0,
    { what: 'the usage row' },
  );
  expect(rows[0].status).toBe('disconnected');
  expect(rows[0].output_tokens).toBeGreaterThanOrEqual(4);
  expect(rows[0].output_tokens).toBeLessThan(60);
  expect(rows[0].credits).toBe(rows[0].input_tokens + rows[0].output_tokens * 2);
  await until(() => openaiStandin.requests.at(-1)!.aborted, true, { what: "the provider call's cancellation" });
  expect(await keyCredits(k.id)).toEqual({ used: rows[0].credits, held: 0 });
  expect(await ledgerSum(t.db, dev.id)).toBe(await balanceOf(t.db, dev.id));
});

test("a holder's usage page has each key's use by day and model; others see none of it; a deleted key's use goes with it", async () => {
  const k = await newKey(dev.token);
  const client = openai(k.key);
  for (const content of ['first', 'second']) await client.chat.completions.create({ model: 'gpt-standin', messages: [{ role: 'user', content }] });
  await client.chat.completions.create({ model: 'gpt-busy', messages: [{ role: 'user', content: 'x' }] }).catch(() => undefined);
  const mine = await call(t.app, 'GET', `/api/api-keys/usage?key_id=${k.id}&sortField=requests&sortOrder=descend`, { token: dev.token });
  expect(mine.status).toBe(200);
  const rows = await usageRows(k.id);
  expect(mine.body.data.map((r: any) => [r.model_name, r.requests, r.errors, r.credits])).toEqual([
    ['gpt-standin', 2, 0, rows[0].credits + rows[1].credits],
    ['gpt-busy', 1, 1, 0],
  ]);
  expect(mine.body.data[0].day).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  const other = await chatUser(t.app, t.db, 'relay_other', 0, ['developer']);
  expect((await call(t.app, 'GET', '/api/api-keys/usage', { token: other.token })).body.data).toEqual([]);
  expect((await call(t.app, 'GET', `/api/api-keys/usage?key_id=${k.id}`, { token: admin })).body.data).toHaveLength(2);

  expect((await call(t.app, 'DELETE', `/api/api-keys/${k.id}`, { token: dev.token })).status).toBe(200);
  const left = await t.db.execute(sql`SELECT 1 FROM api_key_days WHERE key_id = ${k.id} UNION ALL SELECT 1 FROM api_key_minutes WHERE key_id = ${k.id}`);
  expect(left.rows).toEqual([]);
  // the calls stay in the AI usage log
  expect(await usageRows(k.id)).toHaveLength(3);
});

test('embeddings come from a model of kind embeddings, billed for their input tokens; a chat model is not one', async () => {
  const k = await newKey(dev.token);
  const client = openai(k.key);
  expect((await client.models.list()).data.map((m) => m.id)).toContain('embed-standin');
  const before = await balanceOf(t.db, dev.id);
  const r = await client.embeddings.create({ model: 'embed-standin', input: ['the first text', 'a second one'], encoding_format: 'float' });
  expect(r.data.map((d) => [d.index, d.embedding.length])).toEqual([
    [0, 8],
    [1, 8],
  ]);
  expect(openaiStandin.embeddings.at(-1)).toEqual({ model: 'embed', inputs: 2 });
  // 0.5 credit a token, rounded up
  expect(before - (await balanceOf(t.db, dev.id))).toBe(Math.ceil(r.usage.prompt_tokens / 2));
  expect((await usageRows(k.id)).map((u) => [u.input_tokens, u.output_tokens, u.status])).toEqual([[r.usage.prompt_tokens, 0, 'done']]);

  const wrong = await client.embeddings.create({ model: 'gpt-standin', input: 'x' }).catch((e: unknown) => e);
  expect(wrong).toBeInstanceOf(OpenAI.NotFoundError);
  const empty = await client.embeddings.create({ model: 'embed-standin', input: [] }).catch((e: unknown) => e);
  expect([empty instanceof OpenAI.BadRequestError, (empty as InstanceType<typeof OpenAI.APIError>).param]).toEqual([true, 'input']);
});

test('speech to text: a WAV through /v1/audio/transcriptions, billed per minute of audio as the provider measured it', async () => {
  const k = await newKey(dev.token);
  const client = openai(k.key);
  const wav = Buffer.from(encodeWav(new Float32Array(16000 * 3), 16000));
  const before = await balanceOf(t.db, dev.id);
  const r = await client.audio.transcriptions.create({ model: 'whisper-standin', file: await OpenAI.toFile(wav, 'memo.wav', { type: 'audio/wav' }) });
  expect(r.text).toBe('Stand-in transcript of 3.0 seconds of audio.');
  expect(openaiStandin.transcriptions.at(-1)).toMatchObject({ model: 'whisper', fileName: 'memo.wav', seconds: 3 });
  // 60 credits a minute: 3 seconds are 3 credits
  expect(before - (await balanceOf(t.db, dev.id))).toBe(3);
  expect((await usageRows(k.id)).map((u) => [u.purpose, u.status, u.credits])).toEqual([['api', 'done', 3]]);
  const text = await client.audio.transcriptions.create({
    model: 'whisper-standin',
    response_format: 'text',
    file: await OpenAI.toFile(wav, 'memo.wav', { type: 'audio/wav' }),
  });
  expect(String(text).trim()).toBe('Stand-in transcript of 3.0 seconds of audio.');

  const notAudio = await client.audio.transcriptions
    .create({ model: 'whisper-standin', file: await OpenAI.toFile(Buffer.from('hello'), 'a.txt', { type: 'text/plain' }) })
    .catch((e: unknown) => e);
  expect([notAudio instanceof OpenAI.BadRequestError, (notAudio as InstanceType<typeof OpenAI.APIError>).param]).toEqual([true, 'file']);
  const chatModel = await client.audio.transcriptions
    .create({ model: 'gpt-standin', file: await OpenAI.toFile(wav, 'memo.wav', { type: 'audio/wav' }) })
    .catch((e: unknown) => e);
  expect(chatModel).toBeInstanceOf(OpenAI.NotFoundError);
  expect(await ledgerSum(t.db, dev.id)).toBe(await balanceOf(t.db, dev.id));
});
