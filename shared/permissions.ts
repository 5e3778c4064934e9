/**
 * Who may do what: the permission names and the admin rule. The one home of these facts: the
 * server's access table, the built-in permissions and menus (shared/built-in.ts), config/routes.ts,
 * src/access.ts and the pages all read them from here. Browser-safe.
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
  /** holding personal API keys (calling models from one's own programs through the relay); admins manage everyone's */
  apiKeys: 'USE_API_KEYS',
  /** adjusting a user's credits and running the ledger reconciliation stay with role admin */
  creditsAdmin: ADMIN_ROLE,
  /**
   * money: every order (refunds), packages, redemption codes, payment / withdrawal / ad settings,
   * reviewing withdrawals, issuing invoices, everyone's cost analysis
   */
  manageFinance: 'MANAGE_FINANCE',
  /** the usage statistics pages (analysts), the pay-order statistics included */
  readStats: 'READ_UNI_STAT',
  /** statistics settings (reporting on/off, time zone, retention), source maps, channel and event names */
  manageStats: 'MANAGE_UNI_STAT',
  /** site messages: write, schedule, withdraw, see who read them */
  manageMessages: 'MANAGE_SITE_MESSAGE',
  /** welfare campaigns (credits users claim) and their claims */
  manageWelfare: 'MANAGE_WELFARE',
  /** the upgrade center: app version records and their packages */
  manageVersions: 'MANAGE_UNI_UPGRADE_CENTER',
  /** the developers' demo pages (icons, table, layout, colors, audio, css) */
  demo: 'READ_CONSOLE_DEMO',
} as const;

/** the two roots that cannot be deleted */
export const BUILT_IN_ROOTS = ['system_menu', 'system_management'] as const;
