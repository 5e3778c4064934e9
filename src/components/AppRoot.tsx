/**
 * Wraps every page (umi runtime `innerProvider`, inside the locale and model providers):
 * the theme's antd tokens (also for toasts and modals), the document title,
 * and the reactions to the login events.
 */
import { history, useIntl, useModel } from '@umijs/max';
import { ConfigProvider, message } from 'antd';
import { useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { matchConsoleRoute } from '../shared/routes';
import PageErrorBoundary from './PageErrorBoundary';
import { APP_NAME } from '../shared/app-info';
import { on } from '../shared/events';
import { setFeedbackHolder, setMessageApi } from '../shared/feedback';
import { currentPayload } from '../shared/session';
import { antdTheme, useTheme } from '../shared/theme';
import type { InitialState } from '../shared/app-state';

/** toasts render here (themed, translated); the static modal gets the same theme and locale */
function Feedback({ theme }: { theme: ReturnType<typeof antdTheme> }) {
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const [api, holder] = message.useMessage();
  useEffect(() => {
    setMessageApi(api);
    return () => setMessageApi(null);
  }, [api]);
  useEffect(() => {
    setFeedbackHolder((children) => (
      <ConfigProvider theme={theme} locale={locale} button={BUTTON}>
        {children}
      </ConfigProvider>
    ));
  }, [theme, locale]);
  return holder;
}

// antd spaces out a two-character Chinese label ("保 存") and no other: the same words as everywhere else
const BUTTON = { autoInsertSpace: false };

const subscribeHistory = (cb: () => void) => history.listen(cb);
const currentPath = () => history.location.pathname;

/** the page title: the route's title key in the chosen language */
function DocumentTitle() {
  const intl = useIntl();
  const pathname = useSyncExternalStore(subscribeHistory, currentPath, currentPath);
  useEffect(() => {
    const route = matchConsoleRoute(pathname);
    const title = route?.title ? intl.formatMessage({ id: route.title }) : '';
    document.title = title ? `${title} - ${APP_NAME}` : APP_NAME;
    document.documentElement.lang = intl.locale;
  }, [pathname, intl]);
  return null;
}

/** spec section 4: the user info loads again on a login-success event; logout clears it */
function SessionSync() {
  const { setInitialState, refresh } = useModel('@@initialState');
  const menu = useModel('menu');
  useEffect(() => {
    const offLogin = on('login-success', ({ userInfo }) => {
      setInitialState((s: InitialState | undefined) => ({
        ...(s as InitialState),
        currentUser: (userInfo as InitialState['currentUser']) ?? null,
        tokenPayload: currentPayload(),
      }));
      refresh();
    });
    const signedOut = () => {
      setInitialState((s: InitialState | undefined) => ({ ...(s as InitialState), currentUser: null, tokenPayload: null }));
      menu.clear();
    };
    const offLogout = on('logout', signedOut);
    const offExpired = on('login-expired', signedOut);
    return () => {
      offLogin();
      offLogout();
      offExpired();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

/** account pages have no frame: their load failures are caught here */
function RootBoundary({ children }: { children: ReactNode }) {
  const pathname = useSyncExternalStore(subscribeHistory, currentPath, currentPath);
  return <PageErrorBoundary resetKey={pathname}>{children}</PageErrorBoundary>;
}

export default function AppRoot({ children }: { children: ReactNode }) {
  const [theme] = useTheme();
  const themeConfig = useMemo(() => antdTheme(theme), [theme]);
  return (
    <ConfigProvider theme={themeConfig} button={BUTTON}>
      <Feedback theme={themeConfig} />
      <SessionSync />
      <DocumentTitle />
      <RootBoundary>{children}</RootBoundary>
    </ConfigProvider>
  );
}
