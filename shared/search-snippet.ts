/**
 * A search result's snippet: the text around the first match and the ranges to highlight, found
 * the way the index matches (Latin words from their start, CJK pairs anywhere). Browser-safe: the
 * server builds snippets with it; the console draws the ranges as <mark> elements, never as HTML.
 */
import { queryTerms } from './search-text';

/** [start, end) in UTF-16 code units of the text they belong to */
export type MarkRange = [number, number];

const LATIN = /^[\p{Script=Latin}\p{N}]/u;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** a regular expression that finds the query's terms in a text (null: no terms) */
export function termPattern(q: string): RegExp | null {
  const terms = queryTerms(q).sort((a, b) => b.length - a.length);
  if (!terms.length) return null;
  // Latin words match at a word's start (the index's prefix rule); CJK pairs anywhere
  const parts = terms.map((t) => (LATIN.test(t) ? `(?<![\\p{L}\\p{N}])${escape(t)}` : escape(t)));
  return new RegExp(parts.join('|'), 'giu');
}

/** every match of the pattern in the text, overlapping ones merged */
export function markRanges(text: string, pattern: RegExp | null, limit = 64): MarkRange[] {
  if (!pattern) return [];
  const out: MarkRange[] = [];
  const re = new RegExp(pattern.source, pattern.flags);
  for (let m = re.exec(text); m && out.length < limit; m = re.exec(text)) {
    if (!m[0]) {
      re.lastIndex++;
      continue;
    }
    const start = m.index;
    const end = start + m[0].length;
    const last = out[out.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
    // CJK pairs overlap ("中文" then "文搜"): look again from the next character
    re.lastIndex = start + 1;
  }
  return out;
}

/**
 * About `size` characters of the text around its first match (its start when nothing matches),
 * whitespace folded, with "…" where it was cut, and the ranges to highlight in it.
 */
export function snippetOf(text: string, pattern: RegExp | null, size = 200): { text: string; marks: MarkRange[] } {
  const flat = text.replace(/\s+/g, ' ').trim();
  let start = 0;
  if (pattern) {
    const re = new RegExp(pattern.source, pattern.flags);
    const m = re.exec(flat);
    if (m) start = Math.max(0, m.index - Math.floor(size / 4));
  }
  // never cut a surrogate pair in two
  if (start > 0 && /[\udc00-\udfff]/.test(flat[start] ?? '')) start--;
  let end = Math.min(flat.length, start + size);
  if (end < flat.length && /[\ud800-\udbff]/.test(flat[end - 1] ?? '')) end++;
  const body = flat.slice(start, end);
  const head = start > 0 ? '…' : '';
  const out = head + body + (end < flat.length ? '…' : '');
  return { text: out, marks: markRanges(body, pattern).map(([s, e]) => [s + head.length, e + head.length]) };
}

/** the text cut into plain and highlighted pieces (what the console renders) */
export function segments(text: string, marks: MarkRange[]): Array<{ text: string; mark: boolean }> {
  const out: Array<{ text: string; mark: boolean }> = [];
  let at = 0;
  for (const [s0, e0] of marks) {
    const s = Math.max(at, Math.min(s0, text.length));
    const e = Math.max(s, Math.min(e0, text.length));
    if (s > at) out.push({ text: text.slice(at, s), mark: false });
    if (e > s) out.push({ text: text.slice(s, e), mark: true });
    at = e;
  }
  if (at < text.length) out.push({ text: text.slice(at), mark: false });
  return out;
}
