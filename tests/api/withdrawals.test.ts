/**
 * Withdrawals: only real-name verified accounts request; the minimum, the fee and the payout; only
 * earned credits are withdrawable; the hold is in the balance and the ledger from the request on,
 * follows a change, comes back once on cancel or rejection and stays out on approval; concurrent
 * requests never over-withdraw; only finance reviews, once; the earned credits (a store prompt's
 * use reward, an admin grant marked withdrawable); the settings' bounds.
 */
import { sql } from 'drizzle-orm';
import { call, makeRole, registerAdmin } from '../support/accounts';
import { addModel, balanceOf, chatUser, ledgerSum, newConversation } from '../support/chat';
import type { Standin } from '../support/llm-standin';
import { startOpenAiStandin } from '../support/openai-standin';
import { createTestApp } from '../support/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let finance: { id: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await registerAdmin(t.app)).token;
  await makeRole(t.db, 'finance_staff', ['MANAGE_FINANCE']);
  finance = await chatUser(t.app, t.db, 'wd_finance', 0, ['finance_staff']);
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
/** a verified account with `bought` plain credits and `earned` withdrawable ones (an admin grant) */
async function earner(opts: { bought?: number; earned?: number; verified?: boolean } = {}) {
  const u = await chatUser(t.app, t.db, `wd_user_${++n}`, opts.bought ?? 0);
  if (opts.earned) await grant(u.id, opts.earned, true);
  if (opts.verified !== false) {
    await t.db.execute(sql`INSERT INTO realname_verifications (user_id, real_name, id_card_hash, id_card_enc, id_card_masked, status, decided_at)
      VALUES (${u.id}, '王五', ${`hash-${u.id}`}, 'enc', '1101**********1234', 'approved', now())`);
  }
  return u;
}

async function grant(userId: string, amount: number, withdrawable: boolean) {
  const r = await call(t.app, 'POST', '/api/credits/adjust', { token: admin, body: { user_id: userId, amount, reason: 'test grant', withdrawable } });
  expect(r.status).toBe(200);
  return r;
}

const alipay = { account_type: 'alipay', account_name: '王五', account_no: '13800138000' };
const request = (token: string, body: Record<string, unknown>) => call(t.app, 'POST', '/api/withdrawals', { token, body: { ...alipay, ...body } });
const summary = async (token: string) => (await call(t.app, 'GET', '/api/withdrawals/summary', { token })).body.data;
const review = (token: string, id: string, body: Record<string, unknown>) => call(t.app, 'POST', `/api/withdrawals/${id}/review`, { token, body });
const withdrawalEntries = async (userId: string) =>
  (
    await t.db.execute<{ amount: number; key: string }>(sql`SELECT amount, idempotency_key AS key FROM credit_ledger
    WHERE user_id = ${userId} AND kind = 'withdrawal' ORDER BY id`)
  ).rows;

test('only a real-name verified account may request', async () => {
  const u = await earner({ earned: 5000, verified: false });
  const r = await request(u.token, { amount: 2000 });
  expect(r.status).toBe(403);
  expect(r.body.errorCode).toBe('WITHDRAW_REALNAME_REQUIRED');
  expect((await summary(u.token)).realname).toBe('none');
  expect(await balanceOf(t.db, u.id)).toBe(5000);
});

test('the minimum, the fee (1%) and the payout at the rate; the account fields are checked', async () => {
  const u = await earner({ earned: 5000 });
  const low = await request(u.token, { amount: 999 });
  expect(low.body).toMatchObject({ errorCode: 'WITHDRAW_AMOUNT_INVALID', field: 'amount' });
  expect(low.body.errorMessage).toContain('1000');
  expect((await request(u.token, { amount: 2000, account_no: 'not an account' })).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'account_no' });
  expect((await request(u.token, { amount: 2000, account_type: 'bank', account_no: '6222020200112233445' })).body).toMatchObject({ field: 'bank_name' });
  expect((await request(u.token, { amount: 2000, account_name: '  ' })).body).toMatchObject({ field: 'account_name' });
  const ok = await request(u.token, { amount: 2000 });
  expect(ok.status).toBe(200);
  expect(ok.body.data).toMatchObject({ amount: 2000, fee: 20, payout_cents: 1980, status: 'pending', account_no: '13800138000' });
  // settings change the fee and the rate of later requests
  expect(
    (await call(t.app, 'PUT', '/api/withdrawals/settings', { token: finance.token, body: { fee_bps: 500, min_fee: 120, cents_per_credit: 2 } })).status,
  ).toBe(200);
  try {
    const more = await request(u.token, { amount: 2000 });
    expect(more.body.data).toMatchObject({ fee: 120, payout_cents: (2000 - 120) * 2 });
    const bank = await request(u.token, { amount: 1000, account_type: 'bank', account_no: '6222 0202 0011 2233 445', bank_name: '工商银行' });
    expect(bank.body.data).toMatchObject({ fee: 120, payout_cents: 880 * 2, account_no: '6222020200112233445', bank_name: '工商银行' });
  } finally {
    await call(t.app, 'PUT', '/api/withdrawals/settings', { token: finance.token, body: { fee_bps: 100, min_fee: 0, cents_per_credit: 1 } });
  }
});

