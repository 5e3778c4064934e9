/**
 * Reads a document's text in a process of its own: a PDF's text layer with pdf.js, a DOCX's with
 * mammoth. Plain JavaScript, so the same file runs under tsx, jest and the built server. The
 * chat (extract.ts) starts it with a heap limit and kills it after a time limit, so a hostile
 * file (a zip bomb, a PDF that loops) takes down only this process: a worker thread that runs
 * out of memory can take the whole server with it.
 *
 * Arguments: pdf|docx, the file, the characters wanted; answers { text } or { error } over IPC.
 */
import fs from 'node:fs';

const [kind, file, wanted] = process.argv.slice(2);
const maxChars = Number(wanted);

async function pdfText(bytes) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  const pages = [];
  let length = 0;
  try {
    for (let i = 1; i <= pdf.numPages && length <= maxChars; i++) {
      const page = await pdf.getPage(i);
      const content = await page.getTextContent();
      const text = content.items.map((it) => ('str' in it ? it.str + (it.hasEOL ? '\n' : '') : '')).join('');
      pages.push(text.trim());
      length += text.length;
      page.cleanup();
    }
  } finally {
    await pdf.destroy();
  }
  return pages.filter(Boolean).join('\n\n');
}

async function docxText(bytes) {
  const { default: mammoth } = await import('mammoth');
  const r = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  return r.value;
}

const answer = (m) => process.send(m, () => process.exit(0));
try {
  const bytes = new Uint8Array(fs.readFileSync(file));
  const text = kind === 'pdf' ? await pdfText(bytes) : await docxText(bytes);
  // two UTF-16 units a character at most: the chat cuts to whole characters itself
  answer({ text: text.length > maxChars * 2 ? text.slice(0, maxChars * 2) : text });
} catch (e) {
  answer({ error: e instanceof Error ? e.message : String(e) });
}
