/**
 * Shown while a page's code loads (umi's global loading component, the Suspense fallback of
 * every route). Spec section 9: nothing for the first 2000 ms (fast loads do not flash), then
 * an indicator with a loading text (section 8); after 60000 ms the load counts as failed: the
 * framework's "connection timed out, tap to retry" text, and an error log entry.
 * Plain CSS, so that it adds next to nothing to the first bundle.
 */
import { useEffect, useState } from 'react';
import { logError } from './shared/error-log';
import { useT } from './shared/i18n';
import { SPEC } from './shared/spec';

type Phase = 'waiting' | 'loading' | 'timed-out';

export default function Loading() {
  const t = useT();
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
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (phase === 'waiting') return <div className="console-loading" aria-busy="true" />;
  if (phase === 'timed-out') {
    return (
      <div className="console-loading" role="alert">
        <button type="button" className="console-loading-retry" onClick={() => window.location.reload()}>
          {t('common.loadTimeout')}
        </button>
      </div>
    );
  }
  return (
    <div className="console-loading" role="status" aria-busy="true">
      <span className="console-loading-dot" aria-hidden />
      <span className="console-loading-text">{t('common.loading')}</span>
    </div>
  );
}