test('a payout above 2^31 cents at a high rate is kept exactly', async () => {
  const u = await earner({ earned: 300_000 });
  await call(t.app, 'PUT', '/api/withdrawals/settings', { token: finance.token, body: { fee_bps: 0, cents_per_credit: 10_000 } });
  try {
    const r = await request(u.token, { amount: 300_000 });
    expect(r.body.data).toMatchObject({ fee: 0, payout_cents: 3_000_000_000 });
    expect((await call(t.app, 'GET', '/api/withdrawals', { token: u.token })).body.data[0].payout_cents).toBe(3_000_000_000);
  } finally {
    await call(t.app, 'PUT', '/api/withdrawals/settings', { token: finance.token, body: { fee_bps: 100, cents_per_credit: 1 } });
  }
});

test('bought credits are not withdrawable: at most the earned credits still in the balance', async () => {
  const u = await earner({ bought: 50_000, earned: 3000 });
  expect(await summary(u.token)).toMatchObject({ balance: 53_000, earned: 3000, withdrawn: 0, withdrawable: 3000 });
  const r = await request(u.token, { amount: 3001 });
  expect(r.body).toMatchObject({ errorCode: 'WITHDRAW_EXCEEDS_EARNED', field: 'amount' });
  expect(r.body.errorMessage).toContain('3000');
  // earned credits spent are gone too: the balance caps what is withdrawable
  const poor = await earner({ earned: 3000 });
  await grant(poor.id, -2500, false);
  expect((await summary(poor.token)).withdrawable).toBe(500);
});

test('the hold is in the balance and the ledger from the request on; a change moves it; cancel gives it back once', async () => {
  const u = await earner({ bought: 10_000, earned: 5000 });
  const r = (await request(u.token, { amount: 2000 })).body.data;
  expect(await balanceOf(t.db, u.id)).toBe(13_000);
  expect(await summary(u.token)).toMatchObject({ balance: 13_000, withdrawn: 2000, withdrawable: 3000 });
  const history = (await call(t.app, 'GET', '/api/credits/history?kind=withdrawal', { token: u.token })).body.data;
  expect(history).toEqual([expect.objectContaining({ amount: -2000, ref_type: 'withdrawal', ref_id: r.id })]);

  const changed = await call(t.app, 'PUT', `/api/withdrawals/${r.id}`, { token: u.token, body: { ...alipay, amount: 4500, account_no: 'wang@example.com' } });
  expect(changed.body.data).toMatchObject({ amount: 4500, fee: 45, account_no: 'wang@example.com', version: 2, status: 'pending' });
  expect(await balanceOf(t.db, u.id)).toBe(10_500);
  // a change above what is withdrawable (the old hold counted back) is refused and moves nothing
  const tooMuch = await call(t.app, 'PUT', `/api/withdrawals/${r.id}`, { token: u.token, body: { ...alipay, amount: 5001 } });
  expect(tooMuch.body).toMatchObject({ errorCode: 'WITHDRAW_EXCEEDS_EARNED' });
  expect(await balanceOf(t.db, u.id)).toBe(10_500);
  // another user cannot touch it
  const other = await earner({ earned: 5000 });
  expect((await call(t.app, 'POST', `/api/withdrawals/${r.id}/cancel`, { token: other.token })).status).toBe(404);

  expect((await call(t.app, 'POST', `/api/withdrawals/${r.id}/cancel`, { token: u.token })).body.data.status).toBe('cancelled');
  expect((await call(t.app, 'POST', `/api/withdrawals/${r.id}/cancel`, { token: u.token })).body.errorCode).toBe('WITHDRAW_NOT_PENDING');
  expect((await call(t.app, 'PUT', `/api/withdrawals/${r.id}`, { token: u.token, body: { ...alipay, amount: 1000 } })).body.errorCode).toBe(
    'WITHDRAW_NOT_PENDING',
  );
  expect(await balanceOf(t.db, u.id)).toBe(15_000);
  expect(await ledgerSum(t.db, u.id)).toBe(15_000);
  expect(await withdrawalEntries(u.id)).toEqual([
    { amount: -2000, key: `withdraw:${r.id}:1` },
    { amount: 2000, key: `withdraw:${r.id}:1:return` },
    { amount: -4500, key: `withdraw:${r.id}:2` },
    { amount: 4500, key: `withdraw:${r.id}:2:return` },
  ]);
  expect((await summary(u.token)).withdrawable).toBe(5000);
});

