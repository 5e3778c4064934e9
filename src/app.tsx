/**
 * umi runtime configuration of the console.
 *  - getInitialState: app state (spec section 3) and the user info on launch when logged in;
 *  - request: the request layer (services/request-layer.ts) with the real dependencies;
 *  - locale: the chosen language (stored choice, browser language, fallback en); render waits
 *    for its catalogue when it is not English (src/shared/catalogues.ts);
 *  - innerProvider: theme, toasts/modals, document title, login events (components/AppRoot);
 *  - onRouteChange: the page stack for the back button and the after-login return.
 * The error log (shared/error-log.ts) listens from the start; the console reports its signed-in
 * users' use (shared/stat-client.ts: launches, page views, JS errors) once the page has loaded.
 * The login guard lives in src/layouts/index.tsx (every page that needs a login has the frame).
 */
import { getRequestInstance, type RequestConfig } from '@umijs/max';
import type { ReactNode } from 'react';
import AppRoot from './components/AppRoot';
import { getMe } from './services/api';
import { currentLang, goToLoginExpired, refreshSession } from './services/auth';
import { createRequestConfig } from './services/request-layer';
import { APP_ID, APP_NAME } from './shared/app-info';
import type { InitialState } from './shared/app-state';
import { noticeModal, toast } from './shared/feedback';
import { t } from './shared/i18n';
import { installErrorLog } from './shared/error-log';
import { loadCatalogue } from './shared/catalogues';
import { browserLocale } from './shared/locale';
import { recordNavigation, type NavAction } from './shared/nav-stack';
import { currentPayload, readSession, saveScore } from './shared/session';
import { reportConsoleUse } from './shared/stat-client';
import { SPEC } from './shared/spec';
import { initTheme } from './shared/theme';

const theme = initTheme();
installErrorLog();
reportConsoleUse();

export async function getInitialState(): Promise<InitialState> {
  const base: InitialState = { appName: APP_NAME, appid: APP_ID, theme, currentUser: null, tokenPayload: null };
  const session = readSession();
  if (!session.token && !session.refreshToken) return base;
  try {
    // an expired access token is renewed by the request layer on the way
    const currentUser = await getMe({ skipErrorHandler: true });
    saveScore(currentUser.score);
    return { ...base, currentUser, tokenPayload: currentPayload() };
  } catch {
    // token errors already took the login-expired path; otherwise the page shows its own errors
    return { ...base, tokenPayload: currentPayload() };
  }
}

export const request = createRequestConfig({
  getToken: () => readSession().token,
  acceptLanguage: currentLang,
  refresh: refreshSession,
  retry: (config) => getRequestInstance().request(config),
  onLoginExpired: goToLoginExpired,
  toast: (text) => toast(text, 'error'),
  modal: (title, content) => noticeModal(title, content),
  t,
  timeoutMs: SPEC.REQUEST_TIMEOUT_MS,
}) as unknown as RequestConfig;

export const locale = {
  getLocale: browserLocale,
};

/** the first render waits for the chosen language's catalogue (English on failure: keys never show) */
export function render(oldRender: () => void) {
  loadCatalogue(browserLocale()).then(oldRender, oldRender);
}

export function innerProvider(container: ReactNode) {
  return <AppRoot>{container}</AppRoot>;
}

export function onRouteChange({ location, action }: { location: { pathname: string; search: string }; action: NavAction }) {
  recordNavigation(location.pathname + location.search, action);
}
