/**
 * The file service: spec section 5's cloudPath, delete-list and temp-url rules (each
 * with its catalogue code and field), upload and serving, owner checks, signed temp urls, and
 * the per-account quotas (count and bytes), which two uploads at once cannot both slip past.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { loadConfig, SPEC } from '../../server/config';
import { FileService } from '../../server/modules/files/service';
import { checkCloudPath, UPLOAD_MAX_BYTES } from '../../shared/validation';
import { call, login, makeUser, registerAdmin } from '../support/accounts';
import { createTestApp } from '../support/test-app';

const SECRET = 'test-secret-test-secret-test-secret'; // tests/support/test-app.ts
let t: Awaited<ReturnType<typeof createTestApp>>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-api-'));
const filesDir = path.join(dataDir, 'files');
const tokens = { owner: '', other: '', admin: '' };
const ids = { owner: '', other: '', admin: '' };

/** a tiny valid PNG (1x1) */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

beforeAll(async () => {
  t = await createTestApp({ dataDir });
  const admin = await registerAdmin(t.app);
  tokens.admin = admin.token;
  ids.admin = admin.userInfo._id;
  for (const who of ['owner', 'other'] as const) {
    ids[who] = (await makeUser(t.db, { username: `files_${who}`, password: 'Files#2026' })).id;
    tokens[who] = (await login(t.app, `files_${who}`, 'Files#2026')).body.data.token;
  }
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** a multipart/form-data upload; `fields` in the given order, `file` last unless fileFirst */
async function upload(
  token: string | undefined,
  fields: Record<string, string>,
  file: { bytes: Buffer; name?: string; type?: string } | null = { bytes: PNG, name: 'a.png', type: 'image/png' },
  opts: { fileFirst?: boolean; app?: FastifyInstance } = {},
) {
  const fd = new FormData();
  const addFile = () =>
    file && fd.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name ?? 'f.bin');
  if (opts.fileFirst) addFile();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (!opts.fileFirst) addFile();
  const encoded = new Response(fd);
  const res = await (opts.app ?? t.app).inject({
    method: 'POST',
    url: '/api/files/upload',
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')!, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.statusCode, body: res.json() as any };
}

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

/** the files on disk (not counting staging), so a refused upload can be seen to leave nothing */
function storedFiles(): string[] {
  if (!fs.existsSync(filesDir)) return [];
  return fs
    .readdirSync(filesDir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

let seq = 0;
const fresh = (folder = 'avatar') => `${folder}/${Date.now()}${++seq}.png`;

describe('upload: the cloudPath rules of spec section 5', () => {
  it.each([
    ['missing', 'CLOUDPATH_REQUIRED', undefined],
    ['empty', 'CLOUDPATH_REQUIRED', ''],
    ['blank after trimming', 'INVALID_PARAM', '   '],
    ["holding '://'", 'INVALID_PARAM', 'http://example.com/a.png'],
    ['holding a backslash', 'INVALID_PARAM', 'avatar\\a.png'],
  ])('%s: refused with %s on the field cloudPath, and nothing is kept', async (_what, code, cloudPath) => {
    const before = storedFiles();
    const r = await upload(tokens.owner, cloudPath === undefined ? {} : { cloudPath });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ success: false, errorCode: code, field: 'cloudPath' });
    expect(storedFiles()).toEqual(before);
  });

  it('must be a string (the rule shared with the console)', () => {
    expect(checkCloudPath(42)).toMatchObject({ code: 'INVALID_PARAM' });
    expect(checkCloudPath({ path: 'a' })).toMatchObject({ code: 'INVALID_PARAM' });
    expect(checkCloudPath(null)).toMatchObject({ code: 'CLOUDPATH_REQUIRED' });
    expect(checkCloudPath(' avatar/x.png ')).toBeNull();
  });

  it('the message follows the request language', async () => {
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(PNG)]), 'a.png');
    const encoded = new Response(fd);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')!, authorization: `Bearer ${tokens.owner}`, 'accept-language': 'zh-CN' },
    });
    expect(res.json()).toMatchObject({ errorCode: 'CLOUDPATH_REQUIRED', errorMessage: '缺少云端路径' });
  });
});

