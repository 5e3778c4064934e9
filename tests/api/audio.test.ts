/**
 * Audio recordings: upload (type and size refused with the field), list, rename, delete with the
 * file, others' recordings answering NOT_FOUND, and transcription against the stand-in billed
 * exactly (hold, settle, an ai_usage row with purpose 'transcription'), a region cut from a WAV,
 * and a provider's error saved, reported with its code and words, and costing nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { encodeWav } from '../../shared/audio';
import { call, registerAdmin } from '../support/accounts';
import { addModel, balanceOf, chatUser, ledgerSum } from '../support/chat';
import { startOpenAiStandin } from '../support/openai-standin';
import { createTestApp } from '../support/test-app';

let t: Awaited<ReturnType<typeof createTestApp>>;
let standin: Awaited<ReturnType<typeof startOpenAiStandin>>;
let admin: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audio-test-'));

/** `seconds` of a 440 Hz tone at 16 kHz, mono 16-bit */
const tone = (seconds: number) =>
  Buffer.from(
    encodeWav(
      Float32Array.from({ length: 16000 * seconds }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 440 * i) / 16000)),
      16000,
    ),
  );

beforeAll(async () => {
  [t, standin] = await Promise.all([createTestApp({ dataDir }), startOpenAiStandin()]);
  admin = (await registerAdmin(t.app)).token;
});
afterAll(async () => {
  await Promise.all([t.close(), standin.close()]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** speech-to-text model on the stand-in: 60 credits a minute of audio, 1 credit an output token */
const speechModel = (providerModel: string, extra: Record<string, unknown> = {}) =>
  addModel(t.app, admin, {
    name: `stt ${providerModel}`,
    kind: 'speech-to-text',
    base_url: standin.baseUrl,
    provider_model: providerModel,
    input_price: 60,
    output_price: 1_000_000,
    ...extra,
  });

async function upload(token: string, file: { bytes: Buffer; name?: string; type?: string } | null, fields: Record<string, string> = {}) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'audio/wav' }), file.name ?? 'a.wav');
  const encoded = new Response(fd);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/audio/recordings',
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')!, authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.json() as any };
}

const usageRows = async (userId: string) =>
  (
    await t.db.execute<Record<string, unknown>>(
      sql`SELECT purpose, ref_id, status, input_tokens, output_tokens, credits, error_code FROM ai_usage WHERE user_id = ${userId} ORDER BY id`,
    )
  ).rows;

test('a recording is uploaded, listed, renamed, read back as audio, and deleted with its file', async () => {
  const u = await chatUser(t.app, t.db, 'audio_owner', 0);
  const up = await upload(u.token, { bytes: tone(2), name: 'memo.wav' });
  expect(up.status).toBe(200);
  expect(up.body.data).toMatchObject({ name: 'memo.wav', mime: 'audio/wav', duration_s: 2, transcripts: 0, transcript_list: [] });
  const id = up.body.data.id as string;

  // a compressed format keeps the browser's measure of its length
  const webm = await upload(
    u.token,
    { bytes: Buffer.from('webm bytes'), name: 'voice.webm', type: 'audio/webm;codecs=opus' },
    { name: 'Voice note', duration_s: '4.5' },
  );
  expect(webm.body.data).toMatchObject({ name: 'Voice note', mime: 'audio/webm', duration_s: 4.5 });

  const list = await call(t.app, 'GET', '/api/audio/recordings', { token: u.token });
  expect(list.body.data.map((r: { name: string }) => r.name)).toEqual(['Voice note', 'memo.wav']);

  const renamed = await call(t.app, 'PUT', `/api/audio/recordings/${id}`, { token: u.token, body: { name: ' Standup ' } });
  expect(renamed.body.data.name).toBe('Standup');
  expect((await call(t.app, 'PUT', `/api/audio/recordings/${id}`, { token: u.token, body: { name: ' ' } })).body).toMatchObject({
    errorCode: 'INVALID_PARAM',
    field: 'name',
  });

  const file = await t.app.inject({ method: 'GET', url: `/api/files/${up.body.data.file_id}`, headers: { authorization: `Bearer ${u.token}` } });
  expect(file.statusCode).toBe(200);
  expect(file.rawPayload.equals(tone(2))).toBe(true);

  expect((await call(t.app, 'DELETE', `/api/audio/recordings/${id}`, { token: u.token })).status).toBe(200);
  expect((await call(t.app, 'GET', `/api/audio/recordings/${id}`, { token: u.token })).status).toBe(404);
  const gone = await t.app.inject({ method: 'GET', url: `/api/files/${up.body.data.file_id}`, headers: { authorization: `Bearer ${u.token}` } });
  expect(gone.statusCode).toBe(404);
});

