/** Top-up packages (pay_packages): what the recharge page offers, kept by finance. */
import { sql } from 'drizzle-orm';
import { AppError } from '../../core/errors';
import { clean, fetchRow } from '../../core/resource';
import { deleteByIds, query } from '../../core/sql';
import type { Db } from '../../db';
import { packageList } from './lists';
import type { PayPackageRow } from './schemas';
import { MAX_CENTS } from './settings';

export interface PackageInput {
  name?: string;
  price_cents?: number;
  credits?: number;
  bonus_credits?: number;
  sort?: number;
  enabled?: boolean;
}

export class PackageService {
  constructor(private db: Db) {}

  async get(id: string): Promise<PayPackageRow> {
    return fetchRow<PayPackageRow>(this.db, packageList, sql`p.id`, id);
  }

  private packageValues(input: PackageInput, partial: boolean) {
    const bad = (field: string, reason: string) => new AppError('INVALID_PARAM', { field, params: { reason } });
    const v: Record<string, unknown> = {};
    if (input.name !== undefined || !partial) {
      const name = clean(input.name);
      if (!name) throw bad('name', 'required');
      v.name = name;
    }
    for (const [field, min, max, required] of [
      ['price_cents', 1, MAX_CENTS, true],
      ['credits', 1, 1_000_000_000, true],
      ['bonus_credits', 0, 1_000_000_000, false],
      ['sort', -1_000_000, 1_000_000, false],
    ] as const) {
      const x = input[field];
      if (x === undefined) {
        if (required && !partial) throw bad(field, 'required');
        continue;
      }
      if (!Number.isSafeInteger(x) || x < min || x > max) throw bad(field, `a whole number from ${min} to ${max}`);
      v[field] = x;
    }
    if (input.enabled !== undefined) v.enabled = input.enabled;
    return v;
  }

  async create(input: PackageInput): Promise<PayPackageRow> {
    const v = this.packageValues(input, false);
    const [row] = await query<{ id: string }>(
      this.db,
      sql`INSERT INTO pay_packages (name, price_cents, credits, bonus_credits, sort, enabled)
        VALUES (${v.name}, ${v.price_cents}, ${v.credits}, ${v.bonus_credits ?? 0}, ${v.sort ?? 0}, ${v.enabled ?? true}) RETURNING id`,
    );
    return this.get(row.id);
  }

  async update(id: string, input: PackageInput): Promise<PayPackageRow> {
    await this.get(id);
    const v = this.packageValues(input, true);
    const sets = Object.entries(v).map(([k, x]) => sql`${sql.identifier(k)} = ${x}`);
    if (sets.length) await this.db.execute(sql`UPDATE pay_packages SET ${sql.join(sets, sql`, `)}, updated_at = now() WHERE id = ${id}`);
    return this.get(id);
  }

  /** orders keep their package id as history; a deleted package is no longer offered */
  deleteMany(ids: string[]) {
    return deleteByIds(this.db, sql`pay_packages`, sql`id`, ids);
  }
}
