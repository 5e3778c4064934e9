/**
 * Withdrawals: a real-name verified user asks for earned credits to be paid out; the amount is
 * held in the ledger (a negative 'withdrawal' entry) from the request on; finance approves (the
 * payout made: the credits stay out) or rejects (the hold given back). Owns withdraw_requests.
 *
 * Every write takes the user's balance lock (through the ledger) before it checks what is
 * withdrawable, so concurrent requests of one user are decided one after another and never hold
 * more than was earned. A request's hold is keyed by its version: a change gives the old
 * version's hold back and takes the new one, so a repeat of either moves nothing twice.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ACCOUNT_TYPES, type AccountType, quote, type WithdrawSettings } from '../../../shared/withdraw';
import { textLength } from '../../../shared/text';
import { AppError } from '../../core/errors';
import type { ListSpec } from '../../core/list/query';
import type { SettingsStore } from '../../core/settings';
import { plain, query, type Tx } from '../../core/sql';
import type { Db } from '../../db';
import type { CreditService } from '../credits/service';
import type { RealnameService } from '../realname/service';
import type { WithdrawRow, WithdrawSummary } from './schemas';
import { withdrawSettings } from './settings';

export interface AccountInput {
  account_type: string;
  account_name: string;
  account_no: string;
  bank_name?: string | null;
}

export interface RequestInput extends AccountInput {
  amount: number;
}

export type Decision = { decision: 'approve'; payout_ref: string } | { decision: 'reject'; reason: string };

// payout_cents is a bigint: read as float8 so the driver answers a number (exact below 2^53)
const columns = sql`w.id, w.user_id, u.username, u.nickname, w.amount, w.fee, w.payout_cents::float8 AS payout_cents, w.account_type, w.account_name,
  w.account_no, w.bank_name, w.status, w.reason, w.payout_ref, w.reviewer_id, r.username AS reviewer_name, w.reviewed_at,
  w.created_at, w.updated_at, w.version`;

/** every request with the account's names (finance); the owner's view is this list scoped to them */
export const withdrawList: ListSpec = {
  resource: 'withdrawals',
  from: sql`withdraw_requests w LEFT JOIN users u ON u.id = w.user_id LEFT JOIN users r ON r.id = w.reviewer_id`,
  columns,
  search: [sql`u.username`, sql`u.nickname`, sql`w.account_name`, sql`w.payout_ref`],
  filters: {
    status: { kind: 'eq', column: sql`w.status` },
    user_id: { kind: 'eq', column: sql`w.user_id` },
    account_type: { kind: 'eq', column: sql`w.account_type` },
    created_at: { kind: 'range', column: sql`w.created_at` },
  },
  sorts: { created_at: sql`w.created_at`, amount: sql`w.amount`, reviewed_at: sql`w.reviewed_at` },
  nullable: ['reviewed_at'],
  defaultSort: { field: 'created_at', order: 'descend' },
  tiebreak: sql`w.id`,
  exportColumns: [
    { key: 'created_at', date: true, width: 20 },
    { key: 'username', width: 20 },
    { key: 'amount', width: 12 },
    { key: 'fee', width: 10 },
    { key: 'payout_cents', width: 14 },
    { key: 'account_type', width: 10 },
    { key: 'account_name', width: 20 },
    { key: 'account_no', width: 26 },
    { key: 'bank_name', width: 20 },
    { key: 'status', width: 12 },
    { key: 'reason', width: 30 },
    { key: 'payout_ref', width: 26 },
    { key: 'reviewed_at', date: true, width: 20 },
  ],
};

export const ownRequests = (userId: string) => sql`w.user_id = ${userId}`;

const bad = (field: string, reason: string) => new AppError('INVALID_PARAM', { field, params: { reason } });

const isAccountType = (t: string): t is AccountType => (ACCOUNT_TYPES as readonly string[]).includes(t);

