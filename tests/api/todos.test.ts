/**
 * The task assistant: a user's own tasks and one level of subtasks, filters with counts, reorder,
 * and the AI breakdown / two-model comparison streamed against the stand-in and billed exactly.
 */
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { call, registerAdmin } from '../support/accounts';
import { addModel, balanceOf, chatUser, ledgerSum, parseSse, textOf } from '../support/chat';
import type { Standin } from '../support/llm-standin';
import { startOpenAiStandin } from '../support/openai-standin';
import { createTestApp } from '../support/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let openai: Standin;
let admin: string;
let echo: { id: string };
let fail: { id: string };
let alice: { id: string; token: string };
let bob: { id: string; token: string };

const TODAY = '2030-06-15';

beforeAll(async () => {
  [t, openai] = await Promise.all([createTestApp({ ai: { firstTokenMs: 1500, idleMs: 1500, channelWaitMs: 1500 } }), startOpenAiStandin()]);
  admin = (await registerAdmin(t.app)).token;
  echo = await addModel(t.app, admin, { name: 'Echo', base_url: openai.baseUrl, provider_model: 'echo' });
  fail = await addModel(t.app, admin, { name: 'Broken', base_url: openai.baseUrl, provider_model: 'fail' });
  alice = await chatUser(t.app, t.db, 'todo_alice', 100_000);
  bob = await chatUser(t.app, t.db, 'todo_bob', 0);
});
afterAll(async () => {
  await Promise.all([t.close(), openai.close()]);
});

const add = async (token: string, body: Record<string, unknown>) => {
  const r = await call(t.app, 'POST', '/api/todos', { token, body });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return r.body.data as { id: string; title: string; subtasks: { id: string; title: string }[] };
};
const list = async (token: string, filter = 'all', keyword = '') =>
  (await call(t.app, 'GET', `/api/todos?filter=${filter}&today=${TODAY}${keyword ? `&keyword=${encodeURIComponent(keyword)}` : ''}`, { token })).body.data as {
    tasks: { id: string; title: string; done: boolean; subtasks: { title: string }[] }[];
    counts: Record<string, number>;
  };
const stream = async (token: string, url: string, payload: unknown) => {
  const res = await t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: payload as never });
  const sse = String(res.headers['content-type']).startsWith('text/event-stream');
  return { status: res.statusCode, sse, events: sse ? parseSse(res.payload) : [], body: sse ? null : (res.json() as any) };
};
const usage = async (userId: string) =>
  (
    await t.db.execute<Record<string, unknown>>(
      sql`SELECT purpose, ref_id, status, input_tokens, output_tokens, credits FROM ai_usage WHERE user_id = ${userId} ORDER BY id`,
    )
  ).rows;

test('a task is created trimmed, edited, marked done and back, and deleted with its subtasks', async () => {
  const u = await chatUser(t.app, t.db, 'todo_crud', 0);
  const task = await add(u.token, { title: '  Plan the trip  ', notes: 'Summer', due_date: '2030-07-01', priority: 2 });
  expect(task).toMatchObject({
    title: 'Plan the trip',
    notes: 'Summer',
    due_date: '2030-07-01',
    priority: 2,
    done: false,
    done_at: null,
    parent_id: null,
    subtasks: [],
  });
  const sub = await add(u.token, { title: 'Book flights', parent_id: task.id });
  expect(sub).toMatchObject({ parent_id: task.id });

  const done = await call(t.app, 'PUT', `/api/todos/${sub.id}`, { token: u.token, body: { done: true } });
  expect(done.body.data).toMatchObject({ done: true, done_at: expect.any(String) });
  // every subtask done does not make the task done
  expect((await call(t.app, 'GET', `/api/todos/${task.id}`, { token: u.token })).body.data).toMatchObject({
    done: false,
    subtasks: [{ title: 'Book flights', done: true }],
  });
  const undone = await call(t.app, 'PUT', `/api/todos/${sub.id}`, { token: u.token, body: { done: false } });
  expect(undone.body.data).toMatchObject({ done: false, done_at: null });

  const edited = await call(t.app, 'PUT', `/api/todos/${task.id}`, {
    token: u.token,
    body: { title: 'Plan the holiday', due_date: null, priority: 0, notes: '' },
  });
  expect(edited.body.data).toMatchObject({ title: 'Plan the holiday', due_date: null, priority: 0, notes: '' });

  expect((await call(t.app, 'DELETE', `/api/todos/${task.id}`, { token: u.token })).status).toBe(200);
  expect((await call(t.app, 'GET', `/api/todos/${sub.id}`, { token: u.token })).status).toBe(404);
  expect((await list(u.token)).tasks).toEqual([]);
});

