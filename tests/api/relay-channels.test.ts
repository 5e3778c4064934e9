/**
 * Channels behind one model: a call goes to the next channel when one fails before the first
 * token (a 5xx, a 429, no answer in time), never after an answer has begun; a channel failing 3
 * times in a row is paused and passed over until it is tested again; the chat routes the same way;
 * admins see each channel's health. Against an OpenAI stand-in whose model ids fail on purpose.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { sql } from 'drizzle-orm';
import { call, makeRole, registerAdmin } from '../support/accounts';
import { addModel, ask, balanceOf, chatUser, ledgerSum, newConversation } from '../support/chat';
import { ChannelService } from '../../server/modules/ai-models/channels';
import { startOpenAiStandin } from '../support/openai-standin';
import { createTestApp } from '../support/test-app';
import { until } from '../support/until';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'relay-channels-'));
let t: Awaited<ReturnType<typeof createTestApp>>;
let standin: Awaited<ReturnType<typeof startOpenAiStandin>>;
let origin: string;
let admin: string;
let dev: { id: string; token: string };
let key: string;

const PRICE = { input_price: 1_000_000, output_price: 2_000_000 };
const calls = (model: string) => standin.requests.filter((r) => r.model === model).length;

/** a model whose own provider answers with `own`, and a channel behind it answering with `backup` */
async function routedModel(name: string, own: string, backup: string, priority = -1) {
  const m = await addModel(t.app, admin, { name, base_url: standin.baseUrl, provider_model: own, ...PRICE });
  const c = await call(t.app, 'POST', `/api/ai/models/${m.id}/channels`, {
    token: admin,
    body: { name: `${name} backup`, protocol: 'openai', base_url: standin.baseUrl, provider_model: backup, priority },
  });
  expect(c.status).toBe(200);
  return { model: m, channel: c.body.data as { id: string } };
}

const client = () => new OpenAI({ baseURL: `${origin}/v1`, apiKey: key, maxRetries: 0 });

