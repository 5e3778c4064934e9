/** The task assistant's breakdown text: the AI's proposal (one subtask a line) read into subtask titles, on the server and in the console. */
import { cutText } from './text';

export const TODO_LIMITS = { TITLE: 200, NOTES: 5000, SUBTASKS: 30, PROMPT: 4000, GOAL: 2000 } as const;

export const DEFAULT_BREAKDOWN_PROMPT =
  'You break a task down into a short list of concrete subtasks (3 to 8), each a small action that can be done on its own. ' +
  'Answer with the subtasks only, one per line, without numbering or any other text, in the language of the task.';

// "- ", "* ", "• ", "1. ", "2) ", "[ ] ", "[x] " and markdown emphasis around a whole line
const BULLET = /^(?:[-*•+]\s+|\d{1,3}[.)、]\s*|\[[ xX]?\]\s+)+/;

/** the proposal's lines as subtask titles: bullets and numbering dropped, blank and repeated lines skipped, capped */
export function parseSubtasks(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.trim().replace(BULLET, '').trim();
    line = line.replace(/^\*\*(.+)\*\*$/, '$1').trim();
    if (!line || out.includes(line)) continue;
    out.push(cutText(line, TODO_LIMITS.TITLE));
    if (out.length === TODO_LIMITS.SUBTASKS) break;
  }
  return out;
}
