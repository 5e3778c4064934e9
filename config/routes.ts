/**
 * The single list of console routes. Paths are the spec's exact paths, and each page file
 * lives at src/<path>.tsx, so the component is derived from the path.
 *
 * Per route:
 *  - access: the rule that shows it (shared/permissions.ts RULES: the admin role or a
 *    permission); absent = any signed-in user (account pages are public: see src/guard.ts).
 *  - frame: 'full' (top bar and left menu), 'none' (hides both: login, register, retrieve,
 *    webview), 'topOnly' (hides the left menu: chat, search, todo-list, waveform).
 */
import { ADMIN_ROLE, RULES, type CrudRules, type Rule } from '../shared/permissions';

export type Frame = 'full' | 'none' | 'topOnly';

export interface ConsoleRoute {
  path: string;
  component?: string;
  /** translation key of the page title */
  title?: string;
  access?: Rule;
  frame?: Frame;
  /** umi layout plugin flags, derived from frame */
  layout?: boolean;
  menuRender?: boolean;
  hideInMenu?: boolean;
  /**
   * views of the page opened by `?tab=<key>` that need more than the page's rule (the finance
   * review of everyone's withdrawals and invoices): the menu entry opening that view follows this
   * rule instead of the page's
   */
  views?: Record<string, Rule>;
  /**
   * who sees a menu entry for the page, when narrower than who may open it: the article list
   * serves every reader (search results lead there), its menu entry is the content managers'
   */
  menuAccess?: Rule;
}

export const UNI_ID_PAGES = '/uni_modules/uni-id-pages/pages';
/** spec: the default login page is the password-less login page */
export const LOGIN_PAGE = `${UNI_ID_PAGES}/login/login-withoutpwd`;
export const NOT_FOUND_PAGE = '/pages/error/404';
export const HOME_PAGE = '/pages/index/index';

function page(
  path: string,
  title: string,
  opts: { access?: Rule; frame?: Frame; component?: string; views?: Record<string, Rule>; menuAccess?: Rule } = {},
): ConsoleRoute {
  const frame = opts.frame ?? 'full';
  return {
    path,
    component: opts.component ?? `@${path}`,
    title,
    access: opts.access,
    frame,
    ...(opts.views ? { views: opts.views } : {}),
    ...(opts.menuAccess ? { menuAccess: opts.menuAccess } : {}),
    hideInMenu: true,
    ...(frame === 'none' ? { layout: false } : {}),
    ...(frame === 'topOnly' ? { menuRender: false } : {}),
  };
}

/** list, add and edit of a system resource, each with the rule the server checks */
function systemPages(name: string, rules: CrudRules): ConsoleRoute[] {
  const dir = `/pages/system/${name}`;
  return [
    page(`${dir}/list`, `route.system.${name}.list`, { access: rules.read }),
    page(`${dir}/add`, `route.system.${name}.add`, { access: rules.create }),
    page(`${dir}/edit`, `route.system.${name}.edit`, { access: rules.update }),
  ];
}

