/**
 * The built-in permissions and menus: seeded on every start and by "Update built-in menus"
 * (missing rows inserted, existing ones never overwritten). Their rules are the shared RULES
 * (shared/permissions.ts); only the server and the tests read this list, so it stays out of the
 * console's bundle.
 */
import { pagePermissionOf } from '../config/routes';
import { BUILT_IN_COMMENT, PERMISSION_NAMES } from './built-in-names';
import { ADMIN_ROLE, type Collection, COLLECTIONS, RULES, type Rule } from './permissions';

export interface BuiltInPermission {
  permissionId: string;
  permissionName: string;
  comment: string;
}

const VERBS = ['read', 'create', 'update', 'delete'] as const;
const isPermission = (rule: Rule) => rule !== ADMIN_ROLE;
const builtIn = (permissionId: string): BuiltInPermission => ({ permissionId, permissionName: PERMISSION_NAMES[permissionId], comment: BUILT_IN_COMMENT });

/** the permissions the built-in rules check, seeded on every start (existing rows never overwritten) */
export const BUILT_IN_PERMISSIONS: BuiltInPermission[] = [
  ...(Object.keys(COLLECTIONS) as Collection[]).flatMap((c) =>
    VERBS.map((verb) => RULES[c][verb])
      .filter(isPermission)
      .map(builtIn),
  ),
  ...[
    RULES.userLogs.read,
    RULES.manageContent,
    RULES.aiModels,
    RULES.aiUsage,
    RULES.apiKeys,
    RULES.manageFinance,
    RULES.readStats,
    RULES.manageStats,
    RULES.manageMessages,
    RULES.manageWelfare,
    RULES.manageVersions,
    RULES.demo,
  ].map(builtIn),
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

/** a page entry: its permission list is its page's menu rule (config/routes.ts), never a second rule */
function page(menuId: string, name: string, icon: string, url: string, sort: number, parentId: string | null): BuiltInMenu {
  const permission = pagePermissionOf(url);
  if (!permission) throw new Error(`built-in menu ${menuId} opens ${url}, which is not a console page`);
  return { menuId, name, icon, url, sort, parentId, permission };
}

/**
 * The built-in menus: every entry of the left menu, the spec's static sidebar (assistant,
 * expense, help document, demo) included, so an admin can hide, rename and reorder each of them.
 * "Update built-in menus" and the seed insert the missing ones and never overwrite. A page entry
 * is shown to whoever may open its page (its menu rule): see menuRuleOf in config/routes.ts.
 */
export const BUILT_IN_MENUS: BuiltInMenu[] = [
  // home: the console home for everyone, the admin home, the site message inbox
  { menuId: 'system_menu', name: 'menu.systemMenu', icon: 'HomeOutlined', url: '', sort: 100, parentId: null, permission: [] },
  page('console_home', 'menu.consoleHome', 'DesktopOutlined', '/pages/index/index', 100, 'system_menu'),
  page('admin_index', 'menu.adminHome', 'DashboardOutlined', '/pages/admin-index/admin-index', 101, 'system_menu'),
  page('my_message', 'menu.myMessage', 'BellOutlined', '/pages/index/my-message', 102, 'system_menu'),
  // the assistant (spec: chat, todo-list, my prompt templates, prompt store) and its other pages
  { menuId: 'assistant', name: 'menu.assistant', icon: 'RobotOutlined', url: '', sort: 200, parentId: null, permission: [] },
  page('assistant_chat', 'menu.assistant.chat', 'MessageOutlined', '/pages/assistant/chat/chat', 201, 'assistant'),
  page('assistant_search', 'menu.assistant.search', 'SearchOutlined', '/pages/assistant/search/search', 202, 'assistant'),
  page('assistant_todo_list', 'menu.assistant.todoList', 'CheckSquareOutlined', '/pages/assistant/todo-list/todo-list', 203, 'assistant'),
  page('assistant_todo_test', 'menu.assistant.todoTest', 'BulbOutlined', '/pages/assistant/todo-list/todo-test', 204, 'assistant'),
  page('assistant_waveform', 'menu.assistant.waveform', 'AudioOutlined', '/pages/assistant/waveform/waveform', 205, 'assistant'),
  page('assistant_prompts', 'menu.assistant.prompts', 'FileTextOutlined', '/pages/assistant/prompts/prompts', 206, 'assistant'),
  page('assistant_prompts_store', 'menu.assistant.promptsStore', 'ShopOutlined', '/pages/assistant/prompts-store/prompts-store', 207, 'assistant'),
  page('api_keys', 'menu.apiKeys', 'KeyOutlined', '/pages/api-keys/list', 208, 'assistant'),
  // expense (spec: recharge, withdraw), with the user's own invoices and cost analysis
  { menuId: 'expense', name: 'menu.expense', icon: 'WalletOutlined', url: '', sort: 250, parentId: null, permission: [] },
  page('expense_recharge', 'menu.expense.recharge', 'PayCircleOutlined', '/pages/expense/recharge/recharge', 251, 'expense'),
  page('expense_withdraw', 'menu.expense.withdraw', 'TransactionOutlined', '/pages/expense/withdraw/list', 252, 'expense'),
  page('expense_invoice', 'menu.expense.invoice', 'AuditOutlined', '/pages/expense/invoice/invoice', 253, 'expense'),
  page('expense_analysis', 'menu.expense.analysis', 'PieChartOutlined', '/pages/expense/analysis/analysis', 254, 'expense'),
  // system management
  { menuId: 'system_management', name: 'menu.systemManagement', icon: 'SettingOutlined', url: '', sort: 1000, parentId: null, permission: [] },
  page('system_user', 'menu.user', 'UserOutlined', '/pages/system/user/list', 1010, 'system_management'),
  page('system_role', 'menu.role', 'TeamOutlined', '/pages/system/role/list', 1020, 'system_management'),
  page('system_permission', 'menu.permission', 'SafetyOutlined', '/pages/system/permission/list', 1030, 'system_management'),
  page('system_menu_list', 'menu.menu', 'MenuOutlined', '/pages/system/menu/list', 1040, 'system_management'),
  page('system_app', 'menu.app', 'AppstoreAddOutlined', '/pages/system/app/list', 1050, 'system_management'),
  page('system_tag', 'menu.tag', 'TagsOutlined', '/pages/system/tag/list', 1060, 'system_management'),
  page('system_safety', 'menu.userLog', 'FileSearchOutlined', '/pages/system/safety/list', 1070, 'system_management'),
  page('ai_model', 'menu.aiModel', 'RobotOutlined', '/pages/ai-model/list', 1080, 'system_management'),
  page('ai_usage', 'menu.aiUsage', 'LineChartOutlined', '/pages/ai-usage/list', 1090, 'system_management'),
  page('ai_prompt', 'menu.aiPrompt', 'ShopOutlined', '/pages/ai-prompt/list', 1100, 'system_management'),
  // the help documents and the developers' demo pages
  page('help_document', 'menu.document', 'ReadOutlined', '/pages/assistant/document/document', 1900, null),
  { menuId: 'demo', name: 'menu.demo', icon: 'ExperimentOutlined', url: '', sort: 2000, parentId: null, permission: menuPermission(RULES.demo) },
  ...(['icons', 'table', 'layout', 'colors', 'audio', 'css'] as const).map((name, i) =>
    page(`demo_${name}`, `menu.demo.${name}`, '', `/pages/demo/${name}/${name}`, 2001 + i, 'demo'),
  ),
  // operations: content (articles, categories), site messages, welfare campaigns, app versions
  {
    menuId: 'operations',
    name: 'menu.operations',
    icon: 'NotificationOutlined',
    url: '',
    sort: 400,
    parentId: null,
    permission: [
      ...menuPermission(RULES.manageContent),
      ...menuPermission(RULES.manageMessages),
      ...menuPermission(RULES.manageWelfare),
      ...menuPermission(RULES.manageVersions),
    ],
  },
  page('cms_article', 'menu.cms.articles', 'ReadOutlined', '/uni_modules/uni-cms/pages/article/list/list', 410, 'operations'),
  page('cms_category', 'menu.cms.categories', 'FolderOutlined', '/uni_modules/uni-cms/pages/categories/list/list', 420, 'operations'),
  page('site_message', 'menu.siteMessage', 'MailOutlined', '/pages/site-message/list', 430, 'operations'),
  page('dsw_welfare', 'menu.welfare', 'GiftOutlined', '/pages/dsw-welfare/list', 440, 'operations'),
  page('upgrade_center', 'menu.upgradeCenter', 'CloudUploadOutlined', '/uni_modules/uni-upgrade-center/pages/version/list', 450, 'operations'),
  // finance: the pages of MANAGE_FINANCE; the reviews open the finance tab of the expense pages
  // every user has (the cost analysis stays one entry, under Expense: finance picks any account there)
  { menuId: 'finance', name: 'menu.finance', icon: 'WalletOutlined', url: '', sort: 500, parentId: null, permission: menuPermission(RULES.manageFinance) },
  page('finance_orders', 'menu.finance.orders', 'PayCircleOutlined', '/pages/finance/orders/list', 510, 'finance'),
  page('finance_packages', 'menu.finance.packages', 'GiftOutlined', '/pages/finance/packages/list', 520, 'finance'),
  page('finance_codes', 'menu.finance.codes', 'KeyOutlined', '/pages/finance/codes/list', 530, 'finance'),
  page('finance_withdrawals', 'menu.finance.withdrawals', 'TransactionOutlined', '/pages/expense/withdraw/list?tab=all', 540, 'finance'),
  page('finance_invoices', 'menu.finance.invoices', 'FileTextOutlined', '/pages/expense/invoice/invoice?tab=all', 550, 'finance'),
  page('finance_settings', 'menu.finance.settings', 'SettingOutlined', '/pages/finance/settings/settings', 570, 'finance'),
  // usage statistics (READ_UNI_STAT): devices and users, pages, scenes, channels, events, errors, pay orders
  { menuId: 'uni_stat', name: 'menu.stat', icon: 'BarChartOutlined', url: '', sort: 300, parentId: null, permission: menuPermission(RULES.readStats) },
  {
    menuId: 'uni_stat_device',
    name: 'menu.stat.device',
    icon: 'DashboardOutlined',
    url: '',
    sort: 310,
    parentId: 'uni_stat',
    permission: menuPermission(RULES.readStats),
  },
  page('uni_stat_device_overview', 'menu.stat.overview', '', '/pages/uni-stat/device/overview/overview', 311, 'uni_stat_device'),
  page('uni_stat_device_activity', 'menu.stat.activity', '', '/pages/uni-stat/device/activity/activity', 312, 'uni_stat_device'),
  page('uni_stat_device_trend', 'menu.stat.trend', '', '/pages/uni-stat/device/trend/trend', 313, 'uni_stat_device'),
  page('uni_stat_device_retention', 'menu.stat.retention', '', '/pages/uni-stat/device/retention/retention', 314, 'uni_stat_device'),
  page('uni_stat_device_comparison', 'menu.stat.comparison', '', '/pages/uni-stat/device/comparison/comparison', 315, 'uni_stat_device'),
  page('uni_stat_device_stickiness', 'menu.stat.stickiness', '', '/pages/uni-stat/device/stickiness/stickiness', 316, 'uni_stat_device'),
  {
    menuId: 'uni_stat_user',
    name: 'menu.stat.user',
    icon: 'TeamOutlined',
    url: '',
    sort: 330,
    parentId: 'uni_stat',
    permission: menuPermission(RULES.readStats),
  },
  page('uni_stat_user_overview', 'menu.stat.overview', '', '/pages/uni-stat/user/overview/overview', 331, 'uni_stat_user'),
  page('uni_stat_user_activity', 'menu.stat.activity', '', '/pages/uni-stat/user/activity/activity', 332, 'uni_stat_user'),
  page('uni_stat_user_trend', 'menu.stat.trend', '', '/pages/uni-stat/user/trend/trend', 333, 'uni_stat_user'),
  page('uni_stat_user_retention', 'menu.stat.retention', '', '/pages/uni-stat/user/retention/retention', 334, 'uni_stat_user'),
  page('uni_stat_user_comparison', 'menu.stat.comparison', '', '/pages/uni-stat/user/comparison/comparison', 335, 'uni_stat_user'),
  page('uni_stat_user_stickiness', 'menu.stat.stickiness', '', '/pages/uni-stat/user/stickiness/stickiness', 336, 'uni_stat_user'),
  page('uni_stat_page_res', 'menu.stat.pageRes', 'FileOutlined', '/pages/uni-stat/page-res/page-res', 350, 'uni_stat'),
  page('uni_stat_page_ent', 'menu.stat.pageEnt', 'LinkOutlined', '/pages/uni-stat/page-ent/page-ent', 351, 'uni_stat'),
  page('uni_stat_scene', 'menu.stat.scene', 'AppstoreOutlined', '/pages/uni-stat/scene/scene', 352, 'uni_stat'),
  page('uni_stat_channel', 'menu.stat.channel', 'ShopOutlined', '/pages/uni-stat/channel/channel', 353, 'uni_stat'),
  page('uni_stat_event', 'menu.stat.event', 'ExperimentOutlined', '/pages/uni-stat/event/event', 354, 'uni_stat'),
  {
    menuId: 'uni_stat_error',
    name: 'menu.stat.error',
    icon: 'FileSearchOutlined',
    url: '',
    sort: 360,
    parentId: 'uni_stat',
    permission: menuPermission(RULES.readStats),
  },
  page('uni_stat_error_js', 'menu.stat.errorJs', '', '/pages/uni-stat/error/js/js', 361, 'uni_stat_error'),
  page('uni_stat_error_app', 'menu.stat.errorApp', '', '/pages/uni-stat/error/app/app', 362, 'uni_stat_error'),
  {
    menuId: 'uni_stat_pay',
    name: 'menu.stat.pay',
    icon: 'PayCircleOutlined',
    url: '',
    sort: 370,
    parentId: 'uni_stat',
    permission: menuPermission(RULES.readStats),
  },
  page('uni_stat_pay_overview', 'menu.stat.overview', '', '/pages/uni-stat/pay-order/overview/overview', 371, 'uni_stat_pay'),
  page('uni_stat_pay_list', 'menu.stat.payList', '', '/pages/uni-stat/pay-order/list/list', 372, 'uni_stat_pay'),
  page('uni_stat_pay_funnel', 'menu.stat.payFunnel', '', '/pages/uni-stat/pay-order/funnel/funnel', 373, 'uni_stat_pay'),
  page('uni_stat_pay_ranking', 'menu.stat.payRanking', '', '/pages/uni-stat/pay-order/ranking/ranking', 374, 'uni_stat_pay'),
];

/**
 * Built-in menu rows an earlier version seeded differently: moved to another url (the finance
 * reviews open their tab of the expense pages), or retired (`to: null`: the page has its entry
 * elsewhere). Applied at start only to a row still holding the old url, so an admin's edit stays.
 */
export const BUILT_IN_MENU_CHANGES: { menuId: string; url: string; to: string | null }[] = [
  { menuId: 'finance_withdrawals', url: '/pages/expense/withdraw/list', to: '/pages/expense/withdraw/list?tab=all' },
  { menuId: 'finance_invoices', url: '/pages/expense/invoice/invoice', to: '/pages/expense/invoice/invoice?tab=all' },
  { menuId: 'finance_analysis', url: '/pages/expense/analysis/analysis', to: null },
];
