/**
 * Redemption codes: batch generation (count, uniqueness, bounds), redeeming (normalised input,
 * used, expired, switched off, one winner under concurrency), the wrong-code limit, lists and exports.
 */
import { sql } from 'drizzle-orm';
import { RULES } from '../../shared/permissions';
import { CODE_ALPHABET } from '../../server/modules/redeem/service';
import { call, registerAdmin } from '../support/accounts';
import { createTestApp } from '../support/test-app';
import { exportRows, tokenWith } from './system-support';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let finance: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await registerAdmin(t.app)).token;
  finance = (await tokenWith(t.app, t.db, [RULES.manageFinance])).token;
});
afterAll(() => t?.close());

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

async function batch(body: Partial<{ name: string; credits: number; count: number; expires_at: string }> = {}) {
  const r = await call(t.app, 'POST', '/api/redeem/batches', {
    token: finance,
    body: { name: 'Spring', credits: 100, count: 3, expires_at: inDays(30), ...body },
  });
  expect(r.status).toBe(200);
  const codes = await call(t.app, 'GET', `/api/redeem/codes?batch_id=${r.body.data.id}&pageSize=500`, { token: finance });
  return { id: r.body.data.id as string, row: r.body.data, codes: codes.body.data.map((c: { code: string }) => c.code) as string[] };
}

const redeem = (token: string, code: string) => call(t.app, 'POST', '/api/redeem', { token, body: { code } });
const balance = async (token: string) => (await call(t.app, 'GET', '/api/credits/me', { token })).body.data.balance as number;

