/**
 * A page's tab kept in the URL (?tab=): a menu entry or a link opens that tab (the finance
 * review of the expense pages), the menu highlights the entry of the tab shown, and a reload
 * stays on it. A tab the page does not offer (to this user) falls back to the first.
 */
import { history, useLocation } from '@umijs/max';
import { useCallback } from 'react';

export function useTabParam(tabs: readonly string[]): [string, (tab: string) => void] {
  const location = useLocation();
  const asked = new URLSearchParams(location.search).get('tab');
  const tab = asked && tabs.includes(asked) ? asked : tabs[0];
  const setTab = useCallback(
    (next: string) => {
      const params = new URLSearchParams(location.search);
      if (next === tabs[0]) params.delete('tab');
      else params.set('tab', next);
      const rest = params.toString();
      history.replace({ pathname: location.pathname, search: rest ? `?${rest}` : '' });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [location.pathname, location.search, tabs.join()],
  );
  return [tab, setTab];
}
