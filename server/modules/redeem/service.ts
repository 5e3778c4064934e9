/**
 * Redemption codes: finance admins generate batches of single-use codes worth some credits;
 * a signed-in user redeems one (one transaction: the code row locked, marked used, the credits
 * posted to the ledger). Wrong codes are counted per user so codes cannot be guessed at speed.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError } from '../../core/errors';
import { t } from '../../core/i18n';
import type { ListSpec } from '../../core/list/query';
import { likePattern, query, textArray, type Tx } from '../../core/sql';
import { fetchRow } from '../../core/resource';
import type { Db } from '../../db';
import type { CreditService } from '../credits/service';
import { LOCKS, xactLock } from '../../core/locks';
import type { RedeemBatch } from './schemas';

/** no 0/O or 1/I: read from paper without doubt; 32 symbols, so 5 random bits pick one without bias */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const CODE_LENGTH = 16;
export const BATCH_MAX = 10_000;
export const CREDITS_MAX = 1_000_000;
/** wrong codes a user may enter within ATTEMPT_WINDOW_MIN minutes */
export const ATTEMPT_LIMIT = 10;
export const ATTEMPT_WINDOW_MIN = 15;

/** upper case, without spaces and dashes (what users type or paste) */
export const normaliseCode = (raw: string) => raw.toUpperCase().replace(/[\s-]+/g, '');
/** XXXX-XXXX-XXXX-XXXX */
export const displayCode = (code: string) => code.match(/.{1,4}/g)!.join('-');

export function randomCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  let out = '';
  for (const b of bytes) out += CODE_ALPHABET[b & 31];
  return out;
}

export const batchList: ListSpec = {
  resource: 'redeem-batches',
  from: sql`redeem_batches b LEFT JOIN users u ON u.id = b.created_by`,
  columns: sql`b.id, b.name, b.credits, b.count, b.expires_at, b.disabled, b.created_by, u.username AS created_by_name, b.created_at,
    (SELECT count(*)::int FROM redeem_codes c WHERE c.batch_id = b.id AND c.used_at IS NOT NULL) AS used_count,
    (b.expires_at <= now()) AS expired`,
  search: [sql`b.name`],
  filters: {
    disabled: { kind: 'eq', column: sql`b.disabled`, type: 'bool' },
    created_at: { kind: 'range', column: sql`b.created_at` },
    expires_at: { kind: 'range', column: sql`b.expires_at` },
  },
  sorts: {
    created_at: sql`b.created_at`,
    expires_at: sql`b.expires_at`,
    name: sql`b.name`,
    credits: sql`b.credits`,
    count: sql`b.count`,
    used_count: sql`(SELECT count(*) FROM redeem_codes c WHERE c.batch_id = b.id AND c.used_at IS NOT NULL)`,
  },
  defaultSort: { field: 'created_at', order: 'descend' },
  tiebreak: sql`b.id`,
  exportColumns: [
    { key: 'name', width: 24 },
    { key: 'credits', width: 10 },
    { key: 'count', width: 10 },
    { key: 'used_count', width: 10 },
    { key: 'expires_at', date: true, width: 20 },
    { key: 'disabled', width: 10, value: (r, lang) => t(lang, r.disabled ? 'field.redeem_off' : 'field.redeem_on') },
    { key: 'created_by_name', width: 20 },
    { key: 'created_at', date: true, width: 20 },
  ],
};

/** the codes of every batch; the console always asks for one batch (?batch_id=) */
export const codeList: ListSpec = {
  resource: 'redeem-codes',
  from: sql`redeem_codes c LEFT JOIN users u ON u.id = c.used_by`,
  columns: sql`c.code, c.batch_id, c.used_by, u.username AS used_by_name, c.used_at`,
  keywordWhere: (kw) => sql`(c.code LIKE ${likePattern(normaliseCode(kw))} OR u.username ILIKE ${likePattern(kw)})`,
  filters: {
    batch_id: { kind: 'eq', column: sql`c.batch_id` },
    /** used=true / used=false */
    used: {
      kind: 'custom',
      build: (v) => (v.includes('true') === v.includes('false') ? sql`TRUE` : v.includes('true') ? sql`c.used_at IS NOT NULL` : sql`c.used_at IS NULL`),
    },
  },
  sorts: { code: sql`c.code`, used_at: sql`c.used_at` },
  nullable: ['used_at'],
  defaultSort: { field: 'code', order: 'ascend' },
  tiebreak: sql`c.code`,
  toRow: (r) => ({ ...r, code: displayCode(r.code as string) }),
  exportColumns: [
    { key: 'code', header: 'field.redeem_code', width: 24 },
    { key: 'status', width: 10, value: (r, lang) => t(lang, r.used_at ? 'field.redeem_used' : 'field.redeem_unused') },
    { key: 'used_by_name', width: 20 },
    { key: 'used_at', date: true, width: 20 },
  ],
};

export interface BatchInput {
  name: string;
  credits: number;
  count: number;
  expires_at: string;
}

export class RedeemService {
  constructor(
    private db: Db,
    private credits: CreditService,
  ) {}

  async getBatch(id: string): Promise<RedeemBatch> {
    return fetchRow<RedeemBatch>(this.db, batchList, sql`b.id`, id);
  }