test('bad input is refused with the field it concerns', async () => {
  const task = await add(alice.token, { title: 'Valid' });
  for (const [body, field] of [
    [{ title: '   ' }, 'title'],
    [{ title: 'x'.repeat(201) }, 'title'],
    [{ title: 'ok', due_date: '2030-02-30' }, 'due_date'],
    [{ title: 'ok', priority: 4 }, 'priority'],
    [{ title: 'ok', parent_id: 'no-such-task' }, 'parent_id'],
  ] as const) {
    const r = await call(t.app, 'POST', '/api/todos', { token: alice.token, body });
    expect(r.status).toBe(r.body.errorCode === 'NOT_FOUND' ? 404 : 400);
    expect(r.body).toMatchObject({ field });
  }
  // a subtask cannot have subtasks
  const sub = await add(alice.token, { title: 'Level one', parent_id: task.id });
  const deeper = await call(t.app, 'POST', '/api/todos', { token: alice.token, body: { title: 'Level two', parent_id: sub.id } });
  expect(deeper.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'parent_id' });
  const accepted = await call(t.app, 'POST', `/api/todos/${sub.id}/subtasks`, { token: alice.token, body: { titles: ['nope'] } });
  expect(accepted.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'parent_id' });
  await call(t.app, 'DELETE', `/api/todos/${task.id}`, { token: alice.token });
});

test("another user's task answers NOT_FOUND everywhere and is never listed", async () => {
  const mine = await add(alice.token, { title: 'Alice only' });
  for (const [method, url, body] of [
    ['GET', `/api/todos/${mine.id}`],
    ['PUT', `/api/todos/${mine.id}`, { done: true }],
    ['DELETE', `/api/todos/${mine.id}`],
    ['POST', `/api/todos/${mine.id}/subtasks`, { titles: ['x'] }],
    ['POST', '/api/todos', { title: 'sneaky', parent_id: mine.id }],
    ['POST', '/api/todos/reorder', { parent_id: null, ids: [mine.id] }],
  ] as const) {
    const r = await call(t.app, method, url, { token: bob.token, body });
    expect([r.status, r.body.errorCode]).toEqual([404, 'NOT_FOUND']);
  }
  const b = await stream(bob.token, `/api/todos/${mine.id}/breakdown`, {});
  expect(b.body).toMatchObject({ errorCode: 'NOT_FOUND' });
  expect((await list(bob.token)).tasks).toEqual([]);
  expect((await call(t.app, 'GET', `/api/todos/${mine.id}`, { token: alice.token })).body.data).toMatchObject({ done: false, subtasks: [] });
  expect((await call(t.app, 'GET', '/api/todos')).status).toBe(401);
  await call(t.app, 'DELETE', `/api/todos/${mine.id}`, { token: alice.token });
});

