/**
 * Every area catalogue (locales/<area>/*.json) in one table: each area's keys, sources and the
 * keys it builds from lists, with its own further checks; the shared checks run for each
 * (tests/components/support/area-catalogue.ts). The server-only catalogues and the main one have
 * their own blocks here and in catalogue.test.tsx.
 */
import fs from 'fs';
import path from 'path';
import { routes } from '../../config/routes';
import { CHECK_CODES } from '../../server/modules/upgrade/service';
import { ELIGIBILITY as SERVER_ELIGIBILITY, FREQUENCY as SERVER_FREQUENCY, STATUSES as SERVER_STATUSES } from '../../server/modules/welfare/service';
import { AI_KINDS, AI_PRESETS, AI_PROTOCOLS } from '../../shared/ai-models';
import { LEDGER_REF_TYPES } from '../../shared/ledger';
import { RULES } from '../../shared/permissions';
import { TemplateSyntaxError } from '../../shared/prompt-template';
import { STAT_PLATFORMS } from '../../shared/stat';
import { parseSubtasks, TODO_LIMITS } from '../../shared/todo-breakdown';
import { USER_LOG_TYPES } from '../../shared/user-log';
import { UPGRADE_PLATFORMS, UPGRADE_TYPES } from '../../shared/version';
import { SYSTEM_MESSAGES } from '../../src/components/admin/i18n';
import { ANALYSIS_MESSAGES } from '../../src/components/analysis/i18n';
import { CREDITS_MESSAGES } from '../../src/components/credits/i18n';
import { INVOICE_MESSAGES } from '../../src/components/invoice/i18n';
import { CHAT_MESSAGES } from '../../src/components/markdown/messages';
import { PAY_MESSAGES } from '../../src/components/pay/i18n';
import { REDEEM_MESSAGES } from '../../src/components/redeem/i18n';
import { STAT_ADMIN_MESSAGES } from '../../src/components/stat/admin-i18n';
import { STAT_ERROR_MESSAGES } from '../../src/components/stat/errors/i18n';
import { STAT_MESSAGES } from '../../src/components/stat/i18n';
import { STAT_PAGE_MESSAGES } from '../../src/components/stat/pages/i18n';
import { KNOWN_SCENES } from '../../src/components/stat/pages/scenes';
import { STAT_PAY_MESSAGES } from '../../src/components/stat/pay/i18n';
import { STAT_DEVICE_MESSAGES } from '../../src/components/stat/subject/i18n';
import { WELFARE_MESSAGES } from '../../src/components/welfare/i18n';
import { WITHDRAW_MESSAGES } from '../../src/components/withdraw/i18n';
import { AI_MESSAGES } from '../../src/pages/ai-model/i18n';
import { STORE_MESSAGES } from '../../src/pages/assistant/prompts-store/messages';
import { PROMPTS_MESSAGES } from '../../src/pages/assistant/prompts/messages';
import { SEARCH_MESSAGES } from '../../src/pages/assistant/search/messages';
import { TODOS_MESSAGES } from '../../src/pages/assistant/todo-list/messages';
import { DEMO_MESSAGES } from '../../src/pages/demo/messages';
import { TABLE_SNIPPET } from '../../src/pages/demo/table/snippet';
import { MSG_MESSAGES } from '../../src/pages/site-message/messages';
import { FEATURES } from '../../src/services/analysis';
import { ARTICLE_STATUSES, COVER_MODES } from '../../src/services/cms';
import { LEDGER_KINDS, USAGE_STATUSES } from '../../src/services/credits';
import { AUDIENCES, MESSAGE_STATUSES } from '../../src/services/messages';
import { ORDER_STATUSES, PAY_METHODS, PAY_PROVIDERS } from '../../src/services/pay';
import { STORE_STATUSES } from '../../src/services/prompt-store';
import { ELIGIBILITY, FREQUENCY, STATUSES } from '../../src/services/welfare';
import { ACCOUNT_TYPES, WITHDRAW_STATUSES } from '../../src/services/withdraw';
import { CMS_MESSAGES } from '../../src/uni_modules/uni-cms/messages';
import { UPGRADE_MESSAGES } from '../../src/uni_modules/uni-upgrade-center/messages';
import { type AreaCatalogue, describeAreaCatalogue, LOCALES, MAIN, ROOT, sourcesIn, usedKeys } from './support/area-catalogue';

