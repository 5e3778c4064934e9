/**
 * The statistics receiver as apps and operators meet it: reports stored with their dimensions,
 * every field rule naming its record, code and field while the good records are kept, retries
 * stored once, bots dropped, the reporting switch, the app key, the rate limit and a full buffer
 * answered with when to come back, sendBeacon's text/plain and cross-origin calls, the settings
 * (MANAGE_UNI_STAT only), the partitions' upkeep, and a SIGTERM that loses no acknowledged record.
 */
import { sql } from 'drizzle-orm';
import { statDay } from '../../shared/stat';
import { errHash } from '../../server/modules/stats/receiver-check';
import { utcDay } from '../../server/modules/stats/store/partitions';
import { call, makeRole, registerAdmin } from '../support/accounts';
import { chatUser } from '../support/chat';
import { createTestApp } from '../support/test-app';
import { addApp, APP, DEEP_ARRAY, DEEP_VALUE, DEVICE, envelope, id, page, report, SID, stored } from '../support/stat-report';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let admin: string;

async function putSettings(body: Record<string, unknown>, token = admin) {
  return call(t.app, 'PUT', '/api/stat/settings', { token, body });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await registerAdmin(t.app)).token;
  for (const a of [APP, '__UNI__RATE', '__UNI__DUPS', '__UNI__TZ']) await addApp(t.db, a);
});
afterAll(async () => {
  await t?.close();
});