test('filters today / upcoming / done with their counts, a keyword, and the due tasks of the home page', async () => {
  const u = await chatUser(t.app, t.db, 'todo_filters', 0);
  const overdue = await add(u.token, { title: 'Overdue report', due_date: '2030-06-10', priority: 1 });
  const today = await add(u.token, { title: 'Call the bank', due_date: TODAY, priority: 3 });
  await add(u.token, { title: 'Dentist', due_date: '2030-06-20' });
  await add(u.token, { title: 'Someday read', notes: 'a novel' });
  const finished = await add(u.token, { title: 'Old chore', due_date: '2030-06-01' });
  await call(t.app, 'PUT', `/api/todos/${finished.id}`, { token: u.token, body: { done: true } });
  await add(u.token, { title: 'Buy a novel', parent_id: today.id });

  const counts = { all: 5, today: 2, upcoming: 1, done: 1 };
  expect((await list(u.token, 'today')).tasks.map((x) => x.title)).toEqual(['Overdue report', 'Call the bank']);
  expect((await list(u.token, 'today')).counts).toEqual(counts);
  expect((await list(u.token, 'upcoming')).tasks.map((x) => x.title)).toEqual(['Dentist']);
  expect((await list(u.token, 'done')).tasks.map((x) => x.title)).toEqual(['Old chore']);
  expect((await list(u.token, 'all')).tasks).toHaveLength(5);
  // a keyword finds tasks by title, notes or a subtask's title, and the counts follow it
  const found = await list(u.token, 'all', 'novel');
  expect(found.tasks.map((x) => x.title)).toEqual(['Call the bank', 'Someday read']);
  expect(found.counts).toEqual({ all: 2, today: 1, upcoming: 0, done: 0 });

  const due = await call(t.app, 'GET', `/api/todos/due?today=${TODAY}&limit=1`, { token: u.token });
  expect(due.body.data).toMatchObject({ total: 2, tasks: [{ id: overdue.id, title: 'Overdue report' }] });
  for (const bad of ['2030-13-01', '0000-01-01', 'tomorrow'])
    expect((await call(t.app, 'GET', `/api/todos?today=${bad}`, { token: u.token })).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'today' });
});

test('reorder keeps positions per sibling group, and tasks hidden by a filter keep their places', async () => {
  const u = await chatUser(t.app, t.db, 'todo_order', 0);
  const [a, b, c, d] = [
    await add(u.token, { title: 'A' }),
    await add(u.token, { title: 'B', due_date: TODAY }),
    await add(u.token, { title: 'C' }),
    await add(u.token, { title: 'D', due_date: TODAY }),
  ];
  const s1 = await add(u.token, { title: 's1', parent_id: a.id });
  const s2 = await add(u.token, { title: 's2', parent_id: a.id });

  expect((await call(t.app, 'POST', '/api/todos/reorder', { token: u.token, body: { parent_id: null, ids: [c.id, a.id, d.id, b.id] } })).status).toBe(200);
  expect((await list(u.token)).tasks.map((x) => x.title)).toEqual(['C', 'A', 'D', 'B']);
  // only the two of today swapped: A and C stay where they were
  await call(t.app, 'POST', '/api/todos/reorder', { token: u.token, body: { parent_id: null, ids: [b.id, d.id] } });
  expect((await list(u.token)).tasks.map((x) => x.title)).toEqual(['C', 'A', 'B', 'D']);

  await call(t.app, 'POST', '/api/todos/reorder', { token: u.token, body: { parent_id: a.id, ids: [s2.id, s1.id] } });
  expect((await call(t.app, 'GET', `/api/todos/${a.id}`, { token: u.token })).body.data.subtasks.map((x: { title: string }) => x.title)).toEqual(['s2', 's1']);
  // a subtask and a task are not siblings
  const mixed = await call(t.app, 'POST', '/api/todos/reorder', { token: u.token, body: { parent_id: null, ids: [a.id, s1.id] } });
  expect(mixed.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'parent_id' });
});

