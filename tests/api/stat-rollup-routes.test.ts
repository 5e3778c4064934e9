/** The statistics rollup's routes: an analyst refreshes, a manager redoes a range of days, who may call which. */
import { sql } from 'drizzle-orm';
import { addDays, STAT_KINDS, statDay } from '../../shared/stat';
import { call, login, makeRole, makeUser, registerAdmin } from '../support/accounts';
import { generateEvents, insertEvents } from '../support/stat-events';
import { createTestApp } from '../support/test-app';

const K = STAT_KINDS;

describe('routes', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: string;
  let reader: string;
  let nobody: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await registerAdmin(t.app)).token;
    await makeRole(t.db, 'stat_reader', ['READ_UNI_STAT']);
    await makeUser(t.db, { username: 'stat_reader', password: 'Passw0rd!', role: ['stat_reader'] });
    reader = (await login(t.app, 'stat_reader', 'Passw0rd!')).body.data.token;
    await makeUser(t.db, { username: 'stat_nobody', password: 'Passw0rd!' });
    nobody = (await login(t.app, 'stat_nobody', 'Passw0rd!')).body.data.token;
  });
  afterAll(async () => {
    await t?.close();
  });

  test('an analyst refreshes: the new events are rolled up and nothing is left dirty; a user without the statistics permission is refused', async () => {
    const events = generateEvents({ appId: 'app-r', seed: 3, from: Date.parse('2026-10-05T00:00:00Z'), days: 2, devices: 4 });
    // the server's time zone (the settings' default, UTC+8)
    await insertEvents(t.db.$client, events, 480);
    const days = new Set(events.map((e) => statDay(e.ts, 480)));
    expect((await call(t.app, 'POST', '/api/stat/rollup/run', { token: nobody })).status).toBe(403);
    const r = await call(t.app, 'POST', '/api/stat/rollup/run', { token: reader });
    expect(r.status).toBe(200);
    // the job may have taken some of the days first
    expect(r.body.data.done).toBeLessThanOrEqual(days.size);
    expect(r.body.data).toMatchObject({ failed: 0, dirty: 0, dirty_days: [] });
    const [{ pv }] = (await t.db.execute<{ pv: number }>(sql`SELECT sum(page_views)::int AS pv FROM stat_daily WHERE app_id = 'app-r'`)).rows;
    expect(pv).toBe(events.filter((e) => e.kind === K.page).length);
  });

  test('a manager redoes a range of days; a bad range is refused on its field; an analyst may not redo', async () => {
    const body = { app_id: 'app-r', start: '2026-10-05', end: '2026-10-07' };
    expect((await call(t.app, 'POST', '/api/stat/rollup/recompute', { token: reader, body })).status).toBe(403);
    const bad = await call(t.app, 'POST', '/api/stat/rollup/recompute', { token: admin, body: { ...body, start: '2026-10-08' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ errorCode: 'STAT_RANGE_INVALID' });
    const before = (await t.db.execute(sql`SELECT to_jsonb(d)::text AS j FROM stat_daily d WHERE app_id = 'app-r' ORDER BY 1`)).rows;
    const r = await call(t.app, 'POST', '/api/stat/rollup/recompute', { token: admin, body });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ done: 3, failed: 0, dirty: 0 });
    expect((await t.db.execute(sql`SELECT to_jsonb(d)::text AS j FROM stat_daily d WHERE app_id = 'app-r' ORDER BY 1`)).rows).toEqual(before);

    // days older than the raw events are kept (raw_retention_days) keep their rollups
    const old = addDays(statDay(Date.now(), 480), -150);
    await t.db.execute(sql`INSERT INTO stat_daily (day, app_id, platform, channel, version, sessions) VALUES (${old}, 'app-r', 'web', '', '1.0.0', 42)`);
    const kept = await call(t.app, 'POST', '/api/stat/rollup/recompute', { token: admin, body: { app_id: 'app-r', start: old, end: addDays(old, 2) } });
    expect(kept.body.data).toMatchObject({ done: 0, dirty: 0 });
    expect((await t.db.execute(sql`SELECT sessions FROM stat_daily WHERE app_id = 'app-r' AND day = ${old}`)).rows).toEqual([{ sessions: 42 }]);
  });
});
