/**
 * Sessions: every sign-in path ends in openSession (access token, rotating refresh token, user
 * info); refresh rotates, logout and revocation end them. Owns the sessions and refresh_tokens rows.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { cutText } from '../../../shared/text';
import { AUTH } from '../../config';
import type { TokenPayload, TokenService } from '../../core/auth';
import type { ClientInfo } from '../../core/context';
import { AppError } from '../../core/errors';
import type { Tx } from '../../core/sql';
import type { Db } from '../../db';
import { refreshTokens, sessions, users } from '../../db/schema';
import { assertAppAuthorized, MAX_SESSIONS_PER_USER, permissionsFor, sha256, type TokenBundle, toUserInfo, type User, writeUserLog } from './identity';

export class SessionService {
  constructor(
    private db: Db,
    private tokens: TokenService,
  ) {}

  /** stores a refresh token of the session (a random one unless given); a token stored already stays as it is */
  private async issueRefreshToken(tx: Db | Tx, sessionId: string, refreshToken = randomBytes(32).toString('base64url')): Promise<string> {
    await tx
      .insert(refreshTokens)
      .values({
        sessionId,
        tokenHash: sha256(refreshToken),
        expiresAt: new Date(Date.now() + AUTH.REFRESH_TOKEN_TTL_S * 1000),
      })
      .onConflictDoNothing({ target: refreshTokens.tokenHash });
    return refreshToken;
  }

  /**
   * A new session for this user: access token, refresh token and user info (every sign-in path
   * ends here). Refuses an account not authorized for the console; ends the user's oldest open
   * sessions beyond MAX_SESSIONS_PER_USER.
   */
  async openSession(tx: Tx, user: User, client: ClientInfo): Promise<TokenBundle> {
    assertAppAuthorized(user);
    const [session] = await tx
      .insert(sessions)
      .values({ userId: user.id, ip: client.ip, ua: client.ua && cutText(client.ua, 512) })
      .returning();
    await tx.execute(sql`
      UPDATE sessions SET revoked_at = now()
       WHERE user_id = ${user.id} AND revoked_at IS NULL
         AND id NOT IN (SELECT id FROM sessions WHERE user_id = ${user.id} AND revoked_at IS NULL
                         ORDER BY created_at DESC, (id = ${session.id}) DESC LIMIT ${MAX_SESSIONS_PER_USER})`);
    const permission = await permissionsFor(tx, user.role);
    const { token } = await this.tokens.sign({ uid: user.id, sid: session.id, role: user.role, permission });
    const refreshToken = await this.issueRefreshToken(tx, session.id);
    return { token, refreshToken, userInfo: toUserInfo(user, permission) };
  }

  /**
   * Rotates a refresh token: the old one is spent, a new one issued in the same session, and
   * the access token re-computed (a changed role reaches the user here). A spent token shown
   * again within the grace period gets the same pair again: the successor is derived from the
   * old token (TokenService.derive) and the access token signed at the first rotation's second,
   * so a lost answer never forks a second live chain. After the grace period it is a replay: the
   * session is revoked.
   */
  async refresh(refreshToken: string): Promise<TokenBundle> {
    let failure: AppError | undefined;
    const bundle = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
        .for('update');
      if (!row) {
        failure = new AppError('INVALID_REFRESH_TOKEN');
        return undefined;
      }
      const graceful = row.usedAt && Date.now() - row.usedAt.getTime() <= AUTH.REFRESH_REUSE_GRACE_S * 1000;
      if (row.usedAt && !graceful) {
        await tx
          .update(sessions)
          .set({ revokedAt: new Date() })
          .where(and(eq(sessions.id, row.sessionId), isNull(sessions.revokedAt)));
        failure = new AppError('INVALID_REFRESH_TOKEN');
        return undefined;
      }
      if (row.expiresAt.getTime() <= Date.now()) {
        failure = new AppError('REFRESH_TOKEN_EXPIRED');
        return undefined;
      }
      const [joined] = await tx
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.id, row.sessionId));
      if (!joined || joined.session.revokedAt || joined.user.status !== 0) {
        failure = new AppError('INVALID_REFRESH_TOKEN');
        return undefined;
      }
      try {
        assertAppAuthorized(joined.user);
      } catch (e) {
        failure = e as AppError;
        return undefined;
      }
      // the first use starts the grace period; a retry inside it does not extend it
      let rotatedAt = row.usedAt;
      if (!rotatedAt) {
        rotatedAt = new Date();
        await tx.update(refreshTokens).set({ usedAt: rotatedAt }).where(eq(refreshTokens.id, row.id));
      }
      const user = joined.user;
      const permission = await permissionsFor(tx, user.role);
      const { token } = await this.tokens.sign({ uid: user.id, sid: row.sessionId, role: user.role, permission }, Math.floor(rotatedAt.getTime() / 1000));
      const next = await this.issueRefreshToken(tx, row.sessionId, this.tokens.derive('refresh-successor', refreshToken));
      return { token, refreshToken: next, userInfo: toUserInfo(user, permission) };
    });
    if (failure) throw failure;
    return bundle!;
  }

  /**
   * Ends the caller's session: the access token's, and the one `refreshToken` belongs to (known
   * to this server, spent or not), so signing out works even once the access token has expired.
   * With neither: ANONYMOUS_CANNOT_LOGOUT.
   */
  async logout(auth: TokenPayload | undefined, refreshToken: string | undefined, client: ClientInfo): Promise<void> {
    let failure: AppError | undefined;
    await this.db.transaction(async (tx) => {
      const ended = new Map<string, string>();
      if (auth) ended.set(auth.sid, auth.uid);
      if (refreshToken) {
        const [r] = await tx
          .select({ sid: sessions.id, uid: sessions.userId })
          .from(refreshTokens)
          .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
          .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
        if (r) ended.set(r.sid, r.uid);
      }
      if (!ended.size) {
        failure = new AppError('ANONYMOUS_CANNOT_LOGOUT');
        return;
      }
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(inArray(sessions.id, [...ended.keys()]), isNull(sessions.revokedAt)));
      const who = await tx
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(inArray(users.id, [...new Set(ended.values())]));
      for (const u of who) await writeUserLog(tx, 'logout', 1, client, u);
    });
    if (failure) throw failure;
  }

  /** Ends every session of the user: earlier access and refresh tokens stop working. */
  async revokeAll(tx: Tx, userId: string) {
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  }

  /**
   * User administration: ends every session of these users at once, so their access
   * and refresh tokens stop working (status changes, an admin's password reset).
   */
  async revokeSessions(tx: Db | Tx, userIds: string[]) {
    if (!userIds.length) return;
    await tx.update(users).set({ validTokenDate: new Date() }).where(inArray(users.id, userIds));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(inArray(sessions.userId, userIds), isNull(sessions.revokedAt)));
  }
}
