/**
 * JS error and crash reports: groups with counts, shares and the error rate over seeded rollups;
 * a group's detail with breakdowns and the raw occurrences kept; a real esbuild source map
 * resolves the minified stack (Chrome and Firefox forms) to the original file and line; bad
 * maps are refused with their code and field; access rules.
 */
import { sql } from 'drizzle-orm';
import { build } from 'esbuild';
import { addDays, statDay, statDayStart } from '../../shared/stat';
import { ensurePartitions, utcDay } from '../../server/modules/stats/store/partitions';
import { SOURCE_MAP_MAX_BYTES } from '../../server/modules/stats/store/errors';
import { call, login, makeRole, makeUser, registerAdmin } from '../support/accounts';
import { createTestApp } from '../support/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let reader: string;
let nobody: string;

const APP = '__UNI__ERRTEST';
const TZ = 480;
const today = statDay(Date.now(), TZ);
const D1 = addDays(today, -2);
const D2 = addDays(today, -1);
const D0 = addDays(today, -3);
const range = `app_id=${APP}&start=${D1}&end=${D2}`;

// the original source: the throw is on line 8, the call that leads to it on line 4
const SOURCE = [
  '// an order parser with a bug',
  'export function parseOrder(input: string) {',
  "  const parts = input.split(',');",
  '  return parts.map((p) => explodePart(p));',
  '}',
  'function explodePart(p: string): number {',
  '  if (p.length > 0) {',
  "    throw new TypeError('x is undefined: ' + p);",
  '  }',
  '  return 0;',
  '}',
].join('\n');
const SCRIPT_URL = 'https://app.example.com/static/app.min.js';
let minified = '';
let map = '';
let chromeStack = '';

async function tokenOf(username: string, role: string[]) {
  await makeUser(t.db, { username, password: 'Passw0rd!', role });
  return (await login(t.app, username, 'Passw0rd!')).body.data.token as string;
}

