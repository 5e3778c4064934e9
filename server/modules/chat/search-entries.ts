/** A chat message as the search index keeps it, and the messages it lacks (the search backfill's source). */
import { sql } from 'drizzle-orm';
import { query, type Row } from '../../core/sql';
import type { Db } from '../../db';
import type { SearchEntry } from '../search/service';

/**
 * Up to `limit` messages with text that the search index does not hold (written before messages
 * were indexed): what the search backfill puts there. An answer still streaming waits for its settling.
 */
export async function messagesMissingFromSearch(db: Db, limit: number): Promise<SearchEntry[]> {
  const rows = await query<Row>(
    db,
    sql`SELECT m.id, m.conversation_id, m.user_id, m.content, c.title FROM chat_messages m JOIN conversations c ON c.id = m.conversation_id
      WHERE m.status <> 'streaming' AND btrim(m.content) <> ''
        AND NOT EXISTS (SELECT 1 FROM search_entries s WHERE s.kind = 'message' AND s.ref_id = m.conversation_id || ':' || m.id)
      LIMIT ${limit}`,
  );
  return rows.map((r) => messageEntry(r.user_id as string, r.conversation_id as string, r.title as string, r.id as string, r.content as string));
}

/** a message as the search index keeps it: found by its owner only, opening its conversation */
export function messageEntry(userId: string, conversationId: string, title: string, messageId: string, content: string): SearchEntry {
  return {
    kind: 'message',
    refId: `${conversationId}:${messageId}`,
    ownerId: userId,
    title,
    body: content,
    url: `/pages/assistant/chat/chat?id=${conversationId}`,
  };
}
