/**
 * What a key may still spend and how fast: its credit caps (life and day), counted with the
 * credits its calls under way hold, and its requests and tokens a minute, all in the database so
 * they hold across instances; its use per day and model for its holder's usage page.
 */
import { sql } from 'drizzle-orm';
import { type DayZone } from '../../core/day-zone';
import { AppError } from '../../core/errors';
import type { ListSpec } from '../../core/list/query';
import { query, type Tx } from '../../core/sql';
import type { Db } from '../../db';

export { RELAY_LIMITS } from '../../../shared/relay';

/** a key's use by day and model: its holder's (admins: everyone's) usage page */
export const apiKeyUsageList: ListSpec = {
  resource: 'api-key-usage',
  from: sql`api_key_days d JOIN api_keys k ON k.id = d.key_id LEFT JOIN users u ON u.id = k.user_id`,
  columns: sql`d.key_id || ':' || d.day || ':' || d.model_id AS id, d.key_id, k.name AS key_name, k.key_hint, k.user_id, u.username,
    to_char(d.day, 'YYYY-MM-DD') AS day, d.model_id, d.model_name, d.requests, d.errors,
    d.input_tokens::float8 AS input_tokens, d.output_tokens::float8 AS output_tokens, d.credits::float8 AS credits`,
  search: [sql`k.name`, sql`d.model_name`, sql`u.username`],
  filters: {
    key_id: { kind: 'eq', column: sql`d.key_id` },
    model_id: { kind: 'eq', column: sql`d.model_id` },
    day: { kind: 'range', column: sql`d.day` },
  },
  sorts: {
    day: sql`d.day`,
    credits: sql`d.credits`,
    requests: sql`d.requests`,
    errors: sql`d.errors`,
    input_tokens: sql`d.input_tokens`,
    output_tokens: sql`d.output_tokens`,
  },
  defaultSort: { field: 'day', order: 'descend' },
  tiebreak: sql`d.key_id || ':' || d.day || ':' || d.model_id`,
  exportColumns: [
    { key: 'day', width: 12 },
    { key: 'key_name', width: 24 },
    { key: 'key_hint', width: 18 },
    { key: 'username', width: 20 },
    { key: 'model_name', width: 24 },
    { key: 'requests', width: 10 },
    { key: 'errors', width: 10 },
    { key: 'input_tokens', width: 14 },
    { key: 'output_tokens', width: 14 },
    { key: 'credits', width: 12 },
  ],
};

export interface MeteredKey {
  id: string;
  rpm: number;
  tpm: number;
}

export interface KeyUse {
  keyId: string;
  /** what the call held (given back from the key's held credits) */
  held: number;
  captured: number;
  modelId: string;
  modelName: string;
  input: number;
  output: number;
  failed: boolean;
}

/** the day of "now" in the service's zone, as a date */
const today = (offsetMinutes: number) => sql`((now() AT TIME ZONE 'UTC') + make_interval(mins => ${offsetMinutes}::int))::date`;

export class ApiKeyMeter {
  constructor(
    private db: Db,
    private zone: DayZone,
  ) {}

  /**
   * Counts a request in the key's current minute; answers the seconds until it may call again
   * when that minute already has its requests or tokens (null: go on).
   */
  async admit(key: MeteredKey): Promise<number | null> {
    const [r] = await query<{ requests: number; tokens: number; wait: number }>(
      this.db,
      sql`INSERT INTO api_key_minutes (key_id, minute, requests) VALUES (${key.id}, date_trunc('minute', now()), 1)
        ON CONFLICT (key_id, minute) DO UPDATE SET requests = api_key_minutes.requests + 1
        RETURNING requests, tokens, ceil(60 - extract(epoch FROM now() - minute))::int AS wait`,
    );
    if (r.requests > key.rpm || r.tokens >= key.tpm) return Math.min(60, Math.max(1, r.wait));
    return null;
  }

  /**
   * Takes `amount` into the key's held credits if its caps allow it, in the caller's transaction
   * (the one taking the ledger's hold): the key's row lock makes concurrent calls count each other.
   */
  async reserve(tx: Tx, keyId: string, amount: number): Promise<void> {
    const tz = await this.zone.offsetMinutes(tx);
    const [k] = await query<{ total: number | null; daily: number | null; used: number; held: number; spent: number }>(
      tx,
      sql`SELECT credit_cap_total::float8 AS total, credit_cap_daily::float8 AS daily, credits_used::float8 AS used, credits_held::float8 AS held,
          (SELECT coalesce(sum(credits), 0)::float8 FROM api_key_days d WHERE d.key_id = k.id AND d.day = ${today(tz)}) AS spent
        FROM api_keys k WHERE id = ${keyId} FOR UPDATE`,
    );
    if (!k) throw new AppError('NOT_FOUND', { field: 'key' });
    if (k.total !== null && k.used + k.held + amount > k.total) {
      throw new AppError('API_KEY_CAP_REACHED', { params: { cap: k.total, used: k.used + k.held, needed: amount, period: 'total' } });
    }
    if (k.daily !== null && k.spent + k.held + amount > k.daily) {
      throw new AppError('API_KEY_CAP_REACHED', { params: { cap: k.daily, used: k.spent + k.held, needed: amount, period: 'daily' } });
    }
    await tx.execute(sql`UPDATE api_keys SET credits_held = credits_held + ${amount} WHERE id = ${keyId}`);
  }

  /** a settled call: its hold leaves the key's held credits, its capture joins what it spent, today and in all */
  async record(tx: Tx, u: KeyUse): Promise<void> {
    const tz = await this.zone.offsetMinutes(tx);
    await tx.execute(sql`UPDATE api_keys SET credits_held = GREATEST(credits_held - ${u.held}, 0), credits_used = credits_used + ${u.captured}
      WHERE id = ${u.keyId}`);
    await tx.execute(sql`INSERT INTO api_key_days AS d (key_id, day, model_id, model_name, requests, errors, input_tokens, output_tokens, credits)
      VALUES (${u.keyId}, ${today(tz)}, ${u.modelId}, ${u.modelName}, 1, ${u.failed ? 1 : 0}, ${u.input}, ${u.output}, ${u.captured})
      ON CONFLICT (key_id, day, model_id) DO UPDATE SET requests = d.requests + 1, errors = d.errors + EXCLUDED.errors,
        input_tokens = d.input_tokens + EXCLUDED.input_tokens, output_tokens = d.output_tokens + EXCLUDED.output_tokens,
        credits = d.credits + EXCLUDED.credits, model_name = EXCLUDED.model_name`);
    const tokens = u.input + u.output;
    if (tokens > 0) {
      await tx.execute(sql`INSERT INTO api_key_minutes AS m (key_id, minute, tokens) VALUES (${u.keyId}, date_trunc('minute', now()), ${tokens})
        ON CONFLICT (key_id, minute) DO UPDATE SET tokens = m.tokens + EXCLUDED.tokens`);
    }
  }

  /** minutes past the rate limits' window */
  async prune(): Promise<void> {
    await this.db.execute(sql`DELETE FROM api_key_minutes WHERE minute < now() - interval '5 minutes'`);
  }
}
