/**
 * A user's conversations: list (with the keyword's snippet), create, rename, pin, pick the model,
 * set the system prompt and the sampling parameters, delete, read with every message, export.
 * The chat service (service.ts) answers in them.
 */
import { sql } from 'drizzle-orm';
import { AppError } from '../../core/errors';
import { likePattern, plain, query, type Tx } from '../../core/sql';
import type { Db } from '../../db';
import type { SearchIndex } from '../search/service';
import type { ChatAttachmentService } from './attachments';
import { clean, CONVERSATION_COLUMNS, MESSAGE_COLUMNS } from './columns';
import { conversationExport } from './export';
import { RATING_OF } from './feedback';
import type { Parameters } from './parameters';
import type { ChatAttachment, ConversationRow, MessageRow } from './schemas';

/** a conversation as its columns hold it: the answers add the keyword's snippet */
export type Conversation = Omit<ConversationRow, 'snippet'>;

export class Conversations {
  constructor(
    protected db: Db,
    /** messages are searchable: each is indexed in the transaction that writes it */
    protected search: Pick<SearchIndex, 'put' | 'removeWhere' | 'retitle'>,
    /** a question's files: deleted with their conversation */
    protected attachments: ChatAttachmentService,
  ) {}

  protected async own(userId: string, id: string, tx: Db | Tx = this.db, lock = false): Promise<Conversation> {
    const [c] = await query<Conversation>(
      tx,
      sql`SELECT ${CONVERSATION_COLUMNS} FROM conversations c WHERE c.id = ${id} AND c.user_id = ${userId} ${lock ? sql`FOR UPDATE` : sql``}`,
    );
    if (!c) throw new AppError('NOT_FOUND', { field: 'id' });
    return c;
  }

  /** `folder_id`: a folder's conversations, 'none' the unfiled ones; absent, all */
  async list(
    userId: string,
    q: { keyword?: string; folder_id?: string; current?: number; pageSize?: number },
  ): Promise<{ data: ConversationRow[]; total: number }> {
    const kw = clean(q.keyword);
    const folder = q.folder_id === 'none' ? sql`AND c.folder_id IS NULL` : q.folder_id ? sql`AND c.folder_id = ${q.folder_id}` : sql``;
    const size = q.pageSize ?? 50;
    const offset = ((q.current ?? 1) - 1) * size;
    const pattern = likePattern(kw);
    const match = kw
      ? sql`AND (c.title ILIKE ${pattern} OR EXISTS (SELECT 1 FROM chat_messages m WHERE m.conversation_id = c.id AND m.content ILIKE ${pattern}))`
      : sql``;
    const snippet = kw
      ? sql`(SELECT substr(m.content, greatest(1, strpos(lower(m.content), lower(${kw})) - 30), 120) FROM chat_messages m
          WHERE m.conversation_id = c.id AND m.content ILIKE ${pattern} ORDER BY m.created_at DESC LIMIT 1)`
      : sql`NULL::text`;
    // count(*) is a bigint: the driver gives it as a string
    const rows = await query<ConversationRow & { total: string }>(
      this.db,
      sql`SELECT ${CONVERSATION_COLUMNS}, ${snippet} AS snippet, count(*) OVER () AS total FROM conversations c
        WHERE c.user_id = ${userId} ${folder} ${match} ORDER BY c.pinned DESC, c.updated_at DESC, c.id LIMIT ${size} OFFSET ${offset}`,
    );
    let total = rows.length ? Number(rows[0].total) : 0;
    if (!rows.length && offset > 0) {
      const [n] = await query<{ n: string }>(this.db, sql`SELECT count(*) AS n FROM conversations c WHERE c.user_id = ${userId} ${folder} ${match}`);
      total = Number(n.n);
    }
    return { data: rows.map(({ total: _t, ...r }) => plain(r)), total };
  }

  /** `assistant_id`: one the caller may use (the route copied its settings into the input) */
  async create(
    userId: string,
    input: { title?: string; model_id?: string | null; system_prompt?: string | null; assistant_id?: string } & Parameters,
  ): Promise<ConversationRow> {
    const title = clean(input.title);
    const [row] = await query<{ id: string }>(
      this.db,
      sql`INSERT INTO conversations (user_id, title, title_set, model_id, system_prompt, temperature, top_p, max_tokens, assistant_id)
        VALUES (${userId}, ${title}, ${!!title}, ${input.model_id ?? null}, ${clean(input.system_prompt) || null},
          ${input.temperature ?? null}, ${input.top_p ?? null}, ${input.max_tokens ?? null}, ${input.assistant_id ?? null}) RETURNING id`,
    );
    return plain({ ...(await this.own(userId, row.id)), snippet: null });
  }