export const routes: ConsoleRoute[] = [
  page(`${UNI_ID_PAGES}/login/login-withoutpwd`, 'route.login', { frame: 'none' }),
  page(`${UNI_ID_PAGES}/login/login-withpwd`, 'route.loginWithPwd', { frame: 'none' }),
  page(`${UNI_ID_PAGES}/register/register-admin`, 'route.registerAdmin', { frame: 'none' }),
  page(`${UNI_ID_PAGES}/register/register`, 'route.register', { frame: 'none' }),
  page(`${UNI_ID_PAGES}/register/register-by-email`, 'route.registerByEmail', { frame: 'none' }),
  page(`${UNI_ID_PAGES}/retrieve/retrieve-by-email`, 'route.retrieveByEmail', { frame: 'none' }),
  page(`${UNI_ID_PAGES}/login/login-smscode`, 'route.loginSmsCode', { frame: 'none' }),
  page(`${UNI_ID_PAGES}/retrieve/retrieve`, 'route.retrieve', { frame: 'none' }),
  page(`${UNI_ID_PAGES}/userinfo/bind-mobile/bind-mobile`, 'route.bindMobile'),
  page(`${UNI_ID_PAGES}/userinfo/set-pwd/set-pwd`, 'route.setPwd'),
  page(`${UNI_ID_PAGES}/userinfo/change_pwd/change_pwd`, 'route.changePwd'),
  page(`${UNI_ID_PAGES}/userinfo/deactivate/deactivate`, 'route.deactivate'),
  page(`${UNI_ID_PAGES}/userinfo/userinfo`, 'route.userinfo'),
  page(`${UNI_ID_PAGES}/userinfo/cropImage/cropImage`, 'route.cropImage'),
  page(`${UNI_ID_PAGES}/userinfo/bind-email/bind-email`, 'route.bindEmail'),
  page(`${UNI_ID_PAGES}/common/webview/webview`, 'route.webview', { frame: 'none' }),
  // a shared conversation: public through the guard's uni-id-pages rule (a link to anyone opens signed out)
  page(`${UNI_ID_PAGES}/common/share/share`, 'route.sharedChat', { frame: 'none' }),
  page(`${UNI_ID_PAGES}/userinfo/realname-verify/realname-verify`, 'route.realnameVerify'),
  page('/', 'route.home', { component: `@${HOME_PAGE}` }),
  page(HOME_PAGE, 'route.home'),
  page('/pages/admin-index/admin-index', 'route.adminHome', { access: RULES.adminHome }),
  page(NOT_FOUND_PAGE, 'route.notFound'),
  // system administration: the server's rules (shared/permissions.ts). The app form serves add
  // and edit (?id=), so its route needs reading apps and the page checks create or update itself.
  ...systemPages('menu', RULES.menus),
  ...systemPages('permission', RULES.permissions),
  ...systemPages('role', RULES.roles),
  ...systemPages('user', RULES.users),
  ...systemPages('tag', RULES.tags),
  page('/pages/system/app/list', 'route.system.app.list', { access: RULES.apps.read }),
  page('/pages/system/app/add', 'route.system.app.add', { access: RULES.apps.read }),
  page('/pages/system/app/uni-portal/uni-portal', 'route.system.app.portal', { access: RULES.apps.read }),
  page('/pages/system/safety/list', 'route.system.safety.list', { access: RULES.userLogs.read }),
  // AI: the model providers, the usage log, the chat
  page('/pages/ai-model/list', 'route.aiModel.list', { access: RULES.aiModels }),
  page('/pages/ai-model/add', 'route.aiModel.add', { access: RULES.aiModels }),
  page('/pages/ai-model/edit', 'route.aiModel.edit', { access: RULES.aiModels }),
  page('/pages/ai-usage/list', 'route.aiUsage.list', { access: RULES.aiUsage }),
  page('/pages/ai-usage/assistants', 'route.aiUsage.assistants', { access: RULES.aiUsage }),
  page('/pages/api-keys/list', 'route.apiKeys.list', { access: RULES.apiKeys }),
  page('/pages/api-keys/usage', 'route.apiKeys.usage', { access: RULES.apiKeys }),
  page('/pages/assistant/chat/chat', 'route.assistant.chat', { frame: 'topOnly' }),
  page('/pages/assistant/prompts/prompts', 'route.assistant.prompts'),
  page('/pages/assistant/prompts-store/prompts-store', 'route.assistant.promptsStore'),
  page('/pages/ai-prompt/list', 'route.aiPrompt.list', { access: RULES.manageContent }),
  page('/pages/ai-prompt/add', 'route.aiPrompt.add', { access: RULES.manageContent }),
  page('/pages/ai-prompt/edit', 'route.aiPrompt.edit', { access: RULES.manageContent }),
  page('/pages/assistant/todo-list/todo-list', 'route.assistant.todoList', { frame: 'topOnly' }),
  page('/pages/assistant/todo-list/todo-test', 'route.assistant.todoTest'),
  page('/pages/assistant/waveform/waveform', 'route.assistant.waveform', { frame: 'topOnly' }),
  page('/pages/assistant/waveform/test', 'route.assistant.waveformTest'),
  page('/pages/assistant/document/document', 'route.assistant.document'),
  page('/pages/assistant/search/search', 'route.assistant.search', { frame: 'topOnly' }),
  // expense: a user's own figures; finance picks any account in the page
  page('/pages/expense/analysis/analysis', 'route.expense.analysis'),
  page('/pages/expense/withdraw/list', 'route.expense.withdrawList', { views: { all: RULES.manageFinance } }),
  page('/pages/expense/withdraw/edit', 'route.expense.withdrawEdit'),
  // expense: invoices (requests for everyone; the finance tab checks MANAGE_FINANCE itself)
  page('/pages/expense/invoice/invoice', 'route.expense.invoice', { views: { all: RULES.manageFinance } }),
  page('/pages/finance/codes/list', 'route.finance.codes', { access: RULES.manageFinance }),
  page('/uni_modules/uni-pay/pages/ad-interactive-webview/ad-interactive-webview', 'route.pay.ad'),
  // expense and payments: top-up and its result (any signed-in user), the finance pages
  page('/pages/expense/recharge/recharge', 'route.expense.recharge'),
  page('/uni_modules/uni-pay/pages/success/success', 'route.pay.success'),
  page('/pages/finance/orders/list', 'route.finance.orders', { access: RULES.manageFinance }),
  page('/pages/finance/packages/list', 'route.finance.packages', { access: RULES.manageFinance }),
  page('/pages/finance/settings/settings', 'route.finance.settings', { access: RULES.manageFinance }),
  // statistics: the device and user reports
  page('/pages/uni-stat/device/overview/overview', 'route.stat.device.overview', { access: RULES.readStats }),
  page('/pages/uni-stat/device/activity/activity', 'route.stat.device.activity', { access: RULES.readStats }),
  page('/pages/uni-stat/device/trend/trend', 'route.stat.device.trend', { access: RULES.readStats }),
  page('/pages/uni-stat/device/retention/retention', 'route.stat.device.retention', { access: RULES.readStats }),
  page('/pages/uni-stat/device/comparison/comparison', 'route.stat.device.comparison', { access: RULES.readStats }),
  page('/pages/uni-stat/device/stickiness/stickiness', 'route.stat.device.stickiness', { access: RULES.readStats }),
  page('/pages/uni-stat/user/overview/overview', 'route.stat.user.overview', { access: RULES.readStats }),
  page('/pages/uni-stat/user/activity/activity', 'route.stat.user.activity', { access: RULES.readStats }),
  page('/pages/uni-stat/user/trend/trend', 'route.stat.user.trend', { access: RULES.readStats }),
  page('/pages/uni-stat/user/retention/retention', 'route.stat.user.retention', { access: RULES.readStats }),
  page('/pages/uni-stat/user/comparison/comparison', 'route.stat.user.comparison', { access: RULES.readStats }),
  page('/pages/uni-stat/user/stickiness/stickiness', 'route.stat.user.stickiness', { access: RULES.readStats }),
  // usage statistics: visited and entry pages, scenes, channels, custom events
  page('/pages/uni-stat/page-res/page-res', 'route.stat.pageRes', { access: RULES.readStats }),
  page('/pages/uni-stat/page-ent/page-ent', 'route.stat.pageEnt', { access: RULES.readStats }),
  page('/pages/uni-stat/scene/scene', 'route.stat.scene', { access: RULES.readStats }),
  page('/pages/uni-stat/channel/channel', 'route.stat.channel', { access: RULES.readStats }),
  page('/pages/uni-stat/event/event', 'route.stat.event', { access: RULES.readStats }),
  // usage statistics: pay orders
  page('/pages/uni-stat/pay-order/overview/overview', 'route.stat.payOverview', { access: RULES.readStats }),
  page('/pages/uni-stat/pay-order/list/list', 'route.stat.payList', { access: RULES.readStats }),
  page('/pages/uni-stat/pay-order/funnel/funnel', 'route.stat.payFunnel', { access: RULES.readStats }),
  page('/pages/uni-stat/pay-order/ranking/ranking', 'route.stat.payRanking', { access: RULES.readStats }),
  // usage statistics: JS errors, a group's detail, app crashes
  page('/pages/uni-stat/error/js/js', 'route.stat.errorJs', { access: RULES.readStats }),
  page('/pages/uni-stat/error/js/detail', 'route.stat.errorJsDetail', { access: RULES.readStats }),
  page('/pages/uni-stat/error/app/app', 'route.stat.errorApp', { access: RULES.readStats }),
  // operations: welfare campaigns (users claim them from the console home)
  page('/pages/dsw-welfare/list', 'route.welfare.list', { access: RULES.manageWelfare }),
  page('/pages/dsw-welfare/add', 'route.welfare.add', { access: RULES.manageWelfare }),
  page('/pages/dsw-welfare/edit', 'route.welfare.edit', { access: RULES.manageWelfare }),
  // upgrade center: app versions (list, add, detail)
  page('/uni_modules/uni-upgrade-center/pages/version/list', 'route.upgrade.list', { access: RULES.manageVersions }),
  page('/uni_modules/uni-upgrade-center/pages/version/add', 'route.upgrade.add', { access: RULES.manageVersions }),
  page('/uni_modules/uni-upgrade-center/pages/version/detail', 'route.upgrade.detail', { access: RULES.manageVersions }),
  // demo pages for developers of the console: admins and holders of the demo permission
  ...(['icons', 'table', 'layout', 'colors', 'audio', 'css'] as const).map((name) =>
    page(`/pages/demo/${name}/${name}`, `route.demo.${name}`, { access: RULES.demo }),
  ),
  // content management: articles (the list is open to readers too: published ones only) and categories
  page('/uni_modules/uni-cms/pages/article/list/list', 'route.cms.articleList', { menuAccess: RULES.manageContent }),
  page('/uni_modules/uni-cms/pages/article/add/add', 'route.cms.articleAdd', { access: RULES.manageContent }),
  page('/uni_modules/uni-cms/pages/article/edit/edit', 'route.cms.articleEdit', { access: RULES.manageContent }),
  page('/uni_modules/uni-cms/pages/categories/list/list', 'route.cms.categoryList', { access: RULES.manageContent }),
  page('/uni_modules/uni-cms/pages/categories/add/add', 'route.cms.categoryAdd', { access: RULES.manageContent }),
  page('/uni_modules/uni-cms/pages/categories/edit/edit', 'route.cms.categoryEdit', { access: RULES.manageContent }),
  // site messages: the staff's pages and each user's inbox
  page('/pages/site-message/list', 'route.siteMessage.list', { access: RULES.manageMessages }),
  page('/pages/site-message/add', 'route.siteMessage.add', { access: RULES.manageMessages }),
  page('/pages/site-message/edit', 'route.siteMessage.edit', { access: RULES.manageMessages }),
  page('/pages/site-message/detail', 'route.siteMessage.detail', { access: RULES.manageMessages }),
  page('/pages/index/my-message', 'route.myMessage'),
  // anything else: the 404 page, which moves itself to NOT_FOUND_PAGE?errMsg=<path>
  page('/*', 'route.notFound', { component: `@${NOT_FOUND_PAGE}` }),
];