test('a batch of 10000 codes: all distinct, 16 unambiguous characters shown as XXXX-XXXX-XXXX-XXXX', async () => {
  const r = await call(t.app, 'POST', '/api/redeem/batches', { token: finance, body: { name: 'Big', credits: 5, count: 10000, expires_at: inDays(1) } });
  expect(r.status).toBe(200);
  expect(r.body.data).toMatchObject({ name: 'Big', credits: 5, count: 10000, used_count: 0, disabled: false });
  const rows = (await t.db.execute<{ code: string }>(sql`SELECT code FROM redeem_codes WHERE batch_id = ${r.body.data.id}`)).rows;
  expect(rows).toHaveLength(10000);
  expect(new Set(rows.map((x) => x.code)).size).toBe(10000);
  for (const { code } of rows) expect([...code].every((c) => CODE_ALPHABET.includes(c)) && code.length === 16).toBe(true);
  expect(CODE_ALPHABET).not.toMatch(/[01OI]/);
  const page = await call(t.app, 'GET', `/api/redeem/codes?batch_id=${r.body.data.id}`, { token: finance });
  expect(page.body.total).toBe(10000);
  expect(page.body.data[0].code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
});

test('generation bounds: count 1..10000, credits 1..1000000, expiry in the future', async () => {
  const bad = async (body: object, field: string) => {
    const r = await call(t.app, 'POST', '/api/redeem/batches', { token: finance, body: { name: 'x', credits: 1, count: 1, expires_at: inDays(1), ...body } });
    expect(r.status).toBe(400);
    expect(r.body.field ?? r.body.errors?.[0]?.field ?? JSON.stringify(r.body)).toContain(field);
  };
  await bad({ count: 0 }, 'count');
  await bad({ count: 10001 }, 'count');
  await bad({ credits: 0 }, 'credits');
  await bad({ credits: 1_000_001 }, 'credits');
  await bad({ expires_at: inDays(-1) }, 'expires_at');
  const plain = (await tokenWith(t.app, t.db, [])).token;
  expect((await call(t.app, 'POST', '/api/redeem/batches', { token: plain, body: { name: 'x', credits: 1, count: 1, expires_at: inDays(1) } })).status).toBe(
    403,
  );
});

test('redeeming: lower case, spaces and dashes do not matter; credits posted once; a used code is refused', async () => {
  const b = await batch({ credits: 250 });
  const user = (await tokenWith(t.app, t.db, [])).token;
  const before = await balance(user);
  const typed = ` ${b.codes[0].toLowerCase().replace(/-/g, ' ')} `;
  const r = await redeem(user, typed);
  expect(r.status).toBe(200);
  expect(r.body.data).toEqual({ credits: 250, balance: before + 250 });
  const again = await redeem(user, b.codes[0]);
  expect(again.status).toBe(409);
  expect(again.body).toMatchObject({ errorCode: 'REDEEM_CODE_USED', field: 'code' });
  const other = (await tokenWith(t.app, t.db, [])).token;
  expect((await redeem(other, b.codes[0])).body.errorCode).toBe('REDEEM_CODE_USED');
  expect(await balance(user)).toBe(before + 250);
  const ledger = await call(t.app, 'GET', '/api/credits/history?kind=redeem', { token: user });
  expect(ledger.body.data).toHaveLength(1);
  expect(ledger.body.data[0]).toMatchObject({ amount: 250, ref_type: 'redeem', ref_id: b.id });
  const used = await call(t.app, 'GET', `/api/redeem/codes?batch_id=${b.id}&used=true`, { token: finance });
  expect(used.body.total).toBe(1);
  expect(used.body.data[0].used_by_name).toMatch(/^u_/);
  const list = await call(t.app, 'GET', `/api/redeem/batches?keyword=Spring`, { token: finance });
  expect(list.body.data.find((x: { id: string }) => x.id === b.id).used_count).toBe(1);
});

test('two users redeeming one code at once: exactly one gets it', async () => {
  const b = await batch({ count: 1, credits: 40 });
  const users: { token: string }[] = [];
  for (let i = 0; i < 6; i += 1) users.push(await tokenWith(t.app, t.db, []));
  const results = await Promise.all(users.map((u) => redeem(u.token, b.codes[0])));
  expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  expect(results.filter((r) => r.status === 409).map((r) => r.body.errorCode)).toEqual(Array(5).fill('REDEEM_CODE_USED'));
  const entries = (await t.db.execute(sql`SELECT 1 FROM credit_ledger WHERE kind = 'redeem' AND idempotency_key = ${`redeem:${b.codes[0].replace(/-/g, '')}`}`))
    .rows;
  expect(entries).toHaveLength(1);
});

test('an expired or switched-off batch refuses its codes; switched on again, they work', async () => {
  const user = (await tokenWith(t.app, t.db, [])).token;
  const old = await batch({ count: 1 });
  await t.db.execute(sql`UPDATE redeem_batches SET expires_at = now() - interval '1 minute' WHERE id = ${old.id}`);
  const r = await redeem(user, old.codes[0]);
  expect(r.status).toBe(400);
  expect(r.body).toMatchObject({ errorCode: 'REDEEM_CODE_EXPIRED', field: 'code' });
  const off = await batch({ count: 1 });
  expect((await call(t.app, 'PUT', `/api/redeem/batches/${off.id}/disabled`, { token: finance, body: { disabled: true } })).body.data.disabled).toBe(true);
  expect((await redeem(user, off.codes[0])).body.errorCode).toBe('REDEEM_CODE_EXPIRED');
  await call(t.app, 'PUT', `/api/redeem/batches/${off.id}/disabled`, { token: finance, body: { disabled: false } });
  expect((await redeem(user, off.codes[0])).status).toBe(200);
});

test('after 10 wrong codes in 15 minutes the user must wait, even with a right code; others are not held up', async () => {
  const b = await batch({ count: 2 });
  const user = (await tokenWith(t.app, t.db, [])).token;
  for (let i = 0; i < 10; i += 1) {
    const r = await redeem(user, `WRONG-CODE-${i}`);
    expect(r.body).toMatchObject({ errorCode: 'REDEEM_CODE_INVALID', field: 'code' });
  }
  const blocked = await redeem(user, b.codes[0]);
  expect(blocked.status).toBe(429);
  expect(blocked.body).toMatchObject({ errorCode: 'REDEEM_TOO_MANY_ATTEMPTS', field: 'code' });
  expect(blocked.body.errorMessage).toMatch(/15 minutes/);
  const other = (await tokenWith(t.app, t.db, [])).token;
  expect((await redeem(other, b.codes[1])).status).toBe(200);
  // the window passes
  await t.db.execute(sql`UPDATE redeem_attempts SET created_at = created_at - interval '16 minutes'`);
  expect((await redeem(user, b.codes[0])).status).toBe(200);
});

test('a burst of wrong codes at once still stops at 10', async () => {
  const user = (await tokenWith(t.app, t.db, [])).token;
  const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => redeem(user, `BURST-${i}`)));
  const codes = answers.map((a) => a.body.errorCode);
  expect(codes.filter((c) => c === 'REDEEM_CODE_INVALID')).toHaveLength(10);
  expect(codes.filter((c) => c === 'REDEEM_TOO_MANY_ATTEMPTS')).toHaveLength(15);
});

test("exports: the batches, and a batch's codes with status, user and time", async () => {
  const b = await batch({ name: 'Exported', count: 2 });
  const user = await tokenWith(t.app, t.db, []);
  await redeem(user.token, b.codes[1]);
  const batches = await exportRows(t.app, '/api/redeem/batches/export?keyword=Exported', finance);
  expect(batches.status).toBe(200);
  expect(batches.rows[1].slice(0, 4)).toEqual(['Exported', 100, 2, 1]);
  const codes = await exportRows(t.app, `/api/redeem/codes/export?batch_id=${b.id}&sortField=used_at&sortOrder=descend`, finance);
  expect(codes.rows[0]).toEqual(['code', 'status', 'used by', 'used at']);
  expect(codes.rows).toHaveLength(3);
  const usedRow = codes.rows.find((r) => r[0] === b.codes[1])!;
  expect(usedRow[1]).toBe('used');
  expect(String(usedRow[2])).toMatch(/^u_/);
  expect(codes.rows.find((r) => r[0] === b.codes[0])![1]).toBe('unused');
  expect((await exportRows(t.app, '/api/redeem/batches/export', admin)).status).toBe(200);
});
