/**
 * The credits ledger: the one writer of balances (users.score) and of credit_ledger,
 * credit_holds and credit_reconciliations. Every movement is an append-only entry with a unique
 * idempotency key; a balance always equals the sum of its user's entries.
 *
 * A hold takes the most a piece of work may cost out of the balance at once (a conditional
 * update under the user's row lock, in the same transaction as its entry, so no concurrency
 * overdraws); settling it releases the whole hold and captures the real cost (never more than
 * the hold) in one transaction: hold -H, then release +H and capture -C. A hold belongs to the
 * server process that runs the work, which holds an advisory lock for as long as it lives; holds
 * whose process is gone (a crash, kill -9) are settled by `settleOrphans` at the next start and
 * by a periodic job, capturing the cost recorded so far (`progress`).
 */
import { randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import { sql } from 'drizzle-orm';
import { EARNED_KINDS, type LedgerKind, LEDGER_KINDS, type LedgerRefType } from '../../../shared/ledger';
import { ADMIN_ROLE } from '../../../shared/permissions';
import { type DayZone, dayStartSql } from '../../core/day-zone';
import { AppError } from '../../core/errors';
import { isUniqueViolation, query, type Row, textArray, type Tx } from '../../core/sql';
import type { Db } from '../../db';
import type { Mismatch } from '../../db/schema';
import { LOCKS } from '../../core/locks';

export { type LedgerKind, LEDGER_KINDS };
/** the kinds of AI spending: their sum over a day is what the daily limit counts */
const SPENDING: LedgerKind[] = ['hold', 'release', 'capture'];

/** a report lists at most this many differing balances */
const MAX_REPORTED = 1000;

export interface Movement {
  userId: string;
  kind: LedgerKind;
  /** the change to the balance: negative takes out, and never below zero */
  amount: number;
  key: string;
  reason?: string | null;
  refType?: LedgerRefType | null;
  refId?: string | null;
  holdId?: number | null;
  actorId?: string | null;
}

export interface Entry {
  id: number;
  userId: string;
  kind: LedgerKind;
  amount: number;
  balanceAfter: number;
  /** true when the key had been posted before: this is that first entry, nothing moved now */
  repeated: boolean;
}

export interface Hold {
  id: number;
  userId: string;
  amount: number;
  balanceAfter: number;
  status: 'open' | 'settled';
  captured: number | null;
}

export interface HoldRequest {
  key: string;
  reason?: string;
  refType?: LedgerRefType;
  refId?: string;
  /** the caller's daily limit (credits spent on AI a day, holds included); null: none */
  dailyLimit?: number | null;
}

/** run inside the settling transaction of a hold of this ref type (e.g. the chat marks its message) */
export type SettleHook = (tx: Tx, hold: { id: number; userId: string; refId: string | null; amount: number; captured: number }) => Promise<void>;

export interface ReconciliationReport {
  id: number;
  trigger: 'nightly' | 'admin';
  usersChecked: number;
  mismatches: Mismatch[];
  ranAt: string;
}

export class CreditService {
  /** this process: the owner of the holds it takes */
  readonly owner = randomUUID();
  private ownerClient: PoolClient | null = null;
  private starting: Promise<void> | null = null;
  private hooks = new Map<string, SettleHook>();

  constructor(
    private db: Db,
    private zone: DayZone,
  ) {}

  /** marks this process alive (its holds are not orphans while it runs); taken before its first hold */
  start(): Promise<void> {
    this.starting ??= (async () => {
      const client = await this.db.$client.connect();
      await client.query('SELECT pg_advisory_lock($1, hashtext($2))', [LOCKS.HOLD_OWNER, this.owner]);
      this.ownerClient = client;
    })().catch((e: unknown) => {
      this.starting = null;
      throw e;
    });
    return this.starting;
  }

  async stop(): Promise<void> {
    await this.starting?.catch(() => undefined);
    this.starting = null;
    const client = this.ownerClient;
    this.ownerClient = null;
    if (!client) return;
    await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCKS.HOLD_OWNER, this.owner]).catch(() => undefined);
    client.release();
  }

  onSettle(refType: LedgerRefType, hook: SettleHook) {
    this.hooks.set(refType, hook);
  }

  /**
   * The balance, locked for the rest of the transaction: a caller that checks a rule over the
   * user's entries before posting (a withdrawal) takes it first, so concurrent posts wait.
   */
  async lockBalance(tx: Tx, userId: string): Promise<number> {
    const [row] = await query<{ score: number }>(tx, sql`SELECT score FROM users WHERE id = ${userId} FOR UPDATE`);
    if (!row) throw new AppError('NOT_FOUND', { field: 'user_id' });
    return row.score;
  }

  private async entryByKey(tx: Db | Tx, key: string): Promise<Entry | undefined> {
    const [row] = await query<{ id: string; user_id: string; kind: LedgerKind; amount: number; balance_after: number }>(
      tx,
      sql`SELECT id, user_id, kind, amount, balance_after FROM credit_ledger WHERE idempotency_key = ${key}`,
    );
    return row && { id: Number(row.id), userId: row.user_id, kind: row.kind, amount: row.amount, balanceAfter: row.balance_after, repeated: true };
  }

  /**
   * One movement inside the caller's transaction. The user's row is locked first, so the key
   * check sees every committed movement of that user and a repeat of the key moves nothing.
   */
  async post(tx: Tx, m: Movement): Promise<Entry> {
    if (!Number.isSafeInteger(m.amount)) throw new AppError('INVALID_PARAM', { field: 'amount', params: { reason: 'not a whole number' } });
    const balance = await this.lockBalance(tx, m.userId);
    const seen = await this.entryByKey(tx, m.key);
    if (seen) return seen;
    if (m.amount < 0 && balance + m.amount < 0) {
      throw new AppError('INSUFFICIENT_CREDITS', { field: 'amount', params: { needed: -m.amount, balance } });
    }
    // conditional: the row lock makes the condition hold, the WHERE states it
    const [u] = await query<{ score: number }>(
      tx,
      sql`UPDATE users SET score = score + ${m.amount} WHERE id = ${m.userId} AND score + ${m.amount} >= 0 RETURNING score`,
    );
    if (!u) throw new AppError('INSUFFICIENT_CREDITS', { field: 'amount', params: { needed: -m.amount, balance } });
    const [row] = await query<{ id: string }>(
      tx,
      sql`INSERT INTO credit_ledger (user_id, kind, amount, balance_after, idempotency_key, reason, ref_type, ref_id, hold_id, actor_id)
        VALUES (${m.userId}, ${m.kind}, ${m.amount}, ${u.score}, ${m.key}, ${m.reason ?? null}, ${m.refType ?? null}, ${m.refId ?? null},
          ${m.holdId ?? null}, ${m.actorId ?? null})
        RETURNING id`,
    );
    return { id: Number(row.id), userId: m.userId, kind: m.kind, amount: m.amount, balanceAfter: u.score, repeated: false };
  }

  /** a movement in its own transaction */
  postNow(m: Movement): Promise<Entry> {
    return this.db.transaction((tx) => this.post(tx, m));
  }

  /** credits spent on AI today (the service's day zone): settled costs plus what open holds keep */
  async spentToday(tx: Db | Tx, userId: string): Promise<number> {
    const tz = await this.zone.offsetMinutes();
    const [row] = await query<{ spent: number }>(
      tx,
      sql`SELECT coalesce(-sum(amount), 0)::int AS spent FROM credit_ledger
        WHERE user_id = ${userId} AND kind = ANY(${textArray(SPENDING)}) AND created_at >= ${dayStartSql(tz)}`,
    );
    return row.spent;
  }

  /**
   * The daily AI credit limit of an account with these roles: the most generous limit set on
   * them; roles without a limit do not lift it; no limit set (or role admin): none.
   */
  async dailyLimitOf(roles: readonly string[]): Promise<number | null> {
    if (roles.includes(ADMIN_ROLE) || !roles.length) return null;
    const [row] = await query<{ max: number | null }>(this.db, sql`SELECT max(daily_credit_limit) AS max FROM roles WHERE role_id = ANY(${textArray(roles)})`);
    return row.max ?? null;
  }

  /** takes `amount` out of the balance until settled; a repeat of the key answers the same hold */
  async hold(userId: string, amount: number, req: HoldRequest): Promise<Hold> {
    await this.start();
    try {
      return await this.db.transaction((tx) => this.holdIn(tx, userId, amount, req));
    } catch (e) {
      // the same key taken at the same moment by another request: answer that hold
      if (isUniqueViolation(e)) {
        const [seen] = await query<Row>(this.db, sql`SELECT id, user_id, amount, status, captured FROM credit_holds WHERE idempotency_key = ${req.key}`);
        if (seen) return { ...holdOf(seen), balanceAfter: await this.balance(userId) };
      }
      throw e;
    }
  }

  /**
   * A hold inside the caller's transaction (the chat takes it with its messages). Two statements
   * on the hot path: the hold row (a repeated key inserts nothing and answers the first hold),
   * then the conditional balance update and its ledger entry in one statement.
   */
  async holdIn(tx: Tx, userId: string, amount: number, req: HoldRequest): Promise<Hold> {
    if (!Number.isSafeInteger(amount) || amount < 0) throw new AppError('INVALID_PARAM', { field: 'amount', params: { reason: 'not a whole number' } });
    // the process must be marked alive first (start(), outside any transaction: it takes a connection)
    if (!this.ownerClient) throw new Error('CreditService.start() must complete before a hold is taken');
    if (req.dailyLimit !== undefined && req.dailyLimit !== null) {
      // the row lock first, so concurrent holds of this user count each other's spending
      await this.lockBalance(tx, userId);
      const used = await this.spentToday(tx, userId);
      if (used + amount > req.dailyLimit) throw new AppError('DAILY_LIMIT_REACHED', { params: { used, limit: req.dailyLimit } });
    }
    const [h] = await query<{ id: string }>(
      tx,
      sql`INSERT INTO credit_holds (user_id, amount, idempotency_key, ref_type, ref_id, owner)
        VALUES (${userId}, ${amount}, ${req.key}, ${req.refType ?? null}, ${req.refId ?? null}, ${this.owner})
        ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    );
    if (!h) {
      const [seen] = await query<Row>(tx, sql`SELECT id, user_id, amount, status, captured FROM credit_holds WHERE idempotency_key = ${req.key}`);
      return { ...holdOf(seen), balanceAfter: await this.balance(userId, tx) };
    }
    const id = Number(h.id);
    // the conditional update: no row when the balance does not cover the hold (then nothing is written)
    const [e] = await query<{ balance_after: number }>(
      tx,
      sql`WITH u AS (UPDATE users SET score = score - ${amount} WHERE id = ${userId} AND score >= ${amount} RETURNING score)
        INSERT INTO credit_ledger (user_id, kind, amount, balance_after, idempotency_key, reason, ref_type, ref_id, hold_id)
        SELECT ${userId}, 'hold', ${-amount}, u.score, ${`hold:${id}`}, ${req.reason ?? null}, ${req.refType ?? null}, ${req.refId ?? null}, ${id} FROM u
        RETURNING balance_after`,
    );
    if (!e) throw new AppError('INSUFFICIENT_CREDITS', { field: 'amount', params: { needed: amount, balance: await this.balance(userId, tx) } });
    return { id, userId, amount, balanceAfter: e.balance_after, status: 'open', captured: null };
  }

  /** the costs so far of many open holds in one statement */
  async progressMany(items: Array<{ holdId: number; cost: number }>): Promise<void> {
    if (!items.length) return;
    await this.db.execute(sql`UPDATE credit_holds h SET progress = LEAST(v.cost, h.amount)
      FROM unnest(${sql.param(items.map((i) => i.holdId))}::bigint[], ${sql.param(items.map((i) => Math.max(0, Math.floor(i.cost))))}::int[]) AS v(id, cost)
      WHERE h.id = v.id AND h.status = 'open'`);
  }

  /** the cost so far of an open hold's work: what a crash settlement captures */
  async progress(holdId: number, cost: number): Promise<void> {
    await this.db.execute(sql`UPDATE credit_holds SET progress = LEAST(${Math.max(0, Math.floor(cost))}, amount) WHERE id = ${holdId} AND status = 'open'`);
  }

  /**
   * Settles a hold: captures `cost` (at most the hold) and releases the rest. Idempotent: a
   * settled hold stays as it was. `inTx` runs in the same transaction (the caller's own rows).
   */
  async settle(
    holdId: number,
    cost: number,
    inTx?: (tx: Tx, captured: number, balance: number) => Promise<void>,
  ): Promise<{ captured: number; balance: number; repeated: boolean }> {
    return this.db.transaction(async (tx) => {
      const [h] = await query<Row>(tx, sql`SELECT id, user_id, amount, status, captured, ref_type, ref_id FROM credit_holds WHERE id = ${holdId} FOR UPDATE`);
      if (!h) throw new AppError('NOT_FOUND', { field: 'hold' });
      const hold = holdOf(h);
      if (hold.status === 'settled') return { captured: hold.captured ?? 0, balance: await this.balance(hold.userId, tx), repeated: true };
      const captured = Math.min(Math.max(0, Math.floor(cost)), hold.amount);
      const refType = (h.ref_type as string | null) ?? null;
      const refId = (h.ref_id as string | null) ?? null;
      // release +H and capture -C as one balance change (+H-C >= 0) and their two entries, in one
      // statement; the hold row's lock makes this run once per hold, the keys are the backstop
      const [e] = await query<{ balance: number }>(
        tx,
        sql`WITH u AS (UPDATE users SET score = score + ${hold.amount - captured} WHERE id = ${hold.userId} RETURNING score),
          e AS (INSERT INTO credit_ledger (user_id, kind, amount, balance_after, idempotency_key, ref_type, ref_id, hold_id)
            SELECT ${hold.userId}, x.kind, x.amount, u.score + x.after_delta, ${`hold:${holdId}:`} || x.kind, ${refType}, ${refId}, ${holdId}
            FROM u, (VALUES ('release', ${hold.amount}::int, ${captured}::int, 1), ('capture', ${-captured}::int, 0, 2)) AS x(kind, amount, after_delta, ord)
            WHERE x.kind = 'release' OR ${captured}::int > 0 ORDER BY x.ord)
          SELECT score AS balance FROM u`,
      );
      await tx.execute(sql`UPDATE credit_holds SET status = 'settled', captured = ${captured}, settled_at = now() WHERE id = ${holdId}`);
      await inTx?.(tx, captured, e.balance);
      return { captured, balance: e.balance, repeated: false };
    });
  }

  /** gives the whole hold back */
  release(holdId: number) {
    return this.settle(holdId, 0);
  }

  /**
   * Settles the open holds of processes that are gone (their advisory lock is free), each with
   * the cost recorded so far and its ref type's hook. One settler at a time across instances.
   * Answers how many holds it settled.
   */
  async settleOrphans(): Promise<number> {
    const client = await this.db.$client.connect();
    let settled = 0;
    try {
      const { rows: got } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [LOCKS.HOLD_SETTLER]);
      if (!got[0].ok) return 0;
      try {
        const { rows: owners } = await client.query<{ owner: string }>("SELECT DISTINCT owner FROM credit_holds WHERE status = 'open' AND owner <> $1", [
          this.owner,
        ]);
        for (const { owner } of owners) {
          const { rows: free } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok', [LOCKS.HOLD_OWNER, owner]);
          if (!free[0].ok) continue; // that process still runs
          try {
            const { rows: holds } = await client.query<{ id: string; progress: number; ref_type: string | null }>(
              "SELECT id, progress, ref_type FROM credit_holds WHERE status = 'open' AND owner = $1",
              [owner],
            );
            for (const h of holds) {
              const hook = h.ref_type ? this.hooks.get(h.ref_type) : undefined;
              const r = await this.settle(Number(h.id), h.progress, async (tx, captured) => {
                const [row] = await query<{ user_id: string; ref_id: string | null; amount: number }>(
                  tx,
                  sql`SELECT user_id, ref_id, amount FROM credit_holds WHERE id = ${Number(h.id)}`,
                );
                await hook?.(tx, { id: Number(h.id), userId: row.user_id, refId: row.ref_id, amount: Number(row.amount), captured });
              });
              if (!r.repeated) settled++;
            }
          } finally {
            await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCKS.HOLD_OWNER, owner]);
          }
        }
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [LOCKS.HOLD_SETTLER]);
      }
    } finally {
      client.release();
    }
    return settled;
  }

  async balance(userId: string, tx: Db | Tx = this.db): Promise<number> {
    const [row] = await query<{ score: number }>(tx, sql`SELECT score FROM users WHERE id = ${userId}`);
    if (!row) throw new AppError('NOT_FOUND', { field: 'user_id' });
    return row.score;
  }

  /**
   * What a user may withdraw: the credits earned (EARNED_KINDS) less those withdrawn (the
   * withdrawal entries: holds of requests less holds given back), never more than the balance.
   */
  async earnings(userId: string, tx: Db | Tx = this.db): Promise<{ balance: number; earned: number; withdrawn: number; withdrawable: number }> {
    const [row] = await query<{ balance: number; earned: string; withdrawn: string }>(
      tx,
      sql`SELECT u.score AS balance,
          coalesce((SELECT sum(amount) FROM credit_ledger WHERE user_id = u.id AND kind = ANY(${textArray(EARNED_KINDS)})), 0) AS earned,
          coalesce((SELECT -sum(amount) FROM credit_ledger WHERE user_id = u.id AND kind = 'withdrawal'), 0) AS withdrawn
        FROM users u WHERE u.id = ${userId}`,
    );
    if (!row) throw new AppError('NOT_FOUND', { field: 'user_id' });
    const earned = Number(row.earned);
    const withdrawn = Number(row.withdrawn);
    return { balance: row.balance, earned, withdrawn, withdrawable: Math.max(0, Math.min(row.balance, earned - withdrawn)) };
  }

  /** what the console home and the chat show: balance, held by open holds, today's AI spending and limit */
  async summary(userId: string, roles: readonly string[]) {
    const [[held], today, limit, balance] = await Promise.all([
      query<{ held: number }>(this.db, sql`SELECT coalesce(sum(amount), 0)::int AS held FROM credit_holds WHERE user_id = ${userId} AND status = 'open'`),
      this.spentToday(this.db, userId),
      this.dailyLimitOf(roles),
      this.balance(userId),
    ]);
    return { balance, held: held.held, today_used: today, daily_limit: limit };
  }

  /** an admin's correction of a user's balance, written to the ledger and the user log */
  async adjust(
    admin: { id: string; username: string | null },
    input: { userId: string; amount: number; reason: string; requestId?: string; withdrawable?: boolean },
    log: (tx: Tx) => Promise<void>,
  ): Promise<Entry> {
    const reason = input.reason.trim();
    if (!reason) throw new AppError('INVALID_PARAM', { field: 'reason', params: { reason: 'required' } });
    if (!input.amount) throw new AppError('INVALID_PARAM', { field: 'amount', params: { reason: 'must not be 0' } });
    if (input.withdrawable && input.amount < 0)
      throw new AppError('INVALID_PARAM', { field: 'withdrawable', params: { reason: 'only for a positive amount' } });
    return this.db.transaction(async (tx) => {
      const e = await this.post(tx, {
        userId: input.userId,
        // a grant marked withdrawable counts as earned (it may be paid out)
        kind: input.withdrawable ? 'earn' : 'adjustment',
        amount: input.amount,
        key: `adjust:${input.requestId ?? randomUUID()}`,
        reason,
        refType: 'admin',
        refId: admin.id,
        actorId: admin.id,
      });
      if (!e.repeated) await log(tx);
      return e;
    });
  }

  /** every balance against the sum of its ledger; differences are recorded and reported, never fixed */
  async reconcile(trigger: 'nightly' | 'admin'): Promise<ReconciliationReport> {
    // one statement: the balances and the sums are read from the same snapshot
    const rows = await query<{ user_id: string | null; balance: number; ledger_sum: string; checked: string }>(
      this.db,
      sql`WITH sums AS (SELECT user_id, sum(amount) AS total FROM credit_ledger GROUP BY user_id),
        off AS (SELECT u.id AS user_id, u.score AS balance, coalesce(s.total, 0) AS ledger_sum
          FROM users u LEFT JOIN sums s ON s.user_id = u.id WHERE u.score <> coalesce(s.total, 0) ORDER BY u.id LIMIT ${MAX_REPORTED})
        SELECT NULL::text AS user_id, NULL::int AS balance, NULL::numeric AS ledger_sum, (SELECT count(*) FROM users) AS checked
        UNION ALL SELECT user_id, balance, ledger_sum, NULL::bigint FROM off`,
    );
    const checked = Number(rows[0].checked);
    const mismatches: Mismatch[] = rows.slice(1).map((r) => ({ userId: r.user_id!, balance: r.balance, ledgerSum: Number(r.ledger_sum) }));
    const [saved] = await query<{ id: string; ran_at: string }>(
      this.db,
      sql`INSERT INTO credit_reconciliations (trigger, users_checked, mismatches) VALUES (${trigger}, ${checked}, ${JSON.stringify(mismatches)}::jsonb)
        RETURNING id, ran_at`,
    );
    return { id: Number(saved.id), trigger, usersChecked: checked, mismatches, ranAt: new Date(saved.ran_at).toISOString() };
  }

  async lastReconciliation(): Promise<ReconciliationReport | null> {
    const [r] = await query<{ id: string; trigger: 'nightly' | 'admin'; users_checked: number; mismatches: Mismatch[]; ran_at: string }>(
      this.db,
      sql`SELECT id, trigger, users_checked, mismatches, ran_at FROM credit_reconciliations ORDER BY ran_at DESC, id DESC LIMIT 1`,
    );
    return r
      ? { id: Number(r.id), trigger: r.trigger, usersChecked: r.users_checked, mismatches: r.mismatches, ranAt: new Date(r.ran_at).toISOString() }
      : null;
  }

  /** the nightly reconciliation, when the last one is a day old (the job checks every few minutes) */
  async reconcileIfDue(): Promise<ReconciliationReport | null> {
    const client = await this.db.$client.connect();
    try {
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [LOCKS.RECONCILIATION]);
      if (!rows[0].ok) return null;
      try {
        const { rows: last } = await client.query<{ due: boolean }>(
          "SELECT coalesce(max(ran_at) < now() - interval '1 day', true) AS due FROM credit_reconciliations WHERE trigger = 'nightly'",
        );
        return last[0].due ? await this.reconcile('nightly') : null;
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [LOCKS.RECONCILIATION]);
      }
    } finally {
      client.release();
    }
  }
}

function holdOf(r: Row): Omit<Hold, 'balanceAfter'> {
  return {
    id: Number(r.id),
    userId: r.user_id as string,
    amount: r.amount as number,
    status: r.status as 'open' | 'settled',
    captured: (r.captured as number | null) ?? null,
  };
}
