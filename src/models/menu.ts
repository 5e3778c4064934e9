/**
 * The nav menu (spec section 3/4: navMenu, inited once menus are set). `useModel('menu')`
 * gives the left menu and `refresh()`, so a page that edits menus can update the left menu
 * without a reload.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { getNavMenu } from '../services/api';
import { requestErrorOf } from '../services/request-layer';
import { sideMenuOf, type MenuNode } from '../shared/menu';

export default function useMenuModel() {
  /** the database menus as the server built them for the user */
  const [navMenu, setNavMenu] = useState<MenuNode[]>([]);
  const [inited, setInited] = useState(false);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const seq = useRef(0);

  const refresh = useCallback(async () => {
    const mine = ++seq.current;
    setLoading(true);
    setError(null);
    try {
      const menus = await getNavMenu({ skipErrorHandler: true });
      if (mine !== seq.current) return;
      setNavMenu(Array.isArray(menus) ? menus : []);
      setInited(true);
    } catch (e) {
      if (mine !== seq.current) return;
      const info = requestErrorOf(e);
      if (info.kind !== 'login-expired') setError(info.message ?? info.kind);
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, []);

  /** on logout: nothing of the previous user's menu stays */
  const clear = useCallback(() => {
    seq.current++;
    setNavMenu([]);
    setInited(false);
    setLoading(false);
    setError(null);
  }, []);

  /** the left menu, sorted, without empty folders */
  const sideMenu = useMemo(() => sideMenuOf(navMenu), [navMenu]);

  return { navMenu, sideMenu, inited, loading, error, refresh, clear };
}
