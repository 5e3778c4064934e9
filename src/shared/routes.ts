/**
 * Looking up the console route of a path in config/routes.ts (paths there are exact, with a
 * catch-all '/*' for anything else), and the page a page belongs under (its parent route).
 */
import { HOME_PAGE, routes, type ConsoleRoute, type Frame } from '../../config/routes';

const pathOf = (pathname: string) => {
  const path = pathname.split('?')[0] || '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
};

export function matchConsoleRoute(pathname: string, list: ConsoleRoute[] = routes): ConsoleRoute | undefined {
  const trimmed = pathOf(pathname);
  return list.find((r) => r.path === trimmed) ?? list.find((r) => r.path === '/*');
}

export function frameOf(route: ConsoleRoute | undefined): Frame {
  return route?.frame ?? 'full';
}

/** '/' and the home page are one page */
export const isHomePath = (pathname: string) => {
  const path = pathOf(pathname);
  return path === '/' || path === HOME_PAGE;
};

/** pages whose parent is not in their own folder tree */
const PARENT_OF: Record<string, string> = {
  '/uni_modules/uni-pay/pages/success/success': '/pages/expense/recharge/recharge',
  '/pages/ai-usage/assistants': '/pages/ai-usage/list',
  '/pages/api-keys/usage': '/pages/api-keys/list',
};

const dirname = (p: string) => p.slice(0, p.lastIndexOf('/'));
const basename = (p: string) => p.slice(p.lastIndexOf('/') + 1);

/** pages named so are a record of the list in their folder */
const RECORD_PAGES = new Set(['add', 'edit', 'detail']);

/**
 * The page a page belongs under, read from the paths (the route list is flat): an add, edit or
 * detail page's list (`x/edit` -> `x/list`, `article/add/add` -> `article/list/list`,
 * `error/js/detail` -> `error/js/js`), a sub-page's main page (`userinfo/change_pwd/change_pwd`
 * -> `userinfo/userinfo`, `app/uni-portal/uni-portal` -> `app/list`, `todo-list/todo-test` ->
 * `todo-list/todo-list`); undefined for the others (lists, home, statistics pages, pages without
 * the frame). The breadcrumb and the left menu use it for pages without a menu entry of their own.
 */
export function parentRouteOf(pathname: string, list: ConsoleRoute[] = routes): ConsoleRoute | undefined {
  const path = pathOf(pathname);
  const self = list.find((r) => r.path === path);
  if (!self || frameOf(self) === 'none' || isHomePath(path)) return undefined;
  const exact = (...paths: string[]) => {
    for (const p of paths) {
      const found = p !== path ? list.find((r) => r.path === p) : undefined;
      if (found) return isHomePath(found.path) ? undefined : found;
    }
    return undefined;
  };
  if (PARENT_OF[path]) return exact(PARENT_OF[path]);
  const dir = dirname(path);
  const name = basename(path);
  // `x/<name>/<name>`: the page is the folder's own page, its place is one folder up
  const own = basename(dir) === name;
  const folder = own ? dirname(dir) : dir;
  if (RECORD_PAGES.has(name)) return exact(`${folder}/list`, `${folder}/list/list`, `${folder}/${basename(folder)}`);
  if (own) return exact(`${folder}/${basename(folder)}`, `${folder}/list`);
  return name === 'list' ? undefined : exact(`${folder}/${basename(folder)}`);
}
