/**
 * Files on a question (chat_attachments): images and documents, uploaded to a conversation before
 * the question is sent (pending), then linked to the question. The bytes are files of the file
 * service (the owner's upload quota counts them); a document's text is read once, at upload.
 */
import { randomUUID } from 'node:crypto';
import type { Multipart } from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import { attachmentKindOf, CHAT_ATTACHMENTS, extensionOf } from '../../../shared/chat-attachments';
import { cutText, textLength } from '../../../shared/text';
import { AppError } from '../../core/errors';
import { intArray, query, textArray, type Tx } from '../../core/sql';
import type { Db } from '../../db';
import { type FileService, formatBytes, sniffImage } from '../files/service';
import { loadTokenizer, tokensOf } from './context';
import { documentText } from './extract';
import type { ChatAttachment } from './schemas';

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const COLUMNS = sql`a.id, a.message_id, a.kind, a.name, a.mime, a.size, a.chars, a.omitted, a.file_id`;
/** what the answering code reads beside them */
const STORED = sql`${COLUMNS}, a.text, a.tokens`;

/** an attachment as the answering code reads it: with the file and a document's text */
/** a type alias, not an interface: only an alias is assignable to the Row that query<T> asks for */
export type StoredAttachment = {
  id: string;
  message_id: string | null;
  kind: 'image' | 'document';
  name: string;
  mime: string;
  size: number;
  file_id: string;
  text: string | null;
  chars: number;
  omitted: number;
  tokens: number;
};

const tooLarge = (max: number) => new AppError('FILE_TOO_LARGE', { field: 'file', params: { max: formatBytes(max) } });

export class ChatAttachmentService {
  constructor(
    private db: Db,
    private files: FileService,
  ) {}

