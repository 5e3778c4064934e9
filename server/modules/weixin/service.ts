/**
 * Weixin web sign-in: QR connect with the state checked, sign-in or sign-up by the
 * weixin account (unionid first, then openid), linking weixin to a signed-in account, and a
 * one-time ticket through which the console receives its tokens (tokens never travel in a
 * URL). Owns the oauth_states table; accounts (finding, creating, linking, the user log and
 * sessions) go through AccountService.
 *
 *   authorize  -> a random state (10 min, single use) and weixin's authorize URL
 *   callback   -> state spent; code exchanged; account found / registered / linked; for a
 *                 sign-in a ticket (60 s, stored as sha-256); the console page to go to
 *   ticket     -> the ticket spent, a session opened (the token bundle)
 *   unbind     -> refused when the account would keep no way to sign in
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { LOGIN_PAGE, UNI_ID_PAGES } from '../../../config/routes';
import { checkNickname } from '../../../shared/validation';
import { cutText } from '../../../shared/text';
import type { Config } from '../../config';
import { AppError, type ErrorCode } from '../../core/errors';
import type { Db } from '../../db';
import { oauthStates } from '../../db/schema';
import type { RegistrationPolicy } from '../auth/policy';
import { type LogType, statusErrorOf, type TokenBundle } from '../auth/identity';
import type { AccountService } from '../auth/service';
import { WeixinClient, type WeixinToken, type WeixinUser } from './client';
import type { ClientInfo } from '../../core/context';
import type { Tx } from '../../core/sql';
import { LOCKS, xactLock } from '../../core/locks';
import { isUniqueViolation } from '../../core/sql';

export const WEIXIN = {
  PROVIDER: 'weixin',
  /** the state of an authorize request lives 10 minutes */
  STATE_TTL_S: 600,
  /** the ticket the console exchanges for its tokens lives 60 s */
  TICKET_TTL_S: 60,
  /** spent and expired states are deleted after this long */
  KEEP_STATES_S: 24 * 3600,
  /** where a link or unlink comes back to (the console's userinfo page) */
  USERINFO_PAGE: `${UNI_ID_PAGES}/userinfo/userinfo`,
  /** longest console path accepted as the page to return to */
  REDIRECT_MAX: 1024,
} as const;

export type WeixinPurpose = 'login' | 'bind';