beforeAll(async () => {
  standin = await startOpenAiStandin();
  t = await createTestApp({ dataDir, ai: { firstTokenMs: 10_000, idleMs: 10_000, channelWaitMs: 400 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = (await registerAdmin(t.app)).token;
  await makeRole(t.db, 'developer', ['USE_API_KEYS']);
  dev = await chatUser(t.app, t.db, 'channel_dev', 1_000_000, ['developer']);
  key = (await call(t.app, 'POST', '/api/api-keys', { token: dev.token, body: { name: 'channels' } })).body.data.key;
});
afterAll(async () => {
  await t.close();
  await standin.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('a failing channel is passed over before the first token; after 3 failures in a row it is paused, and admins see it', async () => {
  const { model } = await routedModel('routed-fail', 'fail', 'echo');
  for (let i = 1; i <= 3; i++) {
    const r = await client().chat.completions.create({ model: 'routed-fail', messages: [{ role: 'user', content: `try ${i}` }] });
    expect(r.choices[0].message.content).toBe(`Echo: try ${i}`);
    expect(calls('fail')).toBe(i);
  }
  // paused: the next calls go straight to the backup
  const streamed: string[] = [];
  for await (const c of await client().chat.completions.create({ model: 'routed-fail', messages: [{ role: 'user', content: 'paused' }], stream: true }))
    streamed.push(c.choices[0]?.delta?.content ?? '');
  expect(streamed.join('')).toBe('Echo: paused');
  expect(calls('fail')).toBe(3);

  const health = await call(t.app, 'GET', `/api/ai/models/${model.id}/channels`, { token: admin });
  expect(health.status).toBe(200);
  expect(health.body.data.primary).toMatchObject({ failures: 3, requests: 3, errors: 3, last_error: 'status 500' });
  expect(health.body.data.primary.paused_until).not.toBeNull();
  expect(health.body.data.channels).toEqual([
    expect.objectContaining({ name: 'routed-fail backup', provider_model: 'echo', failures: 0, requests: 4, errors: 0 }),
  ]);
  // one bill a call, whichever channel answered
  expect(await ledgerSum(t.db, dev.id)).toBe(await balanceOf(t.db, dev.id));
  const rows = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ai_usage WHERE model_id = ${model.id} AND status = 'done'`);
  expect(rows.rows[0].n).toBe(4);

  // a non-admin cannot see or change channels
  expect((await call(t.app, 'GET', `/api/ai/models/${model.id}/channels`, { token: dev.token })).status).toBe(403);
});

test('a rate-limited or silent channel is passed over too; the chat routes the same way', async () => {
  await routedModel('routed-busy', 'rate-limit', 'echo');
  expect((await client().chat.completions.create({ model: 'routed-busy', messages: [{ role: 'user', content: 'busy' }] })).choices[0].message.content).toBe(
    'Echo: busy',
  );

  const { model } = await routedModel('routed-hang', 'hang', 'echo');
  const started = Date.now();
  expect((await client().chat.completions.create({ model: 'routed-hang', messages: [{ role: 'user', content: 'hang' }] })).choices[0].message.content).toBe(
    'Echo: hang',
  );
  // the silent one had the channel wait (400 ms), not the whole first-token timeout (10 s)
  expect(Date.now() - started).toBeLessThan(5000);

  // the chat page's answer goes through the same channels
  const conv = await newConversation(t.app, dev.token, { model_id: model.id });
  const res = await ask(t.app, dev.token, conv.id, 'from the chat');
  expect(
    res.events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join(''),
  ).toBe('Echo: from the chat');
  expect(res.events.at(-1)?.event).toBe('done');
});

test('an answer that has begun is never tried on another channel: it ends with an error and pays for what came', async () => {
  const { model } = await routedModel('routed-mid', 'error-mid', 'echo', -1);
  const before = calls('echo');
  const pieces: string[] = [];
  const failed = await (async () => {
    for await (const c of await client().chat.completions.create({ model: 'routed-mid', messages: [{ role: 'user', content: '[[tokens:40]]' }], stream: true }))
      pieces.push(c.choices[0]?.delta?.content ?? '');
  })().catch((e: unknown) => e);
  expect(failed).toBeInstanceOf(Error);
  expect(pieces.join('')).toBe('w1 w2 w3 w4 w5');
  expect(calls('echo')).toBe(before);
  // settled once the stream has ended (the client stops reading at the error event)
  const [row] = await until(
    async () =>
      (
        await t.db.execute<{ status: string; output_tokens: number; credits: number }>(
          sql`SELECT status, output_tokens, credits FROM ai_usage WHERE model_id = ${model.id}`,
        )
      ).rows,
    (rows) => rows.length > 0,
    { what: 'the usage row' },
  );
  expect(row.status).toBe('error');
  expect(row.output_tokens).toBeGreaterThanOrEqual(5);
  expect(row.credits).toBeGreaterThan(0);
});

test('a paused channel whose pause is over is tested by the job and comes back when it answers', async () => {
  const { model, channel } = await routedModel('routed-retest', 'echo', 'echo');
  // both paused a minute ago, as three failures in a row leave them
  for (const id of [`model:${model.id}`, channel.id]) {
    await t.db.execute(sql`INSERT INTO ai_channel_health (channel, model_id, failures, paused_until, requests, errors, last_error)
      VALUES (${id}, ${model.id}, 3, now() - interval '1 second', 3, 3, 'status 500')`);
  }
  // the job's run (every 30 s in the server)
  // (these channels have no key: the secret keys' seal is not read)
  const back = await new ChannelService(t.db, 'x'.repeat(32)).retestPaused();
  expect(back).toBe(2);
  const health = (await call(t.app, 'GET', `/api/ai/models/${model.id}/channels`, { token: admin })).body.data;
  expect([health.primary.failures, health.primary.paused_until, health.channels[0].failures, health.channels[0].paused_until]).toEqual([0, null, 0, null]);
});

test("an admin's channel form: fields checked and named; changed and deleted", async () => {
  const m = await addModel(t.app, admin, { name: 'form-model', base_url: standin.baseUrl, provider_model: 'echo', ...PRICE });
  const badUrl = await call(t.app, 'POST', `/api/ai/models/${m.id}/channels`, {
    token: admin,
    body: { name: 'x', protocol: 'openai', base_url: 'ftp://example.com', provider_model: 'echo' },
  });
  expect([badUrl.status, badUrl.body.errorCode, badUrl.body.field]).toEqual([400, 'INVALID_PARAM', 'base_url']);
  const noModel = await call(t.app, 'POST', '/api/ai/models/nope/channels', {
    token: admin,
    body: { name: 'x', protocol: 'openai', base_url: 'https://example.com/v1', provider_model: 'echo' },
  });
  expect([noModel.status, noModel.body.field]).toEqual([404, 'model_id']);
  const made = await call(t.app, 'POST', `/api/ai/models/${m.id}/channels`, {
    token: admin,
    body: { name: 'second', protocol: 'openai', base_url: 'https://example.com/v1/', provider_model: 'gpt-x', api_key: 'sk-secret-123456', weight: 3 },
  });
  expect(made.body.data).toMatchObject({ base_url: 'https://example.com/v1', api_key_masked: 'sk-…3456', weight: 3, priority: 0 });
  expect(JSON.stringify(made.body)).not.toContain('secret');
  const changed = await call(t.app, 'PUT', `/api/ai/channels/${made.body.data.id}`, { token: admin, body: { weight: 0 } });
  expect([changed.status, changed.body.field]).toEqual([400, 'weight']);
  expect((await call(t.app, 'PUT', `/api/ai/channels/${made.body.data.id}`, { token: admin, body: { enabled: false } })).body.data.enabled).toBe(false);
  expect((await call(t.app, 'DELETE', `/api/ai/channels/${made.body.data.id}`, { token: admin })).status).toBe(200);
  expect((await call(t.app, 'DELETE', `/api/ai/channels/${made.body.data.id}`, { token: admin })).status).toBe(404);
});
