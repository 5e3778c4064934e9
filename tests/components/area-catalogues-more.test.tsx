/**
 * The area catalogue table, second half (search to withdrawal; area-catalogues.test.tsx has the
 * first): each area's keys, sources and the keys it builds from lists, with its own further checks.
 */
import { routes } from '../../config/routes';
import { CHECK_CODES } from '../../server/modules/upgrade/service';
import { ELIGIBILITY as SERVER_ELIGIBILITY, FREQUENCY as SERVER_FREQUENCY, STATUSES as SERVER_STATUSES } from '../../server/modules/welfare/service';
import { STAT_PLATFORMS } from '../../shared/stat';
import { parseSubtasks, TODO_LIMITS } from '../../shared/todo-breakdown';
import { USER_LOG_TYPES } from '../../shared/user-log';
import { UPGRADE_PLATFORMS, UPGRADE_TYPES } from '../../shared/version';
import { SYSTEM_MESSAGES } from '../../src/components/admin/i18n';
import { STAT_ADMIN_MESSAGES } from '../../src/components/stat/admin-i18n';
import { STAT_ERROR_MESSAGES } from '../../src/components/stat/errors/i18n';
import { STAT_MESSAGES } from '../../src/components/stat/i18n';
import { STAT_PAGE_MESSAGES } from '../../src/components/stat/pages/i18n';
import { KNOWN_SCENES } from '../../src/components/stat/pages/scenes';
import { STAT_PAY_MESSAGES } from '../../src/components/stat/pay/i18n';
import { STAT_DEVICE_MESSAGES } from '../../src/components/stat/subject/i18n';
import { WELFARE_MESSAGES } from '../../src/components/welfare/i18n';
import { WITHDRAW_MESSAGES } from '../../src/components/withdraw/i18n';
import { SEARCH_MESSAGES } from '../../src/pages/assistant/search/messages';
import { TODOS_MESSAGES } from '../../src/pages/assistant/todo-list/messages';
import { ELIGIBILITY, FREQUENCY, STATUSES } from '../../src/services/welfare';
import { ACCOUNT_TYPES, WITHDRAW_STATUSES } from '../../src/services/withdraw';
import { UPGRADE_MESSAGES } from '../../src/uni_modules/uni-upgrade-center/messages';
import { type AreaCatalogue, describeAreaCatalogue, LOCALES, MAIN, sourcesIn, usedKeys } from './support/area-catalogue';

const AREAS: { area: AreaCatalogue; more?: () => void }[] = [];
/** an area's catalogue and its further checks, run below with the shared ones */
const register = (a: AreaCatalogue, more?: () => void) => void AREAS.push({ area: a, more });
// ---- search-catalogue --------------------------------------------------------------------------
/** The search area's texts (locales/search/*.json) pass the area catalogue checks; its route title is in the main catalogues and the page hides the left menu. */
{
  const TABS = ['all', 'doc', 'store-prompt', 'prompt', 'message'];
  const KINDS = ['doc', 'store-prompt', 'prompt', 'message', 'article'];

  register(
    {
      name: 'search catalogues',
      prefix: 'search',
      messages: SEARCH_MESSAGES,
      sources: sourcesIn('src/pages/assistant/search'),
      built: () => [...TABS.map((k) => `search.tab.${k}`), ...KINDS.map((k) => `search.kind.${k}`)],
      atLeast: 15,
      values: { count: 2, label: 'x', q: 'y', input: 1, output: 2, credits: 3 },
    },
    () => {
      test('the route title is in the main catalogues and the page has the top bar only', () => {
        const route = routes.find((r) => r.path === '/pages/assistant/search/search');
        expect(route?.title).toBe('route.assistant.search');
        for (const l of LOCALES) expect(MAIN[l][route!.title!]).toBeTruthy();
        expect(route).toMatchObject({ frame: 'topOnly' });
      });
    },
  );
}

