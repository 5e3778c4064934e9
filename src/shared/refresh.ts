/**
 * Renewing the access token with the refresh token (POST /api/auth/refresh).
 *  - one refresh in flight at a time; parallel callers share it;
 *  - when the stored token is no longer the one the caller used and is still valid (another
 *    request or another tab already rotated it), that token is used without a call;
 *  - across tabs the refresh runs under a Web Lock where the browser has them, because the
 *    server rotates refresh tokens and a second use of the old one would fail;
 *  - only an invalid or expired refresh token (spec section 8) ends the login: the stored
 *    login is cleared and the refresh rejects with LoginExpiredError;
 *  - a refresh that fails for a network error, a timeout or a server error keeps the login
 *    and rejects with RefreshUnavailableError; the next request tries again.
 */
import { isLoginExpiredCode, LoginExpiredError, RefreshUnavailableError } from './auth-errors';
import { clearSession, defaultStores, hasValidToken, readSession, saveTokens, type SessionStores } from './session';

export interface TokenBundle {
  token: string;
  refreshToken: string;
  userInfo?: unknown;
}

/** how a refresh call failed: the server's code (and HTTP status) or a transport failure */
export interface RefreshFailure {
  errorCode: string;
  errorMessage?: string;
  status?: number;
}

export interface RefresherDeps {
  stores?: SessionStores;
  /** performs the refresh call; rejects with a RefreshFailure (or anything) on failure */
  callRefresh: (refreshToken: string) => Promise<TokenBundle>;
  now?: () => number;
  onRefreshed?: (bundle: TokenBundle) => void;
  /** cross-tab mutual exclusion; defaults to navigator.locks when present */
  lock?: <T>(fn: () => Promise<T>) => Promise<T>;
}

export type Refresher = (usedToken?: string | null) => Promise<string>;

const LOCK_NAME = 'uni-id-refresh-token';

function browserLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManager }).locks : undefined;
  if (locks?.request) return locks.request(LOCK_NAME, fn) as Promise<T>;
  return fn();
}

function failureOf(e: unknown): Partial<RefreshFailure> {
  return e && typeof e === 'object' ? (e as Partial<RefreshFailure>) : {};
}

/**
 * Whether the server refused the refresh token itself. A 4xx other than 408/429 also counts
 * (the stored token is malformed: asking again cannot help); 5xx, timeouts and transport
 * failures do not.
 */
export function refreshTokenRefused(e: unknown): boolean {
  const { errorCode, status } = failureOf(e);
  if (typeof errorCode === 'string' && isLoginExpiredCode(errorCode)) return true;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

export function createRefresher(deps: RefresherDeps): Refresher {
  const now = deps.now ?? Date.now;
  const lock = deps.lock ?? browserLock;
  const stores = () => deps.stores ?? defaultStores();
  let inflight: Promise<string> | null = null;

  /** a valid stored token other than the one that failed */
  const rotatedElsewhere = (usedToken: string | null | undefined): string | null => {
    const s = readSession(stores());
    return s.token && s.token !== usedToken && hasValidToken(s, now()) ? s.token : null;
  };

  return function refresh(usedToken) {
    if (inflight) return inflight;
    const already = rotatedElsewhere(usedToken);
    if (already) return Promise.resolve(already);

    inflight = lock(async () => {
      // another tab may have finished a refresh while this one waited for the lock
      const meanwhile = rotatedElsewhere(usedToken);
      if (meanwhile) return meanwhile;
      const { refreshToken } = readSession(stores());
      if (!refreshToken) {
        clearSession(stores());
        throw new LoginExpiredError('uni-id-token-not-exist');
      }
      let bundle: TokenBundle;
      try {
        bundle = await deps.callRefresh(refreshToken);
      } catch (e) {
        const rescued = rotatedElsewhere(usedToken);
        if (rescued) return rescued;
        const failure = failureOf(e);
        if (!refreshTokenRefused(e)) throw new RefreshUnavailableError(failure.errorCode ?? 'NETWORK_ERROR', failure.errorMessage);
        clearSession(stores());
        const code = typeof failure.errorCode === 'string' && isLoginExpiredCode(failure.errorCode) ? failure.errorCode : 'INVALID_REFRESH_TOKEN';
        throw new LoginExpiredError(code);
      }
      saveTokens(bundle, {}, stores());
      deps.onRefreshed?.(bundle);
      return bundle.token;
    }).finally(() => {
      inflight = null;
    });
    return inflight;
  };
}
