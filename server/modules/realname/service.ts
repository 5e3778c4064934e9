/**
 * Real-name verification (uni-id realname-verify): a user submits the name and the ID number
 * on their resident ID card; a provider decides (by default nobody: the submission waits in
 * the admins' review queue). Owns the realname_verifications table.
 *  - rules: shared/validation.ts (checkRealName, checkIdCard), the console's too;
 *  - the number is kept encrypted, with an HMAC for uniqueness, and shown masked (id-card.ts);
 *  - one account per ID: at most one standing (pending or approved) record per number, which
 *    the partial unique index enforces, so two accounts racing for one number cannot both win;
 *  - 5 submissions per account in any 24 hours, counted from the table (a refused
 *    "number taken" try is recorded as an automatic rejection, so it counts too: nobody can
 *    probe which numbers are registered faster than that);
 *  - admins approve or reject pending submissions (user log 'realname-review').
 */
import { sql } from 'drizzle-orm';
import { checkIdCard, checkRealName, maskIdCard, maskRealName, normalizeIdCard, normalizeRealName } from '../../../shared/validation';
import type { ClientInfo } from '../../core/context';
import { AppError } from '../../core/errors';
import { type Lang, t } from '../../core/i18n';
import type { ListSpec } from '../../core/list/query';
import { isUniqueViolation, plain, query, textArray, type Tx } from '../../core/sql';
import { fetchRow } from '../../core/resource';
import type { Db } from '../../db';
import { realnameVerifications } from '../../db/schema';
import type { AccountService } from '../auth/service';
import { IdCardVault } from './id-card';
import { type RealnameProvider, ReviewQueueProvider } from './provider';
import type { RealnameInfo, RealnameRow } from './schemas';
import { LOCKS, xactLock } from '../../core/locks';

export const REALNAME = {
  /** submissions per account within WINDOW_S */
  MAX_ATTEMPTS: 5,
  WINDOW_S: 24 * 3600,
} as const;

export type RealnameStatus = 'none' | 'pending' | 'approved' | 'rejected';

const STANDING_KEY = 'realname_id_card_standing_key';

/** the admin queue: masked numbers only; keyword on the real name, username and nickname */
export const realnameList: ListSpec = {
  resource: 'realname',
  from: sql`realname_verifications v LEFT JOIN users u ON u.id = v.user_id LEFT JOIN users r ON r.id = v.reviewer_id`,
  columns: sql`v.id::text AS "id", v.user_id, u.username, u.nickname, v.real_name, v.id_card_masked, v.status, v.reason,
    v.reviewer_id, r.username AS reviewer_name, v.created_at, v.decided_at`,
  search: [sql`v.real_name`, sql`u.username`, sql`u.nickname`],
  filters: {
    status: { kind: 'eq', column: sql`v.status` },
    user_id: { kind: 'eq', column: sql`v.user_id` },
    created_at: { kind: 'range', column: sql`v.created_at` },
  },
  sorts: { created_at: sql`v.created_at`, decided_at: sql`v.decided_at` },
  nullable: ['decided_at'],
  defaultSort: { field: 'created_at', order: 'descend' },
  tiebreak: sql`v.id`,
  // not exported (exportable: false): the list is for reviewing
  exportColumns: [],
};

export class RealnameService {
  private vault: IdCardVault;

  constructor(
    private db: Db,
    secret: string,
    /** the reviewed user's log goes to the accounts module */
    private accounts: Pick<AccountService, 'log'>,
    private provider: RealnameProvider = new ReviewQueueProvider(),
  ) {
    this.vault = new IdCardVault(secret);
  }

  /** users being deleted (user admin): their records go too, so their ID numbers are free again */
  async forgetUsers(tx: Db | Tx, userIds: string[]) {
    if (userIds.length) await tx.execute(sql`DELETE FROM realname_verifications WHERE user_id = ANY(${textArray(userIds)})`);
  }

  /** for tests and a reviewer tool: the plain number of a record */
  async revealIdCard(id: number): Promise<string> {
    const [row] = await query<{ id_card_enc: string }>(this.db, sql`SELECT id_card_enc FROM realname_verifications WHERE id = ${id}`);
    if (!row) throw new AppError('NOT_FOUND');
    return this.vault.decrypt(row.id_card_enc);
  }

  private async attemptsUsed(tx: Db | Tx, userId: string): Promise<number> {
    const [r] = await query<{ n: string }>(
      tx,
      sql`SELECT count(*) AS n FROM realname_verifications
           WHERE user_id = ${userId} AND created_at > now() - make_interval(secs => ${REALNAME.WINDOW_S})`,
    );
    return Number(r.n);
  }

  async info(userId: string): Promise<RealnameInfo> {
    const [[latest], used] = await Promise.all([
      query<{
        real_name: string;
        id_card_masked: string;
        status: Exclude<RealnameStatus, 'none'>;
        reason: string | null;
        // drizzle's raw queries answer timestamps as PostgreSQL's text, not as Dates
        created_at: string;
        decided_at: string | null;
      }>(
        this.db,
        sql`SELECT real_name, id_card_masked, status, reason, created_at, decided_at FROM realname_verifications
             WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT 1`,
      ),
      this.attemptsUsed(this.db, userId),
    ]);
    const r = latest ? plain(latest) : null;
    return {
      status: latest?.status ?? 'none',
      realName: latest ? maskRealName(latest.real_name) : null,
      idCardMasked: latest?.id_card_masked ?? null,
      reason: latest?.reason ?? null,
      submittedAt: r?.created_at ?? null,
      decidedAt: r?.decided_at ?? null,
      attemptsLeftToday: Math.max(0, REALNAME.MAX_ATTEMPTS - used),
      maxAttempts: REALNAME.MAX_ATTEMPTS,
    };
  }