/** a raw stat_events row at `ts` (its day's partition made first) */
async function rawError(ts: Date, eid: string, o: { device: string; url: string; version: string; os: string; model: string; hash?: string; kind?: number }) {
  await ensurePartitions(t.db.$client, [utcDay(ts)]);
  await t.db.execute(sql`INSERT INTO stat_events (ts, eid, app_id, device_id, sid, kind, platform, version, os, device_model, url, err_hash, err_msg, err_stack)
    VALUES (${ts.toISOString()}::timestamptz, ${eid}, ${APP}, ${o.device}, ${`sid-${eid}`}, ${o.kind ?? 6}, 'web', ${o.version}, ${o.os}, ${o.model}, ${o.url},
      ${o.hash ?? 'h1'}, 'TypeError: x is undefined', ${chromeStack})`);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await registerAdmin(t.app)).token;
  await makeRole(t.db, 'stat_reader', ['READ_UNI_STAT']);
  await makeRole(t.db, 'plain_staff', ['READ_AI_USAGE']);
  reader = await tokenOf('stat_reader_1', ['stat_reader']);
  nobody = await tokenOf('plain_staff_1', ['plain_staff']);

  // a real minified script and its source map (esbuild)
  const out = await build({
    stdin: { contents: SOURCE, sourcefile: 'src/buggy.ts', loader: 'ts' },
    bundle: false,
    minify: true,
    format: 'iife',
    globalName: 'Bug',
    sourcemap: 'external',
    outfile: 'dist/app.min.js',
    write: false,
    logLevel: 'silent',
  });
  minified = out.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  map = out.outputFiles.find((f) => f.path.endsWith('.map'))!.text;
  // the stack Chrome reports for it: columns (1-based) of the `new TypeError` and of the call
  const col = (needle: string) => {
    const i = minified.indexOf(needle);
    expect(i).toBeGreaterThan(0);
    return i + 1;
  };
  const thrower = /function (\w+)\(\w+\)\{if/.exec(minified)![1];
  chromeStack = [
    'TypeError: x is undefined: a',
    `    at ${thrower} (${SCRIPT_URL}:1:${col('new TypeError')})`,
    `    at ${SCRIPT_URL}:1:${col(`${thrower}(`)}`,
    '    at Array.map (<anonymous>)',
    `    at Object.parseOrder (${SCRIPT_URL}:1:${col('.map(') + 1})`,
  ].join('\n');

  await t.db.execute(sql`INSERT INTO apps (appid, name) VALUES (${APP}, 'Error test app')`);
  // launches: D1 web 100 + android 50 (1.0.0), D2 web 200 (1.1.0); the day before the range: 10
  await t.db.execute(sql`INSERT INTO stat_daily (day, app_id, platform, channel, version, sessions) VALUES
    (${D1}, ${APP}, 'web', '', '1.0.0', 100), (${D1}, ${APP}, 'android', '', '1.0.0', 50),
    (${D2}, ${APP}, 'web', '', '1.1.0', 200), (${D0}, ${APP}, 'web', '', '1.0.0', 10)`);
  const first = statDayStart(D1, TZ);
  const last = new Date(statDayStart(D2, TZ).getTime() + 3 * 3600_000);
  await t.db.execute(sql`INSERT INTO stat_error_groups (app_id, hash, kind, message, stack, first_ts, last_ts) VALUES
    (${APP}, 'h1', 'js', 'TypeError: x is undefined', ${chromeStack}, ${first.toISOString()}::timestamptz, ${last.toISOString()}::timestamptz),
    (${APP}, 'h2', 'js', 'ReferenceError: foo is not defined', 'ReferenceError: foo is not defined\n    at https://app.example.com/static/other.js:1:10', ${first.toISOString()}::timestamptz, ${first.toISOString()}::timestamptz),
    (${APP}, 'c1', 'crash', 'SIGSEGV in libgame.so', '', ${first.toISOString()}::timestamptz, ${last.toISOString()}::timestamptz)`);
  await t.db.execute(sql`INSERT INTO stat_error_days (day, app_id, hash, kind, platform, channel, version, device_model, count, devices) VALUES
    (${D1}, ${APP}, 'h1', 'js', 'web', '', '1.0.0', '', 30, 10),
    (${D2}, ${APP}, 'h1', 'js', 'web', '', '1.1.0', '', 40, 12),
    (${D0}, ${APP}, 'h1', 'js', 'web', '', '1.0.0', '', 2, 2),
    (${D1}, ${APP}, 'h2', 'js', 'android', '', '1.0.0', '', 5, 3),
    (${D1}, ${APP}, 'c1', 'crash', 'android', '', '1.0.0', 'Pixel 7', 4, 2),
    (${D2}, ${APP}, 'c1', 'crash', 'android', '', '1.1.0', 'Mi 11', 6, 6)`);
  // raw occurrences of h1 on D2: two from device A (list page, hash routed), one from B (home)
  const at = (h: number) => new Date(statDayStart(D2, TZ).getTime() + h * 3600_000);
  await rawError(at(1), 'e-1', {
    device: 'device-aaaaaaaaaaaa',
    url: 'https://app.example.com/#/pages/list/list?x=1',
    version: '1.1.0',
    os: 'Windows 10',
    model: '',
  });
  await rawError(at(2), 'e-2', {
    device: 'device-aaaaaaaaaaaa',
    url: 'https://app.example.com/#/pages/list/list?x=2',
    version: '1.1.0',
    os: 'Windows 10',
    model: '',
  });
  await rawError(at(3), 'e-3', {
    device: 'device-bbbbbbbbbbbb',
    url: 'https://app.example.com/pages/home?y=2#top',
    version: '1.1.0',
    os: 'iOS 17',
    model: 'iPhone 15',
  });
  // another group's raw row must not count
  await rawError(at(3), 'e-4', {
    device: 'device-cccccccccccc',
    url: 'https://app.example.com/x',
    version: '1.1.0',
    os: 'Android',
    model: 'Pixel',
    hash: 'h2',
  });
});
afterAll(async () => {
  await t?.close();
});

