/**
 * The cost analysis: spending and top-ups bucketed by the caller's day (time-zone boundary),
 * spending by model and feature, days left at the recent rate, who may see whom, the range
 * bound, and the ledger export link of the same scope and range.
 */
import { sql } from 'drizzle-orm';
import { RULES } from '../../shared/permissions';
import type { CreditService } from '../../server/modules/credits/service';
import { call, makeUser, login } from '../support/accounts';
import { createTestApp } from '../support/test-app';
import { exportRows, tokenWith } from './system-support';
import { creditsOf } from '../support/services';

let t: Awaited<ReturnType<typeof createTestApp>>;
let credits: CreditService;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  credits = creditsOf(t.db);
});
afterAll(async () => {
  await credits?.stop();
  await t?.close();
});

async function user(name: string) {
  const u = await makeUser(t.db, { username: name, password: 'Passw0rd!' });
  const token = (await login(t.app, name, 'Passw0rd!')).body.data.token as string;
  return { id: u.id, token };
}

/** a ledger movement made through the ledger, then dated `at` */
async function move(userId: string, kind: 'grant' | 'capture' | 'topup' | 'redeem' | 'reward' | 'refund', amount: number, at: string | Date) {
  const e = await credits.postNow({ userId, kind, amount, key: `analysis-test:${++n}` });
  await t.db.execute(sql`UPDATE credit_ledger SET created_at = ${new Date(at)} WHERE id = ${e.id}`);
}

async function usage(userId: string, model: string, purpose: string, amount: number, at: string) {
  await t.db.execute(
    sql`INSERT INTO ai_usage (user_id, model_name, purpose, credits, status, created_at) VALUES (${userId}, ${model}, ${purpose}, ${amount}, 'done', ${new Date(at)})`,
  );
}

const analysis = (token: string, q: string) => call(t.app, 'GET', `/api/credits/analysis?${q}`, { token });

test("spending and top-ups fall on the caller's day: 23:30 and 00:30 in Shanghai are two days, one day in UTC", async () => {
  const a = await user('an_days');
  await move(a.id, 'grant', 10_000, '2026-02-01T00:00:00Z');
  await move(a.id, 'capture', -100, '2026-03-01T15:30:00Z'); // 23:30 on 1 March in Shanghai
  await move(a.id, 'capture', -200, '2026-03-01T16:30:00Z'); // 00:30 on 2 March in Shanghai
  await move(a.id, 'topup', 500, '2026-03-02T03:00:00Z');
  await move(a.id, 'redeem', 50, '2026-03-02T04:00:00Z');
  await move(a.id, 'reward', 5, '2026-03-03T04:00:00Z');
  await move(a.id, 'refund', -100, '2026-03-03T05:00:00Z');
  await move(a.id, 'capture', -999, '2026-02-28T15:59:00Z'); // 23:59 on 28 Feb in Shanghai: outside

  const sh = await analysis(a.token, 'from=2026-03-01&to=2026-03-03&tz=Asia/Shanghai');
  expect(sh.status).toBe(200);
  expect(sh.body.data.days).toEqual([
    { day: '2026-03-01', spent: 100, topup: 0, redeem: 0, reward: 0, refund: 0 },
    { day: '2026-03-02', spent: 200, topup: 500, redeem: 50, reward: 0, refund: 0 },
    { day: '2026-03-03', spent: 0, topup: 0, redeem: 0, reward: 5, refund: 100 },
  ]);
  expect(sh.body.data.totals).toEqual({ spent: 300, topup: 500, redeem: 50, reward: 5, refund: 100, added: 555 });
  expect(sh.body.data.balance).toBe(10_000 - 999 - 300 + 555 - 100);

  const utc = await analysis(a.token, 'from=2026-03-01&to=2026-03-03&tz=UTC');
  expect(utc.body.data.days.map((d: { spent: number }) => d.spent)).toEqual([300, 0, 0]);
  // 23:59 on 28 Feb in Shanghai is 28 Feb in UTC too: outside both ranges
  expect(utc.body.data.totals.spent).toBe(300);
});

test('spending by model and by feature covers the range only, largest first', async () => {
  const a = await user('an_models');
  await usage(a.id, 'gpt-4o-mini', 'chat', 120, '2026-04-10T08:00:00Z');
  await usage(a.id, 'gpt-4o-mini', 'breakdown', 30, '2026-04-11T08:00:00Z');
  await usage(a.id, 'claude-sonnet', 'chat', 400, '2026-04-12T08:00:00Z');
  await usage(a.id, 'whisper', 'transcription', 0, '2026-04-12T09:00:00Z'); // nothing spent: left out
  await usage(a.id, 'claude-sonnet', 'ask', 9999, '2026-05-01T08:00:00Z'); // outside the range
  const r = await analysis(a.token, 'from=2026-04-01&to=2026-04-30&tz=UTC');
  expect(r.body.data.by_model).toEqual([
    { model: 'claude-sonnet', credits: 400 },
    { model: 'gpt-4o-mini', credits: 150 },
  ]);
  expect(r.body.data.by_feature).toEqual([
    { purpose: 'chat', credits: 520 },
    { purpose: 'breakdown', credits: 30 },
  ]);
});