// ---- stat-catalogue ----------------------------------------------------------------------------
/**
 * The statistics pages' shared texts (locales/stat/*.json: filter bar, metrics, platforms, states;
 * locales/stat-admin/*.json: the settings, loaded with the settings button) pass the area catalogue checks.
 */
{
  const area = {
    name: 'stat catalogues',
    prefix: 'stat',
    messages: Object.fromEntries(Object.entries(STAT_MESSAGES).map(([l, m]) => [l, { ...m, ...STAT_ADMIN_MESSAGES[l] }])),
    sources: sourcesIn('src/components/stat', 'src/pages/uni-stat'),
    /** platform names are built from the reported platform, the quick ranges and the settings' number fields from their keys */
    built: () => [
      ...STAT_PLATFORMS.map((p) => `stat.platform.${p}`),
      ...['today', 'yesterday', 'last7', 'last30', 'last90'].map((r) => `stat.filter.${r}`),
      ...['reportInterval', 'retention', 'rateLimit'].flatMap((k) => [`stat.settings.${k}`, `stat.settings.${k}Hint`]),
    ],
    atLeast: 20,
  };

  register(area, () => {
    test('the scan reads the filter bar', () => {
      expect(usedKeys(area).has('stat.filter.allPlatforms')).toBe(true);
    });
  });
}

// ---- stat-device-catalogue ---------------------------------------------------------------------
/** The device and user reports' texts (locales/stat-device/*.json) pass the area catalogue checks. */
{
  const area = {
    name: 'stat-device catalogues',
    prefix: 'statDevice',
    messages: STAT_DEVICE_MESSAGES,
    sources: sourcesIn('src/components/stat/subject', 'src/pages/uni-stat/device', 'src/pages/uni-stat/user'),
    /** names built from the report's parts: activity series, granularities, stickiness parts */
    built: () => [
      ...['dau', 'wau', 'mau', 'dauWau', 'dauMau'].map((k) => `statDevice.activity.${k}`),
      ...['hour', 'day', 'week', 'month'].map((g) => `statDevice.trend.${g}`),
      ...['depth', 'duration'].flatMap((k) => [`statDevice.stickiness.${k}`, `statDevice.stickiness.${k}Key`]),
    ],
    atLeast: 40,
  };

  register(area, () => {
    test('the scan reads the pages', () => {
      expect(usedKeys(area).has('statDevice.retention.cohortDay')).toBe(true);
    });
  });
}

// ---- stat-error-catalogue ----------------------------------------------------------------------
/** The JS error and app crash reports' texts (locales/stat-error/*.json) pass the area catalogue checks. */
{
  const area = {
    name: 'stat-error catalogues',
    prefix: 'statError',
    messages: STAT_ERROR_MESSAGES,
    sources: sourcesIn('src/components/stat/errors', 'src/pages/uni-stat/error'),
    /** the detail's raw breakdowns */
    built: () => ['byPage', 'byOs', 'byModel'].map((k) => `statError.detail.${k}`),
    atLeast: 40,
  };

  register(area, () => {
    test('the scan reads the figures', () => {
      expect(usedKeys(area).has('statError.figure.errorRate')).toBe(true);
    });
  });
}

// ---- stat-page-catalogue -----------------------------------------------------------------------
/** The page, entry page, scene, channel and event reports' texts (locales/stat-page/*.json) pass the area catalogue checks. */
{
  const area = {
    name: 'stat-page catalogues',
    prefix: 'statPage',
    messages: STAT_PAGE_MESSAGES,
    sources: sourcesIn(
      'src/components/stat/pages',
      'src/pages/uni-stat/page-res',
      'src/pages/uni-stat/page-ent',
      'src/pages/uni-stat/scene',
      'src/pages/uni-stat/channel',
      'src/pages/uni-stat/event',
    ),
    // the scene names are built from the scene table
    built: () => KNOWN_SCENES.map((c) => `statPage.scene.${c}`),
    atLeast: 30,
  };

  register(area, () => {
    test('the scan reads the event page', () => {
      expect(usedKeys(area).has('statPage.col.values')).toBe(true);
    });
  });
}

// ---- stat-pay-catalogue ------------------------------------------------------------------------
/** The pay-order statistics pages' texts (locales/stat-pay/*.json) pass the area catalogue checks. */
{
  register({
    name: 'stat-pay catalogues',
    prefix: 'statPay',
    messages: STAT_PAY_MESSAGES,
    sources: sourcesIn('src/components/stat/pay', 'src/pages/uni-stat/pay-order'),
    /** the keys built from the server's values */
    built: () => [
      ...['today', 'yesterday_same_hours', 'yesterday', 'day_before', 'week', 'month', 'quarter', 'year', 'all', 'range'].map((p) => `statPay.period.${p}`),
      ...['created', 'paid', 'credited'].map((s) => `statPay.funnel.stage.${s}`),
      ...['day', 'week', 'month'].map((u) => `statPay.funnel.unit.${u}`),
      ...['created', 'paid'].map((f) => `statPay.list.dateField.${f}`),
    ],
    atLeast: 50,
    values: { metric: 'Paid', id: 'device-1' },
  });
}

