/**
 * The upgrade center: multi-segment version compare, the add rules (strictly above the current
 * stable version, a package fitting the platform and type, uploaded or by URL), stable
 * switching, the delete rules with package removal, every code of the public update check with
 * the reference's semantics, app deletion taking the app's versions, and who may do what.
 */
import { compareVersions, extensionOf, parseVersion, versionKey } from '../../shared/version';
import { call, makeRole, makeUser, login, registerAdmin } from '../support/accounts';
import { createTestApp } from '../support/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let manager: string;
let plain: string;
const V = '/api/upgrade/versions';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await registerAdmin(t.app)).token;
  await makeRole(t.db, 'version_manager', ['MANAGE_UNI_UPGRADE_CENTER']);
  await makeUser(t.db, { username: 'vm_user', password: 'Passw0rd!x', role: ['version_manager'] });
  await makeUser(t.db, { username: 'vm_plain', password: 'Passw0rd!x' });
  manager = (await login(t.app, 'vm_user', 'Passw0rd!x')).body.data.token;
  plain = (await login(t.app, 'vm_plain', 'Passw0rd!x')).body.data.token;
  for (const appid of ['__UNI__A1', '__UNI__B2', '__UNI__C3', '__UNI__GONE']) {
    const r = await call(t.app, 'POST', '/api/system/apps', { token: admin, body: { appid, name: `App ${appid}` } });
    expect(r.status).toBe(200);
  }
});
afterAll(() => t.close());

/** a multipart upload to the file service, as the console sends it */
async function upload(token: string, cloudPath: string, name: string, bytes = Buffer.from('PK\u0003\u0004 package bytes')) {
  const fd = new FormData();
  fd.append('cloudPath', cloudPath);
  fd.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), name);
  const encoded = new Response(fd);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/files/upload',
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')!, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { fileID: string; url: string };
}

const base = { contents: 'Bug fixes', title: 'Update' };
async function add(body: Record<string, unknown>, token = manager) {
  return call(t.app, 'POST', V, { token, body: { ...base, ...body } });
}
async function addOk(body: Record<string, unknown>) {
  const r = await add(body);
  expect(r.status).toBe(200);
  return r.body.data as { id: string; version: string; stable_publish: boolean; url: string; file_id: string | null };
}
const check = (q: Record<string, string>) => call(t.app, 'POST', '/api/upgrade/check', { body: q });

describe('version compare (shared/version.ts)', () => {
  test('numeric segments, missing ones count as 0, non-numbers are refused', () => {
    expect(compareVersions('1.2', '1.2.0')).toBe(0);
    expect(compareVersions('1.10.0', '1.9.9')).toBe(1);
    expect(compareVersions('1.2.3', '1.2.3.1')).toBe(-1);
    expect(compareVersions('2', '1.99.99')).toBe(1);
    expect(compareVersions('0.0.1', '0')).toBe(1);
    expect(versionKey('1.2.0.0')).toEqual([1, 2]);
    for (const bad of ['', '1.', '.1', '1..2', '1.2a', 'v1.2', '1.2.3-beta', '1,2', '1234567890']) expect(parseVersion(bad)).toBeNull();
    expect(() => compareVersions('1.x', '1')).toThrow();
    expect(extensionOf('https://cdn.example.com/pkg/app.APK?x=1')).toBe('apk');
    expect(extensionOf('https://apps.apple.com/app/id123')).toBe('');
  });
});

