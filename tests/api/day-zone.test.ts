/**
 * The service's day zone: one configured zone that the daily AI limit, ad rewards, welfare
 * periods, the admin home's sign-ins, the cost analysis and statistics all count "today" in.
 */
import { sql } from 'drizzle-orm';
import { dayZoneLabel, dayZoneName, zoneDay, zoneIsoWeek } from '../../shared/day-zone';
import { RULES } from '../../shared/permissions';
import { call, makeUser, login, registerAdmin } from '../support/accounts';
import { creditsOf } from '../support/services';
import { createTestApp } from '../support/test-app';
import { tokenWith } from './system-support';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await registerAdmin(t.app)).token;
});
afterAll(() => t?.close());

async function user() {
  const name = `dz_${++n}_${Date.now().toString(36)}`;
  const u = await makeUser(t.db, { username: name, password: 'Passw0rd!' });
  return { id: u.id, token: (await login(t.app, name, 'Passw0rd!')).body.data.token as string };
}

async function setZone(offset: number) {
  const r = await call(t.app, 'PUT', '/api/stat/settings', { token: admin, body: { tz_offset_minutes: offset } });
  expect(r.status).toBe(200);
}

/** the instant today began in a zone, by the shared rule */
const dayStart = (offset: number, now = Date.now()) => Date.parse(`${zoneDay(now, offset)}T00:00:00Z`) - offset * 60_000;

/** the zone whose day began last (under an hour ago) and the one whose day began first (over 22 hours ago) */
function zonesAroundNow(now = Date.now()): { fresh: number; old: number } {
  const offsets = Array.from({ length: 27 }, (_, i) => (i - 12) * 60);
  const byStart = offsets.sort((a, b) => dayStart(b, now) - dayStart(a, now));
  return { fresh: byStart[0], old: byStart[byStart.length - 1] };
}

test('the zone is UTC+8 until an admin sets another; every signed-in user can read it; a bad zone names its field', async () => {
  const u = await user();
  expect((await call(t.app, 'GET', '/api/day-zone')).status).toBe(401);
  expect((await call(t.app, 'GET', '/api/day-zone', { token: u.token })).body.data).toEqual({ offset_minutes: 480, label: 'UTC+8', name: 'Etc/GMT-8' });

  const bad = await call(t.app, 'PUT', '/api/stat/settings', { token: admin, body: { tz_offset_minutes: 90 } });
  expect(bad.status).toBe(400);
  expect(bad.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'tz_offset_minutes' });

  await setZone(-300);
  expect((await call(t.app, 'GET', '/api/day-zone', { token: u.token })).body.data).toEqual({ offset_minutes: -300, label: 'UTC-5', name: 'Etc/GMT+5' });
  expect((await call(t.app, 'GET', '/api/stat/settings', { token: admin })).body.data.tz_offset_minutes).toBe(-300);
  // the statistics settings keep their own values beside the zone
  const other = await call(t.app, 'PUT', '/api/stat/settings', { token: admin, body: { report_interval_s: 30 } });
  expect(other.body.data).toMatchObject({ report_interval_s: 30, tz_offset_minutes: -300 });
  await setZone(480);
});

test('labels and names: UTC, whole hours east and west', () => {
  expect([0, 480, -300, 840, -720].map(dayZoneLabel)).toEqual(['UTC', 'UTC+8', 'UTC-5', 'UTC+14', 'UTC-12']);
  expect([0, 480, -300].map(dayZoneName)).toEqual(['UTC', 'Etc/GMT-8', 'Etc/GMT+5']);
  // Intl agrees with the names: 16:30 UTC is the next day in UTC+8
  const at = Date.parse('2026-11-24T16:30:00Z');
  expect(new Intl.DateTimeFormat('en-CA', { timeZone: dayZoneName(480) }).format(at)).toBe(zoneDay(at, 480));
  expect(zoneDay(at, 480)).toBe('2026-11-25');
});

