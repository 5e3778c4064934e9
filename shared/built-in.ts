/**
 * The built-in permissions and menus: seeded on every start and by "Update built-in menus"
 * (missing rows inserted, existing ones never overwritten). Their rules are the shared RULES
 * (shared/permissions.ts); only the server and the tests read this list, so it stays out of the
 * console's bundle.
 */
import { ADMIN_ROLE, type Collection, COLLECTIONS, RULES, type Rule } from './permissions';

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
  { permissionId: RULES.readStats, permissionName: 'Read usage statistics', comment: 'built-in' },
  { permissionId: RULES.manageStats, permissionName: 'Manage usage statistics', comment: 'built-in' },
  { permissionId: RULES.manageMessages, permissionName: 'Manage site messages', comment: 'built-in' },
  { permissionId: RULES.manageWelfare, permissionName: 'Manage welfare campaigns', comment: 'built-in' },
  { permissionId: RULES.manageVersions, permissionName: 'Manage app versions', comment: 'built-in' },
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
  // operations: content (articles, categories), site messages, welfare campaigns, app versions
  { menuId: 'operations', name: 'menu.operations', icon: 'NotificationOutlined', url: '', sort: 400, parentId: null, permission: [...menuPermission(RULES.manageContent), ...menuPermission(RULES.manageMessages), ...menuPermission(RULES.manageWelfare), ...menuPermission(RULES.manageVersions)] },
  { menuId: 'cms_article', name: 'menu.cms.articles', icon: 'ReadOutlined', url: '/uni_modules/uni-cms/pages/article/list/list', sort: 410, parentId: 'operations', permission: menuPermission(RULES.manageContent) },
  { menuId: 'cms_category', name: 'menu.cms.categories', icon: 'FolderOutlined', url: '/uni_modules/uni-cms/pages/categories/list/list', sort: 420, parentId: 'operations', permission: menuPermission(RULES.manageContent) },
  { menuId: 'site_message', name: 'menu.siteMessage', icon: 'MailOutlined', url: '/pages/site-message/list', sort: 430, parentId: 'operations', permission: menuPermission(RULES.manageMessages) },
  { menuId: 'dsw_welfare', name: 'menu.welfare', icon: 'GiftOutlined', url: '/pages/dsw-welfare/list', sort: 440, parentId: 'operations', permission: menuPermission(RULES.manageWelfare) },
  { menuId: 'upgrade_center', name: 'menu.upgradeCenter', icon: 'CloudUploadOutlined', url: '/uni_modules/uni-upgrade-center/pages/version/list', sort: 450, parentId: 'operations', permission: menuPermission(RULES.manageVersions) },
  // finance: the pages of MANAGE_FINANCE (withdrawals, invoices and the cost analysis are the
  // expense pages every user has, showing everyone's to these holders)
  { menuId: 'finance', name: 'menu.finance', icon: 'WalletOutlined', url: '', sort: 500, parentId: null, permission: menuPermission(RULES.manageFinance) },
  { menuId: 'finance_orders', name: 'menu.finance.orders', icon: 'PayCircleOutlined', url: '/pages/finance/orders/list', sort: 510, parentId: 'finance', permission: menuPermission(RULES.manageFinance) },
  { menuId: 'finance_packages', name: 'menu.finance.packages', icon: 'GiftOutlined', url: '/pages/finance/packages/list', sort: 520, parentId: 'finance', permission: menuPermission(RULES.manageFinance) },
  { menuId: 'finance_codes', name: 'menu.finance.codes', icon: 'KeyOutlined', url: '/pages/finance/codes/list', sort: 530, parentId: 'finance', permission: menuPermission(RULES.manageFinance) },
  { menuId: 'finance_withdrawals', name: 'menu.finance.withdrawals', icon: 'TransactionOutlined', url: '/pages/expense/withdraw/list', sort: 540, parentId: 'finance', permission: menuPermission(RULES.manageFinance) },
  { menuId: 'finance_invoices', name: 'menu.finance.invoices', icon: 'FileTextOutlined', url: '/pages/expense/invoice/invoice', sort: 550, parentId: 'finance', permission: menuPermission(RULES.manageFinance) },
  { menuId: 'finance_analysis', name: 'menu.finance.analysis', icon: 'PieChartOutlined', url: '/pages/expense/analysis/analysis', sort: 560, parentId: 'finance', permission: menuPermission(RULES.manageFinance) },
  { menuId: 'finance_settings', name: 'menu.finance.settings', icon: 'SettingOutlined', url: '/pages/finance/settings/settings', sort: 570, parentId: 'finance', permission: menuPermission(RULES.manageFinance) },
  // usage statistics (READ_UNI_STAT): devices and users, pages, scenes, channels, events, errors, pay orders
  { menuId: 'uni_stat', name: 'menu.stat', icon: 'BarChartOutlined', url: '', sort: 300, parentId: null, permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_device', name: 'menu.stat.device', icon: 'DashboardOutlined', url: '', sort: 310, parentId: 'uni_stat', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_device_overview', name: 'menu.stat.overview', icon: '', url: '/pages/uni-stat/device/overview/overview', sort: 311, parentId: 'uni_stat_device', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_device_activity', name: 'menu.stat.activity', icon: '', url: '/pages/uni-stat/device/activity/activity', sort: 312, parentId: 'uni_stat_device', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_device_trend', name: 'menu.stat.trend', icon: '', url: '/pages/uni-stat/device/trend/trend', sort: 313, parentId: 'uni_stat_device', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_device_retention', name: 'menu.stat.retention', icon: '', url: '/pages/uni-stat/device/retention/retention', sort: 314, parentId: 'uni_stat_device', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_device_comparison', name: 'menu.stat.comparison', icon: '', url: '/pages/uni-stat/device/comparison/comparison', sort: 315, parentId: 'uni_stat_device', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_device_stickiness', name: 'menu.stat.stickiness', icon: '', url: '/pages/uni-stat/device/stickiness/stickiness', sort: 316, parentId: 'uni_stat_device', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_user', name: 'menu.stat.user', icon: 'TeamOutlined', url: '', sort: 330, parentId: 'uni_stat', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_user_overview', name: 'menu.stat.overview', icon: '', url: '/pages/uni-stat/user/overview/overview', sort: 331, parentId: 'uni_stat_user', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_user_activity', name: 'menu.stat.activity', icon: '', url: '/pages/uni-stat/user/activity/activity', sort: 332, parentId: 'uni_stat_user', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_user_trend', name: 'menu.stat.trend', icon: '', url: '/pages/uni-stat/user/trend/trend', sort: 333, parentId: 'uni_stat_user', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_user_retention', name: 'menu.stat.retention', icon: '', url: '/pages/uni-stat/user/retention/retention', sort: 334, parentId: 'uni_stat_user', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_user_comparison', name: 'menu.stat.comparison', icon: '', url: '/pages/uni-stat/user/comparison/comparison', sort: 335, parentId: 'uni_stat_user', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_user_stickiness', name: 'menu.stat.stickiness', icon: '', url: '/pages/uni-stat/user/stickiness/stickiness', sort: 336, parentId: 'uni_stat_user', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_page_res', name: 'menu.stat.pageRes', icon: 'FileOutlined', url: '/pages/uni-stat/page-res/page-res', sort: 350, parentId: 'uni_stat', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_page_ent', name: 'menu.stat.pageEnt', icon: 'LinkOutlined', url: '/pages/uni-stat/page-ent/page-ent', sort: 351, parentId: 'uni_stat', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_scene', name: 'menu.stat.scene', icon: 'AppstoreOutlined', url: '/pages/uni-stat/scene/scene', sort: 352, parentId: 'uni_stat', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_channel', name: 'menu.stat.channel', icon: 'ShopOutlined', url: '/pages/uni-stat/channel/channel', sort: 353, parentId: 'uni_stat', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_event', name: 'menu.stat.event', icon: 'ExperimentOutlined', url: '/pages/uni-stat/event/event', sort: 354, parentId: 'uni_stat', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_error', name: 'menu.stat.error', icon: 'FileSearchOutlined', url: '', sort: 360, parentId: 'uni_stat', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_error_js', name: 'menu.stat.errorJs', icon: '', url: '/pages/uni-stat/error/js/js', sort: 361, parentId: 'uni_stat_error', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_error_app', name: 'menu.stat.errorApp', icon: '', url: '/pages/uni-stat/error/app/app', sort: 362, parentId: 'uni_stat_error', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_pay', name: 'menu.stat.pay', icon: 'PayCircleOutlined', url: '', sort: 370, parentId: 'uni_stat', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_pay_overview', name: 'menu.stat.overview', icon: '', url: '/pages/uni-stat/pay-order/overview/overview', sort: 371, parentId: 'uni_stat_pay', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_pay_list', name: 'menu.stat.payList', icon: '', url: '/pages/uni-stat/pay-order/list/list', sort: 372, parentId: 'uni_stat_pay', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_pay_funnel', name: 'menu.stat.payFunnel', icon: '', url: '/pages/uni-stat/pay-order/funnel/funnel', sort: 373, parentId: 'uni_stat_pay', permission: menuPermission(RULES.readStats) },
  { menuId: 'uni_stat_pay_ranking', name: 'menu.stat.payRanking', icon: '', url: '/pages/uni-stat/pay-order/ranking/ranking', sort: 374, parentId: 'uni_stat_pay', permission: menuPermission(RULES.readStats) },
];