describe('add', () => {
  test('the version must be strictly greater than the current stable one (multi-segment), per appid, type and platform', async () => {
    const first = await addOk({
      appid: '__UNI__A1',
      platform: 'android',
      type: 'native_app',
      version: '1.2',
      url: 'https://dl.example.com/a-1.2.apk',
      stable_publish: true,
    });
    expect(first.stable_publish).toBe(true);
    for (const version of ['1.2.0', '1.1.9', '1.2']) {
      const r = await add({ appid: '__UNI__A1', platform: 'android', type: 'native_app', version, url: 'https://dl.example.com/a.apk' });
      expect([r.status, r.body.errorCode, r.body.field]).toEqual([409, 'VERSION_NOT_GREATER', 'version']);
      expect(r.body.errorMessage).toContain('1.2');
    }
    // 1.10 > 1.9 > 1.2 as numbers, not as text
    await addOk({ appid: '__UNI__A1', platform: 'android', type: 'native_app', version: '1.10', url: 'https://dl.example.com/a-1.10.apk' });
    // another platform, type or app has its own stable version
    await addOk({ appid: '__UNI__A1', platform: 'ios', type: 'native_app', version: '1.0', url: 'https://apps.apple.com/app/id1' });
    await addOk({ appid: '__UNI__A1', platform: 'android', type: 'wgt', version: '1.0', min_uni_version: '1.0', url: 'https://dl.example.com/a.wgt' });
    await addOk({ appid: '__UNI__B2', platform: 'android', type: 'native_app', version: '0.1', url: 'https://dl.example.com/b.apk' });
  });

  test('bad input: a catalogue code on the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ appid: '__UNI__A1', platform: 'android', type: 'native_app', version: '2.0-beta', url: 'https://x.example/a.apk' }, 'VERSION_INVALID', 'version'],
      [{ appid: '__UNI__NOPE', platform: 'android', type: 'native_app', version: '9.0', url: 'https://x.example/a.apk' }, 'REFERENCE_NOT_FOUND', 'appid'],
      [{ appid: '__UNI__A1', platform: 'android', type: 'native_app', version: '9.0' }, 'INVALID_PARAM', 'url'],
      [{ appid: '__UNI__A1', platform: 'android', type: 'native_app', version: '9.0', url: 'ftp://x.example/a.apk' }, 'INVALID_PARAM', 'url'],
      [{ appid: '__UNI__A1', platform: 'android', type: 'native_app', version: '9.0', url: 'https://x.example/a.ipa' }, 'VERSION_PACKAGE_MISMATCH', 'url'],
      [
        { appid: '__UNI__A1', platform: 'android', type: 'wgt', version: '9.0', min_uni_version: '1.0', url: 'https://x.example/a.apk' },
        'VERSION_PACKAGE_MISMATCH',
        'url',
      ],
      [{ appid: '__UNI__A1', platform: 'android', type: 'wgt', version: '9.0', url: 'https://x.example/a.wgt' }, 'VERSION_INVALID', 'min_uni_version'],
      [
        { appid: '__UNI__A1', platform: 'android', type: 'native_app', version: '9.0', url: 'https://x.example/a.apk', contents: '  ' },
        'INVALID_PARAM',
        'contents',
      ],
      [{ appid: '__UNI__A1', platform: 'android', type: 'native_app', version: '9.0', file_id: 'nope' }, 'REFERENCE_NOT_FOUND', 'file_id'],
    ];
    for (const [body, code, field] of cases) {
      const r = await add(body);
      expect([r.body.errorCode, r.body.field]).toEqual([code, field]);
      expect(r.status).toBeLessThan(500);
    }
  });

  test('an uploaded package must have the extension of its platform and type, and is downloadable by apps', async () => {
    const apk = await upload(manager, 'upgrade-center/__UNI__C3/x/app.apk', 'app.apk');
    const wgt = await upload(manager, 'upgrade-center/__UNI__C3/y/app.wgt', 'app.wgt');
    const hap = await upload(manager, 'upgrade-center/__UNI__C3/z/app.hap', 'app.hap');
    const elsewhere = await upload(manager, 'docs/app.apk', 'app.apk');
    const wrong = await add({ appid: '__UNI__C3', platform: 'ios', type: 'native_app', version: '1.0', file_id: apk.fileID });
    expect([wrong.body.errorCode, wrong.body.field]).toEqual(['VERSION_PACKAGE_MISMATCH', 'file_id']);
    expect(wrong.body.errorMessage).toContain('.ipa');
    expect((await add({ appid: '__UNI__C3', platform: 'android', type: 'native_app', version: '1.0', file_id: elsewhere.fileID })).body.errorCode).toBe(
      'REFERENCE_NOT_FOUND',
    );
    const both = await add({
      appid: '__UNI__C3',
      platform: 'android',
      type: 'native_app',
      version: '1.0',
      file_id: apk.fileID,
      url: 'https://x.example/a.apk',
    });
    expect([both.body.errorCode, both.body.field]).toEqual(['INVALID_PARAM', 'url']);

    const v = await addOk({ appid: '__UNI__C3', platform: 'android', type: 'native_app', version: '1.0', file_id: apk.fileID });
    expect([v.file_id, v.url]).toEqual([apk.fileID, `/api/upgrade/packages/${apk.fileID}`]);
    // one package, one version
    expect((await add({ appid: '__UNI__C3', platform: 'android', type: 'native_app', version: '1.1', file_id: apk.fileID })).body.field).toBe('file_id');
    await addOk({ appid: '__UNI__C3', platform: 'harmony', type: 'native_app', version: '1.0', file_id: hap.fileID });
    await addOk({ appid: '__UNI__C3', platform: 'ios', type: 'wgt', version: '1.0', min_uni_version: '1.0', file_id: wgt.fileID });

    // apps download it without signing in; a file that is no version's package is not served here
    const dl = await t.app.inject({ method: 'GET', url: v.url });
    expect(dl.statusCode).toBe(200);
    expect(dl.body).toContain('package bytes');
    expect(dl.headers['content-disposition']).toContain('app.apk');
    expect((await t.app.inject({ method: 'GET', url: `/api/upgrade/packages/${elsewhere.fileID}` })).statusCode).toBe(404);
  });
});

