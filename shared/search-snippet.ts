/**
 * A search result's snippet: the text around the first match and the ranges to highlight, found
 * the way the index matches (Latin words from their start, CJK pairs anywhere). Browser-safe: the
 * server builds snippets with it; the console draws the ranges as <mark> elements, never as HTML.
 */
import { queryTerms } from './search-text';
import { around, charEnd, nextIndex, pairBoundary, wellFormed } from './text';

/** [start, end) in UTF-16 code units of the text they belong to */
export type MarkRange = [number, number];

const LATIN = /^[\p{Script=Latin}\p{N}]/u;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** a regular expression that finds the query's terms in a text (null: no terms) */
export function termPattern(q: string): RegExp | null {
  const terms = queryTerms(q).sort((a, b) => b.length - a.length);
  if (!terms.length) return null;
  // Latin words match at a word's start (the index's prefix rule); CJK pairs anywhere
  const parts = terms.map((t) => (LATIN.test(t) ? `(?<![\\p{L}\\p{M}\\p{N}])${escape(t)}` : escape(t)));
  return new RegExp(parts.join('|'), 'giu');
}

/**
 * Every match of the pattern in the text, overlapping ones merged, each on whole characters.
 * Each search starts past the previous match's first character, so the loop ends within the
 * text's length whatever the text holds (a search from inside a surrogate pair would find the
 * same pair again, for ever).
 */
export function markRanges(text: string, pattern: RegExp | null, limit = 64): MarkRange[] {
  if (!pattern) return [];
  const out: MarkRange[] = [];
  const re = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  for (let from = 0; from < text.length && out.length < limit;) {
    re.lastIndex = from;
    const m = re.exec(text);
    if (!m) break;
    const start = m.index;
    // CJK pairs overlap ("中文" then "文搜"): look again from the next character
    from = Math.max(from + 1, nextIndex(text, start));
    if (!m[0]) continue;
    const end = charEnd(text, start + m[0].length);
    const last = out[out.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/**
 * About `size` characters of the text around its first match (its start when nothing matches),
 * whitespace folded, with "…" where it was cut, and the ranges to highlight in it.
 */
export function snippetOf(text: string, pattern: RegExp | null, size = 200): { text: string; marks: MarkRange[] } {
  const flat = wellFormed(text.replace(/\s+/g, ' ').trim());
  let at = 0;
  if (pattern) at = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')).exec(flat)?.index ?? 0;
  const [start, end] = around(flat, at, Math.floor(size / 4), size);
  const body = flat.slice(start, end);
  const head = start > 0 ? '…' : '';
  const out = head + body + (end < flat.length ? '…' : '');
  return { text: out, marks: markRanges(body, pattern).map(([s, e]) => [s + head.length, e + head.length]) };
}

/** the text cut into plain and highlighted pieces (what the console renders), never inside a surrogate pair */
export function segments(text: string, marks: MarkRange[]): Array<{ text: string; mark: boolean }> {
  const out: Array<{ text: string; mark: boolean }> = [];
  let at = 0;
  for (const [s0, e0] of marks) {
    const s = Math.max(at, pairBoundary(text, s0));
    const e = Math.max(s, charEnd(text, e0));
    if (s > at) out.push({ text: text.slice(at, s), mark: false });
    if (e > s) out.push({ text: text.slice(s, e), mark: true });
    at = e;
  }
  if (at < text.length) out.push({ text: text.slice(at), mark: false });
  return out;
}
