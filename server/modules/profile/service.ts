/**
 * Self-service profile actions: binding an email with an emailed code, and the webview
 * allow-list. The users table belongs to the accounts module: binding goes through AccountService.
 */
import { checkEmail } from '../../../shared/validation';
import type { TokenPayload } from '../../core/auth';
import type { ClientInfo } from '../../core/context';
import { AppError } from '../../core/errors';
import type { Db } from '../../db';
import type { LogType, UserInfo } from '../auth/identity';
import type { AccountService } from '../auth/service';
import type { VerificationService } from '../verify/service';
import { isUniqueViolation } from '../../core/sql';

// the user log's type for this action (AccountService's LogType names the sign-in ones)
const BIND_EMAIL: LogType = 'bind-email';

export class ProfileService {
  constructor(
    private db: Db,
    private accounts: AccountService,
    private verification: VerificationService,
  ) {}

  /**
   * Binds (or changes) the caller's email: the address must be free, then the 'bind-email' code
   * mailed to it is spent, then the email is set and marked confirmed. Answers the user info.
   */
  async bindEmail(auth: TokenPayload, input: { email: string; code: string }, client: ClientInfo): Promise<UserInfo> {
    const email = input.email.trim().toLowerCase();
    if (!email || checkEmail(email)) throw new AppError('EMAIL_INVALID', { field: 'email' });
    const takenByOther = async () => {
      const holder = await this.accounts.emailHolder(email);
      return !!holder && holder !== auth.uid;
    };
    if (await takenByOther()) throw new AppError('ACCOUNT_EXISTS', { field: 'email' });
    await this.verification.useCode({ scene: 'bind-email', target: email, code: input.code });
    try {
      const user = await this.db.transaction(async (tx) => {
        const u = await this.accounts.setConfirmedEmail(tx, auth.uid, email);
        if (!u) throw new AppError('uni-id-check-token-failed');
        await this.accounts.log(tx, BIND_EMAIL, 1, client, u);
        return u;
      });
      return this.accounts.toUserInfo(user, await this.accounts.permissionsFor(user.role));
    } catch (e) {
      // bound to another account in the meantime
      if (isUniqueViolation(e)) throw new AppError('ACCOUNT_EXISTS', { field: 'email' });
      throw e;
    }
  }
}

export interface WebviewDecision {
  allowed: boolean;
  /** the address as it will be framed (normalised), or the input when it is not a usable URL */
  url: string;
  /** why not: 'invalid' (not an absolute http(s) URL, or with credentials), 'not-listed' */
  reason?: 'invalid' | 'not-listed';
}

/** the origins of the allow-list entries (entries that are not URLs are ignored) */
export function allowedOrigins(list: string[]): Set<string> {
  const out = new Set<string>();
  for (const entry of list) {
    try {
      const u = new URL(entry);
      if (u.protocol === 'https:' || u.protocol === 'http:') out.add(u.origin);
    } catch {
      /* not a URL: ignored */
    }
  }
  return out;
}

/**
 * The webview's decision: an absolute http(s) URL whose origin (scheme, host and port) is
 * exactly one of the listed origins. So https only, unless an origin is listed with http; no
 * sub-domains, no look-alikes; user:password@ URLs are refused. Nothing here redirects.
 */
export function checkWebviewUrl(allow: Set<string>, raw: string): WebviewDecision {
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return { allowed: false, url: raw, reason: 'invalid' };
  }
  if ((u.protocol !== 'https:' && u.protocol !== 'http:') || u.username || u.password) return { allowed: false, url: raw, reason: 'invalid' };
  return allow.has(u.origin) ? { allowed: true, url: u.href } : { allowed: false, url: u.href, reason: 'not-listed' };
}
