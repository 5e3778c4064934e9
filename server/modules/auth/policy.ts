/**
 * The deployment's sign-in and sign-up settings, enforced by the server: the login types of
 * LOGIN_TYPES, REGISTRATION=open|closed, and the registration caps (per IP per day, per minute
 * for the whole site) counted from the user log's 'register' rows.
 */
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { AppError } from '../../core/errors';
import type { Tx } from '../../core/sql';
import type { Db } from '../../db';
import { LOCKS } from '../../core/locks';

export class RegistrationPolicy {
  constructor(
    private db: Db,
    private config: Config,
  ) {}

  get open() {
    return this.config.registrationOpen;
  }

  /**
   * Before a self-registration (register, register-by-email): REGISTRATION_CLOSED, then the
   * caps (REGISTER_LIMIT per IP and day, REGISTER_BUSY per minute for the site), each on `field`.
   * Checked before the captcha or code is spent, so a refused sign-up costs the user nothing;
   * counted again under a lock in the sign-up's own transaction (admitIn), so sign-ups racing
   * at the edge cannot pass together.
   */
  async admit(ip: string, field: string): Promise<void> {
    if (!this.open) throw new AppError('REGISTRATION_CLOSED', { field });
    await this.assertUnderCaps(this.db, ip, field);
  }

  /**
   * The caps again, inside the transaction that creates the account: one sign-up at a time
   * counts and inserts (a transaction-scoped advisory lock), so the caps hold exactly.
   */
  async admitIn(tx: Tx, ip: string, field: string): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCKS.SIGN_UPS})`);
    await this.assertUnderCaps(tx, ip, field);
  }

  private async assertUnderCaps(db: Db | Tx, ip: string, field: string): Promise<void> {
    const { rows } = await db.execute<{ ip_day: string; site_minute: string }>(sql`
      SELECT count(*) FILTER (WHERE ip = ${ip}) AS ip_day,
             count(*) FILTER (WHERE created_at > now() - interval '1 minute') AS site_minute
        FROM user_logs
       WHERE type = 'register' AND state = 1 AND created_at > now() - interval '1 day'`);
    const { limits } = this.config;
    if (Number(rows[0].site_minute) >= limits.registrationsPerMinute) throw new AppError('REGISTER_BUSY', { field });
    if (Number(rows[0].ip_day) >= limits.registrationsPerIpPerDay) throw new AppError('REGISTER_LIMIT', { field });
  }

  /**
   * SMS sign-in registers an unknown number: then it is a registration like the others, and
   * with registration closed the number has no account (ACCOUNT_NOT_FOUND on mobile).
   * `mobile` is already checked (checkMobileField).
   */
  async admitMobile(mobile: string, ip: string): Promise<void> {
    const { rows } = await this.db.$client.query(`SELECT 1 FROM users WHERE mobile = $1 LIMIT 1`, [mobile]);
    if (rows.length) return;
    if (!this.open) throw new AppError('ACCOUNT_NOT_FOUND', { field: 'mobile' });
    await this.admit(ip, 'mobile');
  }
}