  /**
   * Reads an uploaded file into a pending attachment of the caller's conversation: an image by
   * its bytes (PNG, JPEG, WebP, GIF), else a document by its extension, whose text is read now
   * (so a file that cannot be read is refused at once, not when the question is sent).
   */
  async add(userId: string, conversationId: string, parts: AsyncIterableIterator<Multipart>): Promise<ChatAttachment> {
    await this.ownConversation(userId, conversationId);
    const received = await this.files.receive(parts);
    try {
      const file = received.file!;
      const name = cutText(received.name?.trim() || 'file', 200);
      const image = sniffImage(file.head);
      let values: { kind: 'image' | 'document'; mime: string; text: string | null; chars: number; omitted: number; tokens: number };
      if (image) {
        if (file.size > CHAT_ATTACHMENTS.IMAGE_MAX_BYTES) throw tooLarge(CHAT_ATTACHMENTS.IMAGE_MAX_BYTES);
        values = { kind: 'image', mime: image, text: null, chars: 0, omitted: 0, tokens: 0 };
      } else {
        // an image's name on bytes that are no image (or a type not taken) is refused
        if (attachmentKindOf(name) !== 'document') throw new AppError('ATTACHMENT_TYPE_UNSUPPORTED', { field: 'file', params: { name } });
        if (file.size > CHAT_ATTACHMENTS.DOCUMENT_MAX_BYTES) throw tooLarge(CHAT_ATTACHMENTS.DOCUMENT_MAX_BYTES);
        const ext = extensionOf(name);
        const full = await documentText(name, ext, file.tmp, CHAT_ATTACHMENTS.DOCUMENT_MAX_CHARS);
        const chars = textLength(full);
        const text = cutText(full, CHAT_ATTACHMENTS.DOCUMENT_MAX_CHARS);
        const mime = ext === 'pdf' ? 'application/pdf' : ext === 'docx' ? DOCX_MIME : 'text/plain; charset=utf-8';
        await loadTokenizer();
        values = { kind: 'document', mime, text, chars, omitted: chars - textLength(text), tokens: tokensOf(text) };
      }
      const id = randomUUID();
      await this.db.transaction(async (tx) => {
        // one upload at a time per conversation counts its pending files
        await tx.execute(sql`SELECT 1 FROM conversations WHERE id = ${conversationId} FOR UPDATE`);
        const [{ n }] = await query<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM chat_attachments WHERE conversation_id = ${conversationId} AND message_id IS NULL`,
        );
        if (n >= CHAT_ATTACHMENTS.PENDING_PER_CONVERSATION) {
          throw new AppError('ATTACHMENT_LIMIT', { field: 'file', params: { max: CHAT_ATTACHMENTS.PENDING_PER_CONVERSATION } });
        }
        const fileId = await this.files.keep(tx, userId, `chat/${conversationId}/${id}`, received, values.mime);
        await tx.execute(
          sql`INSERT INTO chat_attachments (id, conversation_id, user_id, file_id, kind, name, mime, size, text, chars, omitted, tokens)
            VALUES (${id}, ${conversationId}, ${userId}, ${fileId}, ${values.kind}, ${name}, ${values.mime}, ${file.size}, ${values.text},
              ${values.chars}, ${values.omitted}, ${values.tokens})`,
        );
      });
      const [row] = await this.shown(sql`a.id = ${id}`);
      return row;
    } finally {
      await received.discard();
    }
  }

  /** takes back a file not yet sent (a sent one goes with its conversation) */
  async removePending(userId: string, id: string): Promise<void> {
    const gone = await this.db.transaction(async (tx) => {
      const [a] = await query<{ file_id: string }>(
        tx,
        sql`DELETE FROM chat_attachments WHERE id = ${id} AND user_id = ${userId} AND message_id IS NULL RETURNING file_id`,
      );
      if (!a) throw new AppError('NOT_FOUND', { field: 'id' });
      return this.files.deleteStored(tx, [a.file_id]);
    });
    await Promise.all(gone.map((f) => this.files.discardStored(f)));
  }

  /** the conversation's files not yet sent (a page opened again shows them above the input) */
  pending(userId: string, conversationId: string): Promise<ChatAttachment[]> {
    return this.shown(sql`a.conversation_id = ${conversationId} AND a.user_id = ${userId} AND a.message_id IS NULL`);
  }

  /** the attachments of these questions, with links, by question */
  async ofMessages(messageIds: string[]): Promise<Map<string, ChatAttachment[]>> {
    const out = new Map<string, ChatAttachment[]>();
    if (!messageIds.length) return out;
    for (const a of await this.shown(sql`a.message_id = ANY(${textArray(messageIds)})`)) {
      out.set(a.message_id!, [...(out.get(a.message_id!) ?? []), a]);
    }
    return out;
  }

  /** what the answering code needs of these questions' files (documents with their text) */
  async storedOf(messageIds: string[]): Promise<Map<string, StoredAttachment[]>> {
    const out = new Map<string, StoredAttachment[]>();
    if (!messageIds.length) return out;
    const rows = await query<StoredAttachment>(
      this.db,
      sql`SELECT ${STORED} FROM chat_attachments a WHERE a.message_id = ANY(${textArray(messageIds)}) ORDER BY a.position, a.created_at`,
    );
    for (const a of rows) out.set(a.message_id!, [...(out.get(a.message_id!) ?? []), a]);
    return out;
  }

  /**
   * The caller's pending files of this conversation named by `ids`, in that order, locked until
   * the question that carries them is written. NOT_FOUND (field attachments) when one is not.
   */
  async takePending(tx: Db | Tx, userId: string, conversationId: string, ids: string[]): Promise<StoredAttachment[]> {
    if (!ids.length) return [];
    const unique = [...new Set(ids)];
    if (unique.length > CHAT_ATTACHMENTS.PER_QUESTION) {
      throw new AppError('ATTACHMENT_LIMIT', { field: 'attachments', params: { max: CHAT_ATTACHMENTS.PER_QUESTION } });
    }
    const rows = await query<StoredAttachment>(
      tx,
      sql`SELECT ${STORED} FROM chat_attachments a WHERE a.id = ANY(${textArray(unique)}) AND a.conversation_id = ${conversationId}
        AND a.user_id = ${userId} AND a.message_id IS NULL ${tx === this.db ? sql`` : sql`FOR UPDATE`}`,
    );
    if (rows.length !== unique.length) throw new AppError('NOT_FOUND', { field: 'attachments' });
    const byId = new Map(rows.map((r) => [r.id, r]));
    return unique.map((id) => byId.get(id)!);
  }

  /** the pending files become the question's, in order, with what was left out of each */
  async link(tx: Tx, messageId: string, list: StoredAttachment[]): Promise<void> {
    if (!list.length) return;
    const ids = list.map((a) => a.id);
    const { rowCount } = await tx.execute(
      sql`UPDATE chat_attachments a SET message_id = ${messageId}, position = v.pos, omitted = v.omitted
        FROM unnest(${textArray(ids)}, ${intArray(list.map((_, i) => i))}, ${intArray(list.map((a) => a.omitted))}) AS v(id, pos, omitted)
        WHERE a.id = v.id AND a.message_id IS NULL`,
    );
    // another send took one of them meanwhile
    if (rowCount !== list.length) throw new AppError('NOT_FOUND', { field: 'attachments' });
  }

  /** files just linked to a question as the page shows them (no second read) */
  present(list: StoredAttachment[], messageId: string): ChatAttachment[] {
    return list.map((a) => ({
      id: a.id,
      message_id: messageId,
      kind: a.kind,
      name: a.name,
      mime: a.mime,
      size: a.size,
      chars: a.chars,
      omitted: a.omitted,
      url: this.files.signedPath(a.file_id),
    }));
  }

  /** an image's bytes as base64 (null when the file is gone) */
  async imageData(fileId: string): Promise<string | null> {
    return (await this.files.read(fileId))?.toString('base64') ?? null;
  }

  /**
   * Deletes the files of a conversation being deleted, inside its transaction; answers what to
   * run once it has committed (removing the bytes).
   */
  async dropConversation(tx: Tx, conversationId: string): Promise<() => Promise<void>> {
    const rows = await query<{ file_id: string }>(tx, sql`SELECT file_id FROM chat_attachments WHERE conversation_id = ${conversationId}`);
    const gone = await this.files.deleteStored(
      tx,
      rows.map((r) => r.file_id),
    );
    return async () => {
      await Promise.all(gone.map((f) => this.files.discardStored(f)));
    };
  }

  private async ownConversation(userId: string, conversationId: string) {
    const [c] = await query(this.db, sql`SELECT 1 FROM conversations WHERE id = ${conversationId} AND user_id = ${userId}`);
    if (!c) throw new AppError('NOT_FOUND', { field: 'id' });
  }

  private async shown(where: ReturnType<typeof sql>): Promise<ChatAttachment[]> {
    const rows = await query<ChatAttachment & { file_id: string }>(
      this.db,
      sql`SELECT ${COLUMNS} FROM chat_attachments a WHERE ${where} ORDER BY a.message_id NULLS FIRST, a.position, a.created_at`,
    );
    return rows.map(({ file_id: fileId, ...a }) => ({ ...a, url: this.files.signedPath(fileId) }));
  }
}