/** the payout account, trimmed and checked against the types offered */
function checkAccount(s: WithdrawSettings, a: AccountInput) {
  const type = a.account_type;
  if (!isAccountType(type) || !s.account_types.includes(type)) {
    throw bad('account_type', `one of ${s.account_types.join(', ')}`);
  }
  const name = a.account_name.trim();
  if (!name || textLength(name) > 50) throw bad('account_name', 'required, at most 50 characters');
  const no = a.account_no.replace(/\s+/g, '');
  let bank: string | null = null;
  if (type === 'bank') {
    if (!/^\d{12,30}$/.test(no)) throw bad('account_no', 'a card number of 12 to 30 digits');
    bank = (a.bank_name ?? '').trim();
    if (!bank || textLength(bank) > 60) throw bad('bank_name', 'required, at most 60 characters');
  } else if (!/^(1\d{10}|[^@\s]+@[^@\s]+\.[^@\s]+)$/.test(no) || textLength(no) > 64) {
    throw bad('account_no', 'a mobile number or an email address');
  }
  return { accountType: type, accountName: name, accountNo: no, bankName: bank };
}

export class WithdrawService {
  constructor(
    private db: Db,
    private credits: CreditService,
    private settings: SettingsStore,
    private realname: RealnameService,
  ) {}

  getSettings() {
    return this.settings.get(withdrawSettings);
  }

  /** only the area's own keys are stored: anything else in the patch is left out */
  putSettings(patch: Partial<WithdrawSettings>) {
    const known = Object.fromEntries(Object.entries(patch).filter(([k]) => k in withdrawSettings.defaults));
    return this.settings.put(withdrawSettings, known as Partial<WithdrawSettings>);
  }

  /** what the request page shows: balance, earned, withdrawn, withdrawable, what the form needs */
  async summary(userId: string): Promise<WithdrawSummary> {
    const [parts, s, rn] = await Promise.all([this.credits.earnings(userId), this.getSettings(), this.realname.info(userId)]);
    return {
      ...parts,
      realname: rn.status,
      settings: { min_credits: s.min_credits, fee_bps: s.fee_bps, min_fee: s.min_fee, cents_per_credit: s.cents_per_credit, account_types: s.account_types },
    };
  }

  async get(caller: { uid: string; finance: boolean }, id: string): Promise<WithdrawRow> {
    const [row] = await query<WithdrawRow>(
      this.db,
      sql`SELECT ${columns} FROM withdraw_requests w LEFT JOIN users u ON u.id = w.user_id
      LEFT JOIN users r ON r.id = w.reviewer_id WHERE w.id = ${id}`,
    );
    if (!row || (row.user_id !== caller.uid && !caller.finance)) throw new AppError('NOT_FOUND', { field: 'id' });
    return plain(row);
  }

  /** amount and account checked against the settings and what is withdrawable now (balance locked) */
  private async checked(tx: Tx, userId: string, input: RequestInput) {
    const s = await this.settings.get(withdrawSettings, tx);
    if (!Number.isSafeInteger(input.amount) || input.amount < s.min_credits) {
      throw new AppError('WITHDRAW_AMOUNT_INVALID', { field: 'amount', params: { min: s.min_credits } });
    }
    const { withdrawable } = await this.credits.earnings(userId, tx);
    if (input.amount > withdrawable) throw new AppError('WITHDRAW_EXCEEDS_EARNED', { field: 'amount', params: { available: withdrawable } });
    const account = checkAccount(s, input);
    const q = quote(s, input.amount);
    if (q.payoutCents <= 0) throw new AppError('WITHDRAW_AMOUNT_INVALID', { field: 'amount', params: { min: s.min_credits } });
    return { ...account, ...q };
  }

  private async requireVerified(userId: string) {
    if ((await this.realname.info(userId)).status !== 'approved') throw new AppError('WITHDRAW_REALNAME_REQUIRED');
  }

  private hold(tx: Tx, userId: string, id: string, amount: number, version: number) {
    return this.credits.post(tx, { userId, kind: 'withdrawal', amount: -amount, key: `withdraw:${id}:${version}`, refType: 'withdrawal', refId: id });
  }

  private giveBack(tx: Tx, userId: string, id: string, amount: number, version: number) {
    return this.credits.post(tx, { userId, kind: 'withdrawal', amount, key: `withdraw:${id}:${version}:return`, refType: 'withdrawal', refId: id });
  }