test('error groups: counts, shares, platforms, versions, sorted and paged, keyword on the message', async () => {
  const r = await call(t.app, 'GET', `/api/stat/errors?${range}`, { token: reader });
  expect(r.status).toBe(200);
  expect(r.body.total).toBe(2);
  const [a, b] = r.body.data;
  expect(a).toMatchObject({ hash: 'h1', message: 'TypeError: x is undefined', count: 70, devices: 22, platforms: ['web'], versions: ['1.1.0', '1.0.0'] });
  expect(a.share).toBeCloseTo(70 / 75, 6);
  expect(b).toMatchObject({ hash: 'h2', count: 5, platforms: ['android'], versions: ['1.0.0'] });
  expect(b.share).toBeCloseTo(5 / 75, 6);

  const asc = await call(t.app, 'GET', `/api/stat/errors?${range}&sortField=count&sortOrder=ascend&pageSize=1`, { token: reader });
  expect(asc.body.total).toBe(2);
  expect(asc.body.data.map((g: { hash: string }) => g.hash)).toEqual(['h2']);
  const page2 = await call(t.app, 'GET', `/api/stat/errors?${range}&sortField=count&sortOrder=ascend&pageSize=1&current=2`, { token: reader });
  expect(page2.body.data.map((g: { hash: string }) => g.hash)).toEqual(['h1']);

  const kw = await call(t.app, 'GET', `/api/stat/errors?${range}&keyword=${encodeURIComponent('foo is')}`, { token: reader });
  expect(kw.body.total).toBe(1);
  expect(kw.body.data[0].hash).toBe('h2');
  // the share stays the share of every error in the filter
  expect(kw.body.data[0].share).toBeCloseTo(5 / 75, 6);

  const android = await call(t.app, 'GET', `/api/stat/errors?${range}&platform=android`, { token: reader });
  expect(android.body.data.map((g: { hash: string }) => g.hash)).toEqual(['h2']);
  expect(android.body.data[0].share).toBe(1);

  const empty = await call(t.app, 'GET', `/api/stat/errors?app_id=${APP}&start=${addDays(today, -30)}&end=${addDays(today, -20)}`, { token: reader });
  expect(empty.body).toMatchObject({ success: true, data: [], total: 0 });
});

test('error rate: errors / launches, by day, with the period before', async () => {
  const r = await call(t.app, 'GET', `/api/stat/errors/summary?${range}`, { token: reader });
  expect(r.status).toBe(200);
  const s = r.body.data;
  expect(s).toMatchObject({ count: 75, launches: 350, groups: 2 });
  expect(s.rate).toBeCloseTo(75 / 350, 6);
  expect(s.trend).toEqual([
    { day: D1, count: 35, launches: 150, rate: 35 / 150 },
    { day: D2, count: 40, launches: 200, rate: 40 / 200 },
  ]);
  // the period before (D1 - 2 .. D1 - 1) holds D0: 2 errors, 10 launches
  expect(s.previous).toEqual({ count: 2, launches: 10, rate: 0.2 });

  const android = (await call(t.app, 'GET', `/api/stat/errors/summary?${range}&platform=android`, { token: reader })).body.data;
  expect(android).toMatchObject({ count: 5, launches: 50, rate: 0.1, groups: 1 });
});

test('crashes by version and device model: count, share, crash rate of the version', async () => {
  const r = await call(t.app, 'GET', `/api/stat/crashes?${range}`, { token: reader });
  expect(r.status).toBe(200);
  expect(r.body.total).toBe(2);
  expect(r.body.data).toEqual([
    { version: '1.1.0', device_model: 'Mi 11', count: 6, devices: 6, share: 0.6, launches: 200, rate: 6 / 200 },
    { version: '1.0.0', device_model: 'Pixel 7', count: 4, devices: 2, share: 0.4, launches: 150, rate: 4 / 150 },
  ]);
  const byRate = await call(t.app, 'GET', `/api/stat/crashes?${range}&sortField=rate&sortOrder=descend`, { token: reader });
  expect(byRate.body.data.map((c: { device_model: string }) => c.device_model)).toEqual(['Mi 11', 'Pixel 7']);
  const kw = await call(t.app, 'GET', `/api/stat/crashes?${range}&keyword=pixel`, { token: reader });
  expect(kw.body.data.map((c: { device_model: string }) => c.device_model)).toEqual(['Pixel 7']);

  // the crash messages: one group of 10 (the JS groups are not among them)
  const groups = await call(t.app, 'GET', `/api/stat/crashes/groups?${range}`, { token: reader });
  expect(groups.body.total).toBe(1);
  expect(groups.body.data[0]).toMatchObject({
    hash: 'c1',
    message: 'SIGSEGV in libgame.so',
    count: 10,
    devices: 8,
    share: 1,
    platforms: ['android'],
    versions: ['1.1.0', '1.0.0'],
  });
  const crashDetail = (await call(t.app, 'GET', `/api/stat/errors/c1?${range}`, { token: reader })).body.data;
  expect(crashDetail).toMatchObject({ kind: 'crash', count: 10 });
  expect(crashDetail.by_device_model).toEqual([]); // no raw crash records kept in this test

  const s = (await call(t.app, 'GET', `/api/stat/crashes/summary?${range}`, { token: reader })).body.data;
  expect(s).toMatchObject({ count: 10, launches: 350, groups: 2 });
  expect(s.rate).toBeCloseTo(10 / 350, 6);
  expect(s.trend.map((d: { count: number }) => d.count)).toEqual([4, 6]);
});

