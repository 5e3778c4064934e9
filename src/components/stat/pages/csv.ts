/**
 * The reports' export: the rows a list shows (every page of the current query) as CSV, with a
 * byte order mark so spreadsheet programs read it as UTF-8.
 */

export interface CsvColumn<Row> {
  title: string;
  value: (row: Row) => string | number;
}

const cell = (v: string | number) => {
  const s = String(v);
  // a leading = + - @ would be taken as a formula by spreadsheet programs
  const safe = /^[=+\-@\t\r]/.test(s) && typeof v === 'string' ? `'${s}` : s;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function toCsv<Row>(columns: CsvColumn<Row>[], rows: Row[]): string {
  const lines = [columns.map((c) => cell(c.title)).join(','), ...rows.map((r) => columns.map((c) => cell(c.value(r))).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export const csvBlob = (text: string) => new Blob([text], { type: 'text/csv;charset=utf-8' });
