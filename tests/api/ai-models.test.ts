/** AI model providers: CRUD, validation, the key sealed and masked, access, test connection against both stand-ins. */
import { startAnthropicStandin } from '../support/anthropic-standin';
import { call, registerAdmin } from '../support/accounts';
import { startOpenAiStandin } from '../support/openai-standin';
import type { Standin } from '../support/llm-standin';
import { createTestApp } from '../support/test-app';
import { exportRows, tokenWith } from './system-support';

const M = '/api/ai/models';
const KEY = 'sk-standin-key-0123456789abcdef3f9a';
// long enough for a stand-in answer on a busy machine (2 s was not, with both cores taken),
// short enough that a hang ends well before the default 15 s
const TEST_TIMEOUT_MS = 6000;

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let openai: Standin;
let anthropic: Standin;

beforeAll(async () => {
  [t, openai, anthropic] = await Promise.all([
    createTestApp({ aiTestTimeoutMs: TEST_TIMEOUT_MS }),
    startOpenAiStandin({ apiKey: KEY }),
    startAnthropicStandin({ apiKey: KEY }),
  ]);
  admin = (await registerAdmin(t.app)).token;
});
afterAll(async () => {
  await Promise.all([t.close(), openai.close(), anthropic.close()]);
});

const model = (over: Record<string, unknown> = {}) => ({
  name: 'GPT stand-in',
  protocol: 'openai',
  base_url: openai.baseUrl,
  api_key: KEY,
  provider_model: 'echo',
  context_window: 128000,
  max_output_tokens: 4096,
  input_price: 150,
  output_price: 600,
  ...over,
});

const create = (body: Record<string, unknown>, token = admin) => call(t.app, 'POST', M, { token, body });

describe('CRUD and the key', () => {
  let id: string;

  it('creates: the row carries the masked key only, and the column holds no plain key', async () => {
    const r = await create(model({ roles: ['admin'] }));
    expect(r.status).toBe(200);
    id = r.body.data.id;
    expect(r.body.data).toMatchObject({
      name: 'GPT stand-in',
      kind: 'chat',
      protocol: 'openai',
      api_key_masked: 'sk-…3f9a',
      enabled: true,
      roles: ['admin'],
      sort: 0,
    });
    expect(JSON.stringify(r.body)).not.toContain(KEY);
    expect(r.body.data).not.toHaveProperty('api_key');
    expect(r.body.data).not.toHaveProperty('api_key_enc');
    const { rows } = await t.db.$client.query(`SELECT api_key_enc FROM ai_models WHERE id = $1`, [id]);
    expect(rows[0].api_key_enc).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(rows[0].api_key_enc).not.toContain(KEY);
    expect(rows[0].api_key_enc).not.toContain(Buffer.from(KEY).toString('base64url'));
    const got = await call(t.app, 'GET', `${M}/${id}`, { token: admin });
    expect(JSON.stringify(got.body)).not.toContain(KEY);
    expect(got.body.data.api_key_masked).toBe('sk-…3f9a');
  });

  it('updates: an absent or empty key keeps the stored one, a new one replaces it, null clears it', async () => {
    const kept = await call(t.app, 'PUT', `${M}/${id}`, { token: admin, body: { name: 'Renamed', api_key: '' } });
    expect(kept.body.data).toMatchObject({ name: 'Renamed', api_key_masked: 'sk-…3f9a' });
    // the stored key still works: the stand-in refuses any other
    expect((await call(t.app, 'POST', `${M}/${id}/test`, { token: admin })).status).toBe(200);
    const replaced = await call(t.app, 'PUT', `${M}/${id}`, { token: admin, body: { api_key: 'sk-other-key-99998888' } });
    expect(replaced.body.data.api_key_masked).toBe('sk-…8888');
    const cleared = await call(t.app, 'PUT', `${M}/${id}`, { token: admin, body: { api_key: null } });
    expect(cleared.body.data.api_key_masked).toBeNull();
    const { rows } = await t.db.$client.query(`SELECT api_key_enc FROM ai_models WHERE id = $1`, [id]);
    expect(rows[0].api_key_enc).toBeNull();
  });

  it('lists with search, filters, sorting and export; deletes', async () => {
    await create(model({ name: 'Claude', protocol: 'anthropic', base_url: anthropic.baseUrl, provider_model: 'claude-x', sort: -1 }));
    await create(
      model({ name: 'Local whisper', kind: 'speech-to-text', base_url: 'http://127.0.0.1:11434/v1', provider_model: 'whisper', enabled: false, sort: 5 }),
    );
    const all = await call(t.app, 'GET', M, { token: admin });
    expect(all.body.data.map((r: { name: string }) => r.name)).toEqual(['Claude', 'Renamed', 'Local whisper']);
    expect(all.body.total).toBe(3);
    const names = async (q: string) => (await call(t.app, 'GET', `${M}?${q}`, { token: admin })).body.data.map((r: { name: string }) => r.name);
    expect(await names('keyword=11434')).toEqual(['Local whisper']);
    expect(await names('keyword=CLAUDE-X')).toEqual(['Claude']);
    expect(await names('protocol=anthropic')).toEqual(['Claude']);
    expect(await names('kind=speech-to-text')).toEqual(['Local whisper']);
    expect(await names('enabled=false')).toEqual(['Local whisper']);
    expect(await names('sortField=name&sortOrder=descend')).toEqual(['Renamed', 'Local whisper', 'Claude']);
    const roleNames = (await call(t.app, 'GET', `${M}?keyword=Renamed`, { token: admin })).body.data[0].role_names;
    expect(roleNames).toHaveLength(1);
    const x = await exportRows(t.app, `${M}/export?protocol=anthropic`, admin);
    expect(x.rows[0]).toEqual([
      'name',
      'protocol',
      'provider model ID',
      'base URL',
      'context window',
      'max output tokens',
      'input price',
      'output price',
      'enabled',
      'reads images',
      'roles',
      'order',
      'created',
    ]);
    expect(x.rows[1].slice(0, 3)).toEqual(['Claude', 'anthropic', 'claude-x']);
    expect(JSON.stringify(x.rows)).not.toContain(KEY);
    const claude = (await call(t.app, 'GET', `${M}?protocol=anthropic`, { token: admin })).body.data[0].id;
    expect((await call(t.app, 'DELETE', `${M}/${claude}`, { token: admin })).body.data).toEqual({ deleted: 1 });
    expect((await call(t.app, 'GET', `${M}/${claude}`, { token: admin })).body.errorCode).toBe('NOT_FOUND');
  });
});