test('a file that is not audio, too large, or missing is refused with the field', async () => {
  const u = await chatUser(t.app, t.db, 'audio_bad', 0);
  expect((await upload(u.token, { bytes: Buffer.from('%PDF-1.4'), name: 'a.pdf', type: 'application/pdf' })).body).toMatchObject({
    errorCode: 'INVALID_PARAM',
    field: 'file',
  });
  const big = await upload(u.token, { bytes: Buffer.alloc(10 * 1024 * 1024 + 10), name: 'big.wav', type: 'audio/wav' });
  expect(big.body).toMatchObject({ errorCode: 'FILE_TOO_LARGE', field: 'file' });
  expect((await upload(u.token, null, { name: 'nothing' })).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'file' });
  expect((await upload(u.token, { bytes: Buffer.from('x'), name: 'a.webm', type: 'audio/webm' }, { duration_s: 'abc' })).body).toMatchObject({
    errorCode: 'INVALID_PARAM',
    field: 'duration_s',
  });
  expect((await upload(u.token, { bytes: tone(1) }, { name: 'a\u0000b' })).body).toMatchObject({ field: 'name' });
  // nothing refused was kept
  expect((await call(t.app, 'GET', '/api/audio/recordings', { token: u.token })).body.data).toEqual([]);
  const files = await t.db.execute(sql`SELECT count(*)::int AS n FROM files WHERE owner_id = ${u.id}`);
  expect(files.rows[0].n).toBe(0);
});

test("another user's recording answers NOT_FOUND everywhere and is never listed", async () => {
  const alice = await chatUser(t.app, t.db, 'audio_alice', 100);
  const bob = await chatUser(t.app, t.db, 'audio_bob', 100);
  const model = await speechModel('echo');
  const id = (await upload(alice.token, { bytes: tone(1) })).body.data.id as string;
  for (const [method, url, body] of [
    ['GET', `/api/audio/recordings/${id}`],
    ['PUT', `/api/audio/recordings/${id}`, { name: 'mine now' }],
    ['DELETE', `/api/audio/recordings/${id}`],
    ['POST', `/api/audio/recordings/${id}/transcribe`, { model_id: model.id }],
  ] as const) {
    const r = await call(t.app, method, url, { token: bob.token, body });
    expect([r.status, r.body.errorCode]).toEqual([404, 'NOT_FOUND']);
  }
  expect((await call(t.app, 'GET', '/api/audio/recordings', { token: bob.token })).body.data).toEqual([]);
  expect(await balanceOf(t.db, bob.id)).toBe(100);
  expect((await call(t.app, 'GET', `/api/audio/recordings/${id}`, { token: alice.token })).body.data.name).toBe('a.wav');
});

test('a transcription is billed exactly: seconds at the input price, output tokens at the output price', async () => {
  const u = await chatUser(t.app, t.db, 'audio_bill', 1000);
  const echo = await speechModel('echo');
  const whisper = await speechModel('whisper');
  const chatModel = await addModel(t.app, admin, { name: 'chat only', base_url: standin.baseUrl, provider_model: 'echo' });
  const models = (await call(t.app, 'GET', '/api/audio/models', { token: u.token })).body.data.map((m: { id: string }) => m.id);
  expect(models).toEqual(expect.arrayContaining([echo.id, whisper.id]));
  expect(models).not.toContain(chatModel.id);

  const id = (await upload(u.token, { bytes: tone(3), name: 'three.wav' })).body.data.id as string;
  const r = await call(t.app, 'POST', `/api/audio/recordings/${id}/transcribe`, { token: u.token, body: { model_id: echo.id, language: 'en' } });
  expect(r.status).toBe(200);
  // 3 s at 60 a minute = 3, and 7 output tokens at one credit each
  expect(r.body.data).toMatchObject({
    text: 'Stand-in transcript of 3.0 seconds of audio.',
    status: 'done',
    credits: 10,
    start_s: null,
    end_s: null,
    language: 'en',
    model_name: 'stt echo',
    balance: 990,
  });
  const sent = standin.transcriptions[standin.transcriptions.length - 1];
  expect(sent).toMatchObject({ model: 'echo', mime: 'audio/wav', language: 'en', seconds: 3 });
  expect(await balanceOf(t.db, u.id)).toBe(990);
  expect(await ledgerSum(t.db, u.id)).toBe(990);

  // whisper reports seconds only: the audio's minutes are the whole cost
  const w = await call(t.app, 'POST', `/api/audio/recordings/${id}/transcribe`, { token: u.token, body: { model_id: whisper.id } });
  expect(w.body.data.credits).toBe(3);

  // a region is cut from the WAV: one second is sent, one second billed
  const region = await call(t.app, 'POST', `/api/audio/recordings/${id}/transcribe`, { token: u.token, body: { model_id: echo.id, start_s: 1, end_s: 2 } });
  expect(region.body.data).toMatchObject({ text: 'Stand-in transcript of 1.0 seconds of audio.', start_s: 1, end_s: 2, credits: 8 });
  expect(standin.transcriptions[standin.transcriptions.length - 1].seconds).toBe(1);

  expect(await balanceOf(t.db, u.id)).toBe(1000 - 10 - 3 - 8);
  expect(await usageRows(u.id)).toEqual([
    { purpose: 'transcription', ref_id: id, status: 'done', input_tokens: 30, output_tokens: 7, credits: 10, error_code: null },
    { purpose: 'transcription', ref_id: id, status: 'done', input_tokens: 0, output_tokens: 0, credits: 3, error_code: null },
    { purpose: 'transcription', ref_id: id, status: 'done', input_tokens: 10, output_tokens: 7, credits: 8, error_code: null },
  ]);
  const detail = (await call(t.app, 'GET', `/api/audio/recordings/${id}`, { token: u.token })).body.data;
  expect(detail.transcripts).toBe(3);
  expect(detail.transcript_list.map((x: { credits: number }) => x.credits)).toEqual([8, 3, 10]);
  // no hold is left open
  const open = await t.db.execute(sql`SELECT count(*)::int AS n FROM credit_holds WHERE user_id = ${u.id} AND status = 'open'`);
  expect(open.rows[0].n).toBe(0);
});

