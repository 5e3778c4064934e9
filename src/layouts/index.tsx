/**
 * The console frame (umi's global layout: wraps every route except those with layout: false,
 * i.e. frame 'none'): top bar 48px, left menu 240px (hidden for frame 'topOnly').
 * It is also where the login guard runs (src/guard.ts) and where a route's access rule is
 * checked; while the guard decides, nothing of the page renders (no stray requests): the
 * loading component shows (the skeleton on a full load).
 */
import { history, Outlet, useLocation, useModel } from '@umijs/max';
import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { checkAccess } from '../access';
import Loading, { isFrameDrawn } from '../loading';
import { guardDecision } from '../guard';
import { goToLoginExpired, refreshSession } from '../services/auth';
import type { InitialState } from '../shared/app-state';
import { requestErrorOf, requestErrorText } from '../services/request-layer';
import { LoginExpiredError, RefreshUnavailableError } from '../shared/auth-errors';
import { toast } from '../shared/feedback';
import { t, useT } from '../shared/i18n';
import { SPEC } from '../shared/spec';
import { frameOf, matchConsoleRoute } from '../shared/routes';
import { currentPayload, readSession } from '../shared/session';
import Frame from './Frame';

/**
 * true once the page may render; otherwise the guard is redirecting or renewing the session.
 * A renewal that fails for the network (not for the refresh token) keeps the login: the error
 * shows, the page renders, and its requests renew again.
 */
function useLoginGuard(pathname: string, search: string): boolean {
  const [renewed, setRenewed] = useState(0);
  const [unreachable, setUnreachable] = useState(false);
  const decision = guardDecision({ pathname, search }, readSession());
  const kind = decision.kind;
  const loginTarget = decision.kind === 'login' ? decision.to : '';
  useEffect(() => {
    if (kind === 'login') {
      history.replace(loginTarget);
    } else if (kind === 'refresh' && !unreachable) {
      let live = true;
      refreshSession(readSession().token).then(
        () => live && setRenewed((n) => n + 1),
        (e) => {
          if (!live) return;
          if (e instanceof RefreshUnavailableError) {
            toast(requestErrorText(requestErrorOf(e), t, SPEC.REQUEST_TIMEOUT_MS), 'error');
            setUnreachable(true);
          } else {
            goToLoginExpired(e instanceof LoginExpiredError ? e.code : 'REFRESH_TOKEN_EXPIRED');
          }
        },
      );
      return () => {
        live = false;
      };
    }
    return undefined;
  }, [kind, loginTarget, renewed, unreachable]);
  // a later expiry tries the renewal here again
  useEffect(() => {
    if (kind === 'allow') setUnreachable(false);
  }, [kind]);
  return kind === 'allow' || (kind === 'refresh' && unreachable);
}

export default function ConsoleLayout() {
  const t = useT();
  const { pathname, search } = useLocation();
  const allowed = useLoginGuard(pathname, search);
  const { initialState } = useModel('@@initialState') as { initialState?: InitialState };
  const route = matchConsoleRoute(pathname);
  const user = initialState?.currentUser ?? initialState?.tokenPayload ?? currentPayload();

  if (!allowed) {
    // the first time, the skeleton goes on; later (a renewal on the way to a page), a spinner
    return isFrameDrawn() ? (
      <div style={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Spin size="large" />
      </div>
    ) : (
      <Loading />
    );
  }

  const permitted = !route?.access || checkAccess(route.access, user);
  return (
    <Frame frame={frameOf(route)} pathname={pathname}>
      {permitted ? (
        <Outlet />
      ) : (
        <Result
          status="403"
          title={t('forbidden.title')}
          subTitle={t('forbidden.subtitle')}
          extra={
            <Button type="primary" onClick={() => history.push('/')}>
              {t('common.backHome')}
            </Button>
          }
        />
      )}
    </Frame>
  );
}