describe('validation', () => {
  const refused = async (body: Record<string, unknown>, code: string, field: string) => {
    const r = await create(body);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errorCode: code, field });
  };

  it('names the field of every bad input with a catalogue code', async () => {
    await refused(model({ name: '   ' }), 'INVALID_PARAM', 'name');
    await refused({ ...model(), name: undefined }, 'INVALID_PARAM', 'name');
    await refused(model({ protocol: 'gemini' }), 'INVALID_PARAM', 'protocol');
    await refused(model({ kind: 'image' }), 'INVALID_PARAM', 'kind');
    await refused(model({ base_url: 'ftp://example.com/v1' }), 'INVALID_PARAM', 'base_url');
    await refused(model({ base_url: 'file:///etc/passwd' }), 'INVALID_PARAM', 'base_url');
    await refused(model({ base_url: 'not a url' }), 'INVALID_PARAM', 'base_url');
    await refused(model({ provider_model: '' }), 'INVALID_PARAM', 'provider_model');
    await refused(model({ context_window: 0 }), 'INVALID_PARAM', 'context_window');
    await refused(model({ context_window: 10_000_001 }), 'INVALID_PARAM', 'context_window');
    await refused(model({ context_window: 1000, max_output_tokens: 1001 }), 'INVALID_PARAM', 'max_output_tokens');
    await refused(model({ max_output_tokens: 0 }), 'INVALID_PARAM', 'max_output_tokens');
    await refused(model({ input_price: -1 }), 'INVALID_PARAM', 'input_price');
    await refused(model({ output_price: 100_000_001 }), 'INVALID_PARAM', 'output_price');
    await refused(model({ input_price: 1.5 }), 'PARAM_ERROR', 'input_price');
    await refused(model({ input_price: '10' }), 'PARAM_ERROR', 'input_price');
    await refused(model({ roles: ['no_such_role'] }), 'REFERENCE_NOT_FOUND', 'roles');
    // a key goes into an HTTP header: printable ASCII only, said on the field (not a provider error)
    await refused(model({ api_key: 'sk-𠮷-key' }), 'INVALID_PARAM', 'api_key');
    await refused(model({ api_key: 'sk-a key' }), 'INVALID_PARAM', 'api_key');
    const test = await call(t.app, 'POST', `${M}/test`, {
      token: admin,
      body: { protocol: 'openai', base_url: openai.baseUrl, api_key: 'sk-é', provider_model: 'x' },
    });
    expect(test.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'api_key' });
  });

  it('checks an update against the stored values', async () => {
    const id = (await create(model({ name: 'Small', context_window: 8000, max_output_tokens: 2000 }))).body.data.id;
    const r = await call(t.app, 'PUT', `${M}/${id}`, { token: admin, body: { max_output_tokens: 9000 } });
    expect(r.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'max_output_tokens' });
    expect((await call(t.app, 'PUT', `${M}/${id}`, { token: admin, body: { name: '' } })).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'name' });
    expect((await call(t.app, 'PUT', `${M}/${id}`, { token: admin, body: { context_window: 16000, max_output_tokens: 9000 } })).body.data).toMatchObject({
      context_window: 16000,
      max_output_tokens: 9000,
    });
  });
});

