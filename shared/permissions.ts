/**
 * Who may do what: the permission names, the admin rule, and the built-in permissions and
 * menus. The one home of these facts: the server's access table, the seed, the built-in menus,
 * config/routes.ts, src/access.ts and the pages all read them from here. Browser-safe.
 */

/** the role that passes every check (spec section 6) */
export const ADMIN_ROLE = 'admin';

export interface AccessSubject {
  role?: readonly string[] | null;
  permission?: readonly string[] | null;
}

/** spec section 6: the role list contains that role */
export function hasRole(user: AccessSubject | null | undefined, role: string): boolean {
  return !!user?.role?.includes(role);
}

/** spec section 6: the role list contains admin, or the permission list contains the permission */
export function hasPermission(user: AccessSubject | null | undefined, permission: string): boolean {
  return hasRole(user, ADMIN_ROLE) || !!user?.permission?.includes(permission);
}

/**
 * The permissions of `wanted` the user does not hold (none for role admin): what they may not
 * hand out through a role, so delegated administration cannot climb above its own rights.
 */
export function permissionsBeyond(user: AccessSubject | null | undefined, wanted: readonly string[]): string[] {
  if (hasRole(user, ADMIN_ROLE)) return [];
  return [...new Set(wanted)].filter((p) => !user?.permission?.includes(p));
}

/**
 * A rule as routes, menus and buttons write it: 'admin' is the admin role, anything else a
 * permission; no rule = any signed-in user.
 */
export type Rule = typeof ADMIN_ROLE | string;

export function checkRule(rule: Rule | null | undefined, user: AccessSubject | null | undefined): boolean {
  if (!user) return false;
  if (!rule) return true;
  if (rule === ADMIN_ROLE) return hasRole(user, ADMIN_ROLE);
  return hasPermission(user, rule);
}

/** the collections whose CREATE_/READ_/UPDATE_/DELETE_ permissions are seeded (uni-id names) */
export const COLLECTIONS = {
  users: 'UNI_ID_USERS',
  roles: 'UNI_ID_ROLES',
  permissions: 'UNI_ID_PERMISSIONS',
  menus: 'OPENDB_ADMIN_MENUS',
  tags: 'UNI_ID_TAG',
  apps: 'OPENDB_APP_LIST',
} as const;
export type Collection = keyof typeof COLLECTIONS;

export interface CrudRules {
  read: Rule;
  create: Rule;
  update: Rule;
  delete: Rule;
}

/** CREATE_/READ_/UPDATE_/DELETE_ + the collection */
export const crudRules = (collection: string): CrudRules => ({
  read: `READ_${collection}`,
  create: `CREATE_${collection}`,
  update: `UPDATE_${collection}`,
  delete: `DELETE_${collection}`,
});

/**
 * The rules of every built-in area. Adding and editing users stays with role admin (reference:
 * only admins add or update users).
 */
export const RULES = {
  users: { ...crudRules(COLLECTIONS.users), create: ADMIN_ROLE, update: ADMIN_ROLE },
  roles: crudRules(COLLECTIONS.roles),
  permissions: crudRules(COLLECTIONS.permissions),
  menus: crudRules(COLLECTIONS.menus),
  tags: crudRules(COLLECTIONS.tags),
  apps: crudRules(COLLECTIONS.apps),
  userLogs: { read: 'READ_UNI_ID_LOG' },
  adminHome: ADMIN_ROLE,
  /** real-name reviews and the SMS test outbox */
  realnameReview: ADMIN_ROLE,
  smsOutbox: ADMIN_ROLE,
  /** articles, categories, store prompts (the content areas) */
  manageContent: 'MANAGE_CONTENT',
  /** AI model providers: add, edit, test connection, delete */
  aiModels: 'MANAGE_AI_MODELS',
  /** the AI usage log of every user (read and export) */
  aiUsage: 'READ_AI_USAGE',
  /** adjusting a user's credits and running the ledger reconciliation stay with role admin */
  creditsAdmin: ADMIN_ROLE,
  /**
   * money: every order (refunds), packages, redemption codes, payment / withdrawal / ad settings,
   * reviewing withdrawals, issuing invoices, everyone's cost analysis
   */
  manageFinance: 'MANAGE_FINANCE',
} as const;

export interface BuiltInPermission {
  permissionId: string;
  permissionName: string;
  comment: string;
}

const NAMES: Record<Collection, string> = {
  users: 'users',
  roles: 'roles',
  permissions: 'permissions',
  menus: 'menus',
  tags: 'user tags',
  apps: 'apps',
};
const VERBS = { read: 'Read', create: 'Create', update: 'Update', delete: 'Delete' } as const;
const isPermission = (rule: Rule) => rule !== ADMIN_ROLE;

/** the permissions the built-in rules check, seeded on every start (existing rows never overwritten) */
export const BUILT_IN_PERMISSIONS: BuiltInPermission[] = [
  ...(Object.keys(COLLECTIONS) as Collection[]).flatMap((c) =>
    (Object.keys(VERBS) as (keyof typeof VERBS)[])
      .filter((verb) => isPermission(RULES[c][verb]))
      .map((verb) => ({ permissionId: RULES[c][verb], permissionName: `${VERBS[verb]} ${NAMES[c]}`, comment: 'built-in' })),
  ),
  { permissionId: RULES.userLogs.read, permissionName: 'Read user logs', comment: 'built-in' },
  { permissionId: RULES.manageContent, permissionName: 'Manage content', comment: 'built-in' },
  { permissionId: RULES.aiModels, permissionName: 'Manage AI models', comment: 'built-in' },
  { permissionId: RULES.aiUsage, permissionName: 'Read the AI usage log', comment: 'built-in' },
  { permissionId: RULES.manageFinance, permissionName: 'Manage finance', comment: 'built-in' },
];

