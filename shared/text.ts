/**
 * Text counted, cut and stepped by character (code point), for the server and the console: 𠮷,
 * 😀 and 𝕏 are one character each, never two halves of a surrogate pair. Browser-safe, no imports.
 */

// A lone surrogate (half a pair: a JSON "\ud800" escape, or a cut made elsewhere) counts as one
// character and is stepped over as one; whatever these helpers return has it replaced by U+FFFD.
// PostgreSQL stores U+FFFD for it anyway (pg sends UTF-8), so a length checked here is the length
// stored, and what is cut here never becomes a different text once saved.

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/** the text with each lone surrogate replaced by U+FFFD (pairs kept) */
export function wellFormed(s: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (isHigh(c) && isLow(s.charCodeAt(i + 1))) i++;
    else if (isHigh(c) || isLow(c)) {
      out += `${s.slice(from, i)}\ufffd`;
      from = i + 1;
    }
  }
  return from ? out + s.slice(from) : s;
}

/** how many characters: a surrogate pair is one, a lone surrogate is one */
export function textLength(s: string): number {
  let n = s.length;
  for (let i = 0; i + 1 < s.length; i++) {
    if (isHigh(s.charCodeAt(i)) && isLow(s.charCodeAt(i + 1))) {
      n--;
      i++;
    }
  }
  return n;
}

/** the index after the character that starts at i (i + 1 or i + 2; always past i) */
export const nextIndex = (s: string, i: number) => i + (isHigh(s.charCodeAt(i)) && isLow(s.charCodeAt(i + 1)) ? 2 : 1);

/** the index of the character that ends at i */
const prevIndex = (s: string, i: number) => i - (isLow(s.charCodeAt(i - 1)) && isHigh(s.charCodeAt(i - 2)) ? 2 : 1);

/** i (clamped to the text) moved back when it falls between the halves of a pair */
export function pairBoundary(s: string, i: number): number {
  const at = Math.max(0, Math.min(s.length, Math.floor(i)));
  return at > 0 && at < s.length && isLow(s.charCodeAt(at)) && isHigh(s.charCodeAt(at - 1)) ? at - 1 : at;
}

/** the index `n` characters after i (the text's end at most) */
function advance(s: string, i: number, n: number): number {
  let at = pairBoundary(s, i);
  for (let k = 0; k < n && at < s.length; k++) at = nextIndex(s, at);
  return at;
}

/** the index `n` characters before i (0 at least) */
function retreat(s: string, i: number, n: number): number {
  let at = pairBoundary(s, i);
  for (let k = 0; k < n && at > 0; k++) at = prevIndex(s, at);
  return at;
}

/**
 * What belongs to the character before it: combining marks and variation selectors, a zero-width
 * joiner, skin tones, tag characters. Unicode property escapes are ES2018 and the statistics SDK
 * runs in older webviews and mini programs: there, the common combining blocks stand in for \p{M}.
 */
const EXTENDS = (() => {
  try {
    return new RegExp('^(?:\\p{M}|\\u200d|\\p{Emoji_Modifier}|[\\u{e0020}-\\u{e007f}])', 'u');
  } catch {
    // eslint-disable-next-line no-misleading-character-class -- ranges of marks, each to be matched alone
    return /^(?:[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u200d\u20d0-\u20ff\ufe00-\ufe0f\ufe20-\ufe2f]|\ud83c[\udffb-\udfff]|\udb40[\udc20-\udc7f])/;
  }
})();
/**
 * Characters joined into one (é as e + U+0301, 👩‍💻 as 👩 U+200D 💻) are kept whole up to this
 * many code points; a longer run of marks is cut where it falls rather than dropped or kept
 * whole, so no text makes a cut walk further than this.
 */
const JOINED_MAX = 16;

/** true when the code point at i belongs with the one before it (a cut at i would split what a reader sees as one character) */
const joins = (s: string, i: number) => i > 0 && i < s.length && (s.charCodeAt(i - 1) === 0x200d || EXTENDS.test(s.slice(i, i + 2)));

/** i moved back to the start of the character it falls in: not inside a pair, not between a letter and its marks */
function charStart(s: string, i: number): number {
  const at = pairBoundary(s, i);
  let j = at;
  for (let k = 0; k < JOINED_MAX && joins(s, j); k++) j = prevIndex(s, j);
  return joins(s, j) ? at : j;
}

/** i moved forward past the marks, joiners and modifiers of the character before it */
export function charEnd(s: string, i: number): number {
  const at = Math.max(0, Math.min(s.length, Math.floor(i)));
  let j = pairBoundary(s, at);
  if (j < at) j = nextIndex(s, j);
  for (let k = 0; k < JOINED_MAX && joins(s, j); k++) j = nextIndex(s, j);
  return j;
}

/** the first `max` characters, ending on a whole character (so perhaps fewer) */
export function cutText(s: string, max: number): string {
  if (s.length <= max) return wellFormed(s);
  const end = advance(s, 0, Math.max(0, max));
  return wellFormed(end >= s.length ? s : s.slice(0, charStart(s, end)));
}

/** at most `max` UTF-16 units (a limit counted in units, such as a spreadsheet cell's), ending on a whole character */
export function cutUnits(s: string, max: number): string {
  return wellFormed(s.length <= max ? s : s.slice(0, charStart(s, max)));
}

/** the last `n` characters (code points) */
export const lastChars = (s: string, n: number) => wellFormed(s.slice(retreat(s, s.length, n)));

/** the first character as a reader sees it (an avatar's letter): 𠮷, é or 👩🏽 whole; '' for blank text */
export function firstChar(s: string): string {
  const t = s.trimStart();
  return t ? wellFormed(t.slice(0, charEnd(t, nextIndex(t, 0)))) : '';
}

/**
 * [start, end) of about `size` characters of the text around index `at`, starting `before`
 * characters ahead of it; both ends on whole characters.
 */
export function around(s: string, at: number, before: number, size: number): [number, number] {
  const start = charStart(s, retreat(s, at, before));
  const end = charStart(s, advance(s, start, size));
  // one character joined from more marks than `size`: shown whole rather than not at all
  return [start, end > start || start >= s.length ? end : charEnd(s, nextIndex(s, start))];
}