describe('stable publishing and deleting', () => {
  test('publishing as stable un-stables the previous stable record; the stable one cannot be deleted; deleting another deletes its package', async () => {
    const pkg = await upload(manager, 'upgrade-center/__UNI__B2/p/b.wgt', 'b.wgt');
    const w1 = await addOk({
      appid: '__UNI__B2',
      platform: 'android',
      type: 'wgt',
      version: '1.0.1',
      min_uni_version: '1.0',
      url: 'https://x.example/b1.wgt',
      stable_publish: true,
    });
    const w2 = await addOk({ appid: '__UNI__B2', platform: 'android', type: 'wgt', version: '1.0.2', min_uni_version: '1.0', file_id: pkg.fileID });
    expect(w2.stable_publish).toBe(false);

    const stableList = async () =>
      (await call(t.app, 'GET', `${V}?appid=__UNI__B2&type=wgt&stable_publish=true`, { token: manager })).body.data.map((r: { id: string }) => r.id);
    expect(await stableList()).toEqual([w1.id]);

    // the stable record cannot be deleted, alone or in a batch
    const refused = await call(t.app, 'DELETE', `${V}/${w1.id}`, { token: manager });
    expect([refused.status, refused.body.errorCode]).toEqual([409, 'VERSION_STABLE_UNDELETABLE']);
    expect((await call(t.app, 'DELETE', V, { token: manager, body: { ids: [w1.id, w2.id] } })).body.errorCode).toBe('VERSION_STABLE_UNDELETABLE');
    expect((await call(t.app, 'GET', `${V}/${w2.id}`, { token: manager })).status).toBe(200);

    // publish w2 as stable: w1 is no longer stable
    const pub = await call(t.app, 'PUT', `${V}/${w2.id}`, { token: manager, body: { stable_publish: true } });
    expect(pub.body.data.stable_publish).toBe(true);
    expect(await stableList()).toEqual([w2.id]);
    expect((await call(t.app, 'GET', `${V}/${w1.id}`, { token: manager })).body.data.stable_publish).toBe(false);
    // a new add must now exceed 1.0.2
    expect(
      (await add({ appid: '__UNI__B2', platform: 'android', type: 'wgt', version: '1.0.2', min_uni_version: '1.0', url: 'https://x.example/b.wgt' })).body
        .errorCode,
    ).toBe('VERSION_NOT_GREATER');

    // publishing the new stable one at add time switches too
    const w3 = await addOk({
      appid: '__UNI__B2',
      platform: 'android',
      type: 'wgt',
      version: '1.0.3',
      min_uni_version: '1.0',
      url: 'https://x.example/b3.wgt',
      stable_publish: true,
    });
    expect(await stableList()).toEqual([w3.id]);

    // w2 (with an uploaded package) is no longer stable: deleting it deletes its file
    expect((await t.app.inject({ method: 'GET', url: w2.url })).statusCode).toBe(200);
    const del = await call(t.app, 'DELETE', `${V}/${w2.id}`, { token: manager });
    expect([del.status, del.body.data.deleted]).toEqual([200, 1]);
    expect((await call(t.app, 'GET', `${V}/${w2.id}`, { token: manager })).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: w2.url })).statusCode).toBe(404);
    // gone from the file service too (its owner no longer finds it)
    expect((await t.app.inject({ method: 'GET', url: pkg.url, headers: { authorization: `Bearer ${manager}` } })).statusCode).toBe(404);
  });

  test('only the editable fields change; fixed fields refuse a new value', async () => {
    const v = await addOk({ appid: '__UNI__B2', platform: 'ios', type: 'native_app', version: '3.0', url: 'https://apps.apple.com/app/id9' });
    const r = await call(t.app, 'PUT', `${V}/${v.id}`, {
      token: manager,
      body: {
        title: 'New title',
        contents: 'New notes',
        is_mandatory: true,
        is_silently: true,
        store_list: [{ id: 'appstore', name: 'App Store', scheme: 'itms-apps://', enable: true, priority: 1 }],
      },
    });
    expect(r.status).toBe(200);
    // is_silently is for hot updates only
    expect([r.body.data.title, r.body.data.contents, r.body.data.is_mandatory, r.body.data.is_silently, r.body.data.store_list.length]).toEqual([
      'New title',
      'New notes',
      true,
      false,
      1,
    ]);
    const fixed = await call(t.app, 'PUT', `${V}/${v.id}`, { token: manager, body: { version: '3.1' } });
    expect([fixed.body.errorCode, fixed.body.field]).toEqual(['FIELD_IMMUTABLE', 'version']);
  });
});

