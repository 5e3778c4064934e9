/** Helpers for chat tests: a model on a stand-in, a user with a balance, and reading server-sent events. */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db';
import { call, login, makeUser } from './accounts';
import { creditsOf } from './services';

export interface SseEvent {
  event: string;
  data: any;
}

/** a whole event-stream body -> its events */
export function parseSse(body: string): SseEvent[] {
  return body
    .split('\n\n')
    .filter((b) => b.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      return { event, data: JSON.parse(data) };
    });
}

/** the text of the delta events */
export const textOf = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text)
    .join('');

/** a model row through the admin API */
export async function addModel(app: FastifyInstance, adminToken: string, fields: Record<string, unknown>) {
  const r = await call(app, 'POST', '/api/ai/models', {
    token: adminToken,
    body: { name: 'stand-in', protocol: 'openai', context_window: 100000, max_output_tokens: 100, input_price: 1_000_000, output_price: 2_000_000, ...fields },
  });
  if (r.status !== 200) throw new Error(`model not added: ${JSON.stringify(r.body)}`);
  return r.body.data as { id: string; name: string };
}

/** an account holding exactly `balance` credits (through the ledger) */
export async function chatUser(app: FastifyInstance, db: Db, username: string, balance: number, role: string[] = []) {
  const u = await makeUser(db, { username, password: 'Passw0rd!', role });
  // postNow takes no hold: this instance never marks itself alive, nothing to stop
  if (balance) await creditsOf(db).postNow({ userId: u.id, kind: 'grant', amount: balance, key: `test:${u.id}` });
  const token = (await login(app, username, 'Passw0rd!')).body.data.token as string;
  return { id: u.id, token };
}

export async function ledgerSum(db: Db, userId: string) {
  const r = await db.execute<{ s: string }>(sql`SELECT coalesce(sum(amount), 0) AS s FROM credit_ledger WHERE user_id = ${userId}`);
  return Number(r.rows[0].s);
}

export async function balanceOf(db: Db, userId: string) {
  const r = await db.execute<{ score: number }>(sql`SELECT score FROM users WHERE id = ${userId}`);
  return r.rows[0].score;
}

/** asks through app.inject and reads the whole stream (or the JSON error) */
export async function ask(
  app: FastifyInstance,
  token: string,
  conversationId: string,
  content: string,
  opts: { parent_id?: string | null; model_id?: string; attachments?: string[] } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${conversationId}/messages`,
    headers: { authorization: `Bearer ${token}` },
    payload: {
      content,
      parent_id: opts.parent_id ?? null,
      ...(opts.model_id ? { model_id: opts.model_id } : {}),
      ...(opts.attachments ? { attachments: opts.attachments } : {}),
    },
  });
  const sse = String(res.headers['content-type']).startsWith('text/event-stream');
  return { status: res.statusCode, sse, events: sse ? parseSse(res.payload) : [], body: sse ? null : (res.json() as any) };
}

export async function newConversation(app: FastifyInstance, token: string, body: Record<string, unknown> = {}) {
  const r = await call(app, 'POST', '/api/chat/conversations', { token, body });
  return r.body.data as { id: string };
}

/** uploads a file for the next question of a conversation (multipart, field "file") */
export async function attach(app: FastifyInstance, token: string, conversationId: string, file: { bytes: Buffer; name: string; type?: string }) {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const encoded = new Response(fd);
  const res = await app.inject({
    method: 'POST',
    url: `/api/chat/conversations/${conversationId}/attachments`,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')!, authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, body: res.json() as any };
}
