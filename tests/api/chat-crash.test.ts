/**
 * kill -9 of the server while answers stream: at the next start every hold is settled with the
 * cost recorded so far, the messages keep the text saved so far (marked interrupted), and every
 * balance still equals its ledger.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { freePort } from '../support/free-port';
import type { Standin } from '../support/llm-standin';
import { startOpenAiStandin } from '../support/openai-standin';
import { createTestDatabase } from '../support/test-app';

const ROOT = path.join(__dirname, '..', '..');

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let standin: Standin;
const children: ChildProcess[] = [];

beforeAll(async () => {
  [database, standin] = await Promise.all([createTestDatabase(), startOpenAiStandin()]);
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await Promise.all([database?.drop(), standin?.close()]);
});

async function start(port: number) {
  let output = '';
  const env = {
    ...process.env,
    DATABASE_URL: database.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: 'crash-test-secret-crash-test-secret!',
    LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base };
}

async function json(base: string, method: string, url: string, token: string | null, body?: unknown) {
  const r = await fetch(`${base}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await r.json()) as any;
}

const rows = async <T extends Record<string, unknown>>(q: ReturnType<typeof sql>) => (await database.db.execute<T>(q)).rows;

test('after kill -9 during streams, the restarted server settles every hold', async () => {
  const port = await freePort();
  const first = await start(port);
  const admin = await json(first.base, 'POST', '/api/auth/register-admin', null, {
    username: 'crash_admin',
    nickname: 'A',
    password: 'Admin#2026',
    password2: 'Admin#2026',
  });
  const token = admin.data.token as string;
  const model = await json(first.base, 'POST', '/api/ai/models', token, {
    name: 'Slow',
    protocol: 'openai',
    base_url: standin.baseUrl,
    provider_model: 'slow',
    context_window: 100000,
    max_output_tokens: 200,
    input_price: 1_000_000,
    output_price: 2_000_000,
  });
  const readers = await Promise.all(
    [0, 1, 2].map(async () => {
      const c = await json(first.base, 'POST', '/api/chat/conversations', token, {});
      const res = await fetch(`${first.base}/api/chat/conversations/${c.data.id}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: '[[tokens:150]]', parent_id: null, model_id: model.data.id }),
      });
      return res.body!.getReader();
    }),
  );
  // about 12 tokens each (150 ms apart): the text has been saved at least once
  await Promise.all(
    readers.map(async (r) => {
      let text = '';
      while ((text.match(/event: delta/g) ?? []).length < 12) text += new TextDecoder().decode((await r.read()).value);
    }),
  );
  first.child.kill('SIGKILL');
  await new Promise((r) => first.child.once('exit', r));
  await Promise.all(readers.map((r) => r.cancel().catch(() => undefined)));
  expect(await rows(sql`SELECT id FROM credit_holds WHERE status = 'open'`)).toHaveLength(3);

  const second = await start(port);
  let open = 3;
  for (let i = 0; i < 100 && open > 0; i++) {
    await new Promise((r) => setTimeout(r, 100));
    open = (await rows(sql`SELECT id FROM credit_holds WHERE status = 'open'`)).length;
  }
  expect(open).toBe(0);
  const holds = await rows<{ progress: number; captured: number }>(sql`SELECT progress, captured FROM credit_holds ORDER BY id`);
  for (const h of holds) {
    expect(h.captured).toBe(h.progress);
    expect(h.captured).toBeGreaterThan(0);
  }
  const messages = await rows<{ status: string; content: string; credits: number }>(
    sql`SELECT status, content, credits FROM chat_messages WHERE role = 'assistant'`,
  );
  expect(messages.map((m) => m.status)).toEqual(['interrupted', 'interrupted', 'interrupted']);
  for (const m of messages) {
    expect(m.content).toMatch(/^w1 w2 w3/);
    expect(m.credits).toBeGreaterThan(0);
  }
  const [balance] = await rows<{ score: number; sum: string }>(
    sql`SELECT u.score, (SELECT sum(amount) FROM credit_ledger l WHERE l.user_id = u.id) AS sum FROM users u WHERE username = 'crash_admin'`,
  );
  expect(Number(balance.sum)).toBe(balance.score);
  expect(balance.score).toBe(10000 - holds.reduce((n, h) => n + h.captured, 0));
  expect((await rows(sql`SELECT 1 FROM ai_usage WHERE status = 'interrupted'`)).length).toBe(3);
  // the provider requests ended with the process
  expect(standin.requests.every((r) => r.aborted)).toBe(true);
  const conv = await json(second.base, 'GET', '/api/chat/conversations', token);
  expect(conv.data).toHaveLength(3);
  second.child.kill('SIGTERM');
  await new Promise((r) => second.child.once('exit', r));
}, 120_000);
