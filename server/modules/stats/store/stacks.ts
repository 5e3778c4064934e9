/** Stack traces from the apps' error reports: their frames read line by line, and the source maps that resolve them. */
import { AnyMap, originalPositionFor, type TraceMap } from '@jridgewell/trace-mapping';
import { AppError } from '../../../core/errors';

export interface StackFrame {
  /** the line as reported */
  raw: string;
  fn: string;
  url: string;
  /** the url's last path segment: what a source map is uploaded under */
  file: string;
  line: number;
  column: number;
  /**
   * the original position when a source map of the app version resolved it; name: the original
   * name of the frame's function, read from its caller's call site (null when unknown)
   */
  original: { source: string; line: number; column: number; name: string | null } | null;
}

// Stacks come from any app's reports: each pattern reads a trimmed line with no two quantifiers
// that can take the same characters, so its time is linear in the line (an "at" and 4,000 spaces
// took 18 s with `\s+(.*?)\s+\(`, every request waiting).
// Chrome / Node / Edge: "at fn (url:12:34)", "at url:12:34", "at async fn (url:1:2)"
const CHROME = /^at (?:(\S.*?) \()?((?:[a-z][a-z0-9+.-]*:\/\/|\/|webpack:|file:)?[^\s()]*?):(\d+):(\d+)\)?$/i;
// Firefox / Safari: "fn@url:12:34", "@url:12:34"
const GECKO = /^([^@]*)@(.*?):(\d+):(\d+)$/;

/** the last path segment of a url, query and hash dropped */
export function fileOfUrl(url: string): string {
  const path = url.split(/[?#]/)[0];
  return path.slice(path.lastIndexOf('/') + 1);
}

/** the frames of a Chrome- or Firefox/Safari-style stack (other lines are left out) */
export function parseStack(stack: string): (Omit<StackFrame, 'original'> & { lineNo: number })[] {
  const frames: (Omit<StackFrame, 'original'> & { lineNo: number })[] = [];
  for (const [lineNo, line] of stack.split('\n').entries()) {
    const raw = line.trim();
    const m = CHROME.exec(raw) ?? GECKO.exec(raw);
    if (!m) continue;
    const url = m[2];
    frames.push({ raw, fn: (m[1] ?? '').replace(/^async\s+/, '').trim(), url, file: fileOfUrl(url), line: Number(m[3]), column: Number(m[4]), lineNo });
  }
  return frames;
}

/** checks a source map (version 3, with sources and mappings) and answers it parsed */
export function parseSourceMap(text: string): TraceMap {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('STAT_SOURCE_MAP_INVALID', { field: 'file' });
  }
  const m = json as { version?: unknown; mappings?: unknown; sources?: unknown; sections?: unknown };
  const plain = m && typeof m === 'object' && m.version === 3 && typeof m.mappings === 'string' && Array.isArray(m.sources);
  const indexed = m && typeof m === 'object' && m.version === 3 && Array.isArray(m.sections);
  if (!plain && !indexed) throw new AppError('STAT_SOURCE_MAP_INVALID', { field: 'file' });
  try {
    // AnyMap reads plain and sectioned (index) maps alike
    const map = AnyMap(json as Parameters<typeof AnyMap>[0]); // its shape is checked above
    // decoding the mappings is lazy: force it here so a broken one is refused now
    originalPositionFor(map, { line: 1, column: 0 });
    return map;
  } catch (e) {
    throw new AppError('STAT_SOURCE_MAP_INVALID', { field: 'file', cause: e });
  }
}