  /**
   * Checks and stores a submission as pending, then asks the provider. Errors name their
   * field (realName, idCard); the state errors (verified, pending, no attempts left) none.
   */
  async submit(userId: string, input: { realName: string; idCard: string }, lang: Lang): Promise<RealnameInfo> {
    const realName = normalizeRealName(input.realName);
    const nameError = checkRealName(realName);
    if (nameError) throw new AppError(nameError, { field: 'realName' });
    const idCard = normalizeIdCard(input.idCard);
    const idError = checkIdCard(idCard);
    if (idError) throw new AppError(idError, { field: 'idCard' });

    const record = {
      userId,
      realName,
      idCardHash: this.vault.hash(idCard),
      idCardEnc: this.vault.encrypt(idCard),
      idCardMasked: maskIdCard(idCard),
    };
    // a refused try is recorded, so it must commit: the error is thrown after the transaction
    let failure: AppError | undefined;
    const id = await this.db.transaction(async (tx) => {
      // one submission of an account at a time, so the checks below cannot be raced
      await tx.execute(xactLock(LOCKS.REALNAME_ATTEMPTS, userId));
      const [standing] = await query<{ status: string }>(
        tx,
        sql`SELECT status FROM realname_verifications
             WHERE user_id = ${userId} AND status IN ('pending', 'approved') ORDER BY id DESC LIMIT 1`,
      );
      if (standing?.status === 'approved') throw new AppError('REALNAME_ALREADY_VERIFIED');
      if (standing) throw new AppError('REALNAME_PENDING');
      if ((await this.attemptsUsed(tx, userId)) >= REALNAME.MAX_ATTEMPTS) throw new AppError('REALNAME_ATTEMPTS_EXCEEDED');
      try {
        // a savepoint: the unique index decides who holds the number, even under a race
        const [row] = await tx.transaction((sp) => sp.insert(realnameVerifications).values(record).returning({ id: realnameVerifications.id }));
        return row.id;
      } catch (e) {
        if (!isUniqueViolation(e, STANDING_KEY)) throw e;
        await tx.insert(realnameVerifications).values({
          ...record,
          status: 'rejected',
          reason: t(lang, 'error.IDCARD_TAKEN'),
          decidedAt: new Date(),
        });
        failure = new AppError('IDCARD_TAKEN', { field: 'idCard' });
        return null;
      }
    });
    if (failure || id === null) throw failure ?? new AppError('SYSTEM_ERROR');

    try {
      const decision = await this.provider.submit({ id, userId, realName, idCard });
      if (decision.status !== 'pending') {
        await this.db.execute(sql`UPDATE realname_verifications
             SET status = ${decision.status}, reason = ${decision.reason ?? null}, decided_at = now()
           WHERE id = ${id} AND status = 'pending'`);
      }
    } catch {
      // a provider that fails leaves the submission pending: the admins' queue decides it
    }
    return this.info(userId);
  }

  /** one row of the admin queue, or NOT_FOUND */
  async row(id: string, tx: Db | Tx = this.db): Promise<RealnameRow> {
    if (!/^\d{1,15}$/.test(id)) throw new AppError('NOT_FOUND');
    return fetchRow<RealnameRow>(tx, realnameList, sql`v.id`, Number(id));
  }

  /** an admin approves or rejects (a reason required) a pending submission */
  async decide(id: string, input: { decision: 'approve' | 'reject'; reason?: string | null }, reviewerId: string, client: ClientInfo): Promise<RealnameRow> {
    if (!/^\d{1,15}$/.test(id)) throw new AppError('NOT_FOUND');
    const reason = input.reason?.trim() || null;
    if (input.decision === 'reject' && !reason) throw new AppError('REALNAME_REASON_REQUIRED', { field: 'reason' });
    return this.db.transaction(async (tx) => {
      const [cur] = await query<{ status: string; user_id: string; username: string | null }>(
        tx,
        sql`SELECT v.status, v.user_id, u.username FROM realname_verifications v LEFT JOIN users u ON u.id = v.user_id
             WHERE v.id = ${Number(id)} FOR UPDATE OF v`,
      );
      if (!cur) throw new AppError('NOT_FOUND');
      if (cur.status !== 'pending') throw new AppError('REALNAME_NOT_PENDING');
      const approved = input.decision === 'approve';
      await tx.execute(sql`UPDATE realname_verifications
           SET status = ${approved ? 'approved' : 'rejected'}, reason = ${reason}, reviewer_id = ${reviewerId}, decided_at = now()
         WHERE id = ${Number(id)}`);
      // the reviewed user's log: 1 approved, 0 rejected
      await this.accounts.log(tx, 'realname-review', approved ? 1 : 0, client, { id: cur.user_id, username: cur.username });
      return this.row(id, tx);
    });
  }
}
