/** The chat's selected columns (conversations, messages) and how a conversation is titled by its first question. */
import { sql } from 'drizzle-orm';
import { cutText } from '../../../shared/text';

export const CONVERSATION_COLUMNS = sql`c.id, c.title, c.pinned, c.model_id, c.system_prompt, c.temperature, c.top_p, c.max_tokens, c.folder_id, c.assistant_id, c.created_at, c.updated_at`;
export const MESSAGE_COLUMNS = sql`m.id, m.parent_id, m.role, m.content, m.status, m.model_id, m.model_name, m.input_tokens, m.output_tokens,
  m.credits, m.first_token_ms, m.total_ms, m.error_code, m.error_message, m.trimmed, m.created_at`;

/** auto-titles are the first question's first line, this many characters at most (then "…") */
const TITLE_CHARS = 40;

/** a conversation's title: its first question's first line, its first 40 characters, and "…" when there was more */
export function titleOf(question: string): string | null {
  const line =
    question
      .split('\n')
      .find((l) => l.trim())
      ?.trim() ?? '';
  const cut = cutText(line, TITLE_CHARS);
  return cut.length < line.length ? `${cut}…` : cut || null;
}

export const clean = (s: string | null | undefined) => (s ?? '').trim();

export const MESSAGE_FIELDS = `id, parent_id, role, content, status, model_id, model_name, input_tokens, output_tokens, credits, first_token_ms,
  total_ms, error_code, error_message, trimmed, created_at`;
