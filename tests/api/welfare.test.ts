/**
 * Welfare campaigns: concurrent claims never pass the budget or the once-per-period rule, each
 * claim is one ledger entry, daily and weekly periods, every eligibility kind, the window, the
 * managers' list, claims, budget and delete rules, and access.
 */
import { sql } from 'drizzle-orm';
import { RULES } from '../../shared/permissions';
import { users } from '../../server/db/schema';
import { hashPassword } from '../../server/modules/auth/passwords';
import type { CreditService } from '../../server/modules/credits/service';
import { RealnameService } from '../../server/modules/realname/service';
import { dayKey, isoWeekKey, periodKey, WelfareService } from '../../server/modules/welfare/service';
import { call, login, registerAdmin } from '../support/accounts';
import { createTestApp } from '../support/test-app';
import { tokenWith } from './system-support';
import { creditsOf, dayZoneOf } from '../support/services';

let t: Awaited<ReturnType<typeof createTestApp>>;
let manager: string;
let passwordHash: string;
/** for services on another clock, over the same database */
let credits: CreditService;
let realname: RealnameService;

beforeAll(async () => {
  t = await createTestApp();
  credits = creditsOf(t.db);
  realname = new RealnameService(t.db, 'test-secret-test-secret-test-secret', { log: async () => undefined });
  await registerAdmin(t.app);
  manager = (await tokenWith(t.app, t.db, [RULES.manageWelfare])).token;
  passwordHash = await hashPassword('Pass#2026');
});
afterAll(async () => {
  await credits?.stop();
  await t?.close();
});

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
let n = 0;

/** signed-in accounts sharing one password hash (one hash, not one per account) */
async function accounts(count: number, fields: Partial<typeof users.$inferInsert> = {}) {
  const made = await t.db
    .insert(users)
    .values(Array.from({ length: count }, () => ({ username: `wf_${++n}`, passwordHash, ...fields })))
    .returning({ id: users.id, username: users.username });
  const out: { id: string; token: string }[] = [];
  for (let i = 0; i < made.length; i += 10) {
    const batch = await Promise.all(
      made.slice(i, i + 10).map(async (u, j) => {
        const r = await login(t.app, u.username!, 'Pass#2026', `10.1.${Math.floor((n + i + j) / 250) % 250}.${(n + i + j) % 250}`);
        if (r.status !== 200) throw new Error(JSON.stringify(r.body));
        return { id: u.id, token: r.body.data.token as string };
      }),
    );
    out.push(...batch);
  }
  return out;
}
const one = async (fields: Partial<typeof users.$inferInsert> = {}) => (await accounts(1, fields))[0];

async function campaign(body: Record<string, unknown> = {}) {
  const r = await call(t.app, 'POST', '/api/welfare/campaigns', {
    token: manager,
    body: {
      title: `Gift ${++n}`,
      credits: 10,
      eligibility: 'everyone',
      frequency: 'once',
      starts_at: inHours(-1),
      ends_at: inHours(24),
      budget: 1000,
      ...body,
    },
  });
  expect(r.status).toBe(200);
  return r.body.data as { id: string; used: number; budget: number; claim_count: number; status: string };
}

const claim = (token: string, id: string) => call(t.app, 'POST', `/api/welfare/${id}/claim`, { token });
const balance = async (token: string) => (await call(t.app, 'GET', '/api/credits/me', { token })).body.data.balance as number;
const ledgerSum = async (id: string) =>
  Number((await t.db.execute<{ s: string }>(sql`SELECT coalesce(sum(amount), 0) AS s FROM credit_ledger WHERE kind = 'welfare' AND ref_id = ${id}`)).rows[0].s);

