/**
 * "Ask AI" over search results: the prompt that gives a model the caller's top results as
 * numbered sources and asks for an answer citing them as [n].
 */
import type { SearchHit, SearchKind } from '../search/service';

/** how many results the model reads, and how much of each */
export const ASK_SOURCES = 6;
export const ASK_SNIPPET = 700;
export const ASK_MAX_TOKENS = 1024;

export interface AskSource {
  n: number;
  title: string;
  url: string;
  kind: SearchKind;
}

export const ASK_SYSTEM = [
  "You answer a question using only the numbered sources given with it (help documents, prompts and the user's own conversations).",
  'Cite the sources you use as [n] right after the sentence they support; never cite a number that is not given.',
  'If the sources do not answer the question, say so in one sentence.',
  'Answer in the language of the question, concisely, in Markdown.',
].join(' ');

export function askPrompt(q: string, hits: SearchHit[]): { prompt: string; sources: AskSource[] } {
  const sources = hits.map((h, i) => ({ n: i + 1, title: h.title || h.url, url: h.url, kind: h.kind }));
  const blocks = hits.map((h, i) => `[${i + 1}] ${h.title || h.url}\n${h.snippet}`);
  return { prompt: `Sources:\n\n${blocks.join('\n\n')}\n\nQuestion: ${q}`, sources };
}
