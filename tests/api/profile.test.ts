/**
 * Profile: nickname and avatar through PUT /api/users/me (the avatar must be the
 * caller's own uploaded image), bind-email with a code read from the test-mode outbox, and
 * the webview allow-list.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call, login, makeUser } from '../support/accounts';
import { createTestApp } from '../support/test-app';
import { captchaAnswer, latestOutboxMail } from '../support/verify';

let t: Awaited<ReturnType<typeof createTestApp>>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'profile-api-'));
const outbox = path.join(dataDir, 'outbox');
const tokens = { me: '', other: '' };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  t = await createTestApp({
    dataDir,
    webviewAllow: ['https://docs.example.com', 'http://127.0.0.1:9999', 'not a url'],
  });
  await makeUser(t.db, { username: 'profile_me', password: 'Profile#2026' });
  await makeUser(t.db, { username: 'profile_other', password: 'Profile#2026', email: 'taken@example.com' });
  tokens.me = (await login(t.app, 'profile_me', 'Profile#2026')).body.data.token;
  tokens.other = (await login(t.app, 'profile_other', 'Profile#2026')).body.data.token;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const me = async () => (await call(t.app, 'GET', '/api/auth/me', { token: tokens.me })).body.data;
const updateMe = (body: object, token = tokens.me) => call(t.app, 'PUT', '/api/users/me', { token, body });

let seq = 0;
async function upload(token: string, cloudPath: string, bytes = PNG) {
  const fd = new FormData();
  fd.append('cloudPath', cloudPath);
  fd.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'a.png');
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

describe('nickname', () => {
  it.each([
    ['holding @', 'neo@matrix'],
    ['all digits', '123456'],
  ])('%s: NICKNAME_INVALID on the field nickname', async (_what, nickname) => {
    const r = await updateMe({ nickname });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errorCode: 'NICKNAME_INVALID', field: 'nickname' });
  });

  it("is set, and 'no change' when it is the same", async () => {
    expect((await updateMe({ nickname: ' Neo ' })).body).toEqual({ success: true, data: { updated: true } });
    expect((await updateMe({ nickname: 'Neo' })).body.data.updated).toBe(false);
    expect((await me()).nickname).toBe('Neo');
  });
});

describe('avatar', () => {
  it('an image the caller uploaded to the avatar folder is taken', async () => {
    const file = await upload(tokens.me, `avatar/${Date.now()}${++seq}.png`);
    const avatar = { name: 'a.png', extname: 'png', url: file.url };
    expect((await updateMe({ avatar_file: avatar })).body.data.updated).toBe(true);
    expect((await me()).avatar_file).toEqual(avatar);
    expect((await updateMe({ avatar_file: avatar })).body.data.updated).toBe(false);
  });

  it("someone else's file, a foreign url, a file outside the avatar folder or not an image: AVATAR_FILE_INVALID", async () => {
    const theirs = await upload(tokens.other, `avatar/${Date.now()}${++seq}.png`);
    const outside = await upload(tokens.me, `docs/${Date.now()}${++seq}.png`);
    const notImage = await upload(tokens.me, `avatar/${Date.now()}${++seq}.png`, Buffer.from('not an image'));
    const before = (await me()).avatar_file;
    for (const url of [theirs.url, 'https://evil.example.com/a.png', `https://evil.example.com${theirs.url}`, outside.url, notImage.url, '/api/files/nope']) {
      const r = await updateMe({ avatar_file: { name: 'a.png', extname: 'png', url } });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ errorCode: 'AVATAR_FILE_INVALID', field: 'avatar_file' });
    }
    expect((await me()).avatar_file).toEqual(before);
  });
});

describe('bind-email', () => {
  let ip = 0;
  async function sendCode(email: string, scene = 'bind-email') {
    const from = `10.7.0.${++ip}`;
    const c = await call(t.app, 'GET', '/api/auth/captcha?scene=send-code', { ip: from });
    const captcha = await captchaAnswer(t.db.$client, c.body.data.id);
    const r = await call(t.app, 'POST', '/api/auth/send-email-code', { ip: from, body: { email, scene, captchaId: c.body.data.id, captcha } });
    expect(r.status).toBe(200);
    return (await latestOutboxMail(outbox, email)).code;
  }
  const bind = (email: string, code: string, token: string | undefined = tokens.me) =>
    call(t.app, 'POST', '/api/auth/bind-email', { token, body: { email, code } });

  it('binds the address with its code (a wrong one first), answers the user info, logs it; the code is single use', async () => {
    const code = await sendCode('me@example.com');
    const wrong = await bind('me@example.com', code === '000000' ? '111111' : '000000');
    expect(wrong.body).toMatchObject({ errorCode: 'CODE_INVALID', field: 'code' });
    const r = await bind(' ME@example.com ', code);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ username: 'profile_me', email: 'me@example.com', hasPassword: true });
    expect((await me()).email).toBe('me@example.com');
    const { rows } = await t.db.$client.query(`SELECT email_confirmed FROM users WHERE username = 'profile_me'`);
    expect(rows[0].email_confirmed).toBe(true);
    const logs = await t.db.$client.query(`SELECT state FROM user_logs WHERE type = 'bind-email' AND username = 'profile_me'`);
    expect(logs.rows).toEqual([{ state: 1 }]);
    expect((await bind('me@example.com', code)).body).toMatchObject({ errorCode: 'CODE_EXPIRED', field: 'code' });
  });

  it('an address of another account: ACCOUNT_EXISTS on the field email, and the code is not spent', async () => {
    const code = await sendCode('taken@example.com');
    const r = await bind('Taken@example.com', code);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ errorCode: 'ACCOUNT_EXISTS', field: 'email' });
    // the owner of the address can still use the code
    expect((await bind('taken@example.com', code, tokens.other)).status).toBe(200);
  });

  it('a code sent for another scene does not bind; a bad address or no login is refused', async () => {
    const register = await sendCode('x@example.com', 'register');
    expect((await bind('x@example.com', register)).body).toMatchObject({ errorCode: 'CODE_EXPIRED', field: 'code' });
    expect((await bind('not-an-email', '123456')).body).toMatchObject({ errorCode: 'EMAIL_INVALID', field: 'email' });
    const anonymous = await call(t.app, 'POST', '/api/auth/bind-email', { body: { email: 'x@example.com', code: register } });
    expect(anonymous.body.errorCode).toBe('uni-id-token-not-exist');
  });
});

describe('webview allow-list', () => {
  const check = async (url: string) => (await call(t.app, 'GET', `/api/webview/check?url=${encodeURIComponent(url)}`)).body;

  it.each([
    ['https://docs.example.com/guide?x=1#top', true],
    ['https://DOCS.example.com:443/', true],
    ['http://127.0.0.1:9999/page', true],
    ['http://docs.example.com/', false],
    ['https://127.0.0.1:9999/page', false],
    ['https://docs.example.com:8443/', false],
    ['https://docs.example.com.evil.com/', false],
    ['https://evil.com/?to=https://docs.example.com', false],
    ['https://user:pw@docs.example.com/', false],
    ['javascript:alert(1)', false],
    ['//docs.example.com/', false],
    ['not a url', false],
  ])('%s -> allowed %s', async (url, allowed) => {
    const r = await check(url);
    expect(r.success).toBe(true);
    expect(r.data.allowed).toBe(allowed);
  });

  it('answers the normalised address, and needs one', async () => {
    expect((await check('https://DOCS.example.com/a b')).data).toEqual({ allowed: true, url: 'https://docs.example.com/a%20b' });
    expect((await check('https://elsewhere.example.com/')).data).toEqual({ allowed: false, url: 'https://elsewhere.example.com/', reason: 'not-listed' });
    const none = await call(t.app, 'GET', '/api/webview/check');
    expect(none.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'url' });
  });
});