test('reject gives the hold back once; approve keeps it out; a decided request cannot be decided again; only finance reviews', async () => {
  const u = await earner({ earned: 6000 });
  const a = (await request(u.token, { amount: 2000 })).body.data;
  const b = (await request(u.token, { amount: 3000 })).body.data;
  expect(await balanceOf(t.db, u.id)).toBe(1000);

  expect((await review(u.token, a.id, { decision: 'approve', payout_ref: 'X' })).status).toBe(403);
  expect((await review(finance.token, a.id, { decision: 'approve', payout_ref: '  ' })).body).toMatchObject({
    errorCode: 'INVALID_PARAM',
    field: 'payout_ref',
  });
  expect((await review(finance.token, b.id, { decision: 'reject', reason: '' })).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'reason' });

  const ok = await review(finance.token, a.id, { decision: 'approve', payout_ref: 'ALI-2026-001' });
  expect(ok.body.data).toMatchObject({ status: 'approved', payout_ref: 'ALI-2026-001', reviewer_name: 'wd_finance' });
  const no = await review(finance.token, b.id, { decision: 'reject', reason: 'account name does not match' });
  expect(no.body.data).toMatchObject({ status: 'rejected', reason: 'account name does not match' });
  for (const [id, body] of [
    [a.id, { decision: 'reject', reason: 'again' }],
    [b.id, { decision: 'reject', reason: 'again' }],
    [b.id, { decision: 'approve', payout_ref: 'Y' }],
  ] as const) {
    const again = await review(finance.token, id, body);
    expect(again.status).toBe(409);
    expect(again.body.errorCode).toBe('WITHDRAW_NOT_PENDING');
  }
  expect(await balanceOf(t.db, u.id)).toBe(4000);
  expect(await summary(u.token)).toMatchObject({ earned: 6000, withdrawn: 2000, withdrawable: 4000 });
  expect(await ledgerSum(t.db, u.id)).toBe(4000);

  // the user sees their own requests with the reason and the reference; finance sees everyone's
  const mine = (await call(t.app, 'GET', '/api/withdrawals?sortField=created_at&sortOrder=ascend', { token: u.token })).body;
  expect(mine.data.map((r: { status: string }) => r.status)).toEqual(['approved', 'rejected']);
  expect(mine.data[1].reason).toBe('account name does not match');
  const all = await call(t.app, 'GET', `/api/withdrawals/all?user_id=${u.id}&status=approved`, { token: finance.token });
  expect(all.body.data.map((r: { id: string }) => r.id)).toEqual([a.id]);
  expect((await call(t.app, 'GET', '/api/withdrawals/all', { token: u.token })).status).toBe(403);
  const xlsx = await t.app.inject({ method: 'GET', url: `/api/withdrawals/all/export?user_id=${u.id}`, headers: { authorization: `Bearer ${finance.token}` } });
  expect(xlsx.statusCode).toBe(200);
  expect(xlsx.headers['content-type']).toContain('spreadsheetml');
  // each decision is in the user log
  const log = await call(t.app, 'GET', '/api/system/user-logs?type=withdraw-review', { token: admin });
  expect(log.body.total).toBeGreaterThanOrEqual(2);
  expect(log.body.data[0]).toMatchObject({ username: 'wd_finance' });
});

test('concurrent requests never hold more than is withdrawable', async () => {
  const u = await earner({ bought: 100_000, earned: 10_000 });
  const results = await Promise.all(Array.from({ length: 12 }, () => request(u.token, { amount: 1500 })));
  const ok = results.filter((r) => r.status === 200);
  expect(ok).toHaveLength(6);
  expect(new Set(results.filter((r) => r.status !== 200).map((r) => r.body.errorCode))).toEqual(new Set(['WITHDRAW_EXCEEDS_EARNED']));
  expect(await summary(u.token)).toMatchObject({ balance: 101_000, withdrawn: 9000, withdrawable: 1000 });
  expect(await ledgerSum(t.db, u.id)).toBe(101_000);
});

