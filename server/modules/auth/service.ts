/**
 * Account rules (uni-id semantics): the one way an account is created, password sign-in with
 * lockout, super-admin registration, password change and reset, and account close. Sessions are
 * sessions.ts's; who a user is (user info, permissions, the user log) is identity.ts's.
 */
import { eq, or, sql } from 'drizzle-orm';
import { BUILT_IN_LEDGER_REASONS } from '../../../shared/ledger-reasons';
import { ADMIN_ROLE } from '../../../shared/permissions';
import { checkEmail, checkNickname, checkPassword, checkUsername, isEmail, isMobile } from '../../../shared/validation';
import { cutText } from '../../../shared/text';
import { AUTH, LOGIN_CONFIG } from '../../config';
import { type StandingAccess, type TokenPayload, type TokenService } from '../../core/auth';
import type { ClientInfo } from '../../core/context';
import { AppError } from '../../core/errors';
import { isUniqueViolation, textArray, type Tx } from '../../core/sql';
import type { Db } from '../../db';
import { users } from '../../db/schema';
import type { CreditService } from '../credits/service';
import { dummyHash, hashPassword, verifyPassword } from './passwords';
import type { RegistrationPolicy } from './policy';
import { LOCKS } from '../../core/locks';
import {
  assertAppAuthorized,
  type LogType,
  type NewAccount,
  permissionsFor,
  statusErrorOf,
  toUserInfo,
  type User,
  type UserInfo,
  type TokenBundle,
  type WeixinIdentity,
  writeUserLog,
} from './identity';
import type { SessionService } from './sessions';

/** the reference's username, nickname and password rules, each failure on its field */
function checkNewAccount(input: { username?: string; nickname?: string | null; password: string; password2: string }) {
  const username = input.username?.trim().toLowerCase();
  const nickname = input.nickname?.trim() || null;
  if (username !== undefined) {
    const e = checkUsername(username);
    if (e) throw new AppError(e, { field: 'username' });
  }
  const n = checkNickname(nickname);
  if (n) throw new AppError(n, { field: 'nickname' });
  const p = checkPassword(input.password);
  if (p) throw new AppError(p, { field: 'password' });
  if (input.password !== input.password2) throw new AppError('PASSWORD_MISMATCH', { field: 'password2' });
  return { username, nickname };
}

/** the form field a refused sign-up names: the one the person typed */
const capField = (f: NewAccount) => (f.username ? 'username' : f.email ? 'email' : f.mobile ? 'mobile' : 'weixin');

/** what the roles of a users row `u` grant (none listed for an admin); `admin`: the parameter holding ADMIN_ROLE */
const permissionsOf = (admin: string) =>
  `CASE WHEN ${admin} = ANY(u.role) THEN '{}'::text[] ELSE ARRAY(SELECT DISTINCT x FROM roles r CROSS JOIN LATERAL unnest(r.permission) x WHERE r.role_id = ANY(u.role) ORDER BY x) END`;

export class AccountService {
  constructor(
    private db: Db,
    private tokens: TokenService,
    /** the registration caps, counted again under a lock in each sign-up's transaction */
    private registration: Pick<RegistrationPolicy, 'admitIn'> | undefined,
    /** the ledger, which writes the starting credits */
    private credits: Pick<CreditService, 'post'>,
    /** every sign-in ends in a session of its own */
    readonly sessions: SessionService,
  ) {}

  /** Admin tokens carry permission []; others the union of their roles' permissions. */
  permissionsFor(roleIds: string[], tx: Db | Tx = this.db): Promise<string[]> {
    return permissionsFor(tx, roleIds);
  }

  toUserInfo(u: User, permission: string[]): UserInfo {
    return toUserInfo(u, permission);
  }

