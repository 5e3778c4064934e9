/**
 * A document's text: plain text decoded here (UTF-8 only), PDF and DOCX read by libraries in a
 * process of their own (extract-worker.mjs) with a time and a heap limit, one at a time, so one
 * hostile or huge file can neither stop the server nor take its memory.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { READ_EXTENSIONS, TEXT_EXTENSIONS } from '../../../shared/chat-attachments';
import { AppError } from '../../core/errors';

/** a document taking longer than this to read is refused */
const EXTRACT_TIMEOUT_MS = 20_000;
/** the reader's heap: a DOCX is a zip, and a zip can unpack to far more than it weighs */
const READER_HEAP_MB = 256;

const unreadable = (name: string, reason: string) => new AppError('ATTACHMENT_UNREADABLE', { field: 'file', params: { name, reason } });

/** UTF-8 text, or null when the bytes are not text (invalid UTF-8, NUL bytes) */
export function decodeText(bytes: Buffer): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
  return text.includes('\u0000') ? null : text;
}

let queue: Promise<unknown> = Promise.resolve();

/** reads the file in the reader process once the documents before it are read */
function inReader(kind: 'pdf' | 'docx', file: string, maxChars: number): Promise<string> {
  const run = () =>
    new Promise<string>((resolve, reject) => {
      const child = fork(path.join(__dirname, 'extract-worker.mjs'), [kind, file, String(maxChars)], {
        // only the heap limit: the server's own loaders (tsx) are not needed by plain JavaScript
        execArgv: [`--max-old-space-size=${READER_HEAP_MB}`],
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      });
      let answered = false;
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error('it took too long to read'));
      }, EXTRACT_TIMEOUT_MS);
      child.once('message', (m: { text?: string; error?: string }) => {
        answered = true;
        clearTimeout(timer);
        if (typeof m.text === 'string') resolve(m.text);
        else reject(new Error(m.error || 'it could not be read'));
      });
      child.once('error', (e) => {
        clearTimeout(timer);
        reject(e);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        if (!answered) reject(new Error(`the reader stopped (${signal ?? `exit code ${code}`}): it needs too much memory, or is damaged`));
      });
    });
  const p = queue.then(run, run);
  queue = p.catch(() => undefined);
  return p;
}

/** the text of a document named `name` (its extension decides how it is read); throws ATTACHMENT_UNREADABLE */
export async function documentText(name: string, ext: string, file: string, maxChars: number): Promise<string> {
  let text: string | null;
  if ((TEXT_EXTENSIONS as readonly string[]).includes(ext)) {
    text = decodeText(await fs.promises.readFile(file));
    if (text === null) throw unreadable(name, 'not UTF-8 text');
  } else if ((READ_EXTENSIONS as readonly string[]).includes(ext)) {
    try {
      text = await inReader(ext as 'pdf' | 'docx', file, maxChars);
    } catch (e) {
      throw unreadable(name, (e as Error).message);
    }
  } else {
    throw new AppError('ATTACHMENT_TYPE_UNSUPPORTED', { field: 'file', params: { name } });
  }
  // PostgreSQL text holds no NUL; runs of blank lines say nothing
  text = text
    .replaceAll('\u0000', '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!text) throw new AppError('ATTACHMENT_NO_TEXT', { field: 'file', params: { name } });
  return text;
}