export interface BuiltInMenu {
  menuId: string;
  /** a translation key (locales/*.json), translated by the console */
  name: string;
  icon: string;
  /** '' for a folder */
  url: string;
  sort: number;
  parentId: string | null;
  /** the permissions that show the entry to a non-admin; empty = admins only */
  permission: string[];
}

/** the two roots that cannot be deleted */
export const BUILT_IN_ROOTS = ['system_menu', 'system_management'] as const;

const menuPermission = (rule: Rule) => (isPermission(rule) ? [rule] : []);

/**
 * The built-in menus. "Update built-in menus" and the seed insert the missing ones and never
 * overwrite. Each page entry carries the rule its list route checks, so holders see it.
 */
export const BUILT_IN_MENUS: BuiltInMenu[] = [
  { menuId: 'system_menu', name: 'menu.systemMenu', icon: 'AppstoreOutlined', url: '', sort: 100, parentId: null, permission: [] },
  { menuId: 'admin_index', name: 'menu.adminHome', icon: 'DashboardOutlined', url: '/pages/admin-index/admin-index', sort: 101, parentId: 'system_menu', permission: menuPermission(RULES.adminHome) },
  { menuId: 'system_management', name: 'menu.systemManagement', icon: 'SettingOutlined', url: '', sort: 1000, parentId: null, permission: [] },
  { menuId: 'system_user', name: 'menu.user', icon: 'UserOutlined', url: '/pages/system/user/list', sort: 1010, parentId: 'system_management', permission: menuPermission(RULES.users.read) },
  { menuId: 'system_role', name: 'menu.role', icon: 'TeamOutlined', url: '/pages/system/role/list', sort: 1020, parentId: 'system_management', permission: menuPermission(RULES.roles.read) },
  { menuId: 'system_permission', name: 'menu.permission', icon: 'SafetyOutlined', url: '/pages/system/permission/list', sort: 1030, parentId: 'system_management', permission: menuPermission(RULES.permissions.read) },
  { menuId: 'system_menu_list', name: 'menu.menu', icon: 'MenuOutlined', url: '/pages/system/menu/list', sort: 1040, parentId: 'system_management', permission: menuPermission(RULES.menus.read) },
  { menuId: 'system_app', name: 'menu.app', icon: 'AppstoreAddOutlined', url: '/pages/system/app/list', sort: 1050, parentId: 'system_management', permission: menuPermission(RULES.apps.read) },
  { menuId: 'system_tag', name: 'menu.tag', icon: 'TagsOutlined', url: '/pages/system/tag/list', sort: 1060, parentId: 'system_management', permission: menuPermission(RULES.tags.read) },
  { menuId: 'system_safety', name: 'menu.userLog', icon: 'FileSearchOutlined', url: '/pages/system/safety/list', sort: 1070, parentId: 'system_management', permission: menuPermission(RULES.userLogs.read) },
  { menuId: 'ai_model', name: 'menu.aiModel', icon: 'RobotOutlined', url: '/pages/ai-model/list', sort: 1080, parentId: 'system_management', permission: menuPermission(RULES.aiModels) },
  { menuId: 'ai_usage', name: 'menu.aiUsage', icon: 'LineChartOutlined', url: '/pages/ai-usage/list', sort: 1090, parentId: 'system_management', permission: menuPermission(RULES.aiUsage) },
  { menuId: 'ai_prompt', name: 'menu.aiPrompt', icon: 'ShopOutlined', url: '/pages/ai-prompt/list', sort: 1100, parentId: 'system_management', permission: menuPermission(RULES.manageContent) },
  // finance: the pages of MANAGE_FINANCE (withdrawals, invoices and the cost analysis are the
  // expense pages every user has, showing everyone's to these holders)
  { menuId: 'finance', name: 'menu.finance', icon: 'AccountBookOutlined', url: '', sort: 500, parentId: null, permission: menuPermission(RULES.manageFinance) },
  { menuId: 'finance_orders', name: 'menu.finance.orders', icon: 'ProfileOutlined', url: '/pages/finance/orders/list', sort: 510, parentId: 'finance', permission: menuPermission(RULES.manageFinance) },
  { menuId: 'finance_packages', name: 'menu.finance.packages', icon: 'GiftOutlined', url: '/pages/finance/packages/list', sort: 520, parentId: 'finance', permission: menuPermission(RULES.manageFinance) },
  { menuId: 'finance_codes', name: 'menu.finance.codes', icon: 'BarcodeOutlined', url: '/pages/finance/codes/list', sort: 530, parentId: 'finance', permission: menuPermission(RULES.manageFinance) },
  { menuId: 'finance_withdrawals', name: 'menu.finance.withdrawals', icon: 'TransactionOutlined', url: '/pages/expense/withdraw/list', sort: 540, parentId: 'finance', permission: menuPermission(RULES.manageFinance) },
  { menuId: 'finance_invoices', name: 'menu.finance.invoices', icon: 'FileTextOutlined', url: '/pages/expense/invoice/invoice', sort: 550, parentId: 'finance', permission: menuPermission(RULES.manageFinance) },
  { menuId: 'finance_analysis', name: 'menu.finance.analysis', icon: 'PieChartOutlined', url: '/pages/expense/analysis/analysis', sort: 560, parentId: 'finance', permission: menuPermission(RULES.manageFinance) },
  { menuId: 'finance_settings', name: 'menu.finance.settings', icon: 'ControlOutlined', url: '/pages/finance/settings/settings', sort: 570, parentId: 'finance', permission: menuPermission(RULES.manageFinance) },
];
