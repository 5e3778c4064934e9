/** Tags, apps (with the uni-portal page) and user logs. */
import { call, login, makeUser, registerAdmin } from '../support/accounts';
import { APP_ID, APP_NAME } from '../../shared/app-info';
import { createTestApp } from '../support/test-app';
import { exportRows, tokenWith } from './system-support';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
const T = '/api/system/tags';
const A = '/api/system/apps';
const L = '/api/system/user-logs';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await registerAdmin(t.app)).token;
});
afterAll(async () => {
  await t.close();
});

describe('tags', () => {
  it('creates, lists with member counts, updates, and refuses duplicate or changed ids', async () => {
    for (const [tagid, name] of [
      ['vip', 'VIP'],
      ['beta', 'Beta testers'],
      ['staff', 'Staff'],
    ]) {
      expect((await call(t.app, 'POST', T, { token: admin, body: { tagid, name, description: `${name} group` } })).status).toBe(200);
    }
    await makeUser(t.db, { username: 'tagged1', password: 'Tag#20266' });
    await t.db.$client.query(`UPDATE users SET tags = '{vip,beta}' WHERE username = 'tagged1'`);
    const list = await call(t.app, 'GET', `${T}?sortField=tagid&sortOrder=ascend`, { token: admin });
    expect(list.body.data.map((g: { tagid: string; user_count: number }) => [g.tagid, g.user_count])).toEqual([
      ['beta', 1],
      ['staff', 0],
      ['vip', 1],
    ]);
    expect((await call(t.app, 'GET', `${T}?keyword=TESTERS`, { token: admin })).body.total).toBe(1);
    expect((await call(t.app, 'POST', T, { token: admin, body: { tagid: 'vip', name: 'x' } })).body).toMatchObject({ errorCode: 'ID_EXISTS', field: 'tagid' });
    expect((await call(t.app, 'PUT', `${T}/vip`, { token: admin, body: { tagid: 'vvip' } })).body).toMatchObject({
      errorCode: 'FIELD_IMMUTABLE',
      field: 'tagid',
    });
    expect((await call(t.app, 'PUT', `${T}/vip`, { token: admin, body: { name: 'Very important' } })).body.data).toMatchObject({
      tagid: 'vip',
      name: 'Very important',
    });
    // "Members" is the user list filtered by ?tagid=
    const members = await call(t.app, 'GET', '/api/system/users?tagid=vip', { token: admin });
    expect(members.body.data.map((u: { username: string }) => u.username)).toEqual(['tagged1']);
  });

  it('deleting tags takes them off every user in the same transaction', async () => {
    const r = await call(t.app, 'DELETE', T, { token: admin, body: { ids: ['vip', 'staff'] } });
    expect(r.body.data).toEqual({ deleted: 2 });
    const u = await t.db.$client.query(`SELECT tags FROM users WHERE username = 'tagged1'`);
    expect(u.rows[0].tags).toEqual(['beta']);
  });

  it('exports', async () => {
    const x = await exportRows(t.app, `${T}/export`, admin);
    expect(x.rows).toEqual([
      ['tag ID', 'name', 'description', 'members', 'created'],
      ['beta', 'Beta testers', 'Beta testers group', 1, expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)],
    ]);
  });
});

