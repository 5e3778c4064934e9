/**
 * Search text drawn with its matches in <mark> elements, from the ranges the server sends (never
 * as HTML), and an Ask AI answer's [n] citations turned into links to their sources.
 */
import { segments, type MarkRange } from '../../../../shared/search-snippet';

export function Highlighted({ text, marks }: { text: string; marks: MarkRange[] }) {
  return <>{segments(text, marks).map((s, i) => (s.mark ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>))}</>;
}

/** a console route as a link's href (the console routes in the URL's hash) */
export const routeHref = (url: string) => `#${url}`;

/** "[2]" -> a Markdown link to source 2 (a number no source has stays as it is; an existing link is left alone) */
export function citeLinks(text: string, sources: Array<{ n: number; url: string }>): string {
  const byN = new Map(sources.map((s) => [s.n, s.url]));
  return text.replace(/\[(\d{1,2})\](?![([])/g, (all, n: string) => {
    const url = byN.get(Number(n));
    return url ? `[\\[${n}\\]](${routeHref(url).replace(/[()\s]/g, encodeURIComponent)})` : all;
  });
}
