/**
 * Session actions (spec section 4): the shared refresher, the login-expired path, what
 * happens after a login, and logout.
 */
import { getLocale, history } from '@umijs/max';
import { LOGIN_PAGE } from '../../config/routes';
import { isAccountPage, loginUrl, REDIRECT_QUERY, redirectTarget } from '../guard';
import { SET_PWD } from '../uni_modules/uni-id-pages/common/paths';
import { emit } from '../shared/events';
import { toast } from '../shared/feedback';
import { t } from '../shared/i18n';
import { specLang } from '../shared/locale';
import { stepsBackPastAccountPages } from '../shared/nav-stack';
import { createRefresher } from '../shared/refresh';
import { SPEC } from '../shared/spec';
import { clearSession, readSession, saveScore, saveTokens, type Persistence } from '../shared/session';
import { callRefresh, getLoginConfig, logout as apiLogout, type TokenBundle } from './api';
import { withQuery } from './query-string';

export const currentLang = () => specLang(getLocale());

export const refreshSession = createRefresher({
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
 * then (spec section 4) the set-password page when setPasswordAfterLogin is on and the account
 * has no password, else on to where the login was going (navigateAfterLogin).
 */
export async function completeLogin(bundle: TokenBundle, search: string, opts: AfterLogin = {}) {
  saveTokens(bundle, { persistence: opts.persistence ?? (SPEC.PERSISTENCE_DEFAULT as Persistence) });
  saveScore(bundle.userInfo?.score);
  emit('login-success', { userInfo: bundle.userInfo });
  toast(t('auth.loginSucceeded'), 'success');
  if (bundle.userInfo && !bundle.userInfo.hasPassword) {
    const config = await getLoginConfig({ skipErrorHandler: true }).catch(() => null);
    if (config?.setPasswordAfterLogin) {
      history.replace(withQuery(SET_PWD, { [REDIRECT_QUERY]: redirectTarget(search), via: opts.via }));
      return;
    }
  }
  navigateAfterLogin(search, opts);
}

export interface AfterLogin {
  /** where to go instead of the redirect url */
  target?: string;
  /** a weixin login went through the provider's pages: it goes back three history steps */
  via?: 'weixin';
  /** where the login is kept: 'local' when the user ticked "keep me signed in" */
  persistence?: Persistence;
}

/**
 * Spec section 2: back to uniIdRedirectUrl; a weixin login goes back three history steps;
 * otherwise back past the login pages stacked, or to the first page.
 */
export function navigateAfterLogin(search: string, opts: AfterLogin = {}) {
  const target = opts.target ?? redirectTarget(search);
  if (target) {
    history.replace(target);
    return;
  }
  if (opts.via === 'weixin') {
    // the provider's page and the callback are two of the three; a tab opened on the login
    // page itself has nothing three steps back, and goes to the first page
    if (window.history.length > 3) history.go(-3);
    else history.replace('/');
    return;
  }
  const steps = stepsBackPastAccountPages(isAccountPage);
  if (steps) history.go(-steps);
  else history.replace('/');
}

/**
 * Logout: tells the server (the refresh token in the body, so that it is revoked even when the
 * access token has expired; then without the stale access token, so no refresh starts), clears
 * the login here whatever the answer, goes to the login page.
 */
export async function signOut() {
  const session = readSession();
  if (session.token || session.refreshToken) {
    const accessValid = !!session.token && session.tokenExpired > Date.now();
    try {
      await apiLogout(session.refreshToken, { skipErrorHandler: true, skipAuth: !accessValid, timeout: 5000 });
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