describe('apps', () => {
  const app = {
    appid: '__UNI__DEMO01',
    name: 'Demo <Assistant>',
    app_type: 0,
    introduction: 'Your AI helper',
    description: 'Chat, tasks & prompts.',
    icon_url: 'https://cdn.example.com/icon.png',
    screenshot: ['https://cdn.example.com/s1.png'],
    app_android: { name: 'Demo for Android', url: 'https://dl.example.com/demo.apk' },
    app_ios: { name: 'Demo for iOS', url: 'https://apps.apple.com/app/id1', abm_url: '' },
    app_harmony: { name: 'Demo Harmony', url: 'https://appgallery.example.com/demo' },
    mp_weixin: { name: 'Demo mini', qrcode_url: 'https://cdn.example.com/wx-qr.png' },
    h5: { url: 'https://h5.example.com/' },
    store_list: [{ id: 'huawei', name: 'Huawei AppGallery', scheme: 'appmarket://details?id=demo', enable: true, priority: 1 }],
  };

  it('creates with the per-platform blocks and the store list', async () => {
    const r = await call(t.app, 'POST', A, { token: admin, body: app });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ ...app, mp_alipay: null, remark: null });
    expect((await call(t.app, 'POST', A, { token: admin, body: { appid: app.appid, name: 'x' } })).body).toMatchObject({
      errorCode: 'ID_EXISTS',
      field: 'appid',
    });
    const dupStore = await call(t.app, 'POST', A, {
      token: admin,
      body: { appid: 'other', name: 'Other', store_list: [app.store_list[0], app.store_list[0]] },
    });
    expect(dupStore.body).toMatchObject({ errorCode: 'ID_EXISTS', field: 'store_list.1.id' });
    const badStore = await call(t.app, 'POST', A, { token: admin, body: { appid: 'other', name: 'Other', store_list: [{ id: 'x' }] } });
    expect(badStore.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'store_list.0.name' });
  });

  it('appid and name are fixed once created; other fields edit', async () => {
    const base = `${A}/${app.appid}`;
    expect((await call(t.app, 'PUT', base, { token: admin, body: { appid: 'changed' } })).body).toMatchObject({ errorCode: 'FIELD_IMMUTABLE', field: 'appid' });
    expect((await call(t.app, 'PUT', base, { token: admin, body: { name: 'Renamed' } })).body).toMatchObject({ errorCode: 'FIELD_IMMUTABLE', field: 'name' });
    const r = await call(t.app, 'PUT', base, { token: admin, body: { name: app.name, remark: 'r', mp_alipay: { name: 'Ali' }, mp_weixin: null } });
    expect(r.body.data).toMatchObject({ remark: 'r', mp_alipay: { name: 'Ali' }, mp_weixin: null, app_android: app.app_android });
    await call(t.app, 'PUT', base, { token: admin, body: { mp_weixin: app.mp_weixin } });
  });

  it('lists with keyword, filter and export', async () => {
    await call(t.app, 'POST', A, { token: admin, body: { appid: '__UNI__MP', name: 'Mini only', app_type: 1 } });
    expect((await call(t.app, 'GET', `${A}?keyword=ai helper`, { token: admin })).body.data.map((a: { appid: string }) => a.appid)).toEqual([app.appid]);
    expect((await call(t.app, 'GET', `${A}?app_type=1`, { token: admin })).body.data.map((a: { appid: string }) => a.appid)).toEqual(['__UNI__MP']);
    const x = await exportRows(t.app, `${A}/export?sortField=appid&sortOrder=ascend`, admin);
    // the header, the console's own app (the seed adds it), the two made here
    expect(x.rows.map((r) => r.slice(0, 2))).toEqual([x.rows[0].slice(0, 2), [APP_ID, APP_NAME], [app.appid, app.name], ['__UNI__MP', 'Mini only']]);
    expect(x.rows[2][4]).toBe(app.app_android.url);
  });

  it('uni-portal renders a static download page with inline QR codes, as an index.html attachment', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${A}/${app.appid}/portal`, headers: { authorization: `Bearer ${admin}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['content-disposition']).toBe('attachment; filename="index.html"');
    const html = res.body;
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<title>Demo &lt;Assistant&gt;</title>');
    expect(html).not.toContain('<Assistant>');
    expect(html).toContain('Chat, tasks &amp; prompts.');
    expect(html).toContain('src="https://cdn.example.com/icon.png"');
    for (const url of [app.app_android.url, app.app_ios.url, app.app_harmony.url, app.h5.url]) expect(html).toContain(`href="${url}"`);
    // Android, iOS, Harmony, H5: four generated QR codes; the mini program's own QR image
    expect(html.match(/<svg /g)).toHaveLength(4);
    expect(html).toContain('src="https://cdn.example.com/wx-qr.png"');
    expect(html).toMatch(/<style>[\s\S]+<\/style>/);
    expect((await call(t.app, 'GET', `${A}/nope/portal`, { token: admin })).status).toBe(404);
  });

  it("deleting an app takes it out of users' authorized apps", async () => {
    const u = await makeUser(t.db, { username: 'appuser', password: 'App#20266' });
    await call(t.app, 'PUT', `/api/system/users/${u.id}`, { token: admin, body: { dcloud_appid: [app.appid, '__UNI__MP'] } });
    expect((await call(t.app, 'DELETE', `${A}/${app.appid}`, { token: admin })).body.data).toEqual({ deleted: 1 });
    const row = await t.db.$client.query(`SELECT dcloud_appid FROM users WHERE id = $1`, [u.id]);
    expect(row.rows[0].dcloud_appid).toEqual(['__UNI__MP']);
  });
});

describe('user logs', () => {
  it('lists user, nickname, type, state, ip, ua and time, newest first, with keyword and filters', async () => {
    await makeUser(t.db, { username: 'logger', password: 'Log#20266' });
    await t.db.$client.query(`UPDATE users SET nickname = 'Lumberjack' WHERE username = 'logger'`);
    await call(t.app, 'POST', '/api/auth/login', { body: { username: 'logger', password: 'wrong' }, ip: '10.7.7.7' });
    await login(t.app, 'logger', 'Log#20266', '10.7.7.8');
    const r = await call(t.app, 'GET', `${L}?keyword=lumberjack`, { token: admin });
    expect(r.body.total).toBe(2);
    expect(r.body.data[0]).toMatchObject({ username: 'logger', nickname: 'Lumberjack', type: 'login', state: 1, ip: '10.7.7.8', id: expect.any(Number) });
    expect(r.body.data[1]).toMatchObject({ state: 0, ip: '10.7.7.7' });
    expect(new Date(r.body.data[0].created_at) >= new Date(r.body.data[1].created_at)).toBe(true);
    expect((await call(t.app, 'GET', `${L}?keyword=10.7.7.7`, { token: admin })).body.total).toBe(1);
    expect((await call(t.app, 'GET', `${L}?state=0&keyword=logger`, { token: admin })).body.total).toBe(1);
    expect((await call(t.app, 'GET', `${L}?type=register`, { token: admin })).body.total).toBe(1);
    const x = await exportRows(t.app, `${L}/export?keyword=lumberjack`, admin);
    expect(x.rows[0]).toEqual(['username', 'nickname', 'type', 'result', 'IP', 'user agent', 'time']);
    expect(x.rows).toHaveLength(3);
  });

  it('need READ_UNI_ID_LOG; nobody deletes them', async () => {
    const reader = await tokenWith(t.app, t.db, ['READ_UNI_ID_LOG']);
    expect((await call(t.app, 'GET', L, { token: reader.token })).status).toBe(200);
    const other = await tokenWith(t.app, t.db, ['READ_UNI_ID_USERS']);
    expect((await call(t.app, 'GET', L, { token: other.token })).body.errorCode).toBe('PERMISSION_ERROR');
    expect((await call(t.app, 'DELETE', L, { token: admin, body: { ids: ['1'] } })).status).toBe(404);
  });
});
