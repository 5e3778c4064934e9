/**
 * The credits ledger: starting credits are an entry, holds never overdraw under concurrency,
 * settlement is idempotent and capped at the hold, orphaned holds are settled, adjustments and
 * the daily limit, reconciliation reports (never fixes), and each user sees only their history.
 */
import { sql } from 'drizzle-orm';
import type { CreditService } from '../../server/modules/credits/service';
import { call, login, makeRole, makeUser, registerAdmin } from '../support/accounts';
import { createTestApp } from '../support/test-app';
import { creditsOf } from '../support/services';

let t: Awaited<ReturnType<typeof createTestApp>>;
let adminToken: string;
let credits: CreditService;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await registerAdmin(t.app)).token;
  credits = creditsOf(t.db);
});
afterAll(async () => {
  await credits?.stop();
  await t?.close();
});

async function userWith(name: string, score: number, role: string[] = []) {
  const u = await makeUser(t.db, { username: name, password: 'Passw0rd!', role });
  if (score) await credits.postNow({ userId: u.id, kind: 'grant', amount: score, key: `test-grant:${u.id}` });
  const token = (await login(t.app, name, 'Passw0rd!')).body.data.token as string;
  return { id: u.id, token };
}

const ledgerSum = async (userId: string) =>
  Number((await t.db.execute<{ s: string }>(sql`SELECT coalesce(sum(amount), 0) AS s FROM credit_ledger WHERE user_id = ${userId}`)).rows[0].s);

test('a new account gets its starting credits as its first ledger entry', async () => {
  const me = await call(t.app, 'GET', '/api/credits/me', { token: adminToken });
  expect(me.body.data).toEqual({ balance: 10000, held: 0, today_used: 0, daily_limit: null });
  const h = await call(t.app, 'GET', '/api/credits/history', { token: adminToken });
  expect(h.body.total).toBe(1);
  expect(h.body.data[0]).toMatchObject({ kind: 'grant', amount: 10000, balance_after: 10000, ref_type: 'register' });
});

test('200 concurrent holds on a balance that covers 20: exactly 20 pass, never negative, balance = ledger', async () => {
  const u = await userWith('racer', 10000);
  const results = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => credits.hold(u.id, 500, { key: `race:${i}`, refType: 'admin' })));
  const ok = results.filter((r) => r.status === 'fulfilled');
  const refused = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
  expect(ok).toHaveLength(20);
  expect(refused).toHaveLength(180);
  expect(new Set(refused.map((r) => r.reason.code))).toEqual(new Set(['INSUFFICIENT_CREDITS']));
  expect(await credits.balance(u.id)).toBe(0);
  expect(await ledgerSum(u.id)).toBe(0);
  // settle every hold with a cost of 120: each gives back 380
  for (const r of ok) await credits.settle((r as PromiseFulfilledResult<{ id: number }>).value.id, 120);
  expect(await credits.balance(u.id)).toBe(20 * 380);
  expect(await ledgerSum(u.id)).toBe(20 * 380);
});

test('settling is idempotent and never captures more than the hold; a repeated hold key is the same hold', async () => {
  const u = await userWith('settler', 1000);
  const h = await credits.hold(u.id, 300, { key: 'idem-hold', refType: 'admin' });
  const again = await credits.hold(u.id, 300, { key: 'idem-hold', refType: 'admin' });
  expect(again.id).toBe(h.id);
  expect(await credits.balance(u.id)).toBe(700);
  const first = await credits.settle(h.id, 5000);
  expect(first).toMatchObject({ captured: 300, balance: 700, repeated: false });
  const second = await credits.settle(h.id, 10);
  expect(second).toMatchObject({ captured: 300, repeated: true });
  await Promise.all([credits.release(h.id), credits.settle(h.id, 1)]);
  expect(await credits.balance(u.id)).toBe(700);
  const kinds = (await t.db.execute<{ kind: string; amount: number }>(sql`SELECT kind, amount FROM credit_ledger WHERE hold_id = ${h.id} ORDER BY id`)).rows;
  expect(kinds).toEqual([
    { kind: 'hold', amount: -300 },
    { kind: 'release', amount: 300 },
    { kind: 'capture', amount: -300 },
  ]);
});

test("a dead process's open holds are settled with the cost recorded so far; a live one's are left alone", async () => {
  const u = await userWith('orphan', 1000);
  const dead = await credits.hold(u.id, 400, { key: 'orphan-hold', refType: 'admin' });
  await credits.progress(dead.id, 150);
  // as if another process had taken it and died: its owner lock is free
  await t.db.execute(sql`UPDATE credit_holds SET owner = 'gone-process' WHERE id = ${dead.id}`);
  const live = await credits.hold(u.id, 100, { key: 'live-hold', refType: 'admin' });
  await credits.start();
  try {
    const other = creditsOf(t.db);
    expect(await other.settleOrphans()).toBe(1);
    expect(await other.settleOrphans()).toBe(0);
  } finally {
    await credits.stop();
  }
  const rows = (
    await t.db.execute<{ id: string; status: string; captured: number | null }>(
      sql`SELECT id, status, captured FROM credit_holds WHERE id IN (${dead.id}, ${live.id}) ORDER BY id`,
    )
  ).rows;
  expect(rows.map((r) => [r.status, r.captured])).toEqual([
    ['settled', 150],
    ['open', null],
  ]);
  expect(await credits.balance(u.id)).toBe(1000 - 150 - 100);
});