test('a group: trend, breakdowns, the raw occurrences kept, newest first', async () => {
  const r = await call(t.app, 'GET', `/api/stat/errors/h1?${range}`, { token: reader });
  expect(r.status).toBe(200);
  const d = r.body.data;
  expect(d).toMatchObject({ hash: 'h1', kind: 'js', message: 'TypeError: x is undefined', count: 70, devices: 22, raw_count: 3, raw_devices: 2 });
  expect(d.trend).toEqual([
    { day: D1, count: 30 },
    { day: D2, count: 40 },
  ]);
  expect(d.by_version).toEqual([
    { key: '1.1.0', count: 40 },
    { key: '1.0.0', count: 30 },
  ]);
  expect(d.by_platform).toEqual([{ key: 'web', count: 70 }]);
  expect(d.by_page).toEqual([
    { key: '/pages/list/list', count: 2 },
    { key: '/pages/home', count: 1 },
  ]);
  expect(d.by_os).toEqual([
    { key: 'Windows 10', count: 2 },
    { key: 'iOS 17', count: 1 },
  ]);
  expect(d.latest.map((o: { ts: string; device_id: string; page: string; os: string }) => [o.device_id, o.page, o.os])).toEqual([
    ['device-bbbbbbbbbbbb', '/pages/home', 'iOS 17'],
    ['device-aaaaaaaaaaaa', '/pages/list/list', 'Windows 10'],
    ['device-aaaaaaaaaaaa', '/pages/list/list', 'Windows 10'],
  ]);
  // no map uploaded yet: the frames are parsed but none resolves
  expect(d.resolved.version).toBe('1.1.0');
  expect(d.resolved.frames.length).toBeGreaterThan(1);
  expect(d.resolved.frames[0]).toMatchObject({ url: SCRIPT_URL, file: 'app.min.js', line: 1, original: null });
  expect(d.resolved.resolved).toBe(0);

  const missing = await call(t.app, 'GET', `/api/stat/errors/nope?${range}`, { token: reader });
  expect(missing.status).toBe(404);
  expect(missing.body).toMatchObject({ errorCode: 'NOT_FOUND', field: 'hash' });
});

