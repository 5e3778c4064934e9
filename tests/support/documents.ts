/**
 * Files to attach in tests, made here rather than stored: a PNG and a JPEG of a few pixels, a PDF
 * with a text layer (pdfkit), a PDF without one, and a DOCX (a zip of the three parts Word needs).
 */
import { Readable } from 'node:stream';
import archiver from 'archiver';
import PDFDocument from 'pdfkit';

/** a 1 x 1 PNG */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** the first bytes of a JPEG and a little more: enough for a type sniffer */
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.alloc(64, 1),
  Buffer.from([0xff, 0xd9]),
]);

/** a PDF whose pages hold these texts (an empty list: one page without text) */
export function pdf(pages: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    if (!pages.length) doc.addPage().rect(50, 50, 100, 100).fill('#333');
    for (const text of pages) doc.addPage().text(text);
    doc.end();
  });
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A zip bomb as a DOCX: a document of `megabytes` MB of one letter (a few hundred KB packed),
 * streamed into the zip so the test never holds it
 */
export function docxBomb(megabytes: number): Promise<Buffer> {
  let left = megabytes;
  const chunk = Buffer.alloc(1024 * 1024, 'a');
  const body = new Readable({
    read() {
      this.push(left-- > 0 ? chunk : null);
    },
  });
  const head = '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>';
  const tail = '</w:t></w:r></w:p></w:body></w:document>';
  return docx(
    [],
    Readable.from(
      (async function* () {
        yield Buffer.from(head);
        for await (const c of body) yield c as Buffer;
        yield Buffer.from(tail);
      })(),
    ),
  );
}

/** a DOCX whose paragraphs are these; `documentXml` replaces the body (a hostile file) */
export function docx(paragraphs: string[], documentXml?: string | Buffer | Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = archiver('zip', { zlib: { level: 6 } });
    const chunks: Buffer[] = [];
    zip.on('data', (c: Buffer) => chunks.push(c));
    zip.on('end', () => resolve(Buffer.concat(chunks)));
    zip.on('error', reject);
    zip.append(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      { name: '[Content_Types].xml' },
    );
    zip.append(
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      { name: '_rels/.rels' },
    );
    const body = paragraphs.map((p) => `<w:p><w:r><w:t>${esc(p)}</w:t></w:r></w:p>`).join('');
    zip.append(
      documentXml ??
        `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
      { name: 'word/document.xml' },
    );
    void zip.finalize();
  });
}
