/**
 * Text for PostgreSQL full-text search that also finds Chinese: the 'simple' parser keeps a run
 * of CJK characters as one word, so runs are split into their characters and overlapping pairs
 * (a query's pairs must all occur). Browser-safe; the server indexes and queries with it.
 */

/**
 * Han, kana, hangul, CJK punctuation-free ranges: what has no spaces between words; with the Han
 * extensions outside the BMP (𠮷 in Chinese names) and their compatibility ideographs
 */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\u{20000}-\u{323af}\u{2f800}-\u{2fa1f}]+/gu;
/**
 * what a query keeps: letters with their combining marks (é as e + U+0301, Hindi's vowel signs),
 * digits and CJK; everything else separates words, as PostgreSQL's parser does
 */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

function cjkPieces(run: string): string[] {
  const chars = [...run];
  if (chars.length === 1) return chars;
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  return out;
}

/** what is indexed: the text with each CJK run replaced by its characters and pairs */
export function indexText(text: string): string {
  return text.replace(CJK, (run) => {
    const chars = [...run];
    return ` ${chars.join(' ')} ${chars.length > 1 ? cjkPieces(run).join(' ') : ''} `;
  });
}

/** the words of a query: Latin words as they are (lower case), CJK runs as their pairs */
export function queryTerms(q: string): string[] {
  const terms: string[] = [];
  for (const word of q.toLowerCase().match(WORD) ?? []) {
    let rest = word;
    rest = rest.replace(CJK, (run) => {
      terms.push(...cjkPieces(run));
      return ' ';
    });
    for (const w of rest.split(' ')) if (w) terms.push(w);
  }
  return [...new Set(terms)].slice(0, 32);
}

/**
 * A tsquery for to_tsquery('simple', ...): every term must match, the last Latin word also as a
 * prefix (what is being typed); null when the query has no words.
 */
export function toTsQuery(q: string): string | null {
  const terms = queryTerms(q);
  if (!terms.length) return null;
  return terms
    .map((t, i) => {
      const quoted = `'${t.replace(/'/g, "''").replace(/\\/g, '\\\\')}'`;
      return i === terms.length - 1 && /^[\p{Script=Latin}\p{M}\p{N}]+$/u.test(t) ? `${quoted}:*` : quoted;
    })
    .join(' & ');
}

/** the words a result's snippet highlights: CJK runs whole, Latin words as typed */
export function highlightWords(q: string): string[] {
  return [...new Set((q.match(WORD) ?? []).filter((w) => w.length > 0))].slice(0, 16);
}