// ---- system-catalogue --------------------------------------------------------------------------
/**
 * The admin pages' texts (locales/system/*.json, loaded with the admin pages) pass the area
 * catalogue checks; every route.system.* title is in the main catalogues.
 */
{
  const PLATFORMS = [
    'app_android',
    'app_ios',
    'app_harmony',
    'h5',
    'mp_weixin',
    'mp_alipay',
    'mp_baidu',
    'mp_toutiao',
    'mp_qq',
    'mp_kuaishou',
    'mp_lark',
    'mp_jd',
    'mp_dingtalk',
    'quickapp',
  ];

  register(
    {
      name: 'admin catalogues',
      prefix: 'system',
      messages: SYSTEM_MESSAGES,
      sources: sourcesIn('src/pages/system', 'src/components/admin', 'src/pages/admin-index'),
      /** the keys the pages build from lists */
      built: () => [
        ...[0, 1, 2, 3, 4].map((s) => `system.user.status.${s}`),
        ...[0, 1].map((v) => `system.app.type.${v}`),
        ...['Outlined', 'Filled', 'TwoTone'].map((th) => `system.icon.theme.${th}`),
        ...PLATFORMS.map((p) => `system.app.platform.${p}`),
        ...USER_LOG_TYPES.map((k) => `system.userLog.type.${k}`),
      ],
      atLeast: 150,
    },
    () => {
      test('the system routes have their titles in the main catalogues', () => {
        const titles = routes.filter((r) => r.path.startsWith('/pages/system/')).map((r) => r.title!);
        expect(titles).toHaveLength(19);
        for (const l of LOCALES) expect(titles.filter((k) => !(k in MAIN[l]))).toEqual([]);
      });
    },
  );
}

// ---- todos-catalogue ---------------------------------------------------------------------------
/** The task assistant's texts (locales/todos/*.json) pass the area catalogue checks, and an AI proposal reads into subtask titles. */
{
  register(
    {
      name: 'task assistant catalogues',
      prefix: 'todos',
      messages: TODOS_MESSAGES,
      sources: [...sourcesIn('src/pages/assistant/todo-list'), ...sourcesIn('src/pages/index')],
      built: () => [
        ...['all', 'today', 'upcoming', 'done'].flatMap((f) => [`todos.filter.${f}`, `todos.empty.${f}`]),
        ...[0, 1, 2, 3].map((p) => `todos.priority.${p}`),
      ],
      atLeast: 50,
      values: { count: 2, n: 3, title: 'x', done: 1, total: 2, date: '2030-01-01', input: 1, output: 2, credits: 5, first: '0.5', lane: 'A' },
    },
    () => {
      test('the pages are routed with their titles in the main catalogues; the list hides the left menu', () => {
        const list = routes.find((r) => r.path === '/pages/assistant/todo-list/todo-list');
        const test = routes.find((r) => r.path === '/pages/assistant/todo-list/todo-test');
        expect(list).toMatchObject({ title: 'route.assistant.todoList', frame: 'topOnly' });
        expect(test).toMatchObject({ title: 'route.assistant.todoTest', frame: 'full' });
        for (const l of LOCALES) for (const r of [list!, test!]) expect(MAIN[l][r.title!]).toBeTruthy();
      });
    },
  );

  describe('a proposal read into subtasks', () => {
    test('bullets, numbering and checkboxes go; blank and repeated lines are skipped', () => {
      expect(
        parseSubtasks('- Pack the books\r\n2. Hire a van\n\n* Change the address\n3) Hire a van\n[ ] Clean the flat\n• **Return the keys**\n  1、打包行李  '),
      ).toEqual(['Pack the books', 'Hire a van', 'Change the address', 'Clean the flat', 'Return the keys', '打包行李']);
    });

    test('a plain answer keeps its lines; long lines and long lists are capped', () => {
      expect(parseSubtasks('Buy paint\nPaint the wall')).toEqual(['Buy paint', 'Paint the wall']);
      expect(parseSubtasks('')).toEqual([]);
      expect(parseSubtasks('x'.repeat(500))[0]).toHaveLength(TODO_LIMITS.TITLE);
      const many = Array.from({ length: 50 }, (_, i) => `Step ${i + 1}`).join('\n');
      expect(parseSubtasks(many)).toHaveLength(TODO_LIMITS.SUBTASKS);
    });
  });
}