test("the daily AI spending counts from the zone's midnight", async () => {
  const now = Date.now();
  const { fresh, old } = zonesAroundNow(now);
  const u = await user();
  const s = dayStart(fresh, now);
  // one capture before the fresh zone's midnight (but after the old zone's), one after it
  const before = Math.max(s - 30 * 60_000, dayStart(old, now) + 60_000);
  const after = s + Math.min(30 * 60_000, Math.floor((now - s) / 2));
  const credits = creditsOf(t.db);
  await credits.postNow({ userId: u.id, kind: 'grant', amount: 100, key: `dz:${u.id}:grant` });
  for (const [amount, at] of [
    [40, before],
    [2, after],
  ]) {
    const e = await credits.postNow({ userId: u.id, kind: 'capture', amount: -amount, key: `dz:${u.id}:${amount}` });
    await t.db.execute(sql`UPDATE credit_ledger SET created_at = ${new Date(at)} WHERE id = ${e.id}`);
  }
  await setZone(fresh);
  expect((await call(t.app, 'GET', '/api/credits/me', { token: u.token })).body.data.today_used).toBe(2);
  await setZone(old);
  expect((await call(t.app, 'GET', '/api/credits/me', { token: u.token })).body.data.today_used).toBe(42);
  await setZone(480);
  await credits.stop();
});

test("ad rewards and the admin home's sign-ins count from the zone's midnight", async () => {
  const now = Date.now();
  const { fresh, old } = zonesAroundNow(now);
  const u = await user();
  const s = dayStart(fresh, now);
  const before = new Date(Math.max(s - 30 * 60_000, dayStart(old, now) + 60_000));
  const after = new Date(s + Math.min(30 * 60_000, Math.floor((now - s) / 2)));
  const ids: string[] = [];
  for (const at of [before, before, after]) {
    const r = await t.db.execute<{ id: string }>(
      sql`INSERT INTO ad_views (user_id, status, credits, rewarded_at) VALUES (${u.id}, 'rewarded', 1, ${at}) RETURNING id`,
    );
    ids.push(r.rows[0].id);
  }
  const homeLogins = async () => (await call(t.app, 'GET', '/api/dashboard/admin', { token: admin })).body.data.todayLogins as number;
  const rewarded = async () => (await call(t.app, 'GET', `/api/ads/views/${ids[0]}`, { token: u.token })).body.data.rewarded_today as number;

  await setZone(fresh);
  const freshLogins = await homeLogins();
  expect(await rewarded()).toBe(1);
  await t.db.execute(
    sql`INSERT INTO user_logs (user_id, username, type, state, created_at) VALUES (${u.id}, 'dz', 'login', 1, ${before}), (${u.id}, 'dz', 'login', 1, ${after})`,
  );
  expect(await homeLogins()).toBe(freshLogins + 1);
  await setZone(old);
  expect(await rewarded()).toBe(3);
  const oldLogins = await homeLogins();
  expect(oldLogins).toBeGreaterThanOrEqual(freshLogins + 2);
  await setZone(480);
});

test('welfare periods are days and ISO weeks of the zone', async () => {
  const manager = (await tokenWith(t.app, t.db, [RULES.manageWelfare])).token;
  const u = await user();
  const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();
  for (const offset of [840, -720]) {
    await setZone(offset);
    for (const frequency of ['daily', 'weekly'] as const) {
      const c = await call(t.app, 'POST', '/api/welfare/campaigns', {
        token: manager,
        body: {
          title: `Zone ${offset} ${frequency}`,
          credits: 1,
          eligibility: 'everyone',
          frequency,
          starts_at: inHours(-1),
          ends_at: inHours(48),
          budget: 100,
        },
      });
      const r = await call(t.app, 'POST', `/api/welfare/${c.body.data.id}/claim`, { token: u.token });
      expect(r.status).toBe(200);
      const now = Date.now();
      const expected = frequency === 'daily' ? zoneDay(now, offset) : zoneIsoWeek(now, offset);
      expect(r.body.data.period).toBe(expected);
    }
  }
  // UTC+14 and UTC-12 are a day apart: the same instant's days differ
  expect(zoneDay(Date.now(), 840)).not.toBe(zoneDay(Date.now(), -720));
  await setZone(480);
});

test('the cost analysis counts days in the zone when the caller names none', async () => {
  const u = await user();
  await setZone(-300);
  const r = await call(t.app, 'GET', '/api/credits/analysis', { token: u.token });
  expect(r.status).toBe(200);
  expect(r.body.data.tz).toBe('Etc/GMT+5');
  expect(r.body.data.to).toBe(zoneDay(Date.now(), -300));
  await setZone(480);
});
