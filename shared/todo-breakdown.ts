/** The task assistant's breakdown text: the AI's proposal (one subtask a line) read into subtask titles, on the server and in the console. */
import { cutText } from './text';

export const TODO_LIMITS = { TITLE: 200, NOTES: 5000, SUBTASKS: 30, PROMPT: 4000, GOAL: 2000 } as const;

/** the breakdown prompt in each console language: the console shows the reader's, the wording alike */
export const BREAKDOWN_PROMPTS = {
  'en-US':
    'You break a task down into a short list of concrete subtasks (3 to 8), each a small action that can be done on its own. ' +
    'Answer with the subtasks only, one per line, without numbering or any other text, in the language of the task.',
  'zh-CN':
    '你把一项任务拆解成一份简短的具体子任务清单（3 到 8 项），每项都是可以单独完成的小动作。只回答子任务，每行一项，不要编号，也不要任何其他文字，使用任务本身的语言。',
  'zh-TW':
    '你把一項任務拆解成一份簡短的具體子任務清單（3 到 8 項），每項都是可以單獨完成的小動作。只回答子任務，每行一項，不要編號，也不要任何其他文字，使用任務本身的語言。',
} as const;

/** the prompt the server uses when a request brings none (the console sends none while a reader keeps the default) */
export const DEFAULT_BREAKDOWN_PROMPT: string = BREAKDOWN_PROMPTS['en-US'];

/** the default prompt in this console language (English for any other) */
export function breakdownPromptFor(locale: string): string {
  return BREAKDOWN_PROMPTS[locale as keyof typeof BREAKDOWN_PROMPTS] ?? DEFAULT_BREAKDOWN_PROMPT;
}

/** whether a prompt is one of the defaults as shown (then the request leaves it to the server) */
export function isDefaultBreakdownPrompt(text: string): boolean {
  const trimmed = text.trim();
  return Object.values(BREAKDOWN_PROMPTS).some((p) => p === trimmed);
}

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