test('a breakdown streams, is billed exactly its usage, saves nothing, and accepting adds the subtasks', async () => {
  const task = await add(alice.token, { title: 'Move house [[reply:- Pack the books\n2. Hire a van\n\n* Change the address]]' });
  const before = await ledgerSum(t.db, alice.id);
  const r = await stream(alice.token, `/api/todos/${task.id}/breakdown`, { model_id: echo.id });
  expect(r.sse).toBe(true);
  expect(r.events[0]).toMatchObject({ event: 'start', data: { model: { name: 'Echo' } } });
  expect(textOf(r.events)).toBe('- Pack the books\n2. Hire a van\n\n* Change the address');
  const done = r.events[r.events.length - 1];
  expect(done.event).toBe('done');
  expect(done.data).toMatchObject({ status: 'done', subtasks: ['Pack the books', 'Hire a van', 'Change the address'] });
  // 1 credit per input token, 2 per output token
  expect(done.data.credits).toBe(done.data.input_tokens + 2 * done.data.output_tokens);
  expect(done.data.credits).toBeGreaterThan(0);
  expect(await ledgerSum(t.db, alice.id)).toBe(before - done.data.credits);
  expect(await balanceOf(t.db, alice.id)).toBe(before - done.data.credits);
  expect((await usage(alice.id)).at(-1)).toEqual({
    purpose: 'breakdown',
    ref_id: task.id,
    status: 'done',
    input_tokens: done.data.input_tokens,
    output_tokens: done.data.output_tokens,
    credits: done.data.credits,
  });
  // the default prompt asks for one subtask a line
  expect(JSON.stringify(openai.requests.at(-1))).toContain('one per line');
  expect((await call(t.app, 'GET', `/api/todos/${task.id}`, { token: alice.token })).body.data.subtasks).toEqual([]);

  const accepted = await call(t.app, 'POST', `/api/todos/${task.id}/subtasks`, { token: alice.token, body: { titles: ['Pack the books', ' Hire a van '] } });
  expect(accepted.body.data.subtasks.map((s: { title: string }) => s.title)).toEqual(['Pack the books', 'Hire a van']);
  // all or none: one bad title adds nothing
  const bad = await call(t.app, 'POST', `/api/todos/${task.id}/subtasks`, { token: alice.token, body: { titles: ['Fine', ''] } });
  expect(bad.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'titles.1' });
  expect((await call(t.app, 'GET', `/api/todos/${task.id}`, { token: alice.token })).body.data.subtasks).toHaveLength(2);
});

test('without the credits a breakdown is refused before anything streams; a failing model costs nothing', async () => {
  const task = await add(bob.token, { title: 'Write a novel' });
  const poor = await stream(bob.token, `/api/todos/${task.id}/breakdown`, { model_id: echo.id });
  expect(poor.sse).toBe(false);
  expect(poor.body).toMatchObject({ errorCode: 'INSUFFICIENT_CREDITS' });
  expect(await usage(bob.id)).toEqual([]);

  const mine = await add(alice.token, { title: 'Learn to sail' });
  const before = await ledgerSum(t.db, alice.id);
  const r = await stream(alice.token, `/api/todos/${mine.id}/breakdown`, { model_id: fail.id, prompt: 'List the steps.' });
  const last = r.events[r.events.length - 1];
  expect(last).toMatchObject({ event: 'error', data: { credits: 0, errorCode: expect.any(String) } });
  expect(await ledgerSum(t.db, alice.id)).toBe(before);
  expect(await balanceOf(t.db, alice.id)).toBe(before);
  const held = await call(t.app, 'GET', '/api/credits/me', { token: alice.token });
  expect(held.body.data.held).toBe(0);
});