  /** a new request and its hold, in one transaction */
  async create(userId: string, input: RequestInput): Promise<WithdrawRow> {
    await this.requireVerified(userId);
    const id = randomUUID();
    await this.db.transaction(async (tx) => {
      await this.credits.lockBalance(tx, userId);
      const v = await this.checked(tx, userId, input);
      await tx.execute(sql`INSERT INTO withdraw_requests (id, user_id, amount, fee, payout_cents, account_type, account_name, account_no, bank_name)
        VALUES (${id}, ${userId}, ${input.amount}, ${v.fee}, ${v.payoutCents}, ${v.accountType}, ${v.accountName}, ${v.accountNo}, ${v.bankName})`);
      await this.hold(tx, userId, id, input.amount, 1);
    });
    return this.get({ uid: userId, finance: false }, id);
  }

  /** the owner's pending request, locked */
  private async pendingOf(tx: Tx, id: string, userId: string | null) {
    const [r] = await query<{ user_id: string; amount: number; status: string; version: number }>(
      tx,
      sql`SELECT user_id, amount, status, version FROM withdraw_requests WHERE id = ${id} FOR UPDATE`,
    );
    if (!r || (userId !== null && r.user_id !== userId)) throw new AppError('NOT_FOUND', { field: 'id' });
    if (r.status !== 'pending') throw new AppError('WITHDRAW_NOT_PENDING');
    return r;
  }

  /** a pending request's new amount or account: the old hold given back, the new one taken */
  async update(userId: string, id: string, input: RequestInput): Promise<WithdrawRow> {
    await this.requireVerified(userId);
    await this.db.transaction(async (tx) => {
      const r = await this.pendingOf(tx, id, userId);
      await this.credits.lockBalance(tx, userId);
      await this.giveBack(tx, userId, id, r.amount, r.version);
      const v = await this.checked(tx, userId, input);
      const version = r.version + 1;
      await tx.execute(sql`UPDATE withdraw_requests SET amount = ${input.amount}, fee = ${v.fee}, payout_cents = ${v.payoutCents},
        account_type = ${v.accountType}, account_name = ${v.accountName}, account_no = ${v.accountNo}, bank_name = ${v.bankName},
        version = ${version}, updated_at = now() WHERE id = ${id}`);
      await this.hold(tx, userId, id, input.amount, version);
    });
    return this.get({ uid: userId, finance: false }, id);
  }

  /** the owner withdraws a pending request: the hold comes back */
  async cancel(userId: string, id: string): Promise<WithdrawRow> {
    await this.db.transaction(async (tx) => {
      const r = await this.pendingOf(tx, id, userId);
      await this.giveBack(tx, userId, id, r.amount, r.version);
      await tx.execute(sql`UPDATE withdraw_requests SET status = 'cancelled', updated_at = now() WHERE id = ${id}`);
    });
    return this.get({ uid: userId, finance: false }, id);
  }

  /** finance decides a pending request once; `log` writes the user log in the same transaction */
  async review(reviewerId: string, id: string, d: Decision, log: (tx: Tx) => Promise<void>): Promise<WithdrawRow> {
    const note = (d.decision === 'approve' ? d.payout_ref : d.reason).trim();
    if (!note) throw bad(d.decision === 'approve' ? 'payout_ref' : 'reason', 'required');
    await this.db.transaction(async (tx) => {
      const r = await this.pendingOf(tx, id, null);
      if (d.decision === 'approve') {
        // the held credits stay out: they were paid
        await tx.execute(sql`UPDATE withdraw_requests SET status = 'approved', payout_ref = ${note}, reviewer_id = ${reviewerId},
          reviewed_at = now(), updated_at = now() WHERE id = ${id}`);
      } else {
        await this.giveBack(tx, r.user_id, id, r.amount, r.version);
        await tx.execute(sql`UPDATE withdraw_requests SET status = 'rejected', reason = ${note}, reviewer_id = ${reviewerId},
          reviewed_at = now(), updated_at = now() WHERE id = ${id}`);
      }
      await log(tx);
    });
    return this.get({ uid: reviewerId, finance: true }, id);
  }
}