/** the user log's types for linking and unlinking (the reference: bind / unbind third party) */
const BIND_LOG: LogType = 'bind-weixin';
const UNBIND_LOG: LogType = 'unbind-weixin';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** a path inside the console ('/pages/...'), never another site ('//host', 'https://', '\') */
function isConsolePath(p: string): boolean {
  return p.length <= WEIXIN.REDIRECT_MAX && /^\/(?![/\\])[^\\\s]*$/.test(p);
}

/** the console page (hash route) with a query added */
function consolePage(path: string, params: Record<string, string | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const query = q.toString();
  return `/#${path}${query ? (path.includes('?') ? '&' : '?') + query : ''}`;
}

/** a weixin nickname as ours: the nickname rules (no '@', not all digits), at most 64 characters */
function nicknameOf(info: WeixinUser | null): string | null {
  const n = cutText(info?.nickname?.replace(/@/g, '').trim() ?? '', 64) || null;
  return n && !checkNickname(n) ? n : null;
}

type StateRow = typeof oauthStates.$inferSelect;

export class WeixinService {
  private client?: WeixinClient;

  constructor(
    private db: Db,
    private accounts: AccountService,
    config: Pick<Config, 'weixin'>,
    /** a first weixin sign-in is a self-registration: REGISTRATION and the registration caps apply */
    private registration: Pick<RegistrationPolicy, 'admit'>,
  ) {
    this.client = config.weixin ? new WeixinClient(config.weixin) : undefined;
  }

  get configured(): boolean {
    return !!this.client;
  }

  private weixin(): WeixinClient {
    if (!this.client) throw new AppError('WEIXIN_NOT_CONFIGURED');
    return this.client;
  }

  /**
   * A new state and weixin's authorize URL. `userId`: the signed-in account a link is for
   * (purpose bind). `redirect`: the console page to return to.
   */
  async authorize(input: { purpose: WeixinPurpose; redirect?: string; userId?: string; redirectUri: string }): Promise<{ url: string }> {
    const client = this.weixin();
    const redirect = input.redirect?.trim() || null;
    if (redirect && !isConsolePath(redirect)) throw new AppError('REDIRECT_INVALID', { field: 'redirect' });
    if (input.purpose === 'bind' && !input.userId) throw new AppError('uni-id-token-not-exist');
    const state = randomBytes(16).toString('hex');
    await this.db.transaction(async (tx) => {
      await tx.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date(Date.now() - WEIXIN.KEEP_STATES_S * 1000)));
      await tx.insert(oauthStates).values({
        state,
        provider: WEIXIN.PROVIDER,
        purpose: input.purpose,
        userId: input.purpose === 'bind' ? input.userId : null,
        redirect,
        expiresAt: new Date(Date.now() + WEIXIN.STATE_TTL_S * 1000),
      });
    });
    return { url: client.authorizeUrl(input.redirectUri, state) };
  }

  /**
   * weixin's redirect back (the redirect_uri): answers the console page to go to, with a
   * ticket (sign-in), weixinBound=1 (link) or weixinError=<CODE>. `unexpected` carries an
   * error that is a bug (for the log); the user still lands on a page that says it failed.
   */
  async callback(
    query: { code?: string; state?: string },
    client: ClientInfo,
    /** whether this browser is the one that asked for the state (its cookie; see routes.ts) */
    sameBrowser: (state: string) => boolean,
  ): Promise<{ location: string; ticket?: string; unexpected?: unknown }> {
    const state = typeof query.state === 'string' && /^[0-9a-f]{32}$/.test(query.state) ? query.state : null;
    const [known] = state
      ? await this.db
          .select()
          .from(oauthStates)
          .where(and(eq(oauthStates.state, state), eq(oauthStates.provider, WEIXIN.PROVIDER)))
      : [];
    // spent here, once: a second callback with it (a replay, a reload) changes nothing; a
    // state another browser asked for (a link passed on to someone else) is not even spent
    const [row] =
      known && sameBrowser(known.state)
        ? await this.db
            .update(oauthStates)
            .set({ usedAt: new Date() })
            .where(and(eq(oauthStates.state, known.state), isNull(oauthStates.usedAt), gt(oauthStates.expiresAt, new Date())))
            .returning()
        : [];
    const failed = (code: ErrorCode) => ({
      location: this.failurePage(known, code),
    });
    if (!row) return failed('WEIXIN_STATE_INVALID');
    if (!query.code) return failed('WEIXIN_CANCELLED');
    try {
      const token = await this.weixin().exchangeCode(query.code);
      if (row.purpose === 'bind') {
        await this.link(row, token, client);
        return { location: consolePage(row.redirect ?? WEIXIN.USERINFO_PAGE, { weixinBound: '1' }) };
      }
      const ticket = await this.signIn(row, token, client);
      return { location: consolePage(LOGIN_PAGE, { weixinTicket: ticket, uniIdRedirectUrl: row.redirect }), ticket };
    } catch (e) {
      if (e instanceof AppError) return failed(e.code);
      return { ...failed('SYSTEM_ERROR'), unexpected: e };
    }
  }

  private failurePage(row: StateRow | undefined, code: ErrorCode): string {
    if (row?.purpose === 'bind')
      return consolePage(row.redirect ?? WEIXIN.USERINFO_PAGE, {
        weixinError: code,
      });
    return consolePage(LOGIN_PAGE, {
      weixinError: code,
      uniIdRedirectUrl: row?.redirect,
    });
  }

  /** a transaction whose unique violation (the weixin account linked elsewhere meanwhile) is WEIXIN_ALREADY_BOUND */
  private async inTransaction(fn: (tx: Tx) => Promise<void>) {
    try {
      await this.db.transaction(fn);
    } catch (e) {
      if (isUniqueViolation(e)) throw new AppError('WEIXIN_ALREADY_BOUND');
      throw e;
    }
  }

  /**
   * Sign-in by weixin: the account holding this weixin, or (uni-id: registration on the first
   * weixin sign-in) a new one named after the weixin nickname, with defaultScore credits and no
   * password. Answers the one-time ticket; the session opens when the console spends it.
   */
  private async signIn(row: StateRow, token: WeixinToken, client: ClientInfo): Promise<string> {
    const w = { openid: token.openid, unionid: token.unionid || null };
    // the profile is only needed for a new account; fetched before the transaction holds locks
    const existing = await this.accounts.findByWeixin(this.db, w);
    if (!existing) await this.registration.admit(client.ip, 'weixin');
    const profile = existing ? null : await this.weixin().userInfo(token);
    if (!w.unionid && profile?.unionid) w.unionid = profile.unionid;

    const ticket = randomBytes(32).toString('base64url');
    let failure: AppError | undefined;
    await this.inTransaction(async (tx) => {
      // one sign-up per weixin account, however many callbacks race
      await tx.execute(xactLock(LOCKS.WEIXIN_IDENTITY, w.openid));
      let user = await this.accounts.findByWeixin(tx, w);
      if (user) {
        const status = statusErrorOf(user.status);
        if (status) {
          await this.accounts.log(tx, 'login', 0, client, user);
          failure = new AppError(status);
          return;
        }
        // found by unionid: remember this app's openid too (and a unionid learnt later)
        if (!user.wxOpenid || (w.unionid && !user.wxUnionid)) {
          user = await this.accounts.linkWeixin(tx, user.id, { openid: user.wxOpenid ?? w.openid, unionid: user.wxUnionid ?? w.unionid });
        }
      } else {
        const avatar = profile?.headimgurl && /^https?:\/\//.test(profile.headimgurl) ? { url: profile.headimgurl } : null;
        user = await this.accounts.createAccount(tx, { nickname: nicknameOf(profile), avatarFile: avatar, wxOpenid: w.openid, wxUnionid: w.unionid }, client);
      }
      await tx
        .update(oauthStates)
        .set({
          ticketHash: sha256(ticket),
          resultUserId: user.id,
          ticketExpiresAt: new Date(Date.now() + WEIXIN.TICKET_TTL_S * 1000),
        })
        .where(eq(oauthStates.state, row.state));
    });
    if (failure) throw failure;
    return ticket;
  }

  /** Links the weixin account to the account that asked (the state's user). */
  private async link(row: StateRow, token: WeixinToken, client: ClientInfo): Promise<void> {
    const w = { openid: token.openid, unionid: token.unionid || null };
    let failure: AppError | undefined;
    await this.inTransaction(async (tx) => {
      await tx.execute(xactLock(LOCKS.WEIXIN_IDENTITY, w.openid));
      const user = row.userId ? await this.accounts.lockAccount(tx, row.userId) : undefined;
      if (!user || statusErrorOf(user.status)) {
        failure = new AppError(user ? statusErrorOf(user.status) : 'ACCOUNT_NOT_FOUND');
        return;
      }
      const holder = await this.accounts.findByWeixin(tx, w);
      if (holder && holder.id !== user.id) {
        await this.accounts.log(tx, BIND_LOG, 0, client, user);
        failure = new AppError('WEIXIN_ALREADY_BOUND');
        return;
      }
      if (!holder && (user.wxOpenid || user.wxUnionid)) {
        await this.accounts.log(tx, BIND_LOG, 0, client, user);
        failure = new AppError('WEIXIN_OTHER_BOUND');
        return;
      }
      await this.accounts.linkWeixin(tx, user.id, w);
      await this.accounts.log(tx, BIND_LOG, 1, client, user);
    });
    if (failure) throw failure;
  }

  /** Spends a sign-in ticket: a session for the account the callback found or made. */
  async exchangeTicket(ticket: string, client: ClientInfo): Promise<TokenBundle> {
    let failure: AppError | undefined;
    const bundle = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(oauthStates)
        .where(and(eq(oauthStates.ticketHash, sha256(ticket)), eq(oauthStates.provider, WEIXIN.PROVIDER)))
        .for('update');
      if (!row || row.ticketUsedAt || !row.resultUserId || !row.ticketExpiresAt || row.ticketExpiresAt.getTime() <= Date.now()) {
        failure = new AppError('WEIXIN_TICKET_INVALID', { field: 'ticket' });
        return undefined;
      }
      await tx.update(oauthStates).set({ ticketUsedAt: new Date() }).where(eq(oauthStates.state, row.state));
      const user = await this.accounts.lockAccount(tx, row.resultUserId);
      const status = user ? statusErrorOf(user.status) : 'ACCOUNT_NOT_FOUND';
      if (!user || status) {
        if (user) await this.accounts.log(tx, 'login', 0, client, user);
        failure = new AppError(status!);
        return undefined;
      }
      const updated = await this.accounts.markSignedIn(tx, user.id, client);
      await this.accounts.log(tx, 'login', 1, client, updated);
      return this.accounts.sessions.openSession(tx, updated, client);
    });
    if (failure) throw failure;
    return bundle!;
  }

  /**
   * Unlinks weixin. Refused (WEIXIN_UNBIND_LAST_LOGIN) when the account would keep no way to
   * sign in: no password, no mobile (SMS code) and no email (retrieve-by-email).
   */
  async unbind(userId: string, client: ClientInfo): Promise<void> {
    let failure: AppError | undefined;
    await this.db.transaction(async (tx) => {
      const user = await this.accounts.lockAccount(tx, userId);
      if (!user || !(user.wxOpenid || user.wxUnionid)) {
        failure = new AppError('WEIXIN_NOT_BOUND');
        return;
      }
      if (!user.passwordHash && !user.mobile && !user.email) {
        await this.accounts.log(tx, UNBIND_LOG, 0, client, user);
        failure = new AppError('WEIXIN_UNBIND_LAST_LOGIN');
        return;
      }
      await this.accounts.unlinkWeixin(tx, user.id);
      await this.accounts.log(tx, UNBIND_LOG, 1, client, user);
    });
    if (failure) throw failure;
  }
}
