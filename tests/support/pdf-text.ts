/**
 * The text of a PDF, read back with unpdf. unpdf loads PDF.js with a dynamic import, which jest's
 * VM refuses without --experimental-vm-modules, so the reading runs in a plain node process.
 */
import { execFile } from 'node:child_process';

const READER = `
const { extractText, getDocumentProxy } = await import('unpdf');
const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const doc = await getDocumentProxy(new Uint8Array(Buffer.concat(chunks)));
process.stdout.write((await extractText(doc, { mergePages: true })).text);
`;

export function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '-e', READER],
      { cwd: process.cwd(), maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => (err ? reject(new Error(`unpdf failed: ${stderr || err.message}`)) : resolve(stdout)),
    );
    child.stdin!.end(pdf);
  });
}
