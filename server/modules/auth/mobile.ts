/**
 * The account flows over a mobile number (uni-id): sign-in by SMS code (registers unknown
 * numbers), binding a number, and setting a first password with a code sent to the bound
 * number. Retrieve by SMS is AccountService.resetPasswordWithCode. Each flow checks its fields,
 * then `verify` (the code: spent only once the fields pass), then writes in one transaction.
 */
import { and, eq, ne } from 'drizzle-orm';
import { checkPassword, isMobile } from '../../../shared/validation';
import type { ClientInfo } from '../../core/context';
import { AppError } from '../../core/errors';
import type { Tx } from '../../core/sql';
import type { Db } from '../../db';
import { users } from '../../db/schema';
import { hashPassword } from './passwords';
import { statusErrorOf, type TokenBundle, type UserInfo } from './identity';
import type { AccountService } from './service';
import { isUniqueViolation } from '../../core/sql';

type Verify = (target: string) => Promise<void>;

export function checkMobileField(mobile: string): string {
  const m = mobile.trim();
  if (!isMobile(m)) throw new AppError('MOBILE_INVALID', { field: 'mobile' });
  return m;
}

function checkNewPassword(input: { password: string; password2: string }) {
  const p = checkPassword(input.password);
  if (p) throw new AppError(p, { field: 'password' });
  if (input.password !== input.password2) throw new AppError('PASSWORD_MISMATCH', { field: 'password2' });
}

export class MobileAccountService {
  constructor(
    private db: Db,
    private accounts: AccountService,
  ) {}

  /** the account of this number, creating it (no password) when there is none */
  private async findOrRegister(tx: Tx, mobile: string, client: ClientInfo) {
    const [found] = await tx.select().from(users).where(eq(users.mobile, mobile)).limit(1).for('update');
    if (found) return found;
    return this.accounts.createAccount(tx, { mobile, mobileConfirmed: true }, client);
  }

  /**
   * login-smscode: the code (scene login) signs in to the account of the number; an unknown
   * number is registered first. Status 1-4 refuses the sign-in as the password login does.
   */
  async loginBySms(input: { mobile: string }, client: ClientInfo, verify: Verify): Promise<TokenBundle> {
    const mobile = checkMobileField(input.mobile);
    await verify(mobile);
    let failure: AppError | undefined;
    const attempt = () =>
      this.db.transaction(async (tx) => {
        const user = await this.findOrRegister(tx, mobile, client);
        const refused = statusErrorOf(user.status);
        if (refused) {
          await this.accounts.log(tx, 'login', 0, client, user);
          failure = new AppError(refused);
          return undefined;
        }
        const updated = await this.accounts.markSignedIn(tx, user.id, client, { mobileConfirmed: true });
        await this.accounts.log(tx, 'login', 1, client, updated);
        return this.accounts.sessions.openSession(tx, updated, client);
      });
    let bundle: TokenBundle | undefined;
    try {
      bundle = await attempt();
    } catch (e) {
      // the same number registered in the meantime: now it is found
      if (!isUniqueViolation(e)) throw e;
      bundle = await attempt();
    }
    if (failure) throw failure;
    return bundle!;
  }

  /** bind-mobile: the code (scene bind-mobile) proves the number; one account per number */
  async bindMobile(uid: string, input: { mobile: string }, client: ClientInfo, verify: Verify): Promise<UserInfo> {
    const mobile = checkMobileField(input.mobile);
    const taken = async (tx: Db | Tx) => {
      const other = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.mobile, mobile), ne(users.id, uid)))
        .limit(1);
      if (other.length) throw new AppError('ACCOUNT_EXISTS', { field: 'mobile' });
    };
    await taken(this.db);
    await verify(mobile);
    try {
      await this.db.transaction(async (tx) => {
        const [u] = await tx
          .update(users)
          .set({ mobile, mobileConfirmed: true })
          .where(eq(users.id, uid))
          .returning({ id: users.id, username: users.username });
        await this.accounts.log(tx, 'bind-mobile', 1, client, u);
      });
    } catch (e) {
      if (isUniqueViolation(e)) await taken(this.db);
      throw e;
    }
    return this.accounts.me(uid);
  }

  /**
   * set-pwd: a first password for an account that has none (SMS or weixin sign-up), proven by
   * a code sent to its bound number (scene set-pwd). The current session stays.
   */
  async setPassword(uid: string, input: { password: string; password2: string }, client: ClientInfo, verify: Verify): Promise<UserInfo> {
    const [u] = await this.db.select().from(users).where(eq(users.id, uid));
    if (!u) throw new AppError('uni-id-check-token-failed');
    if (u.passwordHash) throw new AppError('PASSWORD_ALREADY_SET');
    if (!u.mobile) throw new AppError('MOBILE_NOT_BOUND', { field: 'mobile' });
    checkNewPassword(input);
    const passwordHash = await hashPassword(input.password);
    await verify(u.mobile);
    let failure: AppError | undefined;
    await this.db.transaction(async (tx) => {
      // a password set in the meantime (another tab) is not overwritten
      const [row] = await tx.select({ hash: users.passwordHash }).from(users).where(eq(users.id, uid)).for('update');
      if (row?.hash) {
        failure = new AppError('PASSWORD_ALREADY_SET');
        return;
      }
      await tx.update(users).set({ passwordHash }).where(eq(users.id, uid));
      await this.accounts.log(tx, 'set-pwd', 1, client, u);
    });
    if (failure) throw failure;
    return this.accounts.me(uid);
  }
}