describe('update check (public)', () => {
  const A = '__UNI__CHK';
  beforeAll(async () => {
    expect((await call(t.app, 'POST', '/api/system/apps', { token: admin, body: { appid: A, name: 'Check app' } })).status).toBe(200);
  });

  test('-102 when an input is missing, -101 without a stable record', async () => {
    for (const missing of ['appid', 'appVersion', 'wgtVersion', 'platform']) {
      const q: Record<string, string> = { appid: A, appVersion: '1.0.0', wgtVersion: '1.0.0', platform: 'android' };
      delete q[missing];
      const r = await check(q);
      expect([r.status, r.body.code]).toEqual([200, -102]);
      expect(r.body.message).toBeTruthy();
    }
    expect((await call(t.app, 'GET', '/api/upgrade/check', {})).body.code).toBe(-102);
    const none = await check({ appid: A, appVersion: '1.0.0', wgtVersion: '1.0.0', platform: 'android' });
    expect(none.body).toEqual({ code: -101, message: expect.any(String) });
    // a non-stable record does not count
    await addOk({ appid: A, platform: 'android', type: 'native_app', version: '1.0.0', url: 'https://x.example/c-1.0.0.apk' });
    expect((await check({ appid: A, appVersion: '1.0.0', wgtVersion: '1.0.0', platform: 'android' })).body.code).toBe(-101);
    // reference wording in Chinese
    const zh = await call(t.app, 'POST', '/api/upgrade/check', { body: { appid: A, appVersion: '1', wgtVersion: '1', platform: 'android' }, lang: 'zh-CN' });
    expect(zh.body.message).toBe('暂无更新或检查appid是否填写正确');
  });

  test('0, 102 and 101 with the reference semantics, min_uni_version included', async () => {
    const q = (appVersion: string, wgtVersion: string) => check({ appid: A, appVersion, wgtVersion, platform: 'android' });
    const native = await addOk({
      appid: A,
      platform: 'android',
      type: 'native_app',
      version: '1.2.0',
      url: 'https://x.example/c-1.2.0.apk',
      stable_publish: true,
    });

    // only a native app: newer than the app -> 102 with the record; same -> 0
    const full = (await q('1.1.0', '1.1.0')).body;
    expect(full).toMatchObject({ code: 102, id: native.id, version: '1.2.0', type: 'native_app', url: 'https://x.example/c-1.2.0.apk' });
    expect((await q('1.2.0', '1.2.0')).body).toEqual({ code: 0, message: expect.any(String) });
    // '1.2' is the same version as '1.2.0'
    expect((await q('1.2', '1.2')).body.code).toBe(0);
    // the candidate must be newer than the wgt version too (the last update may have been a wgt)
    expect((await q('1.1.0', '1.2.0')).body.code).toBe(0);

    // a stable wgt 1.2.1 for apps from native 1.2.0 up
    const wgt = await addOk({
      appid: A,
      platform: 'android',
      type: 'wgt',
      version: '1.2.1',
      min_uni_version: '1.2.0',
      url: 'https://x.example/c-1.2.1.wgt',
      stable_publish: true,
    });
    const hot = (await q('1.2.0', '1.2.0')).body;
    expect(hot).toMatchObject({ code: 101, id: wgt.id, type: 'wgt', version: '1.2.1', min_uni_version: '1.2.0', url: 'https://x.example/c-1.2.1.wgt' });
    // already on the wgt's version -> 0
    expect((await q('1.2.0', '1.2.1')).body.code).toBe(0);
    // wgt version (1.2.1) < appVersion (1.3.0): the candidate is the native app (1.2.0), not newer -> 0
    expect((await q('1.3.0', '1.3.0')).body.code).toBe(0);
    // app 1.1.0 is below the wgt's min_uni_version: the native app (newer than 1.1.0) -> 102
    expect((await q('1.1.0', '1.1.0')).body).toMatchObject({ code: 102, id: native.id });

    // a wgt needing native 2.0: no hot update for 1.2.0, and the native app is not newer -> 0
    await addOk({
      appid: A,
      platform: 'android',
      type: 'wgt',
      version: '1.2.2',
      min_uni_version: '2.0',
      url: 'https://x.example/c-1.2.2.wgt',
      stable_publish: true,
    });
    expect((await q('1.2.0', '1.2.0')).body.code).toBe(0);
    // ... but 102 once a newer native app is stable
    await addOk({ appid: A, platform: 'android', type: 'native_app', version: '1.2.5', url: 'https://x.example/c-1.2.5.apk', stable_publish: true });
    expect((await q('1.2.0', '1.2.0')).body).toMatchObject({ code: 102, version: '1.2.5' });

    // another platform has no stable record; GET with a query answers the same
    expect((await check({ appid: A, appVersion: '1.0', wgtVersion: '1.0', platform: 'ios' })).body.code).toBe(-101);
    const get = await call(t.app, 'GET', `/api/upgrade/check?appid=${A}&appVersion=1.2.0&wgtVersion=1.2.0&platform=android`, {});
    expect(get.body).toMatchObject({ code: 102, version: '1.2.5' });
  });

  test('an uploaded package answers with an absolute url', async () => {
    const pkg = await upload(manager, 'upgrade-center/__UNI__CHK/ios/app.ipa', 'app.ipa');
    await addOk({ appid: A, platform: 'ios', type: 'native_app', version: '5.0', file_id: pkg.fileID, stable_publish: true });
    const r = await check({ appid: A, appVersion: '4.0', wgtVersion: '4.0', platform: 'ios' });
    expect(r.body.code).toBe(102);
    expect(r.body.url).toMatch(new RegExp(`^https?://[^/]+/api/upgrade/packages/${pkg.fileID}$`));
  });
});