test('days left: the balance over the average daily spending of the last 7 days; none when nothing was spent', async () => {
  const a = await user('an_left');
  await move(a.id, 'grant', 10_000, new Date(Date.now() - 30 * 86_400_000));
  await move(a.id, 'capture', -400, new Date(Date.now() - 2 * 86_400_000));
  await move(a.id, 'capture', -300, new Date(Date.now() - 3600_000));
  await move(a.id, 'capture', -5000, new Date(Date.now() - 10 * 86_400_000)); // older than 7 days
  const r = await analysis(a.token, 'tz=UTC');
  // balance 4300 at 700 a week (100 a day): 43 days
  expect(r.body.data).toMatchObject({ balance: 4300, avg_daily: 100, days_left: 43 });
  // the default range: the last 30 days, today last
  expect(r.body.data.days).toHaveLength(30);
  expect(r.body.data.to).toBe(new Date().toISOString().slice(0, 10));

  const idle = await user('an_idle');
  const i = await analysis(idle.token, '');
  expect(i.body.data).toMatchObject({ balance: 0, avg_daily: 0, days_left: null });
  expect(i.body.data.days.every((d: { spent: number }) => d.spent === 0)).toBe(true);
});

test("another account's or everyone's figures need MANAGE_FINANCE", async () => {
  const a = await user('an_scope_a');
  const b = await user('an_scope_b');
  await move(a.id, 'grant', 1000, '2026-06-01T00:00:00Z');
  await move(a.id, 'capture', -70, '2026-06-02T10:00:00Z');
  await move(b.id, 'grant', 1000, '2026-06-01T00:00:00Z');
  await move(b.id, 'capture', -30, '2026-06-02T10:00:00Z');
  const range = 'from=2026-06-01&to=2026-06-05&tz=UTC';

  for (const who of [b.id, '*']) {
    const r = await analysis(a.token, `${range}&user_id=${encodeURIComponent(who)}`);
    expect(r.status).toBe(403);
    expect(r.body.errorCode).toBe('PERMISSION_ERROR');
  }
  // one's own id is one's own figures
  const own = await analysis(a.token, `${range}&user_id=${a.id}`);
  expect(own.body.data).toMatchObject({ user_id: a.id, totals: { spent: 70 } });

  const finance = await tokenWith(t.app, t.db, [RULES.manageFinance]);
  const ofB = await analysis(finance.token, `${range}&user_id=${b.id}`);
  expect(ofB.body.data).toMatchObject({ user_id: b.id, balance: 970, totals: { spent: 30 } });
  const all = await analysis(finance.token, `${range}&user_id=*`);
  expect(all.body.data.user_id).toBeNull();
  expect(all.body.data.totals.spent).toBeGreaterThanOrEqual(100);
  expect(all.body.data.balance).toBeGreaterThanOrEqual(970 + 930);

  // finance's account picker finds them by name; it is closed to others
  const picked = await call(t.app, 'GET', '/api/credits/analysis/accounts?keyword=an_scope_b', { token: finance.token });
  expect(picked.body.data).toEqual([{ id: b.id, username: 'an_scope_b', nickname: null, balance: 970 }]);
  expect((await call(t.app, 'GET', '/api/credits/analysis/accounts?keyword=an_scope', { token: a.token })).status).toBe(403);

  const nobody = await analysis(finance.token, `${range}&user_id=no-such-user`);
  expect(nobody.status).toBe(404);
  expect(nobody.body.field).toBe('user_id');
});

test('a range spans at most 366 days; bad dates and unknown time zones are named', async () => {
  const a = await user('an_range');
  expect((await analysis(a.token, 'from=2024-01-01&to=2024-12-31')).status).toBe(200); // 366 days (leap year)
  const long = await analysis(a.token, 'from=2024-01-01&to=2025-01-01');
  expect(long.status).toBe(400);
  expect(long.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'to' });
  const bad = await analysis(a.token, 'from=2024-02-30&to=2024-03-01');
  expect(bad.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'from' });
  const reversed = await analysis(a.token, 'from=2024-03-02&to=2024-03-01');
  expect(reversed.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'from' });
  const zone = await analysis(a.token, 'tz=Mars/Olympus_Mons');
  expect(zone.status).toBe(400);
  expect(zone.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'tz' });
});

test('the export link gives the ledger entries of the same account and range', async () => {
  const a = await user('an_export');
  await move(a.id, 'grant', 1000, '2026-07-01T00:00:00Z');
  await move(a.id, 'capture', -10, '2026-07-10T15:30:00Z'); // 10 July 23:30 in Shanghai: inside
  await move(a.id, 'capture', -20, '2026-07-10T16:30:00Z'); // 11 July 00:30 in Shanghai: outside
  await move(a.id, 'topup', 300, '2026-07-09T16:00:00Z'); // 10 July 00:00 in Shanghai: inside
  const r = await analysis(a.token, 'from=2026-07-10&to=2026-07-10&tz=Asia/Shanghai');
  const url = r.body.data.export_url as string;
  expect(url.startsWith('/api/credits/history/export?')).toBe(true);
  const own = await exportRows(t.app, url, a.token);
  expect(own.status).toBe(200);
  expect(
    own.rows
      .slice(1)
      .map((row) => row[2])
      .sort(),
  ).toEqual([-10, 300]);

  const plain = await user('an_export_other');
  const finance = await tokenWith(t.app, t.db, [RULES.manageFinance]);
  const forA = await analysis(finance.token, `from=2026-07-10&to=2026-07-10&tz=Asia/Shanghai&user_id=${a.id}`);
  const ledgerUrl = forA.body.data.export_url as string;
  expect(ledgerUrl.startsWith('/api/credits/ledger/export?')).toBe(true);
  const theirs = await exportRows(t.app, ledgerUrl, finance.token);
  expect(theirs.status).toBe(200);
  expect(theirs.rows).toHaveLength(3); // the header and the two entries
  // the ledger of every account stays closed to anyone without MANAGE_FINANCE
  expect((await exportRows(t.app, ledgerUrl, plain.token)).status).toBe(403);
});
