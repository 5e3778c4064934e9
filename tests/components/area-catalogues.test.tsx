/**
 * Every area catalogue (locales/<area>/*.json) in one table (AI models to redeem codes here, the
 * rest in area-catalogues-more.test.tsx): each area's keys, sources and the
 * keys it builds from lists, with its own further checks; the shared checks run for each
 * (tests/components/support/area-catalogue.ts). The server-only catalogues and the main one have
 * their own blocks here and in catalogue.test.tsx.
 */
import fs from 'fs';
import path from 'path';
import { routes } from '../../config/routes';
import { CHAT_SHORTCUTS } from '../../src/pages/assistant/chat/components/Shortcuts';
import { AI_KINDS, AI_PRESETS, AI_PROTOCOLS } from '../../shared/ai-models';
import { LEDGER_REF_TYPES } from '../../shared/ledger';
import { RULES } from '../../shared/permissions';
import { TemplateSyntaxError } from '../../shared/prompt-template';
import { ANALYSIS_MESSAGES } from '../../src/components/analysis/i18n';
import { CREDITS_MESSAGES } from '../../src/components/credits/i18n';
import { INVOICE_MESSAGES } from '../../src/components/invoice/i18n';
import { CHAT_MESSAGES } from '../../src/components/markdown/messages';
import { PAY_MESSAGES } from '../../src/components/pay/i18n';
import { REDEEM_MESSAGES } from '../../src/components/redeem/i18n';
import { AI_MESSAGES } from '../../src/pages/ai-model/i18n';
import { API_KEY_MESSAGES } from '../../src/pages/api-keys/i18n';
import { STORE_MESSAGES } from '../../src/pages/assistant/prompts-store/messages';
import { PROMPTS_MESSAGES } from '../../src/pages/assistant/prompts/messages';
import { DEMO_MESSAGES } from '../../src/pages/demo/messages';
import { TABLE_SNIPPET } from '../../src/pages/demo/table/snippet';
import { MSG_MESSAGES } from '../../src/pages/site-message/messages';
import { FEATURES } from '../../src/services/analysis';
import { ARTICLE_STATUSES, COVER_MODES } from '../../src/services/cms';
import { LEDGER_KINDS, USAGE_STATUSES } from '../../src/services/credits';
import { AUDIENCES, MESSAGE_STATUSES } from '../../src/services/messages';
import { ORDER_STATUSES, PAY_METHODS, PAY_PROVIDERS } from '../../src/services/pay';
import { STORE_STATUSES } from '../../src/services/prompt-store';
import { CMS_MESSAGES } from '../../src/uni_modules/uni-cms/messages';
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
    'vision',
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

// ---- api-keys-catalogue ------------------------------------------------------------------------
/** The API keys page's texts (locales/api-keys/*.json) pass the area catalogue checks; its title and menu name are in the main catalogues. */
register({ name: 'api-keys catalogues', prefix: 'apiKeys', messages: API_KEY_MESSAGES, sources: sourcesIn('src/pages/api-keys'), atLeast: 30 }, () => {
  test('the page has its title and menu name in the main catalogues', () => {
    for (const l of LOCALES) expect(['route.apiKeys.list', 'menu.apiKeys'].filter((k) => !(k in MAIN[l]))).toEqual([]);
  });
});

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
      /** the shortcuts' names, built from their list */
      built: () => CHAT_SHORTCUTS.map((s) => `chat.shortcut.${s.action}`),
      atLeast: 40,
      values: {
        ...{ count: 2, balance: 1, input: 1, output: 1, credits: 1, ms: 1, seconds: 1 },
        ...{ images: 4, imageMb: 5, documentMb: 10, omitted: 1, chars: 2, name: 'a.pdf', max: 8, model: 'M', date: '2026-01-01' },
        ...{ n: 1, roles: 'writer' },
      },
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
      ...['up', 'down'].map((f) => `credits.usage.feedback.${f}`),
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

for (const { area: a, more } of AREAS) describeAreaCatalogue(a, more);