test('admins adjust a balance with a reason (ledger + user log); others may not; never below zero', async () => {
  const u = await userWith('adjusted', 100);
  const body = { user_id: u.id, amount: 250, reason: 'goodwill', request_id: 'form-0001' };
  const r = await call(t.app, 'POST', '/api/credits/adjust', { token: adminToken, body });
  expect(r.body.data).toEqual({ balance: 350, repeated: false });
  const again = await call(t.app, 'POST', '/api/credits/adjust', { token: adminToken, body });
  expect(again.body.data).toEqual({ balance: 350, repeated: true });
  const under = await call(t.app, 'POST', '/api/credits/adjust', { token: adminToken, body: { user_id: u.id, amount: -1000, reason: 'too much' } });
  expect(under.status).toBe(402);
  expect(under.body.errorCode).toBe('INSUFFICIENT_CREDITS');
  const empty = await call(t.app, 'POST', '/api/credits/adjust', { token: adminToken, body: { user_id: u.id, amount: 0, reason: 'x' } });
  expect(empty.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'amount' });
  const nobody = await call(t.app, 'POST', '/api/credits/adjust', { token: adminToken, body: { user_id: 'no-such-user', amount: 5, reason: 'x' } });
  expect(nobody.body).toMatchObject({ errorCode: 'NOT_FOUND', field: 'user_id' });
  const self = await call(t.app, 'POST', '/api/credits/adjust', { token: u.token, body: { user_id: u.id, amount: 5, reason: 'me' } });
  expect(self.body.errorCode).toBe('PERMISSION_ERROR');
  const log = await call(t.app, 'GET', '/api/system/user-logs?type=credits-adjust', { token: adminToken });
  expect(log.body.data.map((l: { username: string }) => l.username)).toEqual(['root_admin']);
  const ledger = await call(t.app, 'GET', `/api/credits/ledger?user_id=${u.id}&kind=adjustment`, { token: adminToken });
  expect(ledger.body.data).toEqual([expect.objectContaining({ amount: 250, reason: 'goodwill', username: 'adjusted' })]);
});

test('the daily limit counts what is spent and held today; the most generous role counts', async () => {
  await makeRole(t.db, 'limited', []);
  await makeRole(t.db, 'roomier', []);
  await t.db.execute(sql`UPDATE roles SET daily_credit_limit = 1000 WHERE role_id = 'limited'`);
  await t.db.execute(sql`UPDATE roles SET daily_credit_limit = 1500 WHERE role_id = 'roomier'`);
  expect(await credits.dailyLimitOf(['limited', 'roomier'])).toBe(1500);
  expect(await credits.dailyLimitOf(['admin', 'limited'])).toBeNull();
  const u = await userWith('daily', 5000, ['limited']);
  const limit = await credits.dailyLimitOf(['limited']);
  const h = await credits.hold(u.id, 600, { key: 'daily-1', dailyLimit: limit });
  await expect(credits.hold(u.id, 600, { key: 'daily-2', dailyLimit: limit })).rejects.toMatchObject({ code: 'DAILY_LIMIT_REACHED' });
  await credits.settle(h.id, 100);
  await credits.hold(u.id, 600, { key: 'daily-3', dailyLimit: limit });
  const me = await call(t.app, 'GET', '/api/credits/me', { token: u.token });
  expect(me.body.data).toEqual({ balance: 5000 - 100 - 600, held: 600, today_used: 700, daily_limit: 1000 });
});

test('reconciliation reports a balance that differs from its ledger and leaves it as it is', async () => {
  const clean = await call(t.app, 'POST', '/api/credits/reconcile', { token: adminToken });
  expect(clean.body.data.mismatches).toEqual([]);
  expect(clean.body.data.usersChecked).toBeGreaterThan(3);
  const u = await userWith('tampered', 100);
  await t.db.execute(sql`UPDATE users SET score = 999 WHERE id = ${u.id}`);
  const r = await call(t.app, 'POST', '/api/credits/reconcile', { token: adminToken });
  expect(r.body.data.mismatches).toEqual([{ userId: u.id, balance: 999, ledgerSum: 100 }]);
  expect(await credits.balance(u.id)).toBe(999);
  const last = await call(t.app, 'GET', '/api/credits/reconciliation', { token: adminToken });
  expect(last.body.data).toMatchObject({ id: r.body.data.id, trigger: 'admin' });
  const denied = await call(t.app, 'POST', '/api/credits/reconcile', { token: u.token });
  expect(denied.body.errorCode).toBe('PERMISSION_ERROR');
  await t.db.execute(sql`UPDATE users SET score = 100 WHERE id = ${u.id}`);
});

test("a user's history holds their own entries only, filtered and exported", async () => {
  const a = await userWith('hist_a', 300);
  const b = await userWith('hist_b', 700);
  const ha = await call(t.app, 'GET', '/api/credits/history', { token: a.token });
  expect(ha.body.data.map((r: { user_id: string }) => r.user_id)).toEqual([a.id]);
  const hb = await call(t.app, 'GET', `/api/credits/history?user_id=${a.id}`, { token: b.token });
  expect(hb.body.data.every((r: { user_id: string }) => r.user_id === b.id)).toBe(true);
  const none = await call(t.app, 'GET', '/api/credits/history?kind=capture', { token: a.token });
  expect(none.body.total).toBe(0);
  const x = await t.app.inject({ method: 'GET', url: '/api/credits/history/export', headers: { authorization: `Bearer ${a.token}` } });
  expect(x.statusCode).toBe(200);
  expect(x.headers['content-type']).toContain('spreadsheetml');
});