test('an admin grant marked withdrawable is earned; a plain one and a negative withdrawable one are not', async () => {
  const u = await earner({});
  await grant(u.id, 700, false);
  await grant(u.id, 1200, true);
  const bad = await call(t.app, 'POST', '/api/credits/adjust', { token: admin, body: { user_id: u.id, amount: -100, reason: 'x', withdrawable: true } });
  expect(bad.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'withdrawable' });
  expect(await summary(u.token)).toMatchObject({ balance: 1900, earned: 1200, withdrawable: 1200 });
  const kinds = (await call(t.app, 'GET', '/api/credits/history', { token: u.token })).body.data.map((e: { kind: string; amount: number }) => [
    e.kind,
    e.amount,
  ]);
  expect(kinds).toEqual(
    expect.arrayContaining([
      ['earn', 1200],
      ['adjustment', 700],
    ]),
  );
});

test('settings: finance only, bounds checked per field', async () => {
  const s = await call(t.app, 'GET', '/api/withdrawals/settings', { token: finance.token });
  expect(s.body.data).toMatchObject({
    min_credits: 1000,
    fee_bps: 100,
    min_fee: 0,
    cents_per_credit: 1,
    account_types: ['alipay', 'bank'],
    store_use_reward: 0,
  });
  const u = await earner({});
  expect((await call(t.app, 'GET', '/api/withdrawals/settings', { token: u.token })).status).toBe(403);
  for (const [body, field] of [
    [{ fee_bps: 9000 }, 'fee_bps'],
    [{ min_credits: 0 }, 'min_credits'],
    [{ cents_per_credit: 0 }, 'cents_per_credit'],
    [{ account_types: [] }, 'account_types'],
    [{ store_use_reward: -1 }, 'store_use_reward'],
  ] as const) {
    const r = await call(t.app, 'PUT', '/api/withdrawals/settings', { token: finance.token, body });
    expect(r.body).toMatchObject({ errorCode: 'INVALID_PARAM', field });
  }
  const onlyBank = await call(t.app, 'PUT', '/api/withdrawals/settings', { token: finance.token, body: { account_types: ['bank'] } });
  expect(onlyBank.body.data.account_types).toEqual(['bank']);
  const v = await earner({ earned: 2000 });
  expect((await request(v.token, { amount: 1000 })).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'account_type' });
  await call(t.app, 'PUT', '/api/withdrawals/settings', { token: finance.token, body: { account_types: ['alipay', 'bank'] } });
});

describe('store prompt use reward', () => {
  let openai: Standin;
  beforeAll(async () => {
    openai = await startOpenAiStandin();
  });
  afterAll(async () => {
    await openai.close();
  });

  test("a use by someone else earns the author the set credits once per use; the author's own use and a setting of 0 earn nothing", async () => {
    await addModel(t.app, admin, { name: 'Echo', base_url: openai.baseUrl, provider_model: 'echo' });
    const author = await earner({});
    const reader = await chatUser(t.app, t.db, 'wd_reader', 100_000);
    await grant(author.id, 100_000, false); // the author's own sends cost credits
    const [p] = (
      await t.db.execute<{ id: string }>(
        sql`INSERT INTO store_prompts (title, body, author_id, status) VALUES ('Earning prompt', 'Explain {{x}}', ${author.id}, 'approved') RETURNING id`,
      )
    ).rows;
    const send = async (token: string) => {
      const conv = await newConversation(t.app, token);
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/chat/conversations/${conv.id}/messages`,
        headers: { authorization: `Bearer ${token}` },
        payload: { content: 'Explain gravity', parent_id: null, store_prompt_id: p.id },
      });
      expect(r.statusCode).toBe(200);
    };
    await send(reader.token); // reward off (0): nothing earned
    await call(t.app, 'PUT', '/api/withdrawals/settings', { token: finance.token, body: { store_use_reward: 30 } });
    try {
      await send(reader.token);
      await send(reader.token);
      await send(author.token);
    } finally {
      await call(t.app, 'PUT', '/api/withdrawals/settings', { token: finance.token, body: { store_use_reward: 0 } });
    }
    const earned = (
      await t.db.execute<{ amount: number; key: string; ref_type: string; ref_id: string }>(sql`SELECT amount, idempotency_key AS key, ref_type, ref_id
      FROM credit_ledger WHERE user_id = ${author.id} AND kind = 'earn' ORDER BY id`)
    ).rows;
    const uses = (
      await t.db.execute<{ id: string }>(sql`SELECT id::text AS id FROM store_prompt_uses WHERE prompt_id = ${p.id} AND user_id = ${reader.id} ORDER BY id`)
    ).rows;
    expect(uses).toHaveLength(3);
    expect(earned).toEqual([
      { amount: 30, key: `earn:store-use:${uses[1].id}`, ref_type: 'store-prompt', ref_id: p.id },
      { amount: 30, key: `earn:store-use:${uses[2].id}`, ref_type: 'store-prompt', ref_id: p.id },
    ]);
    expect((await summary(author.token)).earned).toBe(60);
  });
});