test('100 distinct users at once on a budget of 10 claims: exactly 10 succeed, used = budget, the ledger holds 10 claims', async () => {
  const c = await campaign({ credits: 7, budget: 70 });
  const people = await accounts(100);
  const results = await Promise.all(people.map((p) => claim(p.token, c.id)));
  const ok = results.filter((r) => r.status === 200);
  expect(ok).toHaveLength(10);
  expect(new Set(results.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.body.errorCode}`))).toEqual(new Set(['409 WELFARE_BUDGET_EXHAUSTED']));
  const row = (await call(t.app, 'GET', `/api/welfare/campaigns/${c.id}`, { token: manager })).body.data;
  expect(row).toMatchObject({ used: 70, budget: 70, claim_count: 10, status: 'exhausted' });
  expect(await ledgerSum(c.id)).toBe(70);
  const claims = await call(t.app, 'GET', `/api/welfare/claims?campaign_id=${c.id}&pageSize=100`, { token: manager });
  expect(claims.body.total).toBe(10);
  expect(claims.body.data[0]).toMatchObject({ campaign_id: c.id, amount: 7, period: 'once' });
  expect(claims.body.data[0].username).toMatch(/^wf_/);
});

test('100 claims at once by one user on a once campaign: exactly one, one ledger entry, the balance rises once', async () => {
  const c = await campaign({ credits: 25 });
  const u = await one();
  const before = await balance(u.token);
  const results = await Promise.all(Array.from({ length: 100 }, () => claim(u.token, c.id)));
  expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  expect(new Set(results.filter((r) => r.status !== 200).map((r) => r.body.errorCode))).toEqual(new Set(['WELFARE_ALREADY_CLAIMED']));
  expect(results.find((r) => r.status !== 200)!.body.field).toBe('id');
  expect(await balance(u.token)).toBe(before + 25);
  expect(await ledgerSum(c.id)).toBe(25);
  const history = await call(t.app, 'GET', '/api/credits/history?kind=welfare', { token: u.token });
  expect(history.body.data).toHaveLength(1);
  expect(history.body.data[0]).toMatchObject({ amount: 25, ref_type: 'welfare', ref_id: c.id });
});

test('daily: refused again the same day, claimable the next day; weekly: the ISO week', async () => {
  const u = await one();
  const before = await balance(u.token);
  const tz = await dayZoneOf(t.db).offsetMinutes();
  const daily = await campaign({ frequency: 'daily', credits: 5, ends_at: inHours(72) });
  const first = await claim(u.token, daily.id);
  expect(first.status).toBe(200);
  expect(first.body.data.period).toBe(dayKey(new Date(), tz));
  expect((await claim(u.token, daily.id)).body.errorCode).toBe('WELFARE_ALREADY_CLAIMED');
  // the next day, through the service on a clock a day ahead
  const tomorrow = new WelfareService(t.db, credits, realname, dayZoneOf(t.db), () => new Date(Date.now() + 86_400_000));
  expect((await tomorrow.available(u.id)).find((a) => a.id === daily.id)).toMatchObject({ claimable: true, reason: null });
  expect(await tomorrow.claim(u.id, daily.id)).toMatchObject({ credits: 5, period: dayKey(new Date(Date.now() + 86_400_000), tz) });
  await expect(tomorrow.claim(u.id, daily.id)).rejects.toMatchObject({ code: 'WELFARE_ALREADY_CLAIMED' });
  expect((await tomorrow.available(u.id)).find((a) => a.id === daily.id)).toMatchObject({ claimable: false, reason: 'WELFARE_ALREADY_CLAIMED' });
  expect(await ledgerSum(daily.id)).toBe(10);
  expect(await balance(u.token)).toBe(before + 10);

  const weekly = await campaign({ frequency: 'weekly', credits: 3, ends_at: inHours(24 * 10) });
  expect((await claim(u.token, weekly.id)).body.data.period).toBe(isoWeekKey(new Date(), tz));
  expect((await claim(u.token, weekly.id)).body.errorCode).toBe('WELFARE_ALREADY_CLAIMED');
  const nextWeek = new WelfareService(t.db, credits, realname, dayZoneOf(t.db), () => new Date(Date.now() + 7 * 86_400_000));
  expect(await nextWeek.claim(u.id, weekly.id)).toMatchObject({ credits: 3, period: isoWeekKey(new Date(Date.now() + 7 * 86_400_000), tz) });
  // the campaign ends before the clock: not active
  const ended = new WelfareService(t.db, credits, realname, dayZoneOf(t.db), () => new Date(Date.now() + 30 * 86_400_000));
  await expect(ended.claim(u.id, weekly.id)).rejects.toMatchObject({ code: 'WELFARE_NOT_ACTIVE' });
});

test('period keys: days and ISO weeks in the day zone, across year ends', () => {
  expect(periodKey('once', new Date('2026-11-24T23:59:59Z'), 0)).toBe('once');
  expect(periodKey('daily', new Date('2026-11-24T23:59:59Z'), 0)).toBe('2026-11-24');
  expect(periodKey('daily', new Date('2026-11-25T00:00:00Z'), 0)).toBe('2026-11-25');
  // in UTC+8 a day begins at 16:00 UTC the day before; in UTC-5 at 05:00 UTC
  expect(periodKey('daily', new Date('2026-11-24T15:59:59Z'), 480)).toBe('2026-11-24');
  expect(periodKey('daily', new Date('2026-11-24T16:00:00Z'), 480)).toBe('2026-11-25');
  expect(periodKey('daily', new Date('2026-11-25T04:59:59Z'), -300)).toBe('2026-11-24');
  expect(periodKey('weekly', new Date('2026-11-24T12:00:00Z'), 0)).toBe('2026-W48');
  // Sunday 3 January 2021 belongs to 2020's week 53; Monday 29 December 2025 to 2026's week 1
  expect(isoWeekKey(new Date('2021-01-03T12:00:00Z'), 0)).toBe('2020-W53');
  expect(isoWeekKey(new Date('2021-01-04T00:00:00Z'), 0)).toBe('2021-W01');
  expect(isoWeekKey(new Date('2025-12-29T00:00:00Z'), 0)).toBe('2026-W01');
  expect(isoWeekKey(new Date('2026-11-22T23:59:59Z'), 0)).toBe('2026-W47');
  expect(isoWeekKey(new Date('2026-11-23T00:00:00Z'), 0)).toBe('2026-W48');
  // Monday begins at 16:00 UTC on Sunday in UTC+8
  expect(isoWeekKey(new Date('2026-11-22T15:59:59Z'), 480)).toBe('2026-W47');
  expect(isoWeekKey(new Date('2026-11-22T16:00:00Z'), 480)).toBe('2026-W48');
});

test('eligibility: roles, tags, new users within N days, real-name verified; others do not see role, tag and age campaigns', async () => {
  await t.db.execute(sql`INSERT INTO roles (role_id, role_name, permission) VALUES ('wf_vip', 'VIP', '{}') ON CONFLICT DO NOTHING`);
  await t.db.execute(sql`INSERT INTO tags (tagid, name) VALUES ('wf_gold', 'Gold') ON CONFLICT DO NOTHING`);
  const vip = await one({ role: ['wf_vip'] });
  const gold = await one({ tags: ['wf_gold'] });
  const old = await one({ registerDate: new Date(Date.now() - 10 * 86_400_000) });
  const fresh = await one();
  const verified = await one();
  await t.db.execute(sql`INSERT INTO realname_verifications (user_id, real_name, id_card_hash, id_card_enc, id_card_masked, status, decided_at)
    VALUES (${verified.id}, '王五', ${`hash-${verified.id}`}, 'enc', '1101**********1234', 'approved', now())`);

  const byRole = await campaign({ eligibility: 'roles', eligibility_values: ['wf_vip'] });
  const byTag = await campaign({ eligibility: 'tags', eligibility_values: ['wf_gold'] });
  const newUsers = await campaign({ eligibility: 'new_users', new_user_days: 7 });
  const realname = await campaign({ eligibility: 'realname' });

  const cases: [string, { token: string }, boolean][] = [
    [byRole.id, vip, true],
    [byRole.id, gold, false],
    [byTag.id, gold, true],
    [byTag.id, vip, false],
    [newUsers.id, fresh, true],
    [newUsers.id, old, false],
    [realname.id, verified, true],
    [realname.id, fresh, false],
  ];
  for (const [id, who, allowed] of cases) {
    const r = await claim(who.token, id);
    if (allowed) expect(r.status).toBe(200);
    else expect([r.status, r.body.errorCode, r.body.field]).toEqual([403, 'WELFARE_NOT_ELIGIBLE', 'id']);
  }

  const seen = async (token: string) =>
    Object.fromEntries(
      ((await call(t.app, 'GET', '/api/welfare/available', { token })).body.data as { id: string; reason: string | null }[]).map((a) => [a.id, a.reason]),
    );
  const oldSees = await seen(old.token);
  expect(oldSees[byRole.id]).toBeUndefined();
  expect(oldSees[byTag.id]).toBeUndefined();
  expect(oldSees[newUsers.id]).toBeUndefined();
  // verifying is something the user can do: the campaign shows, with why it cannot be claimed
  expect(oldSees[realname.id]).toBe('WELFARE_NOT_ELIGIBLE');
  expect((await seen(vip.token))[byRole.id]).toBe('WELFARE_ALREADY_CLAIMED');

  // references must exist; the list they need must be given
  const bad = await call(t.app, 'POST', '/api/welfare/campaigns', {
    token: manager,
    body: {
      title: 'x',
      credits: 1,
      eligibility: 'roles',
      eligibility_values: ['no_such_role'],
      frequency: 'once',
      starts_at: inHours(-1),
      ends_at: inHours(1),
      budget: 10,
    },
  });
  expect([bad.status, bad.body.errorCode, bad.body.field]).toEqual([400, 'REFERENCE_NOT_FOUND', 'eligibility_values']);
  const none = await call(t.app, 'POST', '/api/welfare/campaigns', {
    token: manager,
    body: { title: 'x', credits: 1, eligibility: 'new_users', frequency: 'once', starts_at: inHours(-1), ends_at: inHours(1), budget: 10 },
  });
  expect([none.status, none.body.field]).toEqual([400, 'new_user_days']);
});

test('the window: not before the start, not after the end, not when switched off', async () => {
  const u = await one();
  const later = await campaign({ starts_at: inHours(2), ends_at: inHours(5) });
  const over = await campaign({ starts_at: inHours(-5), ends_at: inHours(-1) });
  const off = await campaign({ enabled: false });
  for (const c of [later, over, off]) {
    const r = await claim(u.token, c.id);
    expect([r.status, r.body.errorCode, r.body.field]).toEqual([409, 'WELFARE_NOT_ACTIVE', 'id']);
  }
  const seen = (await call(t.app, 'GET', '/api/welfare/available', { token: u.token })).body.data as {
    id: string;
    reason: string | null;
    claimable: boolean;
  }[];
  expect(seen.find((a) => a.id === later.id)).toMatchObject({ claimable: false, reason: 'WELFARE_NOT_ACTIVE' });
  expect(seen.find((a) => a.id === over.id)).toBeUndefined();
  expect(seen.find((a) => a.id === off.id)).toBeUndefined();
  expect((await claim(u.token, 'no-such-campaign')).status).toBe(404);
  const list = await call(t.app, 'GET', `/api/welfare/campaigns?status=scheduled&status=ended&status=off&pageSize=100`, { token: manager });
  expect(list.body.data.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([later.id, over.id, off.id]));
  expect(list.body.data.every((r: { status: string }) => ['scheduled', 'ended', 'off'].includes(r.status))).toBe(true);
});

test('managing: field errors, a budget never below what is given, delete only without claims, search and sort', async () => {
  const c = await campaign({ credits: 20, budget: 200, title: 'Budget check welfare' });
  for (const u of await accounts(2)) expect((await claim(u.token, c.id)).status).toBe(200);
  const lower = await call(t.app, 'PUT', `/api/welfare/campaigns/${c.id}`, { token: manager, body: { budget: 39 } });
  expect([lower.status, lower.body.errorCode, lower.body.field]).toEqual([400, 'WELFARE_BUDGET_BELOW_USED', 'budget']);
  expect(lower.body.errorMessage).toContain('40');
  const ok = await call(t.app, 'PUT', `/api/welfare/campaigns/${c.id}`, { token: manager, body: { budget: 40, credits: 20 } });
  expect(ok.status).toBe(200);
  expect(ok.body.data).toMatchObject({ budget: 40, used: 40, credits: 20, status: 'exhausted' });
  const window = await call(t.app, 'PUT', `/api/welfare/campaigns/${c.id}`, { token: manager, body: { ends_at: inHours(-3) } });
  expect([window.status, window.body.field]).toEqual([400, 'ends_at']);

  const del = await call(t.app, 'DELETE', `/api/welfare/campaigns/${c.id}`, { token: manager });
  expect([del.status, del.body.errorCode]).toEqual([409, 'WELFARE_HAS_CLAIMS']);
  const off = await call(t.app, 'PUT', `/api/welfare/campaigns/${c.id}`, { token: manager, body: { enabled: false } });
  expect(off.body.data.status).toBe('off');
  const unclaimed = await campaign();
  expect((await call(t.app, 'DELETE', `/api/welfare/campaigns/${unclaimed.id}`, { token: manager })).body.data).toEqual({ deleted: 1 });

  const found = await call(t.app, 'GET', '/api/welfare/campaigns?keyword=budget%20check', { token: manager });
  expect(found.body.data.map((r: { id: string }) => r.id)).toEqual([c.id]);
  const sorted = await call(t.app, 'GET', '/api/welfare/campaigns?sortField=used&sortOrder=descend&pageSize=3', { token: manager });
  const used = sorted.body.data.map((r: { used: number }) => r.used);
  expect(used).toEqual([...used].sort((a, b) => b - a));
  expect(sorted.body.data).toHaveLength(3);
  expect(sorted.body.total).toBeGreaterThan(3);
});

test('access: admin routes need MANAGE_WELFARE; claiming needs a signed-in user', async () => {
  const c = await campaign();
  const plain = (await tokenWith(t.app, t.db, [])).token;
  for (const [method, url, body] of [
    ['GET', '/api/welfare/campaigns', undefined],
    ['GET', `/api/welfare/campaigns/${c.id}`, undefined],
    [
      'POST',
      '/api/welfare/campaigns',
      { title: 'x', credits: 1, eligibility: 'everyone', frequency: 'once', starts_at: inHours(-1), ends_at: inHours(1), budget: 1 },
    ],
    ['PUT', `/api/welfare/campaigns/${c.id}`, { budget: 5000 }],
    ['DELETE', `/api/welfare/campaigns/${c.id}`, undefined],
    ['GET', '/api/welfare/claims', undefined],
  ] as const) {
    expect((await call(t.app, method, url, { token: plain, body })).status).toBe(403);
  }
  expect((await call(t.app, 'POST', `/api/welfare/${c.id}/claim`, {})).status).toBe(401);
  expect((await call(t.app, 'GET', '/api/welfare/available', {})).status).toBe(401);
  expect((await claim(plain, c.id)).status).toBe(200);
});

test('the eligibility pickers: a welfare manager without rights to the system pages searches roles and tags by name', async () => {
  await t.db.execute(sql`INSERT INTO roles (role_id, role_name, permission) VALUES ('wf_pick', 'Picked members', '{}') ON CONFLICT DO NOTHING`);
  await t.db.execute(sql`INSERT INTO tags (tagid, name) VALUES ('wf_pick_tag', 'Picked tag') ON CONFLICT DO NOTHING`);
  // the system lists themselves stay closed to the manager
  expect((await call(t.app, 'GET', '/api/system/roles', { token: manager })).status).toBe(403);
  const roles = await call(t.app, 'GET', '/api/welfare/eligibility/roles?keyword=Picked', { token: manager });
  expect(roles.body).toMatchObject({ success: true, total: 1, data: [{ id: 'wf_pick', name: 'Picked members' }] });
  const tags = await call(t.app, 'GET', '/api/welfare/eligibility/tags?keyword=wf_pick', { token: manager });
  expect(tags.body.data).toEqual([{ id: 'wf_pick_tag', name: 'Picked tag' }]);
  const plain = (await tokenWith(t.app, t.db, [])).token;
  expect((await call(t.app, 'GET', '/api/welfare/eligibility/roles', { token: plain })).status).toBe(403);
});