describe('app deletion and access', () => {
  test('deleting an app removes its versions and their packages', async () => {
    const pkg = await upload(manager, 'upgrade-center/__UNI__GONE/a/gone.apk', 'gone.apk');
    const v1 = await addOk({ appid: '__UNI__GONE', platform: 'android', type: 'native_app', version: '1.0', file_id: pkg.fileID, stable_publish: true });
    await addOk({ appid: '__UNI__GONE', platform: 'android', type: 'wgt', version: '1.0.1', min_uni_version: '1.0', url: 'https://x.example/g.wgt' });
    expect((await call(t.app, 'GET', `${V}?appid=__UNI__GONE`, { token: manager })).body.total).toBe(2);
    expect((await call(t.app, 'DELETE', '/api/system/apps/__UNI__GONE', { token: admin })).status).toBe(200);
    expect((await call(t.app, 'GET', `${V}?appid=__UNI__GONE`, { token: manager })).body.total).toBe(0);
    expect((await call(t.app, 'GET', `${V}/${v1.id}`, { token: manager })).status).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: pkg.url, headers: { authorization: `Bearer ${manager}` } })).statusCode).toBe(404);
  });

  test('the list: search, filters, sort by version; latest stable per app; closed to users without the permission', async () => {
    const list = (qs: string, token = manager) => call(t.app, 'GET', `${V}?${qs}`, { token });
    const a1 = (await list('appid=__UNI__A1&platform=android&type=native_app&sortField=version&sortOrder=descend')).body.data;
    expect(a1.map((r: { version: string }) => r.version)).toEqual(['1.10', '1.2']);
    expect(a1[0].app_name).toBe('App __UNI__A1');
    expect((await list(`keyword=${encodeURIComponent('App __UNI__B2')}`)).body.total).toBeGreaterThan(0);
    const latest = (await call(t.app, 'GET', '/api/upgrade/latest?appid=__UNI__A1&appid=__UNI__B2', { token: manager })).body.data;
    expect(
      latest
        .filter((r: { appid: string }) => r.appid === '__UNI__A1')
        .map((r: { platform: string; type: string; version: string }) => `${r.platform}/${r.type}/${r.version}`),
    ).toEqual(['android/native_app/1.2']);

    for (const token of [plain, undefined]) {
      expect((await call(t.app, 'GET', V, { token })).status).toBe(token ? 403 : 401);
      const body = { ...base, appid: '__UNI__A1', platform: 'android', type: 'native_app', version: '50', url: 'https://x.example/a.apk' };
      expect((await call(t.app, 'POST', V, { token, body })).status).toBe(token ? 403 : 401);
      expect((await call(t.app, 'GET', '/api/upgrade/latest?appid=__UNI__A1', { token })).status).toBe(token ? 403 : 401);
    }
    // admins pass every check
    expect((await call(t.app, 'GET', V, { token: admin })).status).toBe(200);
  });
});
