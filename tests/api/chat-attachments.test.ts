/**
 * Files on a question against the OpenAI and Anthropic stand-ins: images go to a model that
 * reads images as image content (and a model that does not refuses them before anything is
 * held), documents (PDF, DOCX, text) go as their text, cut to the model's window with a note,
 * and both are billed from the provider's usage through the ledger like any text. Files that
 * cannot be taken are refused with their code on the field file; a conversation deleted takes
 * its files with it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { CHAT_ATTACHMENTS } from '../../shared/chat-attachments';
import { call, registerAdmin } from '../support/accounts';
import { startAnthropicStandin } from '../support/anthropic-standin';
import { addModel, ask, attach, balanceOf, chatUser, ledgerSum, newConversation } from '../support/chat';
import { docx, docxBomb, JPEG, pdf, PNG } from '../support/documents';
import { type Standin, STANDIN_IMAGE_TOKENS } from '../support/llm-standin';
import { startOpenAiStandin } from '../support/openai-standin';
import { createTestApp } from '../support/test-app';

// the files' bytes go to a folder of this test's own
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-attachments-'));
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let openai: Standin;
let anthropic: Standin;
let gptVision: { id: string };
let claudeVision: { id: string };
let textOnly: { id: string };

beforeAll(async () => {
  [t, openai, anthropic] = await Promise.all([createTestApp({ dataDir }), startOpenAiStandin(), startAnthropicStandin()]);
  admin = (await registerAdmin(t.app)).token;
  // 1 credit per input token, 2 per output token, at most 100 output tokens
  gptVision = await addModel(t.app, admin, { name: 'GPT vision', base_url: openai.baseUrl, provider_model: 'echo', vision: true });
  claudeVision = await addModel(t.app, admin, {
    name: 'Claude vision',
    protocol: 'anthropic',
    base_url: anthropic.baseUrl,
    provider_model: 'echo',
    vision: true,
  });
  textOnly = await addModel(t.app, admin, { name: 'Text only', base_url: openai.baseUrl, provider_model: 'echo' });
});
afterAll(async () => {
  await Promise.all([t.close(), openai.close(), anthropic.close()]);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const lastRequest = (s: Standin) => s.requests[s.requests.length - 1];
const lastUser = (s: Standin) =>
  lastRequest(s)
    .messages.filter((m) => m.role === 'user')
    .pop()!;
const doneOf = (r: Awaited<ReturnType<typeof ask>>) => r.events[r.events.length - 1];
const holdOf = async (messageId: string) =>
  (
    await t.db.execute<{ amount: number; captured: number }>(
      sql`SELECT h.amount, h.captured FROM credit_holds h JOIN chat_messages m ON m.hold_id = h.id WHERE m.id = ${messageId}`,
    )
  ).rows[0];
const fileIds = async (userId: string) => (await t.db.execute<{ id: string }>(sql`SELECT id FROM files WHERE owner_id = ${userId}`)).rows.map((r) => r.id);

test('an image goes to a vision model as image content, both protocols; the provider’s count of it is what is paid', async () => {
  const u = await chatUser(t.app, t.db, 'pictures', 100_000);
  for (const [model, standin] of [
    [gptVision, openai],
    [claudeVision, anthropic],
  ] as const) {
    const c = await newConversation(t.app, u.token, { model_id: model.id });
    const png = await attach(t.app, u.token, c.id, { bytes: PNG, name: 'chart.png', type: 'image/png' });
    expect(png.status).toBe(200);
    expect(png.body.data).toMatchObject({ kind: 'image', name: 'chart.png', mime: 'image/png', size: PNG.length, message_id: null });
    // the picture opens without a token through its signed link
    const pic = await t.app.inject({ method: 'GET', url: png.body.data.url });
    expect(pic.statusCode).toBe(200);
    expect(pic.headers['content-type']).toBe('image/png');
    // a JPEG named .png is taken as what its bytes are
    const jpg = await attach(t.app, u.token, c.id, { bytes: JPEG, name: 'photo.png' });
    expect(jpg.body.data).toMatchObject({ kind: 'image', mime: 'image/jpeg' });

    const r = await ask(t.app, u.token, c.id, 'What is in these? [[reply:Two pictures.]]', { attachments: [png.body.data.id, jpg.body.data.id] });
    expect(r.sse).toBe(true);
    expect(doneOf(r).event).toBe('done');
    expect(lastUser(standin).images).toEqual([
      { mime: 'image/png', bytes: PNG.length },
      { mime: 'image/jpeg', bytes: JPEG.length },
    ]);
    // the question carries its files, in order, in the start event and when read again
    const start = r.events[0].data;
    expect(start.user_message.attachments.map((a: { name: string }) => a.name)).toEqual(['chart.png', 'photo.png']);
    const got = await call(t.app, 'GET', `/api/chat/conversations/${c.id}`, { token: u.token });
    const question = got.body.data.messages.find((m: { role: string }) => m.role === 'user');
    expect(question.attachments).toHaveLength(2);
    expect(got.body.data.pending_attachments).toEqual([]);
    // the hold counted each picture at the most a provider charges; the provider's usage (85 a picture here) settles it
    const answer = doneOf(r).data.message;
    expect(answer.input_tokens).toBe(lastRequest(standin).messages.reduce((n, m) => n + Math.ceil(m.content.length / 4), 0) + 2 * STANDIN_IMAGE_TOKENS);
    const hold = await holdOf(answer.id);
    expect(hold.amount).toBeGreaterThanOrEqual(2 * CHAT_ATTACHMENTS.IMAGE_TOKENS);
    expect(hold.captured).toBe(answer.input_tokens + 2 * answer.output_tokens);
  }
  expect(await balanceOf(t.db, u.id)).toBe(await ledgerSum(t.db, u.id));
});

test('a model that reads no images refuses a question with one before anything is held or sent; the file waits for another model', async () => {
  const u = await chatUser(t.app, t.db, 'novision', 10_000);
  const c = await newConversation(t.app, u.token, { model_id: textOnly.id });
  const png = await attach(t.app, u.token, c.id, { bytes: PNG, name: 'a.png' });
  const sent = openai.requests.length;
  const r = await ask(t.app, u.token, c.id, 'look', { attachments: [png.body.data.id] });
  expect(r.status).toBe(400);
  expect(r.body).toMatchObject({ errorCode: 'MODEL_NO_VISION', field: 'attachments' });
  expect(r.body.errorMessage).toContain('Text only');
  expect(openai.requests.length).toBe(sent);
  expect(await balanceOf(t.db, u.id)).toBe(10_000);
  expect((await t.db.execute(sql`SELECT 1 FROM credit_holds WHERE user_id = ${u.id}`)).rows).toHaveLength(0);
  // still pending: the same question to a vision model goes through
  const again = await ask(t.app, u.token, c.id, 'look', { attachments: [png.body.data.id], model_id: gptVision.id });
  expect(doneOf(again).event).toBe('done');
});

test('documents go as their text after the question, billed as input tokens; the hold accounts for them', async () => {
  const u = await chatUser(t.app, t.db, 'reader', 100_000);
  const c = await newConversation(t.app, u.token, { model_id: textOnly.id });
  const files = [
    { bytes: await pdf(['Quarterly report: revenue grew 42 percent.', 'Second page: costs fell.']), name: 'report.pdf' },
    { bytes: await docx(['Minutes of the meeting', '会议纪要：下周发布']), name: 'minutes.docx' },
    { bytes: Buffer.from('# Notes\n\nShip on Friday.\n'), name: 'notes.md' },
    { bytes: Buffer.from('name,amount\nalice,3\n'), name: 'data.csv' },
  ];
  const ids: string[] = [];
  for (const f of files) {
    const r = await attach(t.app, u.token, c.id, f);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ kind: 'document', name: f.name, omitted: 0 });
    expect(r.body.data.chars).toBeGreaterThan(10);
    ids.push(r.body.data.id);
  }
  const r = await ask(t.app, u.token, c.id, 'Sum these up [[reply:Done.]]', { attachments: ids });
  expect(doneOf(r).event).toBe('done');
  const sent = lastUser(openai).content;
  expect(sent.startsWith('Sum these up [[reply:Done.]]\n\n<document name="report.pdf">\nQuarterly report: revenue grew 42 percent.')).toBe(true);
  expect(sent).toContain('Second page: costs fell.');
  expect(sent).toContain('<document name="minutes.docx">\nMinutes of the meeting\n\n会议纪要：下周发布\n</document>');
  expect(sent).toContain('<document name="notes.md">\n# Notes\n\nShip on Friday.\n</document>');
  expect(sent).toContain('<document name="data.csv">\nname,amount\nalice,3\n</document>');
  const answer = doneOf(r).data.message;
  // the stand-in counts a token per 4 characters of everything sent: the documents are paid as input
  expect(answer.input_tokens).toBe(Math.ceil(sent.length / 4));
  const hold = await holdOf(answer.id);
  expect(hold.captured).toBe(answer.input_tokens + 2 * answer.output_tokens);
  expect(hold.amount).toBeGreaterThan(100);
  expect(await balanceOf(t.db, u.id)).toBe(await ledgerSum(t.db, u.id));

  // the next question carries the earlier documents again (the model sees the whole conversation)
  await ask(t.app, u.token, c.id, 'And the costs? [[reply:They fell.]]', { parent_id: answer.id });
  const history = lastRequest(openai).messages;
  expect(history[0].content).toContain('<document name="report.pdf">');
  expect(history[2].content).toBe('And the costs? [[reply:They fell.]]');
});

test('a document longer than the window leaves is cut to fit, says so to the model, and the question shows what was left out', async () => {
  const u = await chatUser(t.app, t.db, 'longread', 100_000);
  const small = await addModel(t.app, admin, {
    name: 'Small window',
    base_url: openai.baseUrl,
    provider_model: 'echo',
    context_window: 2000,
    max_output_tokens: 100,
  });
  const c = await newConversation(t.app, u.token, { model_id: small.id });
  const words = Array.from({ length: 5000 }, (_, i) => `word${i}`).join(' ');
  const a = await attach(t.app, u.token, c.id, { bytes: Buffer.from(words), name: 'long.txt' });
  expect(a.body.data.chars).toBe(words.length);
  const r = await ask(t.app, u.token, c.id, 'Summarise [[reply:Short.]]', { attachments: [a.body.data.id] });
  expect(doneOf(r).event).toBe('done');
  const sent = lastUser(openai).content;
  expect(sent).toMatch(/\[… \d+ more characters of long\.txt were left out: they do not fit the model's context window\]/);
  expect(sent).toContain('word0 word1 word2');
  expect(sent).not.toContain('word4999');
  const got = await call(t.app, 'GET', `/api/chat/conversations/${c.id}`, { token: u.token });
  const file = got.body.data.messages.find((m: { role: string }) => m.role === 'user').attachments[0];
  expect(file.omitted).toBeGreaterThan(words.length / 2);
  expect(Number(/\[… (\d+) more/.exec(sent)![1])).toBe(file.omitted);
});

test('files the chat cannot take are refused on the field file with their code, and leave nothing behind', async () => {
  const u = await chatUser(t.app, t.db, 'refused', 1000);
  const other = await chatUser(t.app, t.db, 'someone', 1000);
  const c = await newConversation(t.app, u.token, { model_id: gptVision.id });
  const cases: Array<[{ bytes: Buffer; name: string }, number, string]> = [
    [{ bytes: Buffer.from('MZ\x90\x00binary'), name: 'setup.exe' }, 415, 'ATTACHMENT_TYPE_UNSUPPORTED'],
    [{ bytes: Buffer.from('not really a picture'), name: 'fake.png' }, 415, 'ATTACHMENT_TYPE_UNSUPPORTED'],
    [{ bytes: Buffer.from([0x66, 0x6f, 0xff, 0xfe, 0x00]), name: 'latin.txt' }, 422, 'ATTACHMENT_UNREADABLE'],
    [{ bytes: Buffer.from('%PDF-1.4 broken'), name: 'broken.pdf' }, 422, 'ATTACHMENT_UNREADABLE'],
    [{ bytes: Buffer.from('PK\x03\x04 not a zip'), name: 'broken.docx' }, 422, 'ATTACHMENT_UNREADABLE'],
    [{ bytes: await pdf([]), name: 'scan.pdf' }, 422, 'ATTACHMENT_NO_TEXT'],
    [{ bytes: Buffer.from('\n\n  \n'), name: 'blank.txt' }, 422, 'ATTACHMENT_NO_TEXT'],
    [{ bytes: Buffer.concat([PNG, Buffer.alloc(CHAT_ATTACHMENTS.IMAGE_MAX_BYTES)]), name: 'huge.png' }, 413, 'FILE_TOO_LARGE'],
  ];
  for (const [file, status, code] of cases) {
    const r = await attach(t.app, u.token, c.id, file);
    expect({ name: file.name, status: r.status, code: r.body.errorCode, field: r.body.field }).toEqual({ name: file.name, status, code, field: 'file' });
    expect(r.body.errorMessage).toContain(code === 'FILE_TOO_LARGE' ? '5 MB' : file.name);
  }
  expect(await fileIds(u.id)).toEqual([]);
  // a zip bomb (300 MB of one letter in a 300 KB DOCX) stops its reader process, not the server
  const bomb = await attach(t.app, u.token, c.id, { bytes: await docxBomb(300), name: 'bomb.docx' });
  expect(bomb).toMatchObject({ status: 422, body: { errorCode: 'ATTACHMENT_UNREADABLE', field: 'file' } });
  // someone else's conversation, someone else's file
  expect((await attach(t.app, other.token, c.id, { bytes: PNG, name: 'a.png' })).body).toMatchObject({ errorCode: 'NOT_FOUND', field: 'id' });
  const mine = await attach(t.app, u.token, c.id, { bytes: PNG, name: 'a.png' });
  const theirs = await newConversation(t.app, other.token, { model_id: gptVision.id });
  const r = await ask(t.app, other.token, theirs.id, 'steal', { attachments: [mine.body.data.id] });
  expect(r.body).toMatchObject({ errorCode: 'NOT_FOUND', field: 'attachments' });
  // at most 4 images on one question
  const five = [mine.body.data.id];
  for (let i = 0; i < 4; i++) five.push((await attach(t.app, u.token, c.id, { bytes: PNG, name: `p${i}.png` })).body.data.id);
  const tooMany = await ask(t.app, u.token, c.id, 'five', { attachments: five });
  expect(tooMany.body).toMatchObject({ errorCode: 'ATTACHMENT_LIMIT', field: 'attachments' });
  expect(tooMany.body.errorMessage).toContain(String(CHAT_ATTACHMENTS.IMAGES_PER_QUESTION));
});

test('a file not sent can be taken back; deleting a conversation deletes its files and their bytes', async () => {
  const u = await chatUser(t.app, t.db, 'tidy', 10_000);
  const c = await newConversation(t.app, u.token, { model_id: gptVision.id });
  const keep = await attach(t.app, u.token, c.id, { bytes: PNG, name: 'keep.png' });
  const drop = await attach(t.app, u.token, c.id, { bytes: Buffer.from('draft'), name: 'draft.txt' });
  expect((await call(t.app, 'DELETE', `/api/chat/attachments/${drop.body.data.id}`, { token: u.token })).status).toBe(200);
  expect((await call(t.app, 'DELETE', `/api/chat/attachments/${drop.body.data.id}`, { token: u.token })).body).toMatchObject({ errorCode: 'NOT_FOUND' });
  await ask(t.app, u.token, c.id, 'see [[reply:Seen.]]', { attachments: [keep.body.data.id] });
  // a sent file is the conversation's: it is not taken back alone
  expect((await call(t.app, 'DELETE', `/api/chat/attachments/${keep.body.data.id}`, { token: u.token })).body).toMatchObject({ errorCode: 'NOT_FOUND' });
  const pending = await attach(t.app, u.token, c.id, { bytes: PNG, name: 'later.png' });
  const ids = await fileIds(u.id);
  expect(ids).toHaveLength(2);
  const onDisk = ids.map((id) => path.join(dataDir, 'files', id.slice(0, 2), id));
  expect(onDisk.every((f) => fs.existsSync(f))).toBe(true);

  expect((await call(t.app, 'DELETE', `/api/chat/conversations/${c.id}`, { token: u.token })).status).toBe(200);
  expect(await fileIds(u.id)).toEqual([]);
  expect(onDisk.some((f) => fs.existsSync(f))).toBe(false);
  expect((await t.app.inject({ method: 'GET', url: pending.body.data.url })).statusCode).toBe(404);
  expect((await t.db.execute(sql`SELECT 1 FROM chat_attachments WHERE user_id = ${u.id}`)).rows).toHaveLength(0);
});

test('a regenerated answer gets the question’s files again', async () => {
  const u = await chatUser(t.app, t.db, 'again', 10_000);
  const c = await newConversation(t.app, u.token, { model_id: gptVision.id });
  const png = await attach(t.app, u.token, c.id, { bytes: PNG, name: 'a.png' });
  const doc = await attach(t.app, u.token, c.id, { bytes: Buffer.from('Facts: the sky is blue.'), name: 'facts.txt' });
  const first = await ask(t.app, u.token, c.id, '', { attachments: [png.body.data.id, doc.body.data.id] });
  expect(doneOf(first).event).toBe('done');
  // a question of files only is titled by its first file
  expect(doneOf(first).data.title).toBe('a.png');
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/chat/messages/${doneOf(first).data.message.id}/regenerate`,
    headers: { authorization: `Bearer ${u.token}` },
    payload: {},
  });
  expect(res.statusCode).toBe(200);
  expect(lastUser(openai).images).toHaveLength(1);
  expect(lastUser(openai).content).toContain('<document name="facts.txt">\nFacts: the sky is blue.\n</document>');
  // the exports name the question's files
  const exported = async (format: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/chat/conversations/${c.id}/export?format=${format}`, headers: { authorization: `Bearer ${u.token}` } }))
      .payload;
  expect(await exported('markdown')).toContain('- 📎 a.png (image)\n- 📎 facts.txt (document)');
  const json = JSON.parse(await exported('json'));
  // the question and its first answer are written together: the question is found by its role
  const question = json.messages.find((m: { role: string }) => m.role === 'user');
  expect(question.attachments.map((a: { name: string; chars: number }) => [a.name, a.chars])).toEqual([
    ['a.png', 0],
    ['facts.txt', 23],
  ]);
});