describe('roles', () => {
  it('a deleted role leaves the models it was listed on (a new role of that id gets nothing)', async () => {
    await t.db.$client.query(`INSERT INTO roles (role_id, role_name) VALUES ('gone_soon', 'Gone soon'), ('stays', 'Stays')`);
    const id = (await create(model({ name: 'Role-bound', roles: ['gone_soon', 'stays'] }))).body.data.id;
    expect((await call(t.app, 'DELETE', `/api/system/roles/gone_soon`, { token: admin })).status).toBe(200);
    expect((await call(t.app, 'GET', `${M}/${id}`, { token: admin })).body.data).toMatchObject({ roles: ['stays'], role_names: ['Stays'] });
  });
});

describe('access', () => {
  it('refuses a user without MANAGE_AI_MODELS and lets a role holding it through', async () => {
    const plain = await tokenWith(t.app, t.db, ['READ_UNI_ID_USERS']);
    for (const [method, url] of [
      ['GET', M],
      ['POST', M],
      ['POST', `${M}/test`],
      ['GET', `${M}/export`],
    ] as const) {
      const r = await call(t.app, method, url, { token: plain.token, body: method === 'POST' ? model() : undefined });
      expect(r.status).toBe(403);
      expect(r.body.errorCode).toBe('PERMISSION_ERROR');
    }
    const holder = await tokenWith(t.app, t.db, ['MANAGE_AI_MODELS']);
    expect((await call(t.app, 'GET', M, { token: holder.token })).status).toBe(200);
    const made = await create(model({ name: 'By the holder' }), holder.token);
    expect(made.status).toBe(200);
    expect((await call(t.app, 'POST', `${M}/${made.body.data.id}/test`, { token: holder.token })).status).toBe(200);
  });
});

describe('test connection', () => {
  const test = (body: Record<string, unknown>) => call(t.app, 'POST', `${M}/test`, { token: admin, body });
  const openaiForm = (over: Record<string, unknown> = {}) => ({ protocol: 'openai', base_url: openai.baseUrl, api_key: KEY, provider_model: 'echo', ...over });
  const anthropicForm = (over: Record<string, unknown> = {}) => ({
    protocol: 'anthropic',
    base_url: anthropic.baseUrl,
    api_key: KEY,
    provider_model: 'echo',
    ...over,
  });

  it.each([
    ['OpenAI', openaiForm],
    ['Anthropic', anthropicForm],
  ])('%s: lists the models and makes a one-token call', async (_, form) => {
    const r = await test(form());
    expect(r.status).toBe(200);
    expect(r.body.data.models).toEqual(expect.arrayContaining(['echo', 'slow', 'hang']));
    // one token of "Echo: Hi"
    expect(r.body.data.reply).toBe('Echo:');
    expect(r.body.data.latency_ms).toEqual(expect.any(Number));
  });

  it('uses the stored key for an edited model when the form leaves the key empty', async () => {
    const id = (await create(model({ name: 'Keyed' }))).body.data.id;
    expect((await test(openaiForm({ id, api_key: '' }))).status).toBe(200);
    expect((await test(openaiForm({ id, api_key: undefined }))).status).toBe(200);
    // without the id there is no key to lend
    const r = await test(openaiForm({ api_key: '' }));
    expect(r.body).toMatchObject({ errorCode: 'AI_PROVIDER_ERROR' });
  });

  it.each([
    ['OpenAI', openaiForm, 'Incorrect API key provided.'],
    ['Anthropic', anthropicForm, 'invalid x-api-key'],
  ])("%s: a wrong key answers the provider's own message", async (_, form, message) => {
    const r = await test(form({ api_key: 'sk-wrong' }));
    expect(r.status).toBe(502);
    expect(r.body.errorCode).toBe('AI_PROVIDER_ERROR');
    expect(r.body.errorMessage).toContain(message);
  });

  it.each([
    ['OpenAI', openaiForm],
    ['Anthropic', anthropicForm],
  ])('%s: 429 is AI_RATE_LIMITED, 500 AI_PROVIDER_ERROR with its message, a hang AI_TIMEOUT quickly', async (_, form) => {
    const limited = await test(form({ provider_model: 'rate-limit' }));
    expect(limited).toMatchObject({ status: 429, body: { errorCode: 'AI_RATE_LIMITED' } });
    const failed = await test(form({ provider_model: 'fail' }));
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ errorCode: 'AI_PROVIDER_ERROR' });
    expect(failed.body.errorMessage).toContain('stand-in failure');
    const started = Date.now();
    const hung = await test(form({ provider_model: 'hang' }));
    expect(hung.status).toBe(504);
    expect(hung.body.errorCode).toBe('AI_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(TEST_TIMEOUT_MS + 8000);
  });

  it('an unreachable provider is a provider error, not a 500; only http(s) URLs are tried', async () => {
    const closed = await startOpenAiStandin();
    const url = closed.baseUrl;
    await closed.close();
    const r = await test(openaiForm({ base_url: url }));
    expect(r.status).toBe(502);
    expect(r.body.errorCode).toBe('AI_PROVIDER_ERROR');
    expect((await test(openaiForm({ base_url: 'gopher://127.0.0.1:70/' }))).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'base_url' });
    expect((await call(t.app, 'POST', `${M}/nope/test`, { token: admin })).body.errorCode).toBe('NOT_FOUND');
  });
});