const AREAS: { area: AreaCatalogue; more?: () => void }[] = [];
/** an area's catalogue and its further checks, run below with the shared ones */
const register = (a: AreaCatalogue, more?: () => void) => void AREAS.push({ area: a, more });

// ---- ai-catalogue ------------------------------------------------------------------------------
/**
 * The AI model pages' texts (locales/ai/*.json, loaded with the pages) pass the area catalogue
 * checks; the route titles are in the main catalogues.
 */
{
  const FIELDS = [
    'name',
    'kind',
    'protocol',
    'baseUrl',
    'apiKey',
    'providerModel',
    'contextWindow',
    'maxOutputTokens',
    'inputPrice',
    'outputPrice',
    'enabled',
    'roles',
    'sort',
    'comment',
  ];

  register(
    {
      name: 'AI model catalogues',
      prefix: 'ai',
      messages: AI_MESSAGES,
      sources: sourcesIn('src/pages/ai-model'),
      built: () => [
        ...FIELDS.map((f) => `ai.field.${f}`),
        ...AI_KINDS.map((k) => `ai.kind.${k}`),
        ...AI_PROTOCOLS.flatMap((p) => [`ai.protocol.${p}`, `ai.protocol.short.${p}`]),
        ...AI_PRESETS.map((p) => `ai.preset.${p.key}`),
      ],
      atLeast: 50,
    },
    () => {
      test('the model pages have their titles in the main catalogues', () => {
        const titles = routes.filter((r) => r.path.startsWith('/pages/ai-model/')).map((r) => r.title!);
        expect(titles).toEqual(['route.aiModel.list', 'route.aiModel.add', 'route.aiModel.edit']);
        for (const l of LOCALES) expect(titles.filter((k) => !(k in MAIN[l]))).toEqual([]);
      });
    },
  );
}

// ---- analysis-catalogue ------------------------------------------------------------------------
/** The cost analysis' texts (locales/analysis/*.json) pass the area catalogue checks. */
{
  const area = {
    name: 'analysis catalogues',
    prefix: 'analysis',
    messages: ANALYSIS_MESSAGES,
    sources: sourcesIn('src/components/analysis', 'src/pages/expense/analysis'),
    /** the features' names are built from the server's purposes */
    built: () => FEATURES.map((f) => `analysis.feature.${f}`),
    atLeast: 25,
  };

  register(area, () => {
    test('the scan reads the page', () => {
      expect(usedKeys(area).has('analysis.empty.spent')).toBe(true);
    });
  });
}

// ---- chat-catalogue ----------------------------------------------------------------------------
/**
 * The chat area's texts (locales/chat/*.json, used by the chat page and the markdown renderer)
 * pass the area catalogue checks; the route title and the failure codes an answer can carry are
 * in the main catalogues.
 */
{
  register(
    {
      name: 'chat catalogues',
      prefix: 'chat',
      messages: CHAT_MESSAGES,
      sources: sourcesIn('src/pages/assistant/chat', 'src/components/markdown'),
      atLeast: 40,
      values: { count: 2, balance: 1, input: 1, output: 1, credits: 1, ms: 1, seconds: 1 },
    },
    () => {
      test('the chat route title and the failure codes an answer can carry are in the main catalogues', () => {
        const title = routes.find((r) => r.path === '/pages/assistant/chat/chat')?.title;
        expect(title).toBe('route.assistant.chat');
        for (const l of LOCALES) {
          for (const k of [title!, 'error.AI_PROVIDER_ERROR', 'error.AI_TIMEOUT', 'error.AI_RATE_LIMITED']) expect(MAIN[l][k]).toBeTruthy();
        }
      });
    },
  );
}

// ---- cms-catalogue -----------------------------------------------------------------------------
/** The CMS area's texts (locales/cms/*.json) pass the area catalogue checks; its route titles are in the main catalogues. */
{
  register(
    {
      name: 'cms catalogues',
      prefix: 'cms',
      messages: CMS_MESSAGES,
      sources: sourcesIn('src/uni_modules/uni-cms'),
      built: () => [...ARTICLE_STATUSES.map((s) => `cms.status.${s}`), ...COVER_MODES.map((m) => `cms.cover.mode.${m}`)],
      atLeast: 80,
      values: { count: 2, max: 10, time: '2026-01-01 10:00', title: 't', name: 'n', index: 1, percent: 50 },
    },
    () => {
      test('the route titles are in the main catalogues', () => {
        const paths = ['article/list/list', 'article/add/add', 'article/edit/edit', 'categories/list/list', 'categories/add/add', 'categories/edit/edit'].map(
          (p) => `/uni_modules/uni-cms/pages/${p}`,
        );
        for (const path of paths) {
          const title = routes.find((r) => r.path === path)?.title;
          expect(title).toBeTruthy();
          for (const l of LOCALES) expect(MAIN[l][title!]).toBeTruthy();
        }
      });
    },
  );
}