test('an uploaded source map resolves the minified stack to the original file and line (Chrome and Firefox forms)', async () => {
  const up = await call(t.app, 'POST', '/api/stat/source-maps', { token: admin, body: { app_id: APP, version: '1.1.0', file: 'static/app.min.js', map } });
  expect(up.status).toBe(200);
  expect(up.body.data).toMatchObject({ app_id: APP, version: '1.1.0', file: 'app.min.js', size: Buffer.byteLength(map) });

  const list = await call(t.app, 'GET', `/api/stat/source-maps?app_id=${APP}`, { token: reader });
  expect(list.body.total).toBe(1);
  expect(list.body.data[0]).toMatchObject({ version: '1.1.0', file: 'app.min.js' });

  const d = (await call(t.app, 'GET', `/api/stat/errors/h1?${range}`, { token: reader })).body.data;
  const [top, caller] = d.resolved.frames;
  // the throw, in explodePart (named from its caller's call site, as minified it is another name)
  expect(top.original).toMatchObject({ line: 8, name: 'explodePart' });
  expect(top.fn).not.toBe('explodePart');
  expect(top.original.source).toMatch(/src\/buggy\.ts$/);
  expect(caller.original).toMatchObject({ line: 4 });
  expect(d.resolved.resolved).toBeGreaterThanOrEqual(2);

  // the same positions in Firefox / Safari form
  const frames = d.resolved.frames as Array<{ fn: string; line: number; column: number }>;
  const gecko = ['TypeError: x is undefined: a', ...frames.map((f) => `${f.fn}@${SCRIPT_URL}:${f.line}:${f.column}`)].join('\n');
  await t.db.execute(sql`UPDATE stat_error_groups SET stack = ${gecko} WHERE app_id = ${APP} AND hash = 'h1'`);
  const g = (await call(t.app, 'GET', `/api/stat/errors/h1?${range}`, { token: reader })).body.data;
  expect(g.resolved.frames[0].original).toMatchObject({ line: 8 });
  expect(g.resolved.frames[1].original).toMatchObject({ line: 4 });

  // another version's stack is not resolved by this version's map
  const other = (await call(t.app, 'GET', `/api/stat/errors/h1?app_id=${APP}&start=${D1}&end=${D1}&version=1.0.0`, { token: reader })).body.data;
  expect(other.resolved.version).toBe('1.0.0');
  expect(other.resolved.resolved).toBe(0);
  await t.db.execute(sql`UPDATE stat_error_groups SET stack = ${chromeStack} WHERE app_id = ${APP} AND hash = 'h1'`);

  // deleting it: the frames are minified again
  const del = await call(t.app, 'DELETE', `/api/stat/source-maps?app_id=${APP}&version=1.1.0&file=app.min.js`, { token: admin });
  expect(del.status).toBe(200);
  expect((await call(t.app, 'GET', `/api/stat/errors/h1?${range}`, { token: reader })).body.data.resolved.resolved).toBe(0);
  const again = await call(t.app, 'DELETE', `/api/stat/source-maps?app_id=${APP}&version=1.1.0&file=app.min.js`, { token: admin });
  expect(again.status).toBe(404);
});

test('what is not a source map is refused with its code and field', async () => {
  const send = (body: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/stat/source-maps', { token: admin, body: { app_id: APP, version: '1.1.0', file: 'app.min.js', ...body } });
  for (const bad of ['not json at all', JSON.stringify({ version: 3 }), JSON.stringify({ version: 2, sources: [], mappings: '' }), minified]) {
    const r = await send({ map: bad });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errorCode: 'STAT_SOURCE_MAP_INVALID', field: 'file' });
  }
  const unknown = await send({ app_id: '__UNI__NOPE', map });
  expect(unknown.status).toBe(400);
  expect(unknown.body).toMatchObject({ errorCode: 'STAT_APP_UNKNOWN', field: 'app_id' });
  const big = await send({ map: `{"version":3,"sources":[],"mappings":"","x":"${'a'.repeat(SOURCE_MAP_MAX_BYTES)}"}` });
  expect(big.status).toBe(413);
  expect(big.body.errorCode).toBe('PAYLOAD_TOO_LARGE');
  expect((await call(t.app, 'GET', `/api/stat/source-maps?app_id=${APP}`, { token: admin })).body.total).toBe(0);
});

test('access: reading needs READ_UNI_STAT, uploading and deleting maps MANAGE_UNI_STAT', async () => {
  for (const url of [
    `/api/stat/errors?${range}`,
    `/api/stat/errors/summary?${range}`,
    `/api/stat/errors/h1?${range}`,
    `/api/stat/crashes?${range}`,
    `/api/stat/crashes/groups?${range}`,
    `/api/stat/crashes/summary?${range}`,
    `/api/stat/source-maps`,
  ]) {
    const r = await call(t.app, 'GET', url, { token: nobody });
    expect(r.status).toBe(403);
  }
  expect((await call(t.app, 'GET', `/api/stat/errors?${range}`)).status).toBe(401);
  const up = await call(t.app, 'POST', '/api/stat/source-maps', { token: reader, body: { app_id: APP, version: '1.1.0', file: 'app.min.js', map } });
  expect(up.status).toBe(403);
  const del = await call(t.app, 'DELETE', `/api/stat/source-maps?app_id=${APP}&version=1.1.0&file=app.min.js`, { token: reader });
  expect(del.status).toBe(403);
});