  /**
   * Confirms, per request, that the token's session and user still stand, and reads the user's
   * current roles and the union of their roles' permissions (as permissionsFor: [] for admins):
   * the access check uses these, never the token's copies, so a demotion counts at once. The same
   * round trip reads the sum of change_counters (users, roles, tags), which the list cache
   * compares with the version its entry was computed under (server/core/list/cache.ts). A named
   * statement: parsed and planned once per connection.
   */
  async assertTokenStands(p: TokenPayload): Promise<StandingAccess & { dataVersion: string }> {
    const { rows } = await this.db.$client.query<{ status: number; revoked: boolean; role: string[]; permission: string[]; version: string }>({
      name: 'assert-token-stands',
      text: `SELECT u.status, s.revoked_at IS NOT NULL AS revoked, u.role,
                    ${permissionsOf('$3')} AS permission,
                    (SELECT sum(n) FROM change_counters)::text AS version
               FROM sessions s JOIN users u ON u.id = s.user_id
              WHERE s.id = $1 AND u.id = $2`,
      values: [p.sid, p.uid, ADMIN_ROLE],
    });
    const row = rows[0];
    if (!row) throw new AppError('uni-id-check-token-failed');
    if (row.revoked || row.status !== 0) throw new AppError('uni-id-token-expired');
    return { role: row.role, permission: row.permission, dataVersion: row.version };
  }

  /**
   * a user's roles and what they grant (none listed for an admin, who holds all), as a token
   * standing gets them, and whether the account is open; an unknown user has none and is not
   */
  async accessOf(userId: string): Promise<StandingAccess & { active: boolean }> {
    const { rows } = await this.db.$client.query<StandingAccess & { active: boolean }>({
      name: 'access-of',
      text: `SELECT u.role, u.status = 0 AS active,
                    ${permissionsOf('$2')} AS permission
               FROM users u WHERE u.id = $1`,
      values: [userId, ADMIN_ROLE],
    });
    return rows[0] ?? { role: [], permission: [], active: false };
  }

  log(tx: Db | Tx, type: LogType, state: 0 | 1, client: ClientInfo, user?: { id: string | null; username: string | null }) {
    return writeUserLog(tx, type, state, client, user);
  }

  /**
   * The one way an account comes into being (self-registration, register-admin, SMS and weixin
   * sign-up, the admin's user form): the row, then its starting credits. `registeredFrom`: the
   * person signed up themselves from there (register IP, the user log's register entry); such a
   * sign-up is held to the registration caps (`capped`, all but register-admin's first admin).
   */
  async createAccount(tx: Tx, fields: NewAccount, registeredFrom?: ClientInfo, { capped = true } = {}): Promise<User> {
    if (registeredFrom && capped) await this.registration?.admitIn(tx, registeredFrom.ip, capField(fields));
    const [row] = await tx
      .insert(users)
      .values({ ...fields, registerIp: registeredFrom?.ip ?? null })
      .returning({ id: users.id });
    const user = await this.grantStartingCredits(tx, row.id);
    if (registeredFrom) await this.log(tx, 'register', 1, registeredFrom, user);
    return user;
  }

  /** LOGIN_CONFIG.defaultScore credits for a new account: its first ledger entry */
  private async grantStartingCredits(tx: Tx, userId: string): Promise<User> {
    if (LOGIN_CONFIG.defaultScore > 0) {
      await this.credits.post(tx, {
        userId,
        kind: 'grant',
        amount: LOGIN_CONFIG.defaultScore,
        key: `register:${userId}`,
        reason: BUILT_IN_LEDGER_REASONS.register,
        refType: 'register',
      });
    }
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    return user;
  }

  /** the account, locked for the rest of the transaction (undefined: none) */
  async lockAccount(tx: Tx, userId: string): Promise<User | undefined> {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    return user;
  }

  /** a successful sign-in: the last sign-in date and IP */
  async markSignedIn(tx: Tx, userId: string, client: ClientInfo, also: Partial<Pick<User, 'mobileConfirmed'>> = {}): Promise<User> {
    const [user] = await tx
      .update(users)
      .set({ lastLoginDate: new Date(), lastLoginIp: client.ip, ...also })
      .where(eq(users.id, userId))
      .returning();
    return user;
  }

