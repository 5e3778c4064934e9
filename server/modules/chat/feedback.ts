/** Thumbs up or down, with an optional comment, on a user's own answers (chat_feedback); the AI usage log lists them per model. */
import { sql } from 'drizzle-orm';
import { textLength } from '../../../shared/text';
import { AppError } from '../../core/errors';
import { query } from '../../core/sql';
import type { Db } from '../../db';
import type { Feedback } from './schemas';

/** the longest comment, in characters (code points) */
export const FEEDBACK_COMMENT_MAX = 1000;
/** a rating as the API names it, from the stored 1 / -1 */
export const RATING_OF = sql`CASE f.rating WHEN 1 THEN 'up' WHEN -1 THEN 'down' END`;

export class ChatFeedbackService {
  constructor(private db: Db) {}

  /** sets (or with rating null, removes) the caller's feedback on one of their finished answers */
  async set(userId: string, messageId: string, input: { rating: Feedback['rating']; comment?: string | null }): Promise<Feedback> {
    const [m] = await query<{ role: string; status: string }>(
      this.db,
      sql`SELECT role, status FROM chat_messages WHERE id = ${messageId} AND user_id = ${userId}`,
    );
    if (!m || m.role !== 'assistant') throw new AppError('NOT_FOUND', { field: 'id' });
    if (m.status === 'streaming') throw new AppError('INVALID_PARAM', { field: 'id', params: { reason: 'the answer is still being written' } });
    if (input.rating === null) {
      await this.db.execute(sql`DELETE FROM chat_feedback WHERE message_id = ${messageId}`);
      return { rating: null, comment: null };
    }
    const comment = (input.comment ?? '').trim() || null;
    if (comment && textLength(comment) > FEEDBACK_COMMENT_MAX)
      throw new AppError('INVALID_PARAM', { field: 'comment', params: { reason: `at most ${FEEDBACK_COMMENT_MAX} characters` } });
    const rating = input.rating === 'up' ? 1 : -1;
    await this.db.execute(sql`INSERT INTO chat_feedback (message_id, user_id, rating, comment) VALUES (${messageId}, ${userId}, ${rating}, ${comment})
      ON CONFLICT (message_id) DO UPDATE SET rating = EXCLUDED.rating, comment = EXCLUDED.comment, updated_at = now()`);
    return { rating: input.rating, comment };
  }
}
