/**
 * Admin-editable settings kept in app_settings as one JSON document per area (payments,
 * withdrawals, rewarded ads, ...): every instance reads the same values. An area declares its
 * defaults and a check; a stored document is read over the defaults, so a setting added later
 * has its default until someone saves it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { query, type Tx } from './sql';

export interface SettingsArea<T extends object> {
  /** the app_settings key, e.g. 'settings.payments' */
  key: string;
  defaults: T;
  /** throws an AppError (with the field) when a value is out of bounds */
  check(value: T): void;
}

export class SettingsStore {
  constructor(private db: Db) {}

  /** several areas written together, all or none */
  transaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R> {
    return this.db.transaction(fn);
  }

  async get<T extends object>(area: SettingsArea<T>, tx: Db | Tx = this.db): Promise<T> {
    const [row] = await query<{ value: Partial<T> }>(tx, sql`SELECT value FROM app_settings WHERE key = ${area.key}`);
    return { ...area.defaults, ...(row?.value ?? {}) };
  }

  /** checks and saves the whole document (a patch over the current values); answers what is stored */
  async put<T extends object>(area: SettingsArea<T>, patch: Partial<T>, tx: Db | Tx = this.db): Promise<T> {
    // only the area's own settings are kept: anything else in the patch is dropped, never stored
    const known = Object.fromEntries(Object.entries(patch).filter(([k]) => k in area.defaults)) as Partial<T>;
    const next = { ...(await this.get(area, tx)), ...known };
    area.check(next);
    await tx.execute(sql`INSERT INTO app_settings (key, value) VALUES (${area.key}, ${JSON.stringify(next)}::jsonb)
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`);
    return next;
  }
}