// ---- credits-catalogue -------------------------------------------------------------------------
/**
 * The credits area's texts (locales/credits/*.json: home card, history, adjustment, usage log,
 * reconciliation) pass the area catalogue checks, and every reference the server may write on a
 * ledger entry (LEDGER_REF_TYPES: the ledger's types refuse any other) has a label.
 */
{
  const area = {
    name: 'credits catalogues',
    prefix: 'credits',
    messages: CREDITS_MESSAGES,
    sources: sourcesIn('src/components/credits', 'src/pages/ai-usage', 'src/pages/index', 'src/pages/admin-index', 'src/pages/system/user'),
    /** the keys built from the server's values */
    built: () => [
      ...LEDGER_KINDS.flatMap((k) => [`credits.kind.${k}`, `credits.kindHint.${k}`]),
      ...LEDGER_REF_TYPES.map((r) => `credits.ref.${r}`),
      ...USAGE_STATUSES.map((s) => `credits.usage.status.${s}`),
      ...['provider', 'local'].map((s) => `credits.usage.source.${s}`),
    ],
    atLeast: 60,
  };

  register(area, () => {
    test('the scan reads the adjustment modal', () => {
      expect(usedKeys(area).has('credits.adjust.title')).toBe(true);
    });
  });
}

// ---- demo-catalogue ----------------------------------------------------------------------------
/**
 * The demo pages' catalogues (locales/demo/*.json) pass the area checks, their route titles are in
 * the main catalogues, and the code the table demo shows is the code the table demo runs.
 */
{
  const PAGES = ['icons', 'table', 'layout', 'colors', 'audio', 'css'];

  register(
    {
      name: 'demo catalogues',
      prefix: 'demo',
      messages: DEMO_MESSAGES,
      sources: sourcesIn('src/pages/demo'),
      built: () => [
        ...['full', 'topOnly', 'none'].map((f) => `demo.layout.frame.${f}`),
        ...['scale', 'arpeggio', 'sweep'].map((s) => `demo.audio.sample.${s}`),
      ],
      atLeast: 60,
      values: { count: 2, shown: 3, total: 9, text: 'x', span: 12, breakpoint: 'md', theme: 'green' },
    },
    () => {
      test('every demo page has a route open to holders of the demo permission, titled in the main catalogues', () => {
        for (const name of PAGES) {
          const route = routes.find((r) => r.path === `/pages/demo/${name}/${name}`);
          expect(route).toBeDefined();
          expect(route!.access).toBe(RULES.demo);
          for (const l of LOCALES) expect(MAIN[l][route!.title!]).toBeTruthy();
          expect(fs.existsSync(path.join(ROOT, `src/pages/demo/${name}/${name}.tsx`))).toBe(true);
        }
      });

      test("the table demo's code snippet is the page's own code", () => {
        const page = fs.readFileSync(path.join(ROOT, 'src/pages/demo/table/table.tsx'), 'utf8');
        const start = page.indexOf('\n', page.indexOf('// snippet:start')) + 1;
        const component = page.slice(start, page.indexOf('// snippet:end'));
        const [imports, shown] = TABLE_SNIPPET.split(/\n\n(?=export function)/);
        expect(shown).toBe(component);
        // every import the snippet shows is one the page makes
        for (const line of imports.split('\n')) expect(page).toContain(line);
      });
    },
  );
}

