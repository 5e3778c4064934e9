/**
 * Test stand-in for '@umijs/max' (umi's generated barrel needs its runtime). Same names and
 * shapes as the parts the console uses:
 *  - history (a memory history), Link / useLocation / Outlet / Navigate (react-router);
 *  - useIntl / getIntl / getLocale / setLocale over the real catalogues (locales/*.json),
 *    formatted with intl-messageformat, the formatter umi's react-intl uses;
 *  - useModel: models registered by the test (setModel);
 *  - useAccess: the app's access object for the signed-in test user;
 *  - request: answered by the test's handler (setRequestHandler).
 */
import { createMemoryHistory, type MemoryHistory } from 'history';
import IntlMessageFormat from 'intl-messageformat';
import { useSyncExternalStore, type ReactNode } from 'react';
import { Router } from 'react-router-dom';
import access from '@/access';
import { decodeToken, readSession } from '@/shared/session';
import en from '../../../locales/en-US.json';
import zhCN from '../../../locales/zh-CN.json';
import zhTW from '../../../locales/zh-TW.json';

export { Link, Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router-dom';

// ---- history -------------------------------------------------------------------------
/** umi's app data: no routes to preload under test */
export const useAppData = () => ({});
export { matchRoutes } from 'react-router-dom';

export let history: MemoryHistory = createMemoryHistory();

export function resetHistory(path = '/') {
  history = createMemoryHistory({ initialEntries: [path] });
  historyListeners.forEach((l) => l());
}
const historyListeners = new Set<() => void>();

/** renders children inside a router driven by `history` (follows resetHistory too) */
export function TestRouter({ children }: { children: ReactNode }) {
  const h = useSyncExternalStore(
    (cb) => {
      historyListeners.add(cb);
      const off = history.listen(cb);
      return () => {
        historyListeners.delete(cb);
        off();
      };
    },
    () => history.location,
  );
  return (
    <Router navigator={history} location={h}>
      {children}
    </Router>
  );
}

// ---- locale ---------------------------------------------------------------------------
const catalogues: Record<string, Record<string, string>> = { 'en-US': en, 'zh-CN': zhCN, 'zh-TW': zhTW };
let locale = 'en-US';
const localeListeners = new Set<() => void>();

function makeIntl(loc: string) {
  const messages = catalogues[loc] ?? catalogues['en-US'];
  return {
    locale: loc,
    messages,
    formatMessage({ id }: { id: string }, values?: Record<string, unknown>): string {
      const text = messages[id];
      if (text === undefined) return id;
      return String(new IntlMessageFormat(text, loc).format(values as Record<string, string>));
    },
  };
}
let intl = makeIntl(locale);

export const getLocale = () => locale;
export function setLocale(next: string, _reload = true) {
  locale = next;
  localStorage.setItem('umi_locale', next);
  intl = makeIntl(next);
  localeListeners.forEach((l) => l());
}
export const getIntl = () => intl;
/** umi's addLocale: merges messages into a language (the admin pages add their own catalogues) */
export function addLocale(name: string, messages: Record<string, string>) {
  catalogues[name] = { ...(catalogues[name] ?? {}), ...messages };
  if (name === locale) {
    intl = makeIntl(locale);
    localeListeners.forEach((l) => l());
  }
}
export function useIntl() {
  return useSyncExternalStore(
    (cb) => {
      localeListeners.add(cb);
      return () => localeListeners.delete(cb);
    },
    () => intl,
  );
}

// ---- models ---------------------------------------------------------------------------
const models = new Map<string, unknown>();
export function setModel(name: string, value: unknown) {
  models.set(name, value);
}
export function useModel(name: string) {
  if (!models.has(name)) throw new Error(`test model '${name}' not set (setModel)`);
  return models.get(name);
}

// ---- access ---------------------------------------------------------------------------
/** the app's access object for the signed-in test user (signIn in ./system: the token's roles and permissions) */
export function useAccess() {
  return access({ tokenPayload: decodeToken(readSession().token) });
}

// ---- request --------------------------------------------------------------------------
export type RequestHandler = (url: string, opts: Record<string, unknown>) => Promise<unknown>;
let handler: RequestHandler = async (url) => {
  throw new Error(`unexpected request ${url}`);
};
export function setRequestHandler(h: RequestHandler) {
  handler = h;
}
export const request = (url: string, opts: Record<string, unknown> = {}) => handler(url, opts);
export const getRequestInstance = () => {
  throw new Error('not in tests');
};
export type RequestConfig = Record<string, unknown>;

export function resetUmiStandIn() {
  setLocale('en-US');
  models.clear();
  resetHistory('/');
  setRequestHandler(async (url) => {
    throw new Error(`unexpected request ${url}`);
  });
}