test("a provider's error is reported with its code and words, saved, and costs nothing", async () => {
  const u = await chatUser(t.app, t.db, 'audio_fail', 500);
  const fail = await speechModel('fail');
  const limited = await speechModel('rate-limit');
  const id = (await upload(u.token, { bytes: tone(2) })).body.data.id as string;
  const r = await call(t.app, 'POST', `/api/audio/recordings/${id}/transcribe`, { token: u.token, body: { model_id: fail.id } });
  expect(r.body).toMatchObject({ errorCode: 'AI_PROVIDER_ERROR' });
  expect(r.body.errorMessage).toContain('stand-in transcription failure');
  const rl = await call(t.app, 'POST', `/api/audio/recordings/${id}/transcribe`, { token: u.token, body: { model_id: limited.id } });
  expect(rl.body).toMatchObject({ errorCode: 'AI_RATE_LIMITED' });
  expect(await balanceOf(t.db, u.id)).toBe(500);
  expect(await ledgerSum(t.db, u.id)).toBe(500);
  expect((await usageRows(u.id)).map((x) => [x.purpose, x.status, x.credits, x.error_code])).toEqual([
    ['transcription', 'error', 0, 'AI_PROVIDER_ERROR'],
    ['transcription', 'error', 0, 'AI_RATE_LIMITED'],
  ]);
  const saved = (await call(t.app, 'GET', `/api/audio/recordings/${id}`, { token: u.token })).body.data.transcript_list;
  expect(saved[1]).toMatchObject({ status: 'error', error_code: 'AI_PROVIDER_ERROR', error_message: 'stand-in transcription failure', credits: 0 });
});

test('a bad region, an unknown model or too few credits are refused before anything is sent', async () => {
  const u = await chatUser(t.app, t.db, 'audio_refuse', 2);
  const echo = await speechModel('echo');
  const id = (await upload(u.token, { bytes: tone(2) })).body.data.id as string;
  const webm = (await upload(u.token, { bytes: Buffer.from('webm'), name: 'v.webm', type: 'audio/webm' }, { duration_s: '2' })).body.data.id as string;
  const before = standin.transcriptions.length;
  const ask = (rid: string, body: Record<string, unknown>) =>
    call(t.app, 'POST', `/api/audio/recordings/${rid}/transcribe`, { token: u.token, body: { model_id: echo.id, ...body } });
  expect((await ask(id, { start_s: 1 })).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'end_s' });
  expect((await ask(id, { start_s: 1.5, end_s: 1 })).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'end_s' });
  expect((await ask(id, { start_s: 5, end_s: 6 })).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'start_s' });
  expect((await ask(webm, { start_s: 0, end_s: 1 })).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'start_s' });
  expect((await ask(id, { language: 'english!' })).body).toMatchObject({ errorCode: 'INVALID_PARAM', field: 'language' });
  expect((await ask(id, { model_id: 'nope' })).body).toMatchObject({ errorCode: 'MODEL_NOT_AVAILABLE', field: 'model_id' });
  // 2 s needs a hold of 2 + 34 credits
  expect((await ask(id, {})).body).toMatchObject({ errorCode: 'INSUFFICIENT_CREDITS' });
  expect(standin.transcriptions.length).toBe(before);
  expect(await balanceOf(t.db, u.id)).toBe(2);
});
