/**
 * The left menu: the menus from GET /api/menus/nav, already filtered for the user by the server.
 * The spec's static sidebar (assistant, expense, help document, demo) is built-in menu rows
 * (shared/built-in.ts), so an admin can hide, rename and reorder it like any other entry.
 */
import { HOME_PAGE } from '../../config/routes';
import { isHomePath, parentRouteOf } from './routes';

export interface MenuNode {
  menu_id: string;
  /** a translation key (built-in menus) or plain text (menus added by admins) */
  name: string;
  icon?: string | null;
  /** starts with '/' or http; empty = folder */
  url?: string | null;
  sort?: number;
  children?: MenuNode[];
}

const bySort = (a: MenuNode, b: MenuNode) => (a.sort ?? 0) - (b.sort ?? 0);

function sortTree(nodes: MenuNode[]): MenuNode[] {
  return [...nodes].sort(bySort).map((n) => (n.children ? { ...n, children: sortTree(n.children) } : n));
}

/** folders without any leaf left are dropped (bottom-up) */
function prune(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => {
    if (n.url) return [n];
    const children = prune(n.children ?? []);
    return children.length ? [{ ...n, children }] : [];
  });
}

/** the user's menus sorted by sort, without folders left empty */
export function sideMenuOf(dbMenus: MenuNode[] | null | undefined): MenuNode[] {
  return prune(sortTree(Array.isArray(dbMenus) ? dbMenus : []));
}

/** names that are translation keys get translated; other names show as they are */
export function menuLabel(name: string, messages: Record<string, unknown> | undefined, translate: (id: string) => string): string {
  return messages && Object.prototype.hasOwnProperty.call(messages, name) ? translate(name) : name;
}

export const isExternalUrl = (url: string | null | undefined) => !!url && /^https?:\/\//i.test(url);

const queryOf = (url: string) => new URLSearchParams(url.split('#')[0].split('?')[1] ?? '');

/**
 * The menu ids from the root down to the leaf opening this page, or []. Of several leaves
 * opening the same page (Withdraw and Withdrawal review: `?tab=all`), the one whose query the
 * current `search` holds wins, then the one without a query.
 */
export function findMenuTrail(menus: MenuNode[], pathname: string, search = ''): string[] {
  const current = new URLSearchParams(search);
  let best: { trail: string[]; score: number } | null = null;
  const walk = (nodes: MenuNode[], above: string[]) => {
    for (const m of nodes) {
      if (m.url && !isExternalUrl(m.url) && m.url.split(/[?#]/)[0] === pathname) {
        const wanted = [...queryOf(m.url)];
        const matches = wanted.every(([k, v]) => current.get(k) === v);
        const score = matches ? 1 + wanted.length : 0;
        if (!best || score > best.score) best = { trail: [...above, m.menu_id], score };
      }
      walk(m.children ?? [], [...above, m.menu_id]);
    }
  };
  walk(menus, []);
  return (best as { trail: string[] } | null)?.trail ?? [];
}

/**
 * The page's place in the menu: its own entry, or the entry of the page it belongs under (an
 * add, edit or detail page keeps its list highlighted and its group open).
 */
export function menuTrailOf(menus: MenuNode[], pathname: string, search = ''): string[] {
  let path = isHomePath(pathname) ? HOME_PAGE : pathname;
  const seen = new Set<string>();
  for (;;) {
    const trail = findMenuTrail(menus, path, search);
    if (trail.length) return trail;
    seen.add(path);
    const up = parentRouteOf(path);
    if (!up || seen.has(up.path)) return [];
    path = up.path;
  }
}

export function findMenu(menus: MenuNode[], menuId: string): MenuNode | null {
  for (const m of menus) {
    if (m.menu_id === menuId) return m;
    const below = findMenu(m.children ?? [], menuId);
    if (below) return below;
  }
  return null;
}
