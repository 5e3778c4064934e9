/**
 * Read-only links to a conversation (conversation_shares): one branch, from the first message
 * down to the message shown last when it was shared, for anyone with the link or for signed-in
 * accounts, until an optional expiry or until the owner revokes it. The link carries the share's
 * id signed with the server secret, so a guessed or altered link is no link. A shared page shows
 * the messages and their pictures, never documents, the owner's balance or other conversations.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError } from '../../core/errors';
import { plain, query } from '../../core/sql';
import type { Db } from '../../db';
import type { ChatAttachmentService } from './attachments';
import type { ChatShare, SharedConversation } from './schemas';

export const SHARE_AUDIENCES = ['anyone', 'signed-in'] as const;
export type ShareAudience = (typeof SHARE_AUDIENCES)[number];
/** links of one conversation at most */
export const SHARES_PER_CONVERSATION = 20;
/** the longest expiry offered, in days */
export const SHARE_MAX_DAYS = 365;
/** the console page a link opens (public: the login guard lets uni-id-pages paths through) */
export const SHARE_PAGE = '/uni_modules/uni-id-pages/pages/common/share/share';

const SHARE_COLUMNS = sql`s.id, s.message_id, s.audience, s.expires_at, s.created_at`;

export class ChatShareService {
  private key: Buffer;

  constructor(
    private db: Db,
    secret: string,
    private attachments: Pick<ChatAttachmentService, 'ofMessages'>,
  ) {
    this.key = createHmac('sha256', secret).update('chat-share').digest();
  }

  private sign(id: string) {
    return createHmac('sha256', this.key).update(id).digest('base64url').slice(0, 32);
  }

  /** the token of a link: the share's id and its signature */
  tokenOf(id: string) {
    return `${id}.${this.sign(id)}`;
  }

  /** the share id a token names, when its signature holds */
  private idOf(token: string): string | null {
    const [id, sig] = token.split('.');
    if (!id || !sig || token.split('.').length !== 2) return null;
    const want = Buffer.from(this.sign(id));
    const got = Buffer.from(sig);
    return got.length === want.length && timingSafeEqual(got, want) ? id : null;
  }

  private present(row: Omit<ChatShare, 'token' | 'path'>): ChatShare {
    const token = this.tokenOf(row.id);
    return { ...plain(row), token, path: `${SHARE_PAGE}?t=${encodeURIComponent(token)}` };
  }

  /** shares the branch ending at `messageId` (a message of the caller's conversation) */
  async create(
    userId: string,
    conversationId: string,
    input: { message_id: string; audience: ShareAudience; expires_days?: number | null },
  ): Promise<ChatShare> {
    const row = await this.db.transaction(async (tx) => {
      const [c] = await query(tx, sql`SELECT 1 FROM conversations WHERE id = ${conversationId} AND user_id = ${userId} FOR UPDATE`);
      if (!c) throw new AppError('NOT_FOUND', { field: 'id' });
      const [m] = await query(tx, sql`SELECT 1 FROM chat_messages WHERE id = ${input.message_id} AND conversation_id = ${conversationId}`);
      if (!m) throw new AppError('NOT_FOUND', { field: 'message_id' });
      const [{ n }] = await query<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM conversation_shares WHERE conversation_id = ${conversationId}`);
      if (n >= SHARES_PER_CONVERSATION) {
        throw new AppError('INVALID_PARAM', {
          field: 'id',
          params: { reason: `at most ${SHARES_PER_CONVERSATION} links to one conversation: revoke one first` },
        });
      }
      const days = input.expires_days ?? null;
      const [r] = await query<Omit<ChatShare, 'token' | 'path'>>(
        tx,
        sql`INSERT INTO conversation_shares AS s (conversation_id, user_id, message_id, audience, expires_at)
          VALUES (${conversationId}, ${userId}, ${input.message_id}, ${input.audience}, ${days === null ? null : sql`now() + make_interval(days => ${days})`})
          RETURNING ${SHARE_COLUMNS}`,
      );
      return r;
    });
    return this.present(row);
  }

  async list(userId: string, conversationId: string): Promise<ChatShare[]> {
    const rows = await query<Omit<ChatShare, 'token' | 'path'>>(
      this.db,
      sql`SELECT ${SHARE_COLUMNS} FROM conversation_shares s WHERE s.conversation_id = ${conversationId} AND s.user_id = ${userId} ORDER BY s.created_at DESC, s.id`,
    );
    return rows.map((r) => this.present(r));
  }

  /** the link stops working at once */
  async revoke(userId: string, id: string): Promise<void> {
    const [r] = await query(this.db, sql`DELETE FROM conversation_shares WHERE id = ${id} AND user_id = ${userId} RETURNING id`);
    if (!r) throw new AppError('NOT_FOUND', { field: 'id' });
  }

  /**
   * What a link shows. An unknown, altered, revoked or expired link is NOT_FOUND alike; a link
   * for signed-in accounts asks a signed-out reader to sign in.
   */
  async read(token: string, signedIn: boolean): Promise<SharedConversation> {
    const id = this.idOf(token);
    const [s] = id
      ? await query<{ conversation_id: string; message_id: string; audience: ShareAudience; created_at: string; expires_at: string | null; title: string }>(
          this.db,
          sql`SELECT s.conversation_id, s.message_id, s.audience, s.created_at, s.expires_at, c.title FROM conversation_shares s
            JOIN conversations c ON c.id = s.conversation_id WHERE s.id = ${id} AND (s.expires_at IS NULL OR s.expires_at > now())`,
        )
      : [];
    if (!s) throw new AppError('NOT_FOUND', { field: 't' });
    if (s.audience === 'signed-in' && !signedIn) throw new AppError('uni-id-token-not-exist');
    const messages = await query<SharedConversation['messages'][number]>(
      this.db,
      sql`WITH RECURSIVE up AS (
          SELECT id, parent_id, role, content, status, model_name, created_at, 0 AS depth FROM chat_messages WHERE id = ${s.message_id}
          UNION ALL SELECT m.id, m.parent_id, m.role, m.content, m.status, m.model_name, m.created_at, up.depth + 1
            FROM chat_messages m JOIN up ON m.id = up.parent_id
        ) SELECT id, role, content, model_name, created_at FROM up WHERE content <> '' OR role = 'user' ORDER BY depth DESC`,
    );
    // pictures only: a document stays with its owner
    const files = await this.attachments.ofMessages(messages.filter((m) => m.role === 'user').map((m) => m.id));
    return plain({
      title: s.title,
      audience: s.audience,
      shared_at: s.created_at,
      expires_at: s.expires_at,
      messages: messages.map((m) => ({
        ...plain(m),
        images: (files.get(m.id) ?? []).filter((f) => f.kind === 'image').map((f) => ({ name: f.name, url: f.url })),
      })),
    });
  }
}
