/**
 * The login guard (spec section 2).
 *  - Pages need a login, except any path containing login, uni-id-pages, register or retrieve.
 *  - Without a valid token (missing, or expired by its exp) the user goes to the login page
 *    (LOGIN_PAGE, the password-less one) with `uniIdRedirectUrl=<pending path and query>`.
 *    When only the access token has expired and a refresh token is kept, the session is
 *    renewed first ('refresh'), and the login page comes only if that fails.
 *  - After login the user returns to that url; otherwise back past the login pages, or '/'.
 */
import { LOGIN_PAGE } from '../config/routes';
import { queryString, withQuery } from './services/query-string';
import { hasValidToken, type StoredSession } from './shared/session';

const GUARD_EXCLUDES = ['login', 'uni-id-pages', 'register', 'retrieve'] as const;
export const REDIRECT_QUERY = 'uniIdRedirectUrl';

/** whether the page at this path needs a login (only the path counts, not the query) */
export function needsLogin(pathname: string): boolean {
  const path = pathname.split('?')[0];
  return !GUARD_EXCLUDES.some((part) => path.includes(part));
}

/** login, register and retrieve pages (the ones a finished login leaves behind) */
export function isAccountPage(pathname: string): boolean {
  return /\/uni-id-pages\/pages\/(login|register|retrieve)\//.test(pathname.split('?')[0]);
}

/** the login page url carrying the pending url */
export function loginUrl(pending: string | null | undefined, loginPage: string = LOGIN_PAGE): string {
  if (!pending || pending === '/' || isAccountPage(pending)) return loginPage;
  return withQuery(loginPage, { [REDIRECT_QUERY]: pending });
}

export type GuardDecision = { kind: 'allow' } | { kind: 'refresh' } | { kind: 'login'; to: string };

export function guardDecision(
  location: { pathname: string; search?: string },
  session: StoredSession,
  now: number = Date.now(),
  loginPage: string = LOGIN_PAGE,
): GuardDecision {
  if (!needsLogin(location.pathname)) return { kind: 'allow' };
  if (hasValidToken(session, now)) return { kind: 'allow' };
  if (session.refreshToken) return { kind: 'refresh' };
  return { kind: 'login', to: loginUrl(location.pathname + (location.search ?? ''), loginPage) };
}

/**
 * The url to return to after login, read from the login page's query; only in-app paths
 * (a single leading '/'), never another account page.
 */
export function redirectTarget(search: string | null | undefined): string | null {
  if (!search) return null;
  const raw = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search).get(REDIRECT_QUERY);
  if (!raw) return null;
  let url = raw;
  // tolerate a doubly encoded value
  if (/^%2F/i.test(url)) {
    try {
      url = decodeURIComponent(url);
    } catch {
      return null;
    }
  }
  if (!url.startsWith('/') || url.startsWith('//') || url.includes('\\')) return null;
  if (isAccountPage(url)) return null;
  return url;
}

/** the query carrying the pending url on to another account page ('' when there is none) */
export function carryRedirect(search: string | null | undefined): string {
  const target = redirectTarget(search);
  return queryString({ [REDIRECT_QUERY]: target });
}
