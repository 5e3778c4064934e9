/**
 * The console's small ICU parser (src/umi-plugins/lean-icu-parser.ts, bundled in place of
 * intl-messageformat-parser) reads every catalogue entry exactly as the stock parser does, so
 * every translated text shows the same.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as stockParse } from 'intl-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { parse } from '../../src/umi-plugins/lean-icu-parser';

const LOCALES = path.join(__dirname, '..', '..', 'locales');

function catalogues(): Array<[string, Record<string, string>]> {
  const files = [
    ...fs.readdirSync(LOCALES).filter((f) => f.endsWith('.json')),
    ...(fs.existsSync(path.join(LOCALES, 'system')) ? fs.readdirSync(path.join(LOCALES, 'system')).map((f) => path.join('system', f)) : []),
  ].filter((f) => f.endsWith('.json'));
  return files.map((f) => [f, JSON.parse(fs.readFileSync(path.join(LOCALES, f), 'utf8'))]);
}

const SAMPLES = [
  'plain text',
  'Hello {name}, you have {count} messages',
  "it's {n, number} {n, number, percent} '{a}' '' done",
  '{ spaced }',
  '{n, plural, offset:1 =0 {none} one {# item} other {# items}}',
  '{g, select, male {he} female {she} other {they}}',
  'x{n, selectordinal, one {#st} two {#nd} other {#th}}',
  '{d, date, short} at {t, time}',
  '{n, plural, one {{name} and # other} other {{name} and # others}}',
];

describe('the console ICU message parser', () => {
  it('reads every catalogue entry as the stock parser does', () => {
    let checked = 0;
    for (const [file, messages] of catalogues()) {
      for (const [key, text] of Object.entries(messages)) {
        if (typeof text !== 'string') continue;
        expect({ file, key, elements: parse(text) }).toEqual({ file, key, elements: stockParse(text) });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it('reads placeholders, quoting, plural and select as the stock parser does', () => {
    for (const text of SAMPLES) expect(parse(text)).toEqual(stockParse(text));
  });

  it('formats like the stock parser with intl-messageformat', () => {
    const format = (text: string, values: Record<string, string | number>) => new IntlMessageFormat(parse(text) as never, 'en-US').format(values);
    expect(format('{n, plural, =0 {no items} one {# item} other {# items}}', { n: 3 })).toBe('3 items');
    expect(format("Don't use '{braces}' for {what}", { what: 'names' })).toBe("Don't use {braces} for names");
  });

  it('rejects what it cannot read instead of showing it wrong', () => {
    expect(() => parse('{n, number, ::currency/EUR}')).toThrow(/skeleton/);
    expect(() => parse('unbalanced }')).toThrow();
    expect(() => parse('{n, plural, one {x}}')).toThrow(/other/);
  });
});