// ---- fields-catalogue --------------------------------------------------------------------------
/**
 * The server-only catalogues: field names in error messages and export headers (locales/fields) and
 * the messages of the newer error codes (locales/errors). Field names: the
 * same keys in the three languages, none empty, and none left in the main catalogues, which load
 * with the login page.
 */
{
  const fields = Object.fromEntries(
    LOCALES.map((l) => [l, JSON.parse(fs.readFileSync(path.join(ROOT, 'locales', 'fields', `${l}.json`), 'utf8')) as Record<string, string>]),
  );

  describe('field names catalogue', () => {
    test('the three languages have the same keys, all field.*, none empty', () => {
      const keys = (l: string) => Object.keys(fields[l]).sort();
      expect(keys('en-US').length).toBeGreaterThan(50);
      expect(keys('zh-CN')).toEqual(keys('en-US'));
      expect(keys('zh-TW')).toEqual(keys('en-US'));
      for (const l of LOCALES) {
        expect(Object.keys(fields[l]).filter((k) => !k.startsWith('field.'))).toEqual([]);
        expect(Object.entries(fields[l]).filter(([, v]) => !v.trim())).toEqual([]);
      }
    });

    test('no field name is in the main catalogues', () => {
      for (const l of LOCALES) expect(Object.keys(MAIN[l]).filter((k) => k.startsWith('field.'))).toEqual([]);
    });
  });

  describe('server-only error messages', () => {
    const errors = Object.fromEntries(
      LOCALES.map((l) => [l, JSON.parse(fs.readFileSync(path.join(ROOT, 'locales', 'errors', `${l}.json`), 'utf8')) as Record<string, string>]),
    );

    test('the three languages have the same keys, all error.*, none empty, none also in the main catalogues', () => {
      const keys = (l: string) => Object.keys(errors[l]).sort();
      expect(keys('zh-CN')).toEqual(keys('en-US'));
      expect(keys('zh-TW')).toEqual(keys('en-US'));
      for (const l of LOCALES) {
        expect(Object.keys(errors[l]).filter((k) => !k.startsWith('error.'))).toEqual([]);
        expect(Object.entries(errors[l]).filter(([, v]) => !v.trim())).toEqual([]);
        expect(Object.keys(errors[l]).filter((k) => k in MAIN[l])).toEqual([]);
      }
    });

    test('every code of the catalogue has a message in every language', () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { ERRORS } = require('../../server/core/errors') as { ERRORS: Record<string, number> };
      for (const l of LOCALES) {
        expect(Object.keys(ERRORS).filter((code) => !(`error.${code}` in MAIN[l]) && !(`error.${code}` in errors[l]))).toEqual([]);
      }
    });
  });
}

// ---- invoice-catalogue -------------------------------------------------------------------------
/**
 * The invoice area's texts (locales/invoice/*.json: the invoice page, and the PDF's and the
 * mail's labels the server reads) pass the area catalogue checks.
 */
{
  const area = {
    name: 'invoice catalogues',
    prefix: 'invoice',
    messages: INVOICE_MESSAGES,
    sources: sourcesIn('src/components/invoice', 'src/pages/expense/invoice', 'server/modules/invoices'),
    atLeast: 60,
  };

  register(area, () => {
    test('the scan reads the page and the PDF', () => {
      expect(usedKeys(area).has('invoice.form.taxNumber')).toBe(true);
      expect(usedKeys(area).has('invoice.pdf.buyer')).toBe(true);
    });
  });
}

// ---- messages-catalogue ------------------------------------------------------------------------
/** The site messages area's texts (locales/messages/*.json) pass the area catalogue checks; its route titles are in the main catalogues. */
{
  register(
    {
      name: 'site messages catalogues',
      prefix: 'msg',
      messages: MSG_MESSAGES,
      sources: [...sourcesIn('src/pages/site-message', 'src/components/messages'), `${ROOT}/src/pages/index/my-message.tsx`],
      built: () => [
        ...MESSAGE_STATUSES.map((s) => `msg.status.${s}`),
        ...AUDIENCES.map((a) => `msg.audience.${a}`),
        ...['roles', 'tags', 'users'].map((a) => `msg.pick.${a}`),
        ...['keep', 'draft', 'now', 'at'].map((p) => `msg.publish.${p}`),
      ],
      atLeast: 40,
      values: { count: 2, title: 't', time: '2026-01-01' },
    },
    () => {
      test('the route titles are in the main catalogues', () => {
        for (const path of [
          '/pages/site-message/list',
          '/pages/site-message/add',
          '/pages/site-message/edit',
          '/pages/site-message/detail',
          '/pages/index/my-message',
        ]) {
          const title = routes.find((r) => r.path === path)?.title;
          expect(title).toBeTruthy();
          for (const l of LOCALES) expect(MAIN[l][title!]).toBeTruthy();
        }
      });
    },
  );
}

