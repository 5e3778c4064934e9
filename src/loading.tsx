/**
 * Shown while the console or a page's code loads (umi's global loading component: the Suspense
 * fallback of every route, and what shows while the signed-in user's info loads at start).
 *  - Before the frame has been drawn (a full load): the skeleton of index.html
 *    (components/boot-skeleton.ts) goes on at once, shaped like the page being opened, so the
 *    screen is never blank.
 *  - Inside the drawn frame (a page's chunk), spec section 9: nothing for the first 2000 ms
 *    (fast loads do not flash), then an indicator with a loading text (section 8).
 * After 60000 ms the load counts as failed: the framework's "connection timed out, tap to
 * retry" text, and an error log entry. Plain CSS, so that it adds next to nothing to the first
 * bundle. It may render outside the language provider (at start), so it reads texts with `t`.
 */
import { useEffect, useLayoutEffect, useState } from 'react';
import { bootSkeletonHtml, showBootKind, type BootKind } from './components/boot-skeleton';
import './components/boot-skeleton.css';
import { logError } from './shared/error-log';
import { t } from './shared/i18n';
import { frameOf, matchConsoleRoute } from './shared/routes';
import { readSession } from './shared/session';
import { SPEC } from './shared/spec';

type Phase = 'waiting' | 'loading' | 'timed-out';

let frameDrawn = false;

/** the frame says so once it is on screen: later loads happen inside it */
export function markFrameDrawn() {
  frameDrawn = true;
}

export const isFrameDrawn = () => frameDrawn;

/** for tests: as on a full load, before the frame */
export function resetFrameDrawnForTests() {
  frameDrawn = false;
}

/** the kind of skeleton for the page being opened: its frame, if someone is signed in */
function bootKind(): BootKind {
  const path = typeof window === 'undefined' ? '/' : window.location.hash.slice(1).split('?')[0] || '/';
  const frame = frameOf(matchConsoleRoute(path));
  const session = readSession();
  if (frame === 'none' || !(session.token || session.refreshToken)) return 'plain';
  return frame === 'topOnly' ? 'top' : 'full';
}

function BootSkeleton() {
  const kind = bootKind();
  useLayoutEffect(() => showBootKind(kind), [kind]);
  // the same markup index.html starts with: React takes it over without a visible change
  return <div role="status" aria-label={t('common.loading')} dangerouslySetInnerHTML={{ __html: bootSkeletonHtml() }} />;
}

export default function Loading() {
  const [phase, setPhase] = useState<Phase>('waiting');

  useEffect(() => {
    const show = setTimeout(() => setPhase('loading'), SPEC.ASYNC_PAGE_LOAD_DELAY_MS);
    const give = setTimeout(() => {
      setPhase('timed-out');
      logError('page-load', new Error(t('common.loadTimeout')));
    }, SPEC.ASYNC_PAGE_LOAD_TIMEOUT_MS);
    return () => {
      clearTimeout(show);
      clearTimeout(give);
    };
  }, []);

  if (phase === 'timed-out') {
    return (
      <div className="console-loading" role="alert">
        <button type="button" className="console-loading-retry" onClick={() => window.location.reload()}>
          {t('common.loadTimeout')}
        </button>
      </div>
    );
  }
  if (!frameDrawn) return <BootSkeleton />;
  if (phase === 'waiting') return <div className="console-loading" aria-busy="true" />;
  return (
    <div className="console-loading" role="status" aria-busy="true">
      <span className="console-loading-dot" aria-hidden />
      <span className="console-loading-text">{t('common.loading')}</span>
    </div>
  );
}