describe('reports', () => {
  test('good records are stored with the report dimensions, session, user and an error group', async () => {
    const err = {
      id: id(),
      ts: Date.now() - 500,
      kind: 'error',
      sid: SID,
      message: 'TypeError: x is undefined',
      stack: 'TypeError: x is undefined\n    at load (https://app.example.com/app.3f2a.js?v=9:10:20)\n    at main (https://app.example.com/app.3f2a.js:1:1)',
    };
    const ev = { id: id(), ts: Date.now() - 400, kind: 'event', sid: SID, name: 'buy', value: { sku: 'a1' } };
    const pay = { id: id(), ts: Date.now() - 300, kind: 'pay', sid: SID, order_no: 'ORD-1', amount_cents: 1234 };
    const p = page();
    const r = await report(t.app, envelope({ scene: '1001', records: [p, ev, err, pay] }));
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ success: true, data: { accepted: 4, duplicates: 0, rejected: [] } });
    const rows = (
      await t.db.$client.query<Record<string, unknown>>(
        `SELECT eid, app_id, device_id, uid, sid, kind, platform, channel, scene, version, os, device_model, screen, language, url, title, ev_key, ev_value, err_hash, err_msg, order_no, amount_cents, ts
          FROM stat_events WHERE eid = ANY($1::text[]) ORDER BY kind`,
        [[p.id, ev.id, err.id, pay.id]],
      )
    ).rows;
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({
      eid: p.id,
      app_id: APP,
      device_id: DEVICE,
      uid: 'user-7',
      sid: SID,
      kind: 4,
      platform: 'web',
      channel: 'store-a',
      scene: '1001',
      version: '1.2.0',
      os: 'Linux',
      device_model: 'PC',
      screen: '1920x1080',
      language: 'en-US',
      url: p.url,
      title: 'Home',
    });
    expect(new Date(rows[0].ts as string).getTime()).toBe(p.ts);
    expect(rows[1]).toMatchObject({ kind: 5, ev_key: 'buy', ev_value: '{"sku":"a1"}', err_hash: null });
    expect(rows[2]).toMatchObject({ kind: 6, err_msg: err.message, err_hash: errHash(6, err.message, err.stack) });
    expect(rows[3]).toMatchObject({ kind: 8, order_no: 'ORD-1', amount_cents: 1234 });
    // the app-day is marked for the rollup job (in the configured time zone, UTC+8 by default)
    const dirty = await t.db.execute<{ day: string }>(sql`SELECT day::text FROM stat_dirty WHERE app_id = ${APP}`);
    expect(dirty.rows.map((d) => d.day)).toContain(statDay(p.ts, 480));
  });

  test('an error group survives a rebuild (line numbers, query) and splits by place and kind', () => {
    const msg = 'ReferenceError: a is not defined';
    const a = errHash(6, msg, `${msg}\n    at f (https://x.com/app.js?v=1:10:5)`);
    expect(errHash(6, msg, `${msg}\n    at f (https://x.com/app.js?v=2:99:7)`)).toBe(a);
    expect(errHash(6, msg, `${msg}\n    at g (https://x.com/app.js:10:5)`)).not.toBe(a);
    expect(errHash(7, msg, `${msg}\n    at f (https://x.com/app.js:10:5)`)).not.toBe(a);
    expect(errHash(6, msg, 'f@https://x.com/app.js:3:4')).toBe(errHash(6, msg, 'f@https://x.com/app.js:8:1'));
    expect(a).toMatch(/^[0-9a-f]{16}$/);
  });

  test('every field rule names the record, its code and field; the good records are kept', async () => {
    const now = Date.now();
    const good1 = page();
    const good2 = page({ kind: 'launch', url: undefined });
    const bad: Array<[Record<string, unknown> | unknown, string, string]> = [
      ['not a record', 'STAT_RECORD_INVALID', 'record'],
      [page({ id: 'short' }), 'STAT_RECORD_ID_INVALID', 'id'],
      [page({ id: 'has space in it' }), 'STAT_RECORD_ID_INVALID', 'id'],
      [page({ ts: 'yesterday' }), 'STAT_RECORD_TS_INVALID', 'ts'],
      [page({ ts: 1.5 }), 'STAT_RECORD_TS_INVALID', 'ts'],
      [page({ ts: now - 101 * 86_400_000 }), 'STAT_RECORD_TOO_OLD', 'ts'],
      [page({ ts: now + 6 * 60_000 }), 'STAT_RECORD_IN_FUTURE', 'ts'],
      [page({ kind: 'click' }), 'STAT_RECORD_KIND_INVALID', 'kind'],
      [page({ sid: undefined }), 'STAT_RECORD_ID_INVALID', 'sid'],
      [page({ sid: 'x'.repeat(65) }), 'STAT_RECORD_ID_INVALID', 'sid'],
      [page({ url: undefined }), 'STAT_RECORD_FIELD_MISSING', 'url'],
      [page({ url: `https://a.com/${'x'.repeat(5000)}` }), 'STAT_FIELD_INVALID', 'url'],
      [page({ referrer: 42 }), 'STAT_FIELD_INVALID', 'referrer'],
      [page({ title: { a: 1 } }), 'STAT_FIELD_INVALID', 'title'],
      [{ ...page(), kind: 'event', name: undefined }, 'STAT_EVENT_NAME_INVALID', 'name'],
      [{ ...page(), kind: 'event', name: 'n'.repeat(256) }, 'STAT_EVENT_NAME_INVALID', 'name'],
      [{ ...page(), kind: 'event', name: 'ok', value: 'v'.repeat(256) }, 'STAT_EVENT_VALUE_INVALID', 'value'],
      [{ ...page(), kind: 'event', name: 'ok', value: { long: 'v'.repeat(250) } }, 'STAT_EVENT_VALUE_INVALID', 'value'],
      [{ ...page(), kind: 'event', name: 'ok', value: 12 }, 'STAT_EVENT_VALUE_INVALID', 'value'],
      // nested 10,000 deep (in JSON as sent: JSON.stringify of it here would overflow the stack)
      [{ ...page(), kind: 'event', name: 'ok', value: DEEP_VALUE }, 'STAT_EVENT_VALUE_INVALID', 'value'],
      [{ ...page(), kind: 'event', name: 'ok', value: DEEP_ARRAY }, 'STAT_EVENT_VALUE_INVALID', 'value'],
      [{ ...page(), kind: 'error' }, 'STAT_RECORD_FIELD_MISSING', 'message'],
      [{ ...page(), kind: 'crash', message: 7 }, 'STAT_FIELD_INVALID', 'message'],
      [{ ...page(), kind: 'pay', amount_cents: 100 }, 'STAT_RECORD_FIELD_MISSING', 'order_no'],
      [{ ...page(), kind: 'pay', order_no: 'O-1' }, 'STAT_RECORD_FIELD_MISSING', 'amount_cents'],
      [{ ...page(), kind: 'pay', order_no: 'O-1', amount_cents: -1 }, 'STAT_AMOUNT_INVALID', 'amount_cents'],
      [{ ...page(), kind: 'pay', order_no: 'O-1', amount_cents: 9.5 }, 'STAT_AMOUNT_INVALID', 'amount_cents'],
      [{ ...page(), kind: 'pay', order_no: 'O'.repeat(65), amount_cents: 1 }, 'STAT_FIELD_INVALID', 'order_no'],
    ];
    const records = [good1, ...bad.map((b) => b[0]), good2];
    const r = await report(t.app, envelope({ records }));
    expect(r.status).toBe(200);
    expect(r.body.data.accepted).toBe(2);
    expect(r.body.data.rejected).toEqual(bad.map(([, code, field], i) => ({ index: i + 1, code, field })));
    expect((await stored(t.db, [good1.id, good2.id])).sort()).toEqual([good1.id, good2.id].sort());
  });

  test('long free text is cut, not refused; a value of 255 characters and a record without id are kept', async () => {
    const err = { id: id(), ts: Date.now(), kind: 'crash', sid: SID, message: 'm'.repeat(3000), stack: 's'.repeat(20_000), title: 't'.repeat(600) };
    const ev = { ts: Date.now(), kind: 'event', sid: SID, name: 'n'.repeat(255), value: 'v'.repeat(255) };
    const r = await report(t.app, envelope({ records: [err, ev] }));
    expect(r.body.data).toEqual({ accepted: 2, duplicates: 0, rejected: [] });
    const row = (
      await t.db.execute<{ m: number; s: number; t: number }>(
        sql`SELECT length(err_msg) AS m, length(err_stack) AS s, length(title) AS t FROM stat_events WHERE eid = ${err.id}`,
      )
    ).rows[0];
    expect(row).toEqual({ m: 2000, s: 16_000, t: 512 });
    const evRow = await t.db.execute(sql`SELECT eid FROM stat_events WHERE ev_key = ${'n'.repeat(255)} AND app_id = ${APP}`);
    expect(evRow.rows).toHaveLength(1);
  });

  test('a bad envelope is refused whole with its code and field', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ ...envelope(), appid: '__UNI__NOPE', records: [page()] }, 'STAT_APP_UNKNOWN', 'appid'],
      [{ ...envelope(), appid: 12, records: [page()] }, 'STAT_APP_UNKNOWN', 'appid'],
      [{ ...envelope(), device_id: 'short', records: [page()] }, 'STAT_DEVICE_ID_INVALID', 'device_id'],
      [{ ...envelope(), device_id: 'd'.repeat(49), records: [page()] }, 'STAT_DEVICE_ID_INVALID', 'device_id'],
      [{ ...envelope(), platform: 'symbian', records: [page()] }, 'STAT_PLATFORM_INVALID', 'platform'],
      [{ ...envelope(), channel: 'c'.repeat(65), records: [page()] }, 'STAT_FIELD_INVALID', 'channel'],
      [{ ...envelope(), version: 3, records: [page()] }, 'STAT_FIELD_INVALID', 'version'],
      [{ ...envelope(), records: 'all of them' }, 'STAT_BATCH_INVALID', 'records'],
      [{ ...envelope(), records: Array.from({ length: 501 }, () => page()) }, 'STAT_BATCH_INVALID', 'records'],
      [[1, 2], 'STAT_BODY_INVALID', 'body'],
      ['{"appid": ', 'STAT_BODY_INVALID', 'body'],
    ];
    for (const [body, code, field] of cases) {
      const r = await report(t.app, body);
      expect([r.status, r.body.errorCode, r.body.field]).toEqual([400, code, field]);
      expect(r.body.errorMessage).not.toMatch(/^error\./);
    }
    // nothing of a refused report is kept
    const before = await t.db.execute(sql`SELECT count(*)::int AS n FROM stat_events`);
    await report(t.app, { ...envelope(), platform: 'symbian', records: [page()] });
    expect((await t.db.execute(sql`SELECT count(*)::int AS n FROM stat_events`)).rows).toEqual(before.rows);
  });

  test("sendBeacon's text/plain body is read as JSON; answers are open to any origin", async () => {
    const p = page();
    const r = await report(t.app, envelope({ records: [p] }), { 'content-type': 'text/plain;charset=UTF-8', origin: 'https://some-app.example' });
    expect(r.status).toBe(200);
    expect(r.body.data.accepted).toBe(1);
    expect(r.headers['access-control-allow-origin']).toBe('*');
    expect(await stored(t.db, [p.id])).toEqual([p.id]);
    const notJson = await report(t.app, 'hello', { 'content-type': 'text/plain' });
    expect([notJson.status, notJson.body.errorCode, notJson.body.field]).toEqual([400, 'STAT_BODY_INVALID', 'body']);
    expect(notJson.headers['access-control-allow-origin']).toBe('*');
  });

  test('the CORS preflight lets any origin post JSON', async () => {
    for (const url of ['/api/stat/report', '/api/stat/config']) {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin: 'https://other.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(String(res.headers['access-control-allow-methods'])).toContain('POST');
      expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');
    }
  });

  test('a retry is stored once: the same id and ts twice in one report and again in another', async () => {
    const p = page({ id: id() });
    const other = page();
    const first = await report(t.app, envelope({ appid: '__UNI__DUPS', records: [p, { ...p }, other] }));
    expect(first.body.data).toEqual({ accepted: 2, duplicates: 1, rejected: [] });
    const again = await report(t.app, envelope({ appid: '__UNI__DUPS', records: [p, other] }));
    expect(again.body.data).toEqual({ accepted: 0, duplicates: 2, rejected: [] });
    // the same id at another time is another record
    const later = await report(t.app, envelope({ appid: '__UNI__DUPS', records: [{ ...p, ts: p.ts + 1 }] }));
    expect(later.body.data.accepted).toBe(1);
    const n = await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM stat_events WHERE eid = ${p.id}`);
    expect(n.rows[0].n).toBe(2);
    // two reports carrying the same record at the same moment: one stores it
    const q = page();
    const both = await Promise.all([
      report(t.app, envelope({ appid: '__UNI__DUPS', records: [q] })),
      report(t.app, envelope({ appid: '__UNI__DUPS', records: [q] })),
    ]);
    expect(both.map((b) => b.body.data.accepted).sort()).toEqual([0, 1]);
    expect(await stored(t.db, [q.id])).toEqual([q.id]);
  });

  test('bots are answered 200 and nothing is stored', async () => {
    const p = page();
    const r = await report(t.app, envelope({ records: [p] }), { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ accepted: 0, duplicates: 0, rejected: [] });
    expect(await stored(t.db, [p.id])).toEqual([]);
  });
});

describe('settings, switch and limits', () => {
  test('the config check answers what the SDK needs; an unknown app key is refused', async () => {
    const r = await call(t.app, 'GET', `/api/stat/config?appid=${APP}&version=1.0.0`);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ enabled: true, report_interval_s: 20, session_overtime_app_s: 300, session_overtime_page_s: 1800, cache_ms: 86_400_000 });
    const unknown = await call(t.app, 'GET', '/api/stat/config?appid=__UNI__NOPE');
    expect([unknown.status, unknown.body.errorCode, unknown.body.field]).toEqual([400, 'STAT_APP_UNKNOWN', 'appid']);
  });

  test('reporting switched off: reports are refused 403 and the config check says so', async () => {
    expect((await putSettings({ enabled: false })).status).toBe(200);
    const p = page();
    const r = await report(t.app, envelope({ records: [p] }));
    expect([r.status, r.body.errorCode]).toEqual([403, 'STAT_DISABLED']);
    expect((await call(t.app, 'GET', `/api/stat/config?appid=${APP}`)).body.data.enabled).toBe(false);
    expect((await putSettings({ enabled: true })).status).toBe(200);
    expect((await report(t.app, envelope({ records: [p] }))).body.data.accepted).toBe(1);
  });

  test('over the rate limit of an app key: 429 with when to come back, nothing kept; other apps go on', async () => {
    expect((await putSettings({ rate_limit_per_minute: 30 })).status).toBe(200);
    try {
      const ok = await report(t.app, envelope({ appid: '__UNI__RATE', records: Array.from({ length: 20 }, () => page()) }));
      expect(ok.body.data.accepted).toBe(20);
      const over = Array.from({ length: 20 }, () => page());
      const r = await report(t.app, envelope({ appid: '__UNI__RATE', records: over }));
      expect([r.status, r.body.errorCode]).toEqual([429, 'STAT_RATE_LIMITED']);
      expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(r.body.errorMessage).toContain(String(r.headers['retry-after']));
      expect(
        await stored(
          t.db,
          over.map((o) => o.id),
        ),
      ).toEqual([]);
      expect((await report(t.app, envelope({ records: [page()] }))).status).toBe(200);
    } finally {
      await putSettings({ rate_limit_per_minute: 120_000 });
    }
  });

  test('the settings: read and changed by MANAGE_UNI_STAT holders only, bounds checked, the time zone used for the days', async () => {
    const r = await call(t.app, 'GET', '/api/stat/settings', { token: admin });
    expect(r.body.data).toEqual({ enabled: true, tz_offset_minutes: 480, report_interval_s: 20, raw_retention_days: 100, rate_limit_per_minute: 120_000 });
    for (const [body, field] of [
      [{ tz_offset_minutes: 90 }, 'tz_offset_minutes'],
      [{ tz_offset_minutes: 15 * 60 }, 'tz_offset_minutes'],
      [{ raw_retention_days: 3 }, 'raw_retention_days'],
      [{ report_interval_s: 0 }, 'report_interval_s'],
    ] as const) {
      const bad = await putSettings(body);
      expect([bad.status, bad.body.field]).toEqual([400, field]);
    }
    await makeRole(t.db, 'stat_reader', ['READ_UNI_STAT']);
    const reader = await chatUser(t.app, t.db, 'stat_reader_1', 0, ['stat_reader']);
    expect((await call(t.app, 'GET', '/api/stat/settings', { token: reader.token })).status).toBe(403);
    expect((await putSettings({ enabled: false }, reader.token)).status).toBe(403);
    await makeRole(t.db, 'stat_manager', ['MANAGE_UNI_STAT']);
    const manager = await chatUser(t.app, t.db, 'stat_manager_1', 0, ['stat_manager']);
    const changed = await putSettings({ tz_offset_minutes: -300, report_interval_s: 30 }, manager.token);
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ tz_offset_minutes: -300, report_interval_s: 30 });
    try {
      expect((await call(t.app, 'GET', `/api/stat/config?appid=${APP}`)).body.data.report_interval_s).toBe(30);
      // a record at 02:00 UTC is on the day before in UTC-5: that app-day is marked
      const at = Date.UTC(2026, 0, 1) + Math.floor((Date.now() - Date.UTC(2026, 0, 1)) / 86_400_000 - 1) * 86_400_000 + 2 * 3600_000;
      expect((await report(t.app, envelope({ appid: '__UNI__TZ', records: [page({ ts: at })] }))).body.data.accepted).toBe(1);
      const dirty = await t.db.execute<{ day: string }>(sql`SELECT day::text FROM stat_dirty WHERE app_id = '__UNI__TZ'`);
      expect(dirty.rows.map((d) => d.day)).toEqual([statDay(at, -300)]);
      expect(statDay(at, -300)).not.toBe(utcDay(at));
    } finally {
      await putSettings({ tz_offset_minutes: 480, report_interval_s: 20 });
    }
  });
});
