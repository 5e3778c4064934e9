/**
 * Session actions (spec section 4): the shared refresher, the login-expired path, what
 * happens after a login, and logout.
 */
import { getLocale, history } from '@umijs/max';
import { LOGIN_PAGE } from '../../config/routes';
import { isAccountPage, loginUrl, redirectTarget } from '../guard';
import { emit } from '../shared/events';
import { toast } from '../shared/feedback';
import { t } from '../shared/i18n';
import { specLang } from '../shared/locale';
import { stepsBackPastAccountPages } from '../shared/nav-stack';
import { createRefresher } from '../shared/refresh';
import { clearSession, defaultStore, readSession, saveScore, saveTokens } from '../shared/session';
import { callRefresh, logout as apiLogout, type TokenBundle } from './api';

export const currentLang = () => specLang(getLocale());

export const refreshSession = createRefresher({
  store: defaultStore(),
  callRefresh: (refreshToken) => callRefresh(refreshToken, currentLang()),
  onRefreshed: (bundle) => saveScore((bundle as TokenBundle).userInfo?.score),
});

let redirecting = false;

/**
 * Spec: on an invalid or expired token the user is sent to the login page and the pending url
 * is kept. The stored login is cleared; parallel failures redirect once.
 */
export function goToLoginExpired(code: string) {
  clearSession();
  emit('login-expired', { code });
  const { pathname, search } = history.location;
  if (redirecting || isAccountPage(pathname)) return;
  redirecting = true;
  setTimeout(() => {
    redirecting = false;
  }, 1000);
  toast(t('auth.loginExpired'), 'warning');
  history.replace(loginUrl(pathname + search));
}

/**
 * After login: tokens stored, the user info refreshed (login-success event), the success toast,
 * then back to uniIdRedirectUrl, or back past the login pages, or to the first page.
 */
export function completeLogin(bundle: TokenBundle, search: string, opts: { target?: string } = {}) {
  saveTokens(bundle);
  saveScore(bundle.userInfo?.score);
  emit('login-success', { userInfo: bundle.userInfo });
  toast(t('auth.loginSucceeded'), 'success');
  const target = opts.target ?? redirectTarget(search);
  if (target) {
    history.replace(target);
    return;
  }
  const steps = stepsBackPastAccountPages(isAccountPage);
  if (steps) history.go(-steps);
  else history.replace('/');
}

/** Logout: calls logout while the token is valid, clears the login, goes to the login page. */
export async function signOut() {
  const session = readSession();
  if (session.token && session.tokenExpired > Date.now()) {
    try {
      await apiLogout(session.refreshToken, { skipErrorHandler: true, timeout: 5000 });
    } catch {
      /* the local sign-out goes ahead */
    }
  }
  clearSession();
  emit('logout', undefined);
  history.replace(LOGIN_PAGE);
}

/**
 * The server has already ended this login (password changed, account closed): clear it here,
 * say why, and go to `to` (a login page).
 */
export function endLocalSession(message: string, to: string = LOGIN_PAGE) {
  clearSession();
  emit('logout', undefined);
  toast(message, 'success');
  history.replace(to);
}

/** account pages that need a login send an anonymous visitor to the login page and back */
export function requireLogin(pathname: string, search = ''): boolean {
  const session = readSession();
  if (session.token || session.refreshToken) return true;
  history.replace(loginUrl(pathname + search));
  return false;
}
