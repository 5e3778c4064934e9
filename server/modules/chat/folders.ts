/** A user's folders for their conversations: list with how many each holds, add, rename, delete (its conversations are unfiled). */
import { sql } from 'drizzle-orm';
import { textLength } from '../../../shared/text';
import { AppError } from '../../core/errors';
import { LOCKS } from '../../core/locks';
import { query, uniqueViolation } from '../../core/sql';
import type { Db } from '../../db';
import type { ChatFolder } from './schemas';

/** a folder's name, in characters (code points) */
export const FOLDER_NAME_MAX = 40;
/** folders a user may have */
export const FOLDERS_MAX = 50;

export class ChatFolderService {
  constructor(private db: Db) {}

  async list(userId: string): Promise<ChatFolder[]> {
    return query<ChatFolder>(
      this.db,
      sql`SELECT f.id, f.name, (SELECT count(*)::int FROM conversations c WHERE c.folder_id = f.id) AS count
        FROM conversation_folders f WHERE f.user_id = ${userId} ORDER BY lower(f.name), f.id`,
    );
  }

  /** the caller's folder, or NOT_FOUND on `field` */
  async assertOwn(userId: string, id: string, field = 'id') {
    const [f] = await query(this.db, sql`SELECT 1 FROM conversation_folders WHERE id = ${id} AND user_id = ${userId}`);
    if (!f) throw new AppError('NOT_FOUND', { field });
  }

  async create(userId: string, name: string): Promise<ChatFolder> {
    const clean = nameOf(name);
    return this.db.transaction(async (tx) => {
      // one user's folders are counted and added one at a time
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCKS.CHAT_FOLDERS}, hashtext(${userId}))`);
      const [{ n }] = await query<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM conversation_folders WHERE user_id = ${userId}`);
      if (n >= FOLDERS_MAX) throw new AppError('INVALID_PARAM', { field: 'name', params: { reason: `at most ${FOLDERS_MAX} folders` } });
      try {
        const [f] = await query<ChatFolder>(
          tx,
          sql`INSERT INTO conversation_folders (user_id, name) VALUES (${userId}, ${clean}) RETURNING id, name, 0 AS count`,
        );
        return f;
      } catch (e) {
        uniqueViolation(e, { conversation_folders_user_name: { field: 'name' } });
      }
    });
  }

  async rename(userId: string, id: string, name: string): Promise<ChatFolder> {
    const clean = nameOf(name);
    await this.assertOwn(userId, id);
    try {
      await this.db.execute(sql`UPDATE conversation_folders SET name = ${clean} WHERE id = ${id}`);
    } catch (e) {
      uniqueViolation(e, { conversation_folders_user_name: { field: 'name' } });
    }
    return (await this.list(userId)).find((f) => f.id === id)!;
  }

  /** deletes the folder; its conversations stay, unfiled (the foreign key sets them to none) */
  async remove(userId: string, id: string) {
    await this.assertOwn(userId, id);
    await this.db.execute(sql`DELETE FROM conversation_folders WHERE id = ${id}`);
  }
}

function nameOf(name: string): string {
  const s = name.trim();
  if (!s || textLength(s) > FOLDER_NAME_MAX) throw new AppError('INVALID_PARAM', { field: 'name', params: { reason: `1..${FOLDER_NAME_MAX}` } });
  return s;
}