  async update(
    userId: string,
    id: string,
    input: { title?: string; pinned?: boolean; model_id?: string | null; system_prompt?: string | null; folder_id?: string | null } & Parameters,
  ): Promise<ConversationRow> {
    await this.own(userId, id);
    const sets = [sql`updated_at = updated_at`];
    if (input.title !== undefined) {
      const title = clean(input.title);
      if (!title) throw new AppError('INVALID_PARAM', { field: 'title', params: { reason: 'required' } });
      sets.push(sql`title = ${title}`, sql`title_set = true`);
    }
    if (input.pinned !== undefined) sets.push(sql`pinned = ${input.pinned}`);
    if (input.model_id !== undefined) sets.push(sql`model_id = ${input.model_id}`);
    if (input.system_prompt !== undefined) sets.push(sql`system_prompt = ${clean(input.system_prompt) || null}`);
    if (input.temperature !== undefined) sets.push(sql`temperature = ${input.temperature}`);
    if (input.top_p !== undefined) sets.push(sql`top_p = ${input.top_p}`);
    if (input.max_tokens !== undefined) sets.push(sql`max_tokens = ${input.max_tokens}`);
    if (input.folder_id !== undefined) sets.push(sql`folder_id = ${input.folder_id}`);
    await this.db.transaction(async (tx) => {
      // the caller's own folder, kept from being deleted until this is written
      if (input.folder_id) {
        const [f] = await query(tx, sql`SELECT 1 FROM conversation_folders WHERE id = ${input.folder_id} AND user_id = ${userId} FOR KEY SHARE`);
        if (!f) throw new AppError('NOT_FOUND', { field: 'folder_id' });
      }
      await tx.execute(sql`UPDATE conversations SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
      if (input.title !== undefined) await this.search.retitle(tx, 'message', `${id}:`, clean(input.title));
    });
    return plain({ ...(await this.own(userId, id)), snippet: null });
  }

  async remove(userId: string, id: string) {
    await this.own(userId, id);
    const [busy] = await query(this.db, sql`SELECT 1 FROM chat_messages WHERE conversation_id = ${id} AND status = 'streaming' LIMIT 1`);
    if (busy) throw new AppError('CHAT_BUSY');
    const removeBytes = await this.db.transaction(async (tx) => {
      const dropped = await this.attachments.dropConversation(tx, id);
      await tx.execute(sql`DELETE FROM conversations WHERE id = ${id}`);
      await this.search.removeWhere(tx, 'message', `${id}:`);
      return dropped;
    });
    await removeBytes();
  }

  /** with every message (a question with its files) and the files uploaded but not yet sent */
  async get(userId: string, id: string): Promise<{ conversation: ConversationRow; messages: MessageRow[]; pending_attachments: ChatAttachment[] }> {
    const conversation = await this.own(userId, id);
    const [messages, pending] = await Promise.all([
      query<MessageRow>(
        this.db,
        sql`SELECT ${MESSAGE_COLUMNS}, ${RATING_OF} AS feedback, f.comment AS feedback_comment
        FROM chat_messages m LEFT JOIN chat_feedback f ON f.message_id = m.id WHERE m.conversation_id = ${id} ORDER BY m.created_at, m.id`,
      ),
      this.attachments.pending(userId, id),
    ]);
    const files = await this.attachments.ofMessages(messages.filter((m) => m.role === 'user').map((m) => m.id));
    return {
      conversation: plain<ConversationRow>({ ...conversation, snippet: null }),
      messages: messages.map((m) => ({ ...plain(m), ...(files.has(m.id) ? { attachments: files.get(m.id) } : {}) })),
      pending_attachments: pending,
    };
  }

  /** markdown: the newest branch; json: the conversation with every branch (./export.ts) */
  async exportOf(userId: string, id: string, format: 'markdown' | 'json') {
    const { conversation, messages } = await this.get(userId, id);
    return conversationExport(conversation, messages, format);
  }
}