/** the path of a console url: no query, no trailing slash */
export const pathOfUrl = (url: string) => {
  const path = url.split(/[?#]/)[0] || '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
};

/**
 * The rule of a menu entry opening this url, read from the route list so that the menu and the
 * page cannot disagree: `{ rule }` with the page's rule (undefined = any signed-in user), the
 * rule of the `?tab=` view it opens, or the page's narrower menuAccess; null when the url is not
 * a console page (an http link, a path no route serves: the menu row's own permissions decide).
 * Whoever the menu shows an entry to may open its page, whatever an admin stores on the row.
 */
export function menuRuleOf(url: string | null | undefined, list: ConsoleRoute[] = routes): { rule: Rule | undefined } | null {
  if (!url || !url.startsWith('/') || url.startsWith('//')) return null;
  const path = pathOfUrl(url);
  const route = list.find((r) => r.path === path && r.path !== '/*');
  if (!route) return null;
  const tab = new URLSearchParams(url.split('#')[0].split('?')[1] ?? '').get('tab');
  const view = tab && route.views && Object.prototype.hasOwnProperty.call(route.views, tab) ? route.views[tab] : undefined;
  return { rule: view ?? route.menuAccess ?? route.access };
}

/**
 * The permission list a menu row opening this url stores: its menu rule when that is a
 * permission, [] for a page of admins or of every signed-in user (the nav reads the rule itself),
 * null when the url is not a console page (the row's own list decides, empty = admins only).
 */
export function pagePermissionOf(url: string | null | undefined): string[] | null {
  const entry = menuRuleOf(url);
  if (!entry) return null;
  return entry.rule && entry.rule !== ADMIN_ROLE ? [entry.rule] : [];
}

export default routes;
