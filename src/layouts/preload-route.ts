/**
 * Loads a route's scripts ahead of its opening (the left menu calls it when the pointer or the
 * focus reaches an entry). umi's own preloadRoute does the same but leaves a failed load as an
 * unhandled rejection, which the error log would count beside the page's own failure; here a
 * failure is dropped (webpack asks again when the page opens, and the page reports it then).
 */
import { matchRoutes, useAppData } from '@umijs/max';
import { useCallback } from 'react';

/** React.lazy's payload: `_result` is the loader until the first load starts (umi reads it too) */
type LazyPayload = { _payload?: { _result?: unknown } };

export function usePreloadRoute(): (path: string) => void {
  const { clientRoutes, routeComponents } = useAppData() as {
    clientRoutes?: Parameters<typeof matchRoutes>[0];
    routeComponents?: Record<string, LazyPayload>;
  };
  return useCallback(
    (path: string) => {
      if (!clientRoutes || !routeComponents) return;
      for (const m of matchRoutes(clientRoutes, path.split('?')[0]) ?? []) {
        const load = routeComponents[(m.route as { id?: string }).id ?? '']?._payload?._result;
        if (typeof load === 'function') void (load as () => Promise<unknown>)().catch(() => undefined);
      }
    },
    [clientRoutes, routeComponents],
  );
}
