/**
 * The left menu: the database menus from GET /api/menus/nav (already filtered for the user by
 * the server), then the spec's static sidebar (assistant, expense, help document, demo).
 */
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

const leaf = (menu_id: string, name: string, url: string, icon?: string): MenuNode => ({ menu_id, name, url, icon: icon ?? null });
const demo = (name: string) => leaf(`static.demo.${name}`, `menu.demo.${name}`, `/pages/demo/${name}/${name}`);

/** spec section 2, layout: the static sidebar menu */
export const STATIC_MENUS: MenuNode[] = [
  {
    menu_id: 'static.assistant',
    name: 'menu.assistant',
    icon: 'RobotOutlined',
    url: null,
    children: [
      leaf('static.assistant.chat', 'menu.assistant.chat', '/pages/assistant/chat/chat', 'MessageOutlined'),
      leaf('static.assistant.todoList', 'menu.assistant.todoList', '/pages/assistant/todo-list/todo-list', 'CheckSquareOutlined'),
      leaf('static.assistant.prompts', 'menu.assistant.prompts', '/pages/assistant/prompts/prompts', 'FileTextOutlined'),
      leaf('static.assistant.promptsStore', 'menu.assistant.promptsStore', '/pages/assistant/prompts-store/prompts-store', 'ShopOutlined'),
    ],
  },
  {
    menu_id: 'static.expense',
    name: 'menu.expense',
    icon: 'WalletOutlined',
    url: null,
    children: [
      leaf('static.expense.recharge', 'menu.expense.recharge', '/pages/expense/recharge/recharge', 'PayCircleOutlined'),
      leaf('static.expense.withdraw', 'menu.expense.withdraw', '/pages/expense/withdraw/list', 'TransactionOutlined'),
    ],
  },
  leaf('static.document', 'menu.document', '/pages/assistant/document/document', 'ReadOutlined'),
  {
    menu_id: 'static.demo',
    name: 'menu.demo',
    icon: 'ExperimentOutlined',
    url: null,
    children: ['icons', 'table', 'layout', 'colors', 'audio', 'css'].map(demo),
  },
];

/** the translation keys the static sidebar uses (checked by the catalogue test) */
export function menuKeys(menus: MenuNode[] = STATIC_MENUS): string[] {
  return menus.flatMap((m) => [m.name, ...menuKeys(m.children ?? [])]);
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

/** database menus (sorted by sort, as the server sends them) followed by the static sidebar */
export function mergeNavMenu(dbMenus: MenuNode[] | null | undefined, staticMenus: MenuNode[] = STATIC_MENUS): MenuNode[] {
  const db = prune(sortTree(Array.isArray(dbMenus) ? dbMenus : []));
  const taken = new Set<string>();
  const walk = (ns: MenuNode[]) => ns.forEach((n) => (taken.add(n.menu_id), walk(n.children ?? [])));
  walk(db);
  // a database row reusing a static id must not make two menu items share a key
  const statics = staticMenus.filter((m) => !taken.has(m.menu_id));
  return [...db, ...statics];
}

/** names that are translation keys get translated; other names show as they are */
export function menuLabel(name: string, messages: Record<string, unknown> | undefined, translate: (id: string) => string): string {
  return messages && Object.prototype.hasOwnProperty.call(messages, name) ? translate(name) : name;
}

export const isExternalUrl = (url: string | null | undefined) => !!url && /^https?:\/\//i.test(url);

/** the menu ids from the root down to the leaf whose url is this path, or [] */
export function findMenuTrail(menus: MenuNode[], pathname: string): string[] {
  for (const m of menus) {
    if (m.url && !isExternalUrl(m.url) && m.url.split('?')[0] === pathname) return [m.menu_id];
    const below = findMenuTrail(m.children ?? [], pathname);
    if (below.length) return [m.menu_id, ...below];
  }
  return [];
}

export function findMenu(menus: MenuNode[], menuId: string): MenuNode | null {
  for (const m of menus) {
    if (m.menu_id === menuId) return m;
    const below = findMenu(m.children ?? [], menuId);
    if (below) return below;
  }
  return null;
}
