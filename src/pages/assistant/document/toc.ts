/**
 * The table of contents of a help document: its headings (outside code blocks), in order, each
 * with an element id that is unique in the page and valid in a CSS selector (antd Anchor finds
 * targets with querySelector). The page gives the rendered headings these ids in the same order.
 */

export interface TocEntry {
  level: number;
  text: string;
  id: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;

/** a heading's text as the renderer shows it: links, emphasis and code marks gone */
export function headingText(md: string): string {
  return md
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|\*|_|~~)(.+?)\1/g, '$2')
    .replace(/\\([\\`*_{}[\]()#+\-.!|])/g, '$1')
    .trim();
}

export function slugOf(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'section'
  );
}

/** every heading, in the order the renderer writes them (the page picks the levels it lists) */
export function tocOf(markdown: string): TocEntry[] {
  const out: TocEntry[] = [];
  const used = new Map<string, number>();
  let fence: string | null = null;
  for (const line of markdown.split(/\r?\n/)) {
    const f = FENCE.exec(line);
    if (f) {
      if (!fence) fence = f[1][0];
      else if (f[1][0] === fence) fence = null;
      continue;
    }
    if (fence) continue;
    const h = HEADING.exec(line);
    if (!h) continue;
    const level = h[1].length;
    const text = headingText(h[2]);
    if (!text) continue;
    const base = `doc-${slugOf(text)}`;
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    out.push({ level, text, id: n > 1 ? `${base}-${n}` : base });
  }
  return out;
}
