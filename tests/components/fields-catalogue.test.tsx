/**
 * The server-only catalogues: field names in error messages and export headers (locales/fields) and
 * the messages of the newer error codes (locales/errors). Field names: the
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

describe('server-only error messages', () => {
  const errors = Object.fromEntries(LOCALES.map((l) => [l, JSON.parse(fs.readFileSync(path.join(ROOT, 'locales', 'errors', `${l}.json`), 'utf8')) as Record<string, string>]));

  test('the three languages have the same keys, all error.*, none empty, none also in the main catalogues', () => {
    const keys = (l: string) => Object.keys(errors[l]).sort();
    expect(keys('zh-CN')).toEqual(keys('en-US'));
    expect(keys('zh-TW')).toEqual(keys('en-US'));
    for (const l of LOCALES) {
      expect(Object.keys(errors[l]).filter((k) => !k.startsWith('error.'))).toEqual([]);
      expect(Object.entries(errors[l]).filter(([, v]) => !v.trim())).toEqual([]);
      expect(Object.keys(errors[l]).filter((k) => k in MAIN[l])).toEqual([]);
    }
  });

  test('every code of the catalogue has a message in every language', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { ERRORS } = require('../../server/core/errors') as { ERRORS: Record<string, number> };
    for (const l of LOCALES) {
      expect(Object.keys(ERRORS).filter((code) => !(`error.${code}` in MAIN[l]) && !(`error.${code}` in errors[l]))).toEqual([]);
    }
  });
});