  /** the whole batch in one transaction: the batch row and every code in one insert */
  async generate(input: BatchInput, adminId: string): Promise<RedeemBatch> {
    const name = input.name.trim();
    if (!name) throw new AppError('INVALID_PARAM', { field: 'name', params: { reason: 'required' } });
    if (!Number.isInteger(input.count) || input.count < 1 || input.count > BATCH_MAX) {
      throw new AppError('INVALID_PARAM', { field: 'count', params: { reason: `1 to ${BATCH_MAX}` } });
    }
    if (!Number.isInteger(input.credits) || input.credits < 1 || input.credits > CREDITS_MAX) {
      throw new AppError('INVALID_PARAM', { field: 'credits', params: { reason: `1 to ${CREDITS_MAX}` } });
    }
    const expires = new Date(input.expires_at);
    if (Number.isNaN(expires.getTime()) || expires.getTime() <= Date.now()) {
      throw new AppError('INVALID_PARAM', { field: 'expires_at', params: { reason: 'must be in the future' } });
    }
    const id = await this.db.transaction(async (tx) => {
      const [b] = await query<{ id: string }>(
        tx,
        sql`INSERT INTO redeem_batches (name, credits, count, expires_at, created_by)
          VALUES (${name}, ${input.credits}, ${input.count}, ${expires.toISOString()}, ${adminId}) RETURNING id`,
      );
      const codes = new Set<string>();
      while (codes.size < input.count) codes.add(randomCode());
      const inserted = await query(
        tx,
        sql`INSERT INTO redeem_codes (code, batch_id) SELECT unnest(${textArray([...codes])}), ${b.id}
          ON CONFLICT (code) DO NOTHING RETURNING code`,
      );
      // 80 random bits make a clash with an older batch next to impossible; if it ever happens, no short batch
      if (inserted.length !== input.count) throw new Error('redeem code clash: generate again');
      return b.id;
    });
    return this.getBatch(id);
  }

  async setDisabled(id: string, disabled: boolean): Promise<RedeemBatch> {
    const rows = await query(this.db, sql`UPDATE redeem_batches SET disabled = ${disabled} WHERE id = ${id} RETURNING id`);
    if (!rows.length) throw new AppError('NOT_FOUND', { field: 'id' });
    return this.getBatch(id);
  }

  /** minutes until the user may try again, or 0 */
  private async lockedFor(tx: Tx, userId: string): Promise<number> {
    const [r] = await query<{ n: number; oldest: string | null }>(
      tx,
      sql`SELECT count(*)::int AS n, min(created_at) AS oldest FROM (
        SELECT created_at FROM redeem_attempts WHERE user_id = ${userId} AND created_at > now() - make_interval(mins => ${ATTEMPT_WINDOW_MIN})
        ORDER BY created_at DESC LIMIT ${ATTEMPT_LIMIT}) recent`,
    );
    if (r.n < ATTEMPT_LIMIT || !r.oldest) return 0;
    const freeAt = new Date(r.oldest).getTime() + ATTEMPT_WINDOW_MIN * 60_000;
    return Math.max(1, Math.ceil((freeAt - Date.now()) / 60_000));
  }

  async redeem(userId: string, raw: string): Promise<{ credits: number; balance: number }> {
    const code = normaliseCode(raw);
    const wellFormed = code.length === CODE_LENGTH && [...code].every((c) => CODE_ALPHABET.includes(c));
    const result = await this.db.transaction(async (tx) => {
      // one redeem per user at a time, so a burst of guesses cannot all pass the limit together
      await tx.execute(xactLock(LOCKS.REDEEM_ATTEMPTS, userId));
      const minutes = await this.lockedFor(tx, userId);
      if (minutes) throw new AppError('REDEEM_TOO_MANY_ATTEMPTS', { field: 'code', params: { minutes } });
      const [c] = wellFormed
        ? await query<{ batch_id: string; used_at: string | null; credits: number; usable: boolean }>(
            tx,
            sql`SELECT c.batch_id, c.used_at, b.credits, (NOT b.disabled AND b.expires_at > now()) AS usable
              FROM redeem_codes c JOIN redeem_batches b ON b.id = c.batch_id WHERE c.code = ${code} FOR UPDATE OF c`,
          )
        : [];
      if (!c) {
        // committed with this transaction, which then answers the refusal
        await tx.execute(sql`INSERT INTO redeem_attempts (user_id) VALUES (${userId})`);
        return null;
      }
      if (c.used_at) throw new AppError('REDEEM_CODE_USED', { field: 'code' });
      if (!c.usable) throw new AppError('REDEEM_CODE_EXPIRED', { field: 'code' });
      await tx.execute(sql`UPDATE redeem_codes SET used_by = ${userId}, used_at = now() WHERE code = ${code}`);
      const entry = await this.credits.post(tx, {
        userId,
        kind: 'redeem',
        amount: c.credits,
        key: `redeem:${code}`,
        refType: 'redeem',
        refId: c.batch_id,
      });
      return { credits: c.credits, balance: entry.balanceAfter };
    });
    if (!result) throw new AppError('REDEEM_CODE_INVALID', { field: 'code' });
    return result;
  }
}