  /** the account holding this weixin identity: unionid first (the same person through another app), then openid */
  async findByWeixin(tx: Db | Tx, w: WeixinIdentity): Promise<User | undefined> {
    if (!w.unionid) return (await tx.select().from(users).where(eq(users.wxOpenid, w.openid)).limit(1))[0];
    const [user] = await tx
      .select()
      .from(users)
      .where(or(eq(users.wxUnionid, w.unionid), eq(users.wxOpenid, w.openid)))
      .orderBy(sql`(${users.wxUnionid} IS NOT DISTINCT FROM ${w.unionid}) DESC`)
      .limit(1);
    return user;
  }

  /** links the weixin identity to the account (a unique index keeps it on one account) */
  async linkWeixin(tx: Tx, userId: string, w: WeixinIdentity): Promise<User> {
    const [user] = await tx
      .update(users)
      .set({ wxOpenid: w.openid, wxUnionid: w.unionid ?? null })
      .where(eq(users.id, userId))
      .returning();
    return user;
  }

  async unlinkWeixin(tx: Tx, userId: string): Promise<void> {
    await tx.update(users).set({ wxOpenid: null, wxUnionid: null }).where(eq(users.id, userId));
  }

  /** the id of the account holding this (lower-case) email, if any */
  async emailHolder(email: string): Promise<string | undefined> {
    const [u] = await this.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return u?.id;
  }

  /** sets the account's email, confirmed (the caller proved it with a code); undefined: no such account */
  async setConfirmedEmail(tx: Tx, userId: string, email: string): Promise<User | undefined> {
    const [u] = await tx.update(users).set({ email, emailConfirmed: true }).where(eq(users.id, userId)).returning();
    return u;
  }

  /** deleted roles leave every account in the same transaction */
  async dropRoles(tx: Tx, roleIds: string[]): Promise<void> {
    const arr = textArray(roleIds);
    await tx.execute(sql`UPDATE users SET role = ARRAY(SELECT x FROM unnest(role) x WHERE x <> ALL(${arr})) WHERE role && ${arr}`);
  }

  /** deleted tags leave every account in the same transaction */
  async dropTags(tx: Tx, tagIds: string[]): Promise<void> {
    const arr = textArray(tagIds);
    await tx.execute(sql`UPDATE users SET tags = ARRAY(SELECT x FROM unnest(tags) x WHERE x <> ALL(${arr})) WHERE tags && ${arr}`);
  }

  async countAccounts(): Promise<number> {
    const [r] = await this.db.select({ n: sql<number>`count(*)::int` }).from(users);
    return r.n;
  }

  async lastSignInOf(userId: string): Promise<Date | null> {
    const [u] = await this.db.select({ at: users.lastLoginDate }).from(users).where(eq(users.id, userId));
    return u?.at ?? null;
  }

  /**
   * An active admin (role admin, status 0) exists. Disabled or closed admins do not count:
   * they cannot sign in, so with only those left register-admin reopens (the way back in).
   */
  async adminExists(tx: Db | Tx = this.db): Promise<boolean> {
    const rows = await tx.execute(sql`SELECT 1 FROM users WHERE ${ADMIN_ROLE} = ANY(role) AND status = 0 LIMIT 1`);
    return rows.rows.length > 0;
  }

