/** streamChat against both stand-ins (order, usage, errors, abort) and which models a user may use. */
import { AppError } from '../../server/core/errors';
import { ProviderError, type ProviderTarget, type StreamEvent, streamChat } from '../../server/modules/ai-models/providers';
import { AiModelService } from '../../server/modules/ai-models/service';
import { startAnthropicStandin } from '../support/anthropic-standin';
import { makeRole } from '../support/accounts';
import type { Standin } from '../support/llm-standin';
import { startOpenAiStandin } from '../support/openai-standin';
import { createTestDatabase } from '../support/test-app';

let openai: Standin;
let anthropic: Standin;

beforeAll(async () => {
  [openai, anthropic] = await Promise.all([startOpenAiStandin({ apiKey: 'sk-o' }), startAnthropicStandin({ apiKey: 'sk-a' })]);
});
afterAll(async () => {
  await Promise.all([openai.close(), anthropic.close()]);
});

const targets: Array<[string, () => Standin, (model: string) => ProviderTarget]> = [
  ['OpenAI', () => openai, (m) => ({ protocol: 'openai', baseUrl: openai.baseUrl, apiKey: 'sk-o', providerModel: m })],
  ['Anthropic', () => anthropic, (m) => ({ protocol: 'anthropic', baseUrl: anthropic.baseUrl, apiKey: 'sk-a', providerModel: m })],
];

/** the events of one call, or what it threw after them */
async function collect(target: ProviderTarget, content: string, opts: { signal?: AbortSignal; onText?: (n: number) => void } = {}) {
  const events: StreamEvent[] = [];
  let error: unknown = null;
  try {
    for await (const e of streamChat(target, {
      system: 'Be brief.',
      turns: [{ role: 'user', content }],
      maxTokens: 256,
      signal: opts.signal ?? new AbortController().signal,
    })) {
      events.push(e);
      if (e.type === 'text') opts.onText?.(events.filter((x) => x.type === 'text').length);
    }
  } catch (e) {
    error = e;
  }
  const text = events.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join('');
  return { events, text, usage: events.filter((e) => e.type === 'usage'), error };
}

describe.each(targets)('streamChat: %s', (_, standin, target) => {
  it('streams the text in order, then the usage once', async () => {
    const r = await collect(target('echo'), '[[reply:Hello 世界, line one\\nline two]]');
    expect(r.error).toBeNull();
    expect(r.text).toBe('Hello 世界, line one\nline two');
    // one event per token: Hello / 世 / 界 / , / line / one / \nline / two
    expect(r.events.filter((e) => e.type === 'text').length).toBeGreaterThanOrEqual(7);
    const input = Math.ceil(('Be brief.'.length + '[[reply:Hello 世界, line one\\nline two]]'.length) / 4);
    expect(r.usage).toEqual([{ type: 'usage', inputTokens: input, outputTokens: standin().requests.at(-1)!.chunksSent }]);
    expect(r.events.at(-1)!.type).toBe('usage');
    const req = standin().requests.at(-1)!;
    expect(req).toMatchObject({ model: 'echo', system: 'Be brief.', maxTokens: 256, stream: true, done: true, aborted: false });
    expect(req.messages).toEqual([{ role: 'user', content: '[[reply:Hello 世界, line one\\nline two]]', images: [] }]);
  });

  it('keeps a long reply whole and in order', async () => {
    const r = await collect(target('echo'), '[[tokens:120]]');
    expect(r.text).toBe(Array.from({ length: 120 }, (_, i) => `w${i + 1}`).join(' '));
    expect(r.usage).toEqual([expect.objectContaining({ outputTokens: 120 })]);
  });

  it('reports no usage when the provider gives none', async () => {
    const r = await collect(target('no-usage'), 'hi there');
    expect(r.error).toBeNull();
    expect(r.text).toBe('Echo: hi there');
    expect(r.usage).toEqual([]);
  });

  it('throws a ProviderError after the text an error mid-stream let through', async () => {
    const r = await collect(target('error-mid'), '[[tokens:40]]');
    expect(r.text).toBe('w1 w2 w3 w4 w5');
    expect(r.error).toBeInstanceOf(ProviderError);
    expect((r.error as ProviderError).code).toBe('AI_PROVIDER_ERROR');
  });

  it('maps 429 and 500 before any text, with the provider status and message', async () => {
    const limited = await collect(target('rate-limit'), 'hi');
    expect(limited.events).toEqual([]);
    expect(limited.error).toMatchObject({ code: 'AI_RATE_LIMITED', status: 429 });
    const failed = await collect(target('fail'), 'hi');
    expect(failed.error).toMatchObject({ code: 'AI_PROVIDER_ERROR', status: 500, providerMessage: 'stand-in failure' });
  });

  it('a wrong key is the provider refusing, with its message', async () => {
    const r = await collect({ ...target('echo'), apiKey: 'sk-wrong' }, 'hi');
    expect(r.error).toBeInstanceOf(ProviderError);
    expect(r.error).toMatchObject({ code: 'AI_PROVIDER_ERROR', status: 401 });
    expect((r.error as ProviderError).providerMessage).toMatch(/key/i);
  });

  it('an abort through the signal ends the provider request, without a ProviderError', async () => {
    const ctrl = new AbortController();
    const before = standin().requests.length;
    const r = await collect(target('slow'), '[[tokens:50]]', { signal: ctrl.signal, onText: (n) => n === 2 && ctrl.abort() });
    expect(r.error === null || !(r.error instanceof ProviderError)).toBe(true);
    expect(r.text.split(' ').length).toBeLessThan(5);
    const req = standin().requests[before];
    await waitFor(() => req.aborted);
    expect(req).toMatchObject({ aborted: true, done: false });
    expect(req.chunksSent).toBeLessThan(50);
  });

  it('an abort while the provider hangs ends the request too', async () => {
    const ctrl = new AbortController();
    const before = standin().requests.length;
    setTimeout(() => ctrl.abort(), 100);
    const r = await collect(target('hang'), 'hi', { signal: ctrl.signal });
    expect(r.error instanceof ProviderError).toBe(false);
    await waitFor(() => standin().requests[before]?.aborted === true);
  });
});