describe('upload and serve', () => {
  it('stores the file (field order free), serves it to anyone with a long cache, and refuses a taken cloudPath', async () => {
    const cloudPath = fresh();
    const r = await upload(tokens.owner, { cloudPath }, undefined, { fileFirst: true });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ fileID: expect.any(String), url: `/api/files/${r.body.data.fileID}` });
    const served = await get(r.body.data.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain(`max-age=${SPEC.FILE_CACHE_MAX_AGE_S}`);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    // stored under a name made from the id, not from the cloudPath
    expect(storedFiles().some((f) => f.endsWith(r.body.data.fileID))).toBe(true);
    expect(storedFiles().some((f) => f.includes('avatar'))).toBe(false);

    const again = await upload(tokens.other, { cloudPath: ` ${cloudPath} ` });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ errorCode: 'CLOUDPATH_EXISTS', field: 'cloudPath' });
  });

  it('a file outside the avatar folder: owner and admin only', async () => {
    const r = await upload(tokens.owner, { cloudPath: fresh('docs') });
    const url = r.body.data.url;
    expect((await get(url)).json()).toMatchObject({ errorCode: 'uni-id-token-not-exist' });
    const other = await get(url, tokens.other);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ errorCode: 'PERMISSION_ERROR' });
    expect((await get(url, tokens.owner)).statusCode).toBe(200);
    expect((await get(url, tokens.admin)).statusCode).toBe(200);
  });

  it('what is not really an image is never served as one', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const r = await upload(tokens.owner, { cloudPath: fresh() }, { bytes: html, name: 'x.png', type: 'image/png' });
    const served = await get(r.body.data.url);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toMatch(/^attachment/);
  });

  it('refuses a file over the limit with FILE_TOO_LARGE on the field file, keeping nothing', async () => {
    const before = storedFiles();
    const r = await upload(tokens.owner, { cloudPath: fresh() }, { bytes: Buffer.alloc(UPLOAD_MAX_BYTES + 1, 1), name: 'big.bin' });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ errorCode: 'FILE_TOO_LARGE', field: 'file' });
    expect(storedFiles()).toEqual(before);
    expect(fs.readdirSync(path.join(filesDir, '.tmp'))).toEqual([]);
  });

  it('needs a file, a multipart body and a signed-in caller', async () => {
    expect((await upload(tokens.owner, { cloudPath: fresh() }, null)).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'file' });
    const json = await call(t.app, 'POST', '/api/files/upload', { token: tokens.owner, body: { cloudPath: 'avatar/a.png' } });
    expect(json.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'file' });
    expect((await upload(undefined, { cloudPath: fresh() })).body.errorCode).toBe('uni-id-token-not-exist');
  });

  it('an unknown id answers NOT_FOUND', async () => {
    expect((await get('/api/files/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/files/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });
});

describe('delete', () => {
  it.each([
    ['not an array', 'abc'],
    ['an empty array', []],
    ['an empty string in it', ['']],
    ['a number in it', [1]],
    ['missing', undefined],
  ])('the list %s: INVALID_PARAM on fileList', async (_what, fileList) => {
    const r = await call(t.app, 'POST', '/api/files/delete', { token: tokens.owner, body: fileList === undefined ? {} : { fileList } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'fileList' });
  });

  it("own files only (all or nothing); an admin may delete anyone's", async () => {
    const mine = (await upload(tokens.owner, { cloudPath: fresh() })).body.data;
    const theirs = (await upload(tokens.other, { cloudPath: fresh() })).body.data;
    const refused = await call(t.app, 'POST', '/api/files/delete', { token: tokens.owner, body: { fileList: [mine.fileID, theirs.fileID] } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ errorCode: 'PERMISSION_ERROR', field: 'fileList' });
    expect((await get(mine.url)).statusCode).toBe(200);
    const missing = await call(t.app, 'POST', '/api/files/delete', { token: tokens.owner, body: { fileList: [mine.fileID, 'no-such-file'] } });
    expect(missing.body).toMatchObject({ errorCode: 'NOT_FOUND', field: 'fileList' });

    const done = await call(t.app, 'POST', '/api/files/delete', { token: tokens.owner, body: { fileList: [mine.fileID] } });
    expect(done.body).toEqual({ success: true, data: { deleted: [mine.fileID] } });
    expect((await get(mine.url)).statusCode).toBe(404);
    expect(storedFiles().some((f) => f.endsWith(mine.fileID))).toBe(false);

    const byAdmin = await call(t.app, 'POST', '/api/files/delete', { token: tokens.admin, body: { fileList: [theirs.fileID] } });
    expect(byAdmin.body.data.deleted).toEqual([theirs.fileID]);
    expect((await get(theirs.url)).statusCode).toBe(404);
  });
});

describe('temp urls', () => {
  let privateFile: { fileID: string; url: string };
  beforeAll(async () => {
    privateFile = (await upload(tokens.owner, { cloudPath: fresh('docs') })).body.data;
  });
  const tempUrl = (fileList: unknown, token = tokens.owner) => call(t.app, 'POST', '/api/files/temp-url', { token, body: { fileList } });

  it.each([
    ['empty', []],
    ['not an array', 'x'],
    [`over ${SPEC.MAX_FILES_PER_TEMP_URL_REQUEST} entries`, Array(SPEC.MAX_FILES_PER_TEMP_URL_REQUEST + 1).fill('x')],
    ['an entry neither a string nor { fileID }', [{ id: 'x' }]],
    ['a maxAge of 0', [{ fileID: 'x', maxAge: 0 }]],
  ])('the list %s: INVALID_PARAM on fileList', async (_what, fileList) => {
    const r = await tempUrl(fileList);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'fileList' });
  });

  it(`takes ${SPEC.MAX_FILES_PER_TEMP_URL_REQUEST} entries, caps maxAge at ${SPEC.TEMP_DOWNLOAD_URL_MAX_AGE_S} s, and the link opens the file without a token`, async () => {
    const full = await tempUrl(Array(SPEC.MAX_FILES_PER_TEMP_URL_REQUEST).fill(privateFile.fileID));
    expect(full.status).toBe(200);
    expect(full.body.data).toHaveLength(SPEC.MAX_FILES_PER_TEMP_URL_REQUEST);
    const r = await tempUrl([{ fileID: privateFile.fileID, maxAge: 3600 }, { fileID: privateFile.fileID, maxAge: 60 }, privateFile.fileID]);
    expect(r.body.data.map((x: { maxAge: number }) => x.maxAge)).toEqual([SPEC.TEMP_DOWNLOAD_URL_MAX_AGE_S, 60, SPEC.TEMP_DOWNLOAD_URL_MAX_AGE_S]);
    const link = new URL(r.body.data[1].tempFileURL);
    expect(link.pathname).toBe(privateFile.url);
    const expires = Number(link.searchParams.get('expires'));
    expect(expires - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(60);
    const opened = await get(link.pathname + link.search);
    expect(opened.statusCode).toBe(200);
    expect(opened.rawPayload.equals(PNG)).toBe(true);
    expect(opened.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
  });

  it('a tampered or expired link is refused', async () => {
    const link = new URL((await tempUrl([privateFile.fileID])).body.data[0].tempFileURL);
    const sign = link.searchParams.get('sign')!;
    const expires = link.searchParams.get('expires')!;
    const flipped = (sign[0] === 'a' ? 'b' : 'a') + sign.slice(1);
    for (const q of [`expires=${expires}&sign=${flipped}`, `expires=${Number(expires) + 1000}&sign=${sign}`, `expires=${expires}`, `sign=${sign}`]) {
      const r = await get(`${link.pathname}?${q}`);
      expect(r.statusCode).toBe(403);
      expect(r.json()).toMatchObject({ errorCode: 'TEMP_URL_INVALID' });
    }
    // another file's id with this signature
    const other = (await upload(tokens.owner, { cloudPath: fresh('docs') })).body.data;
    expect((await get(`${other.url}?expires=${expires}&sign=${sign}`)).statusCode).toBe(403);
    // signed in the past: expired
    const service = new FileService(t.db, dataDir, SECRET, loadConfig({}).uploadQuota);
    const owner = { uid: ids.owner, sid: '', role: [], permission: [], iat: 0, exp: 0, isAdmin: false };
    const [old] = await service.tempUrls(owner, [privateFile.fileID], '', Math.floor(Date.now() / 1000) - SPEC.TEMP_DOWNLOAD_URL_MAX_AGE_S - 1);
    const late = await get(old.tempFileURL);
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ errorCode: 'TEMP_URL_INVALID' });
  });

  it("no link for someone else's private file or an unknown id", async () => {
    const r = await tempUrl([privateFile.fileID, 'nope'], tokens.other);
    expect(r.body.data).toEqual([
      { fileID: privateFile.fileID, tempFileURL: '', maxAge: SPEC.TEMP_DOWNLOAD_URL_MAX_AGE_S, code: 'NOT_FOUND' },
      { fileID: 'nope', tempFileURL: '', maxAge: SPEC.TEMP_DOWNLOAD_URL_MAX_AGE_S, code: 'NOT_FOUND' },
    ]);
    const admin = await tempUrl([privateFile.fileID], tokens.admin);
    expect(admin.body.data[0].tempFileURL).toContain(privateFile.url);
  });
});

describe('quotas per account', () => {
  const QUOTA = { maxFiles: 3, maxBytes: 4096 };
  /** concurrent uploads: as many as the test database pool has connections (tests/support/test-app.ts) */
  const RACERS = 5;
  let q: Awaited<ReturnType<typeof createTestApp>>;
  const quotaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'files-quota-'));
  const signIn = async (username: string) => {
    await makeUser(q.db, { username, password: 'Files#2026' });
    return (await login(q.app, username, 'Files#2026')).body.data.token as string;
  };
  const put = (token: string, size = 10) => upload(token, { cloudPath: fresh('docs') }, { bytes: Buffer.alloc(size, 7), name: 'a.bin' }, { app: q.app });
  const onDisk = () => fs.readdirSync(path.join(quotaDir, 'files'), { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length;
  beforeAll(async () => {
    q = await createTestApp({ dataDir: quotaDir, uploadQuota: QUOTA });
  });
  afterAll(async () => {
    await q.close();
    fs.rmSync(quotaDir, { recursive: true, force: true });
  });

  it('a file over the count is refused on the file field, keeping nothing; a delete frees a slot; others are not affected', async () => {
    const token = await signIn('quota_count');
    const kept: string[] = [];
    for (let i = 0; i < QUOTA.maxFiles; i++) kept.push((await put(token)).body.data.fileID);
    const over = await put(token);
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ errorCode: 'FILE_COUNT_QUOTA_EXCEEDED', field: 'file' });
    expect(over.body.errorMessage).toContain(String(QUOTA.maxFiles));
    expect(onDisk()).toBe(QUOTA.maxFiles);
    expect((await call(q.app, 'POST', '/api/files/delete', { token, body: { fileList: [kept[0]] } })).status).toBe(200);
    expect((await put(token)).status).toBe(200);
    expect((await put(await signIn('quota_other'))).status).toBe(200);
  });

  it('a file that would take the account over its bytes is refused; a smaller one still fits', async () => {
    const token = await signIn('quota_bytes');
    expect((await put(token, 3000)).status).toBe(200);
    const over = await put(token, 1500);
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({ errorCode: 'FILE_BYTES_QUOTA_EXCEEDED', field: 'file' });
    expect(over.body.errorMessage).toContain('4 KB');
    expect((await put(token, QUOTA.maxBytes - 3000)).status).toBe(200);
  });

  it('uploads at once cannot both take the last slot', async () => {
    const token = await signIn('quota_race');
    for (let i = 0; i < QUOTA.maxFiles - 1; i++) expect((await put(token)).status).toBe(200);
    // hold back every insert into files until all the uploads have counted what the owner keeps
    const holder = new pg.Client((q.db.$client as pg.Pool).options);
    await holder.connect();
    // (the activity view is a snapshot per transaction: cleared before each look)
    const waiting = async () => {
      await holder.query('SELECT pg_stat_clear_snapshot()');
      const { rows } = await holder.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
      return rows[0].n as number;
    };
    let answers: Array<Awaited<ReturnType<typeof put>>>;
    try {
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE files IN SHARE MODE');
      const pending = Promise.all(Array.from({ length: RACERS }, () => put(token)));
      for (let i = 0; i < 120 && (await waiting()) < RACERS; i++) await new Promise((r) => setTimeout(r, 25));
      expect(await waiting()).toBe(RACERS);
      await holder.query('COMMIT');
      answers = await pending;
    } finally {
      await holder.end();
    }
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(RACERS - 1).fill(403)]);
    expect(answers.filter((a) => a.status === 403).every((a) => a.body.errorCode === 'FILE_COUNT_QUOTA_EXCEEDED')).toBe(true);
    const { rows } = await q.db.$client.query(`SELECT count(*)::int AS n FROM files f JOIN users u ON u.id = f.owner_id WHERE u.username = 'quota_race'`);
    expect(rows[0].n).toBe(QUOTA.maxFiles);
  });
});