  /**
   * Refuses (LAST_ADMIN) a change after which no active admin would remain: with none,
   * register-admin would open to anyone. `leaving`: the accounts that stop being active admins
   * (deleted, demoted, disabled, closed). Serialised with register-admin through its lock.
   */
  async assertActiveAdminRemains(tx: Tx, leaving: string[]): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCKS.ADMINS})`);
    const { rows } = await tx.execute<{ leaving: number; rest: number }>(sql`
      SELECT count(*) FILTER (WHERE id = ANY(${textArray(leaving)}))::int AS leaving,
             count(*) FILTER (WHERE id <> ALL(${textArray(leaving)}))::int AS rest
        FROM users WHERE ${ADMIN_ROLE} = ANY(role) AND status = 0`);
    if (rows[0].leaving > 0 && rows[0].rest === 0) throw new AppError('LAST_ADMIN');
  }

  /** spec: register-admin works only while no active admin exists (adminExists) */
  async registerAdmin(input: { username: string; nickname?: string; password: string; password2: string }, client: ClientInfo): Promise<TokenBundle> {
    const { nickname } = checkNewAccount(input);
    const username = input.username.trim().toLowerCase();
    const passwordHash = await hashPassword(input.password);

    return this.db.transaction(async (tx) => {
      // two simultaneous registrations must not both create an admin
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCKS.ADMINS})`);
      if (await this.adminExists(tx)) throw new AppError('ADMIN_EXISTS');
      const taken = await tx.select({ id: users.id }).from(users).where(eq(users.username, username));
      if (taken.length) throw new AppError('ACCOUNT_EXISTS', { field: 'username' });
      const user = await this.createAccount(
        tx,
        { username, nickname, passwordHash, role: [ADMIN_ROLE], lastLoginDate: new Date(), lastLoginIp: client.ip },
        client,
        { capped: false },
      );
      return this.sessions.openSession(tx, user, client);
    });
  }

  private findByAccount(tx: Db | Tx, account: string) {
    const a = account.trim();
    const where = isMobile(a) ? eq(users.mobile, a) : isEmail(a) ? eq(users.email, a.toLowerCase()) : eq(users.username, a.toLowerCase());
    // the row lock serialises attempts on one account, so the lockout count cannot be raced
    return tx.select().from(users).where(where).limit(1).for('update');
  }

  /**
   * Failed sign-ins of this account (by user id, or by the name typed when no account has it,
   * so both look alike from outside) from this IP within `windowS`, since the last success.
   * `alsoChangePwd`: wrong old passwords on change-password count too (the lockout: a stolen
   * access token must not make a password-guessing oracle).
   */
  private async recentFailures(tx: Tx, who: { userId: string | null; username: string }, ip: string, windowS: number, alsoChangePwd = false): Promise<number> {
    const match = who.userId ? sql`user_id = ${who.userId}` : sql`user_id IS NULL AND username = ${who.username}`;
    const types = alsoChangePwd ? sql`type IN ('login', 'change-pwd')` : sql`type = 'login'`;
    const { rows } = await tx.execute<{ n: string }>(sql`
      SELECT count(*) AS n FROM user_logs
       WHERE ${match} AND ip = ${ip} AND ${types} AND state = 0
         AND created_at > now() - make_interval(secs => ${windowS})
         AND created_at > coalesce((SELECT max(created_at) FROM user_logs
                                     WHERE ${match} AND ip = ${ip} AND type = 'login' AND state = 1),
                                   '-infinity')`);
    return Number(rows[0].n);
  }

  /**
   * Password sign-in. After AUTH.CAPTCHA_AFTER_FAILURES failures of this account from this IP
   * within AUTH.CAPTCHA_FAILURE_WINDOW_S the image captcha is required (`checkCaptcha`, scene
   * login): without one CAPTCHA_REQUIRED, a wrong one CAPTCHA_INVALID, neither counted as a
   * failure. After AUTH.MAX_LOGIN_FAILURES within the lockout window: PASSWORD_ERROR_EXCEED_LIMIT.
   */
  async login(
    input: { username: string; password: string | null; captchaId?: string; captcha?: string },
    client: ClientInfo,
    checkCaptcha: (given: { captchaId?: string; captcha?: string }) => Promise<void> = async () => {},
  ): Promise<TokenBundle> {
    const password = input.password ?? ''; // spec: a null password counts as an empty string
    const typed = cutText(input.username.trim().toLowerCase(), 64);
    // failures are recorded even though the sign-in itself fails, so they commit on their own
    let failure: AppError | undefined;
    const bundle = await this.db.transaction(async (tx) => {
      const [user] = await this.findByAccount(tx, input.username);
      const who = { userId: user?.id ?? null, username: typed };
      const logAs = user ?? { id: null, username: typed };
      if ((await this.recentFailures(tx, who, client.ip, AUTH.LOGIN_FAILURE_WINDOW_S, true)) >= AUTH.MAX_LOGIN_FAILURES) {
        await this.log(tx, 'login', 0, client, logAs);
        failure = new AppError('PASSWORD_ERROR_EXCEED_LIMIT');
        return undefined;
      }
      if ((await this.recentFailures(tx, who, client.ip, AUTH.CAPTCHA_FAILURE_WINDOW_S)) >= AUTH.CAPTCHA_AFTER_FAILURES) {
        if (!input.captchaId || !input.captcha?.trim()) {
          failure = new AppError('CAPTCHA_REQUIRED', { field: 'captcha' });
          return undefined;
        }
        try {
          await checkCaptcha({ captchaId: input.captchaId, captcha: input.captcha });
        } catch (e) {
          failure = e as AppError;
          return undefined;
        }
      }
      // a full verify whether or not there is a hash to check: no account and a password-less
      // account (SMS, weixin sign-up) take as long as a wrong password
      const matches = await verifyPassword(user?.passwordHash ?? (await dummyHash()), password);
      if (!user?.passwordHash || !matches) {
        await this.log(tx, 'login', 0, client, logAs);
        failure = new AppError('PASSWORD_ERROR', { field: 'password' });
        return undefined;
      }
      const statusError = statusErrorOf(user.status);
      if (statusError) {
        await this.log(tx, 'login', 0, client, user);
        failure = new AppError(statusError);
        return undefined;
      }
      try {
        assertAppAuthorized(user);
      } catch (e) {
        await this.log(tx, 'login', 0, client, user);
        failure = e as AppError;
        return undefined;
      }
      const updated = await this.markSignedIn(tx, user.id, client);
      await this.log(tx, 'login', 1, client, user);
      return this.sessions.openSession(tx, updated, client);
    });
    if (failure) throw failure;
    return bundle!;
  }

  async me(uid: string): Promise<UserInfo> {
    const [u] = await this.db.select().from(users).where(eq(users.id, uid));
    if (!u) throw new AppError('uni-id-check-token-failed');
    return this.toUserInfo(u, await this.permissionsFor(u.role));
  }

  /** An admin's password reset (same rules as a change): every earlier token stops working. */
  async resetPassword(tx: Tx, userId: string, password: string, client: ClientInfo) {
    const p = checkPassword(password);
    if (p) throw new AppError(p, { field: 'password' });
    const passwordHash = await hashPassword(password);
    const [u] = await tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning({ id: users.id, username: users.username });
    await this.sessions.revokeSessions(tx, [userId]);
    await this.log(tx, 'reset-pwd', 1, client, u);
  }

  async changePassword(auth: TokenPayload, input: { oldPassword: string; newPassword: string; newPassword2: string }, client: ClientInfo) {
    const p = checkPassword(input.newPassword);
    if (p) throw new AppError(p, { field: 'newPassword' });
    if (input.newPassword !== input.newPassword2) throw new AppError('PASSWORD_MISMATCH', { field: 'newPassword2' });
    const passwordHash = await hashPassword(input.newPassword);
    let failure: AppError | undefined;
    await this.db.transaction(async (tx) => {
      const [u] = await tx.select().from(users).where(eq(users.id, auth.uid)).for('update');
      // wrong old passwords count towards the sign-in lockout, and the lockout holds here too
      const who = { userId: auth.uid, username: u?.username ?? '' };
      if ((await this.recentFailures(tx, who, client.ip, AUTH.LOGIN_FAILURE_WINDOW_S, true)) >= AUTH.MAX_LOGIN_FAILURES) {
        failure = new AppError('PASSWORD_ERROR_EXCEED_LIMIT');
        return;
      }
      if (!u || !(await verifyPassword(u.passwordHash, input.oldPassword))) {
        await this.log(tx, 'change-pwd', 0, client, u);
        failure = new AppError('PASSWORD_ERROR', { field: 'oldPassword' });
        return;
      }
      await tx.update(users).set({ passwordHash, validTokenDate: new Date() }).where(eq(users.id, u.id));
      await this.sessions.revokeAll(tx, u.id);
      await this.log(tx, 'change-pwd', 1, client, u);
    });
    if (failure) throw failure;
  }

  /**
   * Self-registration (register, register-by-email): the reference's field rules, then
   * `verify` (the captcha or the emailed code, spent only once the fields pass), then whether
   * the username or email is taken (only after the check, so the form cannot be used to list
   * accounts), then the new account with LOGIN_CONFIG.defaultScore credits, signed in.
   */
  async register(
    input: { username?: string; email?: string; nickname?: string; password: string; password2: string },
    client: ClientInfo,
    verify: () => Promise<void>,
  ): Promise<TokenBundle> {
    const { username, nickname } = checkNewAccount(input);
    const email = input.email?.trim().toLowerCase();
    if (email !== undefined && checkEmail(email)) throw new AppError('EMAIL_INVALID', { field: 'email' });
    const taken = async (tx: Db | Tx) => {
      if (username && (await tx.select({ id: users.id }).from(users).where(eq(users.username, username))).length) {
        throw new AppError('ACCOUNT_EXISTS', { field: 'username' });
      }
      if (email && (await tx.select({ id: users.id }).from(users).where(eq(users.email, email))).length) {
        throw new AppError('ACCOUNT_EXISTS', { field: 'email' });
      }
    };
    const passwordHash = await hashPassword(input.password);
    await verify();
    await taken(this.db);
    try {
      return await this.db.transaction(async (tx) => {
        const user = await this.createAccount(
          tx,
          {
            username: username ?? null,
            nickname,
            email: email ?? null,
            emailConfirmed: !!email,
            passwordHash,
            lastLoginDate: new Date(),
            lastLoginIp: client.ip,
          },
          client,
        );
        return this.sessions.openSession(tx, user, client);
      });
    } catch (e) {
      // a registration of the same name in the meantime
      if (isUniqueViolation(e)) await taken(this.db);
      throw e;
    }
  }

  /**
   * Retrieve (retrieve-by-email, retrieve by SMS): the new password's rules, then `verify` (the
   * code sent to that address or number), then the reset, which ends every earlier session.
   */
  async resetPasswordWithCode(
    by: { field: 'email' | 'mobile'; value: string },
    input: { password: string; password2: string },
    client: ClientInfo,
    verify: () => Promise<void>,
  ) {
    const value = by.field === 'email' ? by.value.trim().toLowerCase() : by.value.trim();
    const p = checkPassword(input.password);
    if (p) throw new AppError(p, { field: 'password' });
    if (input.password !== input.password2) throw new AppError('PASSWORD_MISMATCH', { field: 'password2' });
    await verify();
    await this.db.transaction(async (tx) => {
      const column = by.field === 'email' ? users.email : users.mobile;
      const [u] = await tx.select({ id: users.id }).from(users).where(eq(column, value)).for('update');
      if (!u) throw new AppError('ACCOUNT_NOT_FOUND', { field: by.field });
      await this.resetPassword(tx, u.id, input.password, client);
    });
  }

  /**
   * Closes the account (status 4) and revokes its tokens (the reference forgot the latter).
   * The last active admin cannot close their own account (LAST_ADMIN).
   */
  async closeAccount(auth: TokenPayload, client: ClientInfo) {
    await this.db.transaction(async (tx) => {
      await this.assertActiveAdminRemains(tx, [auth.uid]);
      const [u] = await tx
        .update(users)
        .set({ status: 4, validTokenDate: new Date() })
        .where(eq(users.id, auth.uid))
        .returning({ id: users.id, username: users.username });
      await this.sessions.revokeAll(tx, auth.uid);
      await this.log(tx, 'deactivate', 1, client, u);
    });
  }
}