// ---- pay-catalogue -----------------------------------------------------------------------------
/**
 * The payment area's texts (locales/pay/*.json: top-up, result, finance orders, refunds,
 * packages, settings) pass the area catalogue checks.
 */
{
  const area = {
    name: 'pay catalogues',
    prefix: 'pay',
    messages: PAY_MESSAGES,
    sources: sourcesIn('src/components/pay', 'src/pages/expense/recharge', 'src/pages/finance', 'src/uni_modules/uni-pay'),
    /** the keys built from the server's values */
    built: () => [
      ...ORDER_STATUSES.map((s) => `pay.status.${s}`),
      ...PAY_METHODS.map((m) => `pay.method.${m}`),
      ...PAY_PROVIDERS.map((p) => `pay.provider.${p}`),
      ...['not_configured', 'no_public_url'].map((r) => `pay.method.off.${r}`),
      ...['expired', 'closed', 'failed'].flatMap((s) => [`pay.qr.ended.${s}`, `pay.result.ended.${s}`]),
      ...['pending', 'succeeded', 'failed'].map((s) => `pay.refund.status.${s}`),
      ...['credited', 'duplicate', 'forged', 'amount_mismatch', 'app_mismatch', 'unknown_order', 'not_paid', 'malformed', 'decrypt', 'error'].map(
        (o) => `pay.outcome.${o}`,
      ),
    ],
    atLeast: 100,
  };

  register(area, () => {
    test('the scan reads the refund modal', () => {
      expect(usedKeys(area).has('pay.refund.anyway')).toBe(true);
    });
  });
}

// ---- prompt-store-catalogue --------------------------------------------------------------------
/** The prompt store area's texts (locales/prompt-store/*.json) pass the area catalogue checks; its route titles are in the main catalogues. */
{
  register(
    {
      name: 'prompt store catalogues',
      prefix: 'store',
      messages: STORE_MESSAGES,
      sources: sourcesIn('src/pages/assistant/prompts-store', 'src/pages/ai-prompt'),
      built: () => [...['newest', 'used', 'favourited'].map((s) => `store.sort.${s}`), ...STORE_STATUSES.map((s) => `store.status.${s}`)],
      atLeast: 40,
      values: { count: 2, uses: 3, favourites: 1, name: 'x', names: 'a, b', title: 't', reason: 'r', position: 3, example: '{{a}}' },
    },
    () => {
      test('the route titles are in the main catalogues', () => {
        for (const path of ['/pages/assistant/prompts-store/prompts-store', '/pages/ai-prompt/list', '/pages/ai-prompt/add', '/pages/ai-prompt/edit']) {
          const title = routes.find((r) => r.path === path)?.title;
          expect(title).toBeTruthy();
          for (const l of LOCALES) expect(MAIN[l][title!]).toBeTruthy();
        }
      });
    },
  );
}

// ---- prompts-catalogue -------------------------------------------------------------------------
/** The prompt templates area's texts (locales/prompts/*.json) pass the area catalogue checks; its route title is in the main catalogues. */
{
  const REASONS: TemplateSyntaxError['reason'][] = ['unclosed', 'bad-name', 'bad-type', 'no-options', 'options-not-allowed'];

  register(
    {
      name: 'prompt templates catalogues',
      prefix: 'prompts',
      messages: PROMPTS_MESSAGES,
      sources: sourcesIn('src/pages/assistant/prompts'),
      built: () => [...REASONS.map((r) => `prompts.reason.${r}`), ...STORE_STATUSES.map((s) => `prompts.submission.${s}`)],
      atLeast: 25,
      values: { count: 2, version: 1, position: 3, reason: 'x', example: '{{a}}' },
    },
    () => {
      test('the route title is in the main catalogues', () => {
        const title = routes.find((r) => r.path === '/pages/assistant/prompts/prompts')?.title;
        expect(title).toBe('route.assistant.prompts');
        for (const l of LOCALES) expect(MAIN[l][title!]).toBeTruthy();
      });
    },
  );
}

// ---- redeem-catalogue --------------------------------------------------------------------------
/**
 * The redeem area's texts (locales/redeem/*.json: the redeem card, code batches, the ad page and
 * ad settings) pass the area catalogue checks.
 */
{
  const area = {
    name: 'redeem catalogues',
    prefix: 'redeem',
    messages: REDEEM_MESSAGES,
    sources: sourcesIn('src/components/redeem', 'src/components/expense', 'src/pages/finance/codes', 'src/uni_modules/uni-pay'),
    atLeast: 40,
  };

  register(area, () => {
    test('the scan reads the ad page and the redeem card', () => {
      expect(usedKeys(area).has('redeem.ad.rewarded')).toBe(true);
      expect(usedKeys(area).has('redeem.card.done')).toBe(true);
    });
  });
}

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
