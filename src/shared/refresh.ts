/**
 * Renewing the access token with the refresh token (POST /api/auth/refresh).
 *  - one refresh in flight at a time; parallel callers share it;
 *  - when the stored token is no longer the one the caller used and is still valid (another
 *    request or another tab already rotated it), that token is used without a call;
 *  - across tabs the refresh runs under a Web Lock where the browser has them, because the
 *    server rotates refresh tokens and a second use of the old one would fail;
 *  - a failed refresh clears the stored login and rejects with LoginExpiredError.
 */
import { LoginExpiredError } from './auth-errors';
import { clearSession, hasValidToken, readSession, saveTokens, type KeyValueStore } from './session';

export interface TokenBundle {
  token: string;
  refreshToken: string;
  userInfo?: unknown;
}

export interface RefresherDeps {
  store: KeyValueStore;
  /** performs the refresh call; rejects with `{ errorCode }` (or anything) on failure */
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

function codeOf(e: unknown): string | undefined {
  if (e && typeof e === 'object' && 'errorCode' in e && typeof (e as { errorCode: unknown }).errorCode === 'string') {
    return (e as { errorCode: string }).errorCode;
  }
  return undefined;
}

export function createRefresher(deps: RefresherDeps): Refresher {
  const now = deps.now ?? Date.now;
  const lock = deps.lock ?? browserLock;
  let inflight: Promise<string> | null = null;

  /** a valid stored token other than the one that failed */
  const rotatedElsewhere = (usedToken: string | null | undefined): string | null => {
    const s = readSession(deps.store);
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
      const { refreshToken } = readSession(deps.store);
      if (!refreshToken) {
        clearSession(deps.store);
        throw new LoginExpiredError('uni-id-token-not-exist');
      }
      let bundle: TokenBundle;
      try {
        bundle = await deps.callRefresh(refreshToken);
      } catch (e) {
        const rescued = rotatedElsewhere(usedToken);
        if (rescued) return rescued;
        clearSession(deps.store);
        throw new LoginExpiredError(codeOf(e) ?? 'REFRESH_TOKEN_EXPIRED');
      }
      saveTokens(bundle, deps.store);
      deps.onRefreshed?.(bundle);
      return bundle.token;
    }).finally(() => {
      inflight = null;
    });
    return inflight;
  };
}
