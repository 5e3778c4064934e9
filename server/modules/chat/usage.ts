/** The AI usage log (ai_usage): every billed AI call writes one row through logUsage; its admin list; settling retried over a blip. */
import { sql } from 'drizzle-orm';
import type { ErrorCode } from '../../core/errors';
import type { ListSpec } from '../../core/list/query';
import type { Row, Tx } from '../../core/sql';
import { RATING_OF } from './feedback';

/** the usage log of every user (READ_AI_USAGE) */
export const usageList: ListSpec = {
  resource: 'ai-usage',
  from: sql`ai_usage a LEFT JOIN users u ON u.id = a.user_id LEFT JOIN chat_feedback f ON f.message_id = a.message_id
    LEFT JOIN chat_assistants ca ON ca.id = a.assistant_id`,
  columns: sql`a.id::text AS id, a.user_id, u.username, u.nickname, a.model_id, a.model_name, a.input_tokens, a.output_tokens,
    a.credits, a.first_token_ms, a.total_ms, a.status, a.error_code, a.usage_source, a.conversation_id, a.message_id,
    ${RATING_OF} AS feedback, f.comment AS feedback_comment, a.assistant_id, ca.name AS assistant_name, a.created_at`,
  search: [sql`u.username`, sql`u.nickname`, sql`a.model_name`, sql`f.comment`, sql`ca.name`],
  filters: {
    user_id: { kind: 'eq', column: sql`a.user_id` },
    model_id: { kind: 'eq', column: sql`a.model_id` },
    assistant_id: { kind: 'eq', column: sql`a.assistant_id` },
    status: { kind: 'eq', column: sql`a.status` },
    feedback: { kind: 'eq', column: RATING_OF },
    created_at: { kind: 'range', column: sql`a.created_at` },
  },
  sorts: {
    created_at: sql`a.created_at`,
    credits: sql`a.credits`,
    input_tokens: sql`a.input_tokens`,
    output_tokens: sql`a.output_tokens`,
    first_token_ms: sql`a.first_token_ms`,
    total_ms: sql`a.total_ms`,
  },
  nullable: ['first_token_ms', 'total_ms'],
  defaultSort: { field: 'created_at', order: 'descend' },
  tiebreak: sql`a.id`,
  exportColumns: [
    { key: 'created_at', date: true, width: 20 },
    { key: 'username', width: 20 },
    { key: 'model_name', width: 24 },
    { key: 'assistant_name', width: 24 },
    { key: 'input_tokens', width: 12 },
    { key: 'output_tokens', width: 12 },
    { key: 'credits', width: 10 },
    { key: 'first_token_ms', width: 14 },
    { key: 'total_ms', width: 12 },
    { key: 'status', width: 12 },
    { key: 'error_code', width: 20 },
    { key: 'usage_source', width: 10 },
    { key: 'feedback', width: 10 },
    { key: 'feedback_comment', width: 40 },
  ],
};

export interface Usage {
  input: number;
  output: number;
  credits: number;
  firstTokenMs: number | null;
  totalMs: number | null;
  status: string;
  errorCode: ErrorCode | null;
  source: 'provider' | 'local';
  /** chat | breakdown | compare | ask | transcription | api */
  purpose: string;
  refId: string | null;
  /** the personal API key of a relayed call */
  apiKeyId?: string | null;
}

/** a row of the AI usage log (every AI call, whatever it was for, is one) */
export async function logUsage(tx: Tx, m: Row, u: Usage) {
  // the conversation's assistant is kept on the row: usage per assistant outlives the conversation
  await tx.execute(sql`INSERT INTO ai_usage (user_id, conversation_id, message_id, model_id, model_name, input_tokens, output_tokens, credits,
      first_token_ms, total_ms, status, error_code, usage_source, purpose, ref_id, assistant_id, api_key_id)
    VALUES (${m.user_id}, ${m.conversation_id ?? null}, ${m.id ?? null}, ${m.model_id}, ${m.model_name}, ${u.input}, ${u.output}, ${u.credits},
      ${u.firstTokenMs}, ${u.totalMs}, ${u.status}, ${u.errorCode}, ${u.source}, ${u.purpose}, ${u.refId},
      (SELECT assistant_id FROM conversations WHERE id = ${m.conversation_id ?? null}), ${u.apiKeyId ?? null})`);
}

/** the row of a call whose process died before it settled: what its hold captured, marked interrupted */
export function logInterrupted(tx: Tx, hold: { userId: string; refId: string | null; captured: number }, purpose: string, apiKeyId: string | null = null) {
  return logUsage(
    tx,
    { user_id: hold.userId, model_id: null, model_name: null },
    {
      input: 0,
      output: 0,
      credits: hold.captured,
      firstTokenMs: null,
      totalMs: null,
      status: 'interrupted',
      errorCode: null,
      source: 'local',
      purpose,
      refId: hold.refId,
      apiKeyId,
    },
  );
}

/**
 * Settling is retried over a database blip (it is idempotent); what still fails stays an open
 * hold, settled at the next start with the cost saved so far.
 */
export async function withRetries<T>(run: () => Promise<T>, waits = [500, 2000, 5000]): Promise<T> {
  for (const wait of waits) {
    try {
      return await run();
    } catch {
      await new Promise((r) => setTimeout(r, wait));
    }
  }
  return run();
}
