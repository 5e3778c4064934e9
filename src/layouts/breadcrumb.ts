/**
 * The page header's breadcrumb: home, the menu folders above the page's place in the left menu,
 * the pages it belongs under (an edit page's list), then the page itself. A page without a menu
 * entry of its own takes the place of the page it belongs under (src/shared/routes.ts).
 */
import type { ConsoleRoute } from '../../config/routes';
import { findMenu, findMenuTrail, type MenuNode } from '../shared/menu';
import { isHomePath, matchConsoleRoute, parentRouteOf } from '../shared/routes';

export interface Crumb {
  key: string;
  /** a translation key (routes, built-in menus) or a menu's own name, as `label` is given it */
  text: string;
  /** a page to go to; none for the current page and for menu folders */
  path?: string;
}

/**
 * `label` turns a menu name into its text (built-in names are keys, admins' names are text);
 * `title` turns a route's title key into text.
 */
export function breadcrumbOf(pathname: string, menus: MenuNode[], label: (name: string) => string, title: (key: string) => string): Crumb[] {
  const home: Crumb = { key: 'home', text: title('nav.home'), path: '/' };
  const route = matchConsoleRoute(pathname);
  if (!route || isHomePath(pathname)) return [{ ...home, path: undefined }];
  // the page, then the pages it belongs under, up to one the menu holds
  const chain: ConsoleRoute[] = [route];
  let trail = findMenuTrail(menus, route.path);
  while (!trail.length) {
    const up = parentRouteOf(chain[0].path);
    if (!up || chain.includes(up)) break;
    chain.unshift(up);
    trail = findMenuTrail(menus, up.path);
  }
  const folders = trail
    .slice(0, -1)
    .map((id) => findMenu(menus, id))
    .filter((m): m is MenuNode => !!m)
    .map((m) => ({ key: `menu:${m.menu_id}`, text: label(m.name) }))
    // a folder named like home ("Home / Home / My messages") says nothing the first crumb does not
    .filter((c) => c.text !== home.text);
  const pages = chain.map((r, i) => ({
    key: `route:${r.path}`,
    text: r.title ? title(r.title) : '',
    path: i < chain.length - 1 ? r.path : undefined,
  }));
  return [home, ...folders, ...pages];
}