// ---- upgrade-catalogue -------------------------------------------------------------------------
/** The upgrade center's texts (locales/upgrade/*.json) pass the area catalogue checks; its route titles are in the main catalogues. */
{
  register(
    {
      name: 'upgrade center catalogues',
      prefix: 'upgrade',
      messages: UPGRADE_MESSAGES,
      sources: sourcesIn('src/uni_modules/uni-upgrade-center', 'server/modules/upgrade'),
      built: () => [
        ...UPGRADE_PLATFORMS.map((p) => `upgrade.platform.${p}`),
        ...UPGRADE_TYPES.map((ty) => `upgrade.type.${ty}`),
        ...Object.values(CHECK_CODES).map((c) => `upgrade.check.${c}`),
      ],
      atLeast: 40,
      values: { version: '1.2.0', current: '1.1.0', name: 'x', ext: 'apk', max: '10 MB' },
    },
    () => {
      test('the route titles are in the main catalogues', () => {
        for (const path of ['list', 'add', 'detail'].map((p) => `/uni_modules/uni-upgrade-center/pages/version/${p}`)) {
          const title = routes.find((r) => r.path === path)?.title;
          expect(title).toBeTruthy();
          for (const l of LOCALES) expect(MAIN[l][title!]).toBeTruthy();
        }
      });
    },
  );
}

// ---- welfare-catalogue -------------------------------------------------------------------------
/**
 * The welfare area's texts (locales/welfare/*.json: the campaign pages and the console home's
 * welfare card) pass the area catalogue checks, including the keys built from the server's lists.
 */
{
  const FORM_FIELDS = ['title', 'description', 'credits', 'budget', 'eligibility', 'roles', 'tags', 'newUserDays', 'frequency', 'window', 'enabled'];

  const area = {
    name: 'welfare catalogues',
    prefix: 'welfare',
    messages: WELFARE_MESSAGES,
    sources: [...sourcesIn('src/pages/dsw-welfare', 'src/components/welfare'), ...sourcesIn('src/pages/index').filter((f) => f.endsWith('Welfare.tsx'))],
    built: () => [
      ...ELIGIBILITY.map((e) => `welfare.eligibility.${e}`),
      ...FREQUENCY.flatMap((f) => [`welfare.frequency.${f}`, `welfare.home.claimed.${f}`]),
      ...STATUSES.map((s) => `welfare.status.${s}`),
      ...FORM_FIELDS.map((f) => `welfare.field.${f}`),
    ],
    atLeast: 50,
    values: { days: 7, used: 40, budget: 100, title: 'Gift', credits: 10, balance: 110, time: '2026/11/24 10:00:00', zone: 'UTC+8' },
  };

  register(area, () => {
    test("the console's lists are the server's", () => {
      expect([...ELIGIBILITY]).toEqual([...SERVER_ELIGIBILITY]);
      expect([...FREQUENCY]).toEqual([...SERVER_FREQUENCY]);
      expect([...STATUSES].sort()).toEqual([...SERVER_STATUSES].sort());
    });

    test('the scan reads the home card and the form', () => {
      expect(usedKeys(area).has('welfare.home.claim')).toBe(true);
      expect(usedKeys(area).has('welfare.form.budgetUsed')).toBe(true);
    });
  });
}

// ---- withdraw-catalogue ------------------------------------------------------------------------
/**
 * The withdrawal area's texts (locales/withdraw/*.json: the request list and form, the review
 * modals, the settings form) pass the area catalogue checks.
 */
{
  const SETTINGS = ['min_credits', 'fee_bps', 'min_fee', 'cents_per_credit', 'store_use_reward'];

  const area = {
    name: 'withdraw catalogues',
    prefix: 'withdraw',
    messages: WITHDRAW_MESSAGES,
    sources: sourcesIn('src/components/withdraw', 'src/pages/expense/withdraw'),
    /** the keys built from the server's values */
    built: () => [
      ...WITHDRAW_STATUSES.map((s) => `withdraw.status.${s}`),
      ...ACCOUNT_TYPES.map((a) => `withdraw.account.${a}`),
      ...SETTINGS.flatMap((k) => [`withdraw.settings.${k}`, `withdraw.settings.${k}Hint`]),
      ...['required', 'pending'].map((s) => `withdraw.realname.${s}`),
    ],
    atLeast: 60,
  };

  register(area, () => {
    test('the scan reads the request form', () => {
      expect(usedKeys(area).has('withdraw.form.amountHint')).toBe(true);
    });
  });
}

for (const { area: a, more } of AREAS) describeAreaCatalogue(a, more);
