/**
 * The field names the server puts in error messages and export headers (locales/fields): the
 * same keys in the three languages, none empty, and none left in the main catalogues, which load
 * with the login page.
 */
import fs from 'fs';
import path from 'path';
import { LOCALES, MAIN, ROOT } from './support/area-catalogue';

const fields = Object.fromEntries(LOCALES.map((l) => [l, JSON.parse(fs.readFileSync(path.join(ROOT, 'locales', 'fields', `${l}.json`), 'utf8')) as Record<string, string>]));

describe('field names catalogue', () => {
  test('the three languages have the same keys, all field.*, none empty', () => {
    const keys = (l: string) => Object.keys(fields[l]).sort();
    expect(keys('en-US').length).toBeGreaterThan(50);
    expect(keys('zh-CN')).toEqual(keys('en-US'));
    expect(keys('zh-TW')).toEqual(keys('en-US'));
    for (const l of LOCALES) {
      expect(Object.keys(fields[l]).filter((k) => !k.startsWith('field.'))).toEqual([]);
      expect(Object.entries(fields[l]).filter(([, v]) => !v.trim())).toEqual([]);
    }
  });

  test('no field name is in the main catalogues', () => {
    for (const l of LOCALES) expect(Object.keys(MAIN[l]).filter((k) => k.startsWith('field.'))).toEqual([]);
  });
});