async function waitFor(cond: () => boolean, ms = 2000) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the models a user may use', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let service: AiModelService;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    service = new AiModelService(database.db, 'secret-for-providers-test-000000000');
    await makeRole(database.db, 'vip', []);
    await makeRole(database.db, 'staff', []);
    const add = async (name: string, over: Record<string, unknown> = {}) => {
      const row = await service.create({
        name,
        protocol: 'openai',
        base_url: openai.baseUrl,
        api_key: 'sk-o',
        provider_model: 'echo',
        context_window: 8000,
        max_output_tokens: 1000,
        input_price: 10,
        output_price: 20,
        ...over,
      });
      ids[name] = row.id as string;
    };
    await add('Everyone', { sort: 2 });
    await add('VIP only', { roles: ['vip'], sort: 1 });
    await add('Staff only', { roles: ['staff', 'vip'], sort: 3 });
    await add('Off', { enabled: false });
    await add('Speech', { kind: 'speech-to-text' });
    await add('Claude', { protocol: 'anthropic', base_url: anthropic.baseUrl, api_key: 'sk-a', sort: 4, roles: ['staff'] });
  });
  afterAll(async () => {
    await database.drop();
  });

  const names = async (role: string[]) => (await service.listForUser({ role, permission: [] })).map((m) => m.name);

  it('lists enabled chat models open to everyone or sharing a role, by sort; role admin sees every enabled one', async () => {
    expect(await names([])).toEqual(['Everyone']);
    expect(await names(['vip'])).toEqual(['VIP only', 'Everyone', 'Staff only']);
    expect(await names(['staff'])).toEqual(['Everyone', 'Staff only', 'Claude']);
    expect(await names(['admin'])).toEqual(['VIP only', 'Everyone', 'Staff only', 'Claude']);
    const [info] = await service.listForUser({ role: [] });
    expect(info).toEqual({
      id: ids.Everyone,
      name: 'Everyone',
      context_window: 8000,
      max_output_tokens: 1000,
      input_price: 10,
      output_price: 20,
      vision: false,
    });
  });

  it('resolves a model the user may use, with its key in plain text for the provider call', async () => {
    const m = await service.resolveForUser({ role: ['staff'] }, ids.Claude);
    expect(m).toEqual({
      id: ids.Claude,
      name: 'Claude',
      target: { protocol: 'anthropic', baseUrl: anthropic.baseUrl, apiKey: 'sk-a', providerModel: 'echo' },
      contextWindow: 8000,
      maxOutputTokens: 1000,
      inputPrice: 10,
      outputPrice: 20,
      vision: false,
    });
    const r = await collect(m.target, 'resolved');
    expect(r.text).toBe('Echo: resolved');
  });

  it.each([
    ['a role not allowed', ['vip'], 'Claude'],
    ['no role', [], 'VIP only'],
    ['a disabled model, even for admin', ['admin'], 'Off'],
    ['a speech model', ['admin'], 'Speech'],
    ['an unknown id', ['admin'], null],
  ])('refuses %s with MODEL_NOT_AVAILABLE on model_id', async (_, role, name) => {
    const err = await service.resolveForUser({ role }, name ? ids[name] : 'no-such-id').catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'MODEL_NOT_AVAILABLE', field: 'model_id' });
  });
});
