/**
 * Nav menu build (reference rules): enabled rows sorted by sort; folders left without children
 * are dropped bottom-up; roots have an empty parent_id; orphans are dropped. A leaf opening a
 * console page is shown to whoever the page lets in (its menu rule in config/routes.ts), so an
 * entry never leads to a 403 whatever an admin stores on the row; any other leaf (an http link,
 * a path no route serves) keeps the reference rule: a non-admin needs one of its permissions
 * (empty = admin only).
 */
import { menuRuleOf } from '../../../config/routes';
import { ADMIN_ROLE } from '../../../shared/permissions';

export interface MenuRow {
  menuId: string;
  name: string;
  icon: string | null;
  url: string | null;
  sort: number;
  parentId: string | null;
  permission: string[];
  enable: boolean;
}

export interface MenuNode {
  menu_id: string;
  name: string;
  icon: string | null;
  url: string | null;
  sort: number;
  children?: MenuNode[];
}

export function buildNav(rows: MenuRow[], user: { isAdmin: boolean; permission: string[] }): MenuNode[] {
  const enabled = rows.filter((r) => r.enable).sort((a, b) => a.sort - b.sort || a.menuId.localeCompare(b.menuId));
  const mine = new Set(user.permission);
  const byParent = new Map<string, MenuRow[]>();
  for (const r of enabled) {
    const key = r.parentId || '';
    byParent.set(key, [...(byParent.get(key) ?? []), r]);
  }
  const build = (parent: string, seen: Set<string>): MenuNode[] =>
    (byParent.get(parent) ?? []).flatMap((r) => {
      if (seen.has(r.menuId)) return []; // a cycle in parent_id must not hang the build
      const node: MenuNode = { menu_id: r.menuId, name: r.name, icon: r.icon, url: r.url, sort: r.sort };
      const isFolder = !r.url;
      if (isFolder) {
        const children = build(r.menuId, new Set([...seen, r.menuId]));
        return children.length ? [{ ...node, children }] : [];
      }
      const page = menuRuleOf(r.url);
      const allowed = page
        ? !page.rule || user.isAdmin || (page.rule !== ADMIN_ROLE && mine.has(page.rule))
        : user.isAdmin || r.permission.some((p) => mine.has(p));
      return allowed ? [node] : [];
    });
  return build('', new Set());
}
