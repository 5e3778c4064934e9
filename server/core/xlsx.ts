/**
 * A streaming xlsx writer with real backpressure: rows become sheet XML written into the zip
 * (archiver, deflate) and `addRow` waits whenever the response has not taken what was written,
 * so memory stays flat however many rows go out. (exceljs' stream writer buffers the whole
 * uncompressed sheet when the deflate or the client is slower than the rows come.)
 * One sheet, inline strings, column widths; opens in Excel, LibreOffice, Numbers and exceljs.
 */
import archiver from 'archiver';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { cutUnits } from '../../shared/text';

export type Cell = string | number | boolean | null | undefined;

// XML 1.0 forbids most control characters; they are dropped
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const esc = (s: string) => s.replace(INVALID_XML, '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** column letters of a 0-based index: 0 -> A, 26 -> AA */
function colName(i: number): string {
  let s = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

/** `ref` is the cell reference plus its style attribute, e.g. `A2` or `A1" s="1` */
function cellXml(v: Cell, ref: string): string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'number') return Number.isFinite(v) ? `<c r="${ref}"><v>${v}</v></c>` : '';
  if (typeof v === 'boolean') return `<c r="${ref}" t="b"><v>${v ? 1 : 0}</v></c>`;
  // Excel's cell limit is 32,767 characters, counted in UTF-16 units
  return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${esc(cutUnits(String(v), 32767))}</t></is></c>`;
}

/** rows are collected into chunks of about this many characters before they are written */
const CHUNK = 64 * 1024;

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`;
const workbook = (sheet: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${esc(cutUnits(sheet, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`;

export class XlsxStream {
  /** the file, to pipe into the response */
  readonly output: PassThrough;
  private sheet = new PassThrough({ highWaterMark: 256 * 1024 });
  private zip = archiver('zip', { zlib: { level: 4 } });
  private rowNo = 0;
  private pending = '';
  private letters: string[] = [];
  private finished: Promise<void>;

  constructor(sheetName: string, columns: { header: string; width?: number }[]) {
    this.output = new PassThrough();
    this.zip.pipe(this.output);
    this.finished = new Promise((resolve, reject) => {
      this.zip.on('error', reject);
      this.output.on('finish', resolve);
      this.output.on('close', resolve);
    });
    this.zip.append(CONTENT_TYPES, { name: '[Content_Types].xml' });
    this.zip.append(ROOT_RELS, { name: '_rels/.rels' });
    this.zip.append(workbook(sheetName), { name: 'xl/workbook.xml' });
    this.zip.append(WORKBOOK_RELS, { name: 'xl/_rels/workbook.xml.rels' });
    this.zip.append(STYLES, { name: 'xl/styles.xml' });
    this.zip.append(this.sheet, { name: 'xl/worksheets/sheet1.xml' });
    const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 18}" customWidth="1"/>`).join('');
    this.sheet.write(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>' +
        `<cols>${cols}</cols><sheetData>`,
    );
    this.letters = columns.map((_, i) => colName(i));
    // the header row, bold (style 1)
    this.collect(
      columns.map((c) => c.header),
      '" s="1',
    );
  }

  private collect(cells: Cell[], style = '') {
    this.rowNo += 1;
    const r = this.rowNo;
    let xml = `<row r="${r}">`;
    for (let i = 0; i < cells.length; i++) xml += cellXml(cells[i], `${this.letters[i] ?? colName(i)}${r}${style}`);
    this.pending += `${xml}</row>`;
  }

  /** true once the response went away (client gone): stop producing */
  get closed(): boolean {
    return this.output.destroyed || this.sheet.destroyed;
  }

  /** adds a row; resolves once there is room for more (the response took what was written) */
  async addRow(cells: Cell[]): Promise<void> {
    this.collect(cells);
    if (this.pending.length < CHUNK) return;
    const chunk = this.pending;
    this.pending = '';
    if (this.sheet.write(chunk) || this.closed) return;
    const gone = new AbortController();
    await Promise.race([once(this.sheet, 'drain', { signal: gone.signal }), once(this.output, 'close', { signal: gone.signal })]).catch(() => undefined);
    gone.abort();
  }

  /** closes the sheet and the zip; resolves when the whole file went out */
  async end(): Promise<void> {
    this.sheet.end(`${this.pending}</sheetData></worksheet>`);
    this.pending = '';
    await this.zip.finalize();
    await this.finished;
  }

  destroy(err?: Error) {
    this.sheet.destroy();
    this.zip.abort();
    this.output.destroy(err);
  }
}