test('a comparison streams two lanes, bills both, and accepting one creates the task with its subtasks', async () => {
  const before = await ledgerSum(t.db, alice.id);
  const r = await stream(alice.token, '/api/todos/compare', { goal: 'Plan a party [[reply:Invite friends\nBuy cake]]', model_ids: [echo.id, echo.id] });
  expect(r.sse).toBe(true);
  const closes = r.events.filter((e) => e.event === 'done');
  expect(closes.map((e) => e.data.lane).sort()).toEqual(['a', 'b']);
  for (const c of closes) expect(c.data).toMatchObject({ status: 'done', subtasks: ['Invite friends', 'Buy cake'], first_token_ms: expect.any(Number) });
  expect(r.events.filter((e) => e.event === 'delta').every((e) => e.data.lane === 'a' || e.data.lane === 'b')).toBe(true);
  const spent = closes.reduce((s, c) => s + c.data.credits, 0);
  expect(await ledgerSum(t.db, alice.id)).toBe(before - spent);
  expect((await usage(alice.id)).slice(-2).map((u) => u.purpose)).toEqual(['compare', 'compare']);

  // one lane failing costs nothing for that lane
  const mid = await ledgerSum(t.db, alice.id);
  const half = await stream(alice.token, '/api/todos/compare', { goal: 'Paint a wall [[reply:Buy paint]]', model_ids: [echo.id, fail.id] });
  const byLane = Object.fromEntries(half.events.filter((e) => e.event === 'done' || e.event === 'error').map((e) => [e.data.lane, e]));
  expect(byLane.a).toMatchObject({ event: 'done', data: { subtasks: ['Buy paint'] } });
  expect(byLane.b).toMatchObject({ event: 'error', data: { credits: 0 } });
  expect(await ledgerSum(t.db, alice.id)).toBe(mid - byLane.a.data.credits);

  // the second model refused: the first is released, nothing streams or is billed
  const refused = await stream(alice.token, '/api/todos/compare', { goal: 'x', model_ids: [echo.id, 'no-such-model'] });
  expect(refused.sse).toBe(false);
  expect(refused.body.errorCode).toEqual(expect.any(String));
  expect(await ledgerSum(t.db, alice.id)).toBe(mid - byLane.a.data.credits);
  expect((await call(t.app, 'GET', '/api/credits/me', { token: alice.token })).body.data.held).toBe(0);

  const created = await add(alice.token, { title: 'Plan a party', subtasks: ['Invite friends', 'Buy cake'] });
  expect(created.subtasks.map((s) => s.title)).toEqual(['Invite friends', 'Buy cake']);
});

test('Stop ends a breakdown (the provider request too): the stream closes with status stopped and pays what was written', async () => {
  const slow = await addModel(t.app, admin, { name: 'Slow', base_url: openai.baseUrl, provider_model: 'slow' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const task = await add(alice.token, { title: 'Long job [[tokens:60]]' });
  const before = await ledgerSum(t.db, alice.id);
  const res = await fetch(`${base}/api/todos/${task.id}/breakdown`, {
    method: 'POST',
    headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model_id: slow.id }),
  });
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  let text = '';
  while ((text.match(/event: delta/g) ?? []).length < 2) text += dec.decode((await reader.read()).value);
  const id = parseSse(text.slice(0, text.lastIndexOf('\n\n') + 2))[0].data.id as string;
  expect((await call(t.app, 'POST', `/api/todos/runs/${id}/stop`, { token: bob.token })).body.data).toEqual({ stopped: false });
  expect((await call(t.app, 'POST', `/api/todos/runs/${id}/stop`, { token: alice.token })).body.data).toEqual({ stopped: true });
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += dec.decode(value);
  }
  const events = parseSse(text);
  const done = events[events.length - 1];
  expect(done).toMatchObject({ event: 'done', data: { status: 'stopped', text: textOf(events) } });
  expect(done.data.output_tokens).toBeLessThan(60);
  expect(done.data.credits).toBe(done.data.input_tokens + 2 * done.data.output_tokens);
  expect(await ledgerSum(t.db, alice.id)).toBe(before - done.data.credits);
  expect(openai.requests.at(-1)).toMatchObject({ model: 'slow', aborted: true });
  expect((await usage(alice.id)).at(-1)).toMatchObject({ purpose: 'breakdown', status: 'stopped', credits: done.data.credits });
});