describe('input a database cannot store, links on a forged Host', () => {
  it('a NUL character in the cloudPath field or the file name is refused, and nothing is stored', async () => {
    const before = storedFiles().length;
    const inPath = await upload(tokens.owner, { cloudPath: 'avatar/a\u0000b.png' });
    expect(inPath.status).toBe(400);
    expect(inPath.body).toMatchObject({ success: false, errorCode: 'INVALID_PARAM', field: 'cloudPath' });
    const inName = await upload(tokens.owner, { cloudPath: fresh() }, { bytes: PNG, name: 'a\u0000.png', type: 'image/png' });
    expect(inName.status).toBe(400);
    expect(inName.body).toMatchObject({ success: false, errorCode: 'INVALID_PARAM', field: 'file' });
    expect(storedFiles()).toHaveLength(before);
  });

  it('temp-file links use the listen address, not a Host header the deployment does not list', async () => {
    const f = await upload(tokens.owner, { cloudPath: fresh('docs') });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/files/temp-url',
      payload: { fileList: [f.body.data.fileID] },
      headers: { authorization: `Bearer ${tokens.owner}`, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    const link: string = res.json().data[0].tempFileURL;
    expect(link).not.toContain('evil.example');
    expect(new URL(link).origin).toBe('http://127.0.0.1:8000');
  });
});
