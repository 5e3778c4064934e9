/**
 * Every list page fits the screen: at 1280 x 800 and 1440 x 900, in English and Chinese, with rows
 * of realistic length, no table scrolls sideways (nothing hides under the fixed Actions column), no
 * cell's text is cut without an ellipsis or broken mid-word, and the page never scrolls sideways.
 * At 390 px the user list shows its names (the Actions column no longer covers the row) and
 * scrolls inside its card; the article editor's counter and help text stay apart and its buttons
 * inside the card; the role form keeps space between fields while it shows errors. Hidden columns
 * come back from the column settings and are remembered by this browser.
 */
import type { Page } from 'playwright-core';
import { api, e2eSession, screenshot } from './browser';
import { withDb } from './fixtures';
import { layoutProblems } from './layout';

const ADMIN = { username: 'table_admin', password: 'Admin#2026' };

/** the list pages, each with the rows it shows (seeded below) */
const LISTS: { name: string; path: string; rows: number }[] = [
  { name: 'users', path: '/pages/system/user/list', rows: 5 },
  { name: 'roles', path: '/pages/system/role/list', rows: 3 },
  { name: 'permissions', path: '/pages/system/permission/list', rows: 3 },
  { name: 'tags', path: '/pages/system/tag/list', rows: 2 },
  { name: 'user-logs', path: '/pages/system/safety/list', rows: 3 },
  { name: 'ai-models', path: '/pages/ai-model/list', rows: 2 },
  { name: 'prompt-curation', path: '/pages/ai-prompt/list', rows: 3 },
  { name: 'finance-orders', path: '/pages/finance/orders/list', rows: 3 },
  { name: 'articles', path: '/uni_modules/uni-cms/pages/article/list/list', rows: 3 },
  { name: 'categories', path: '/uni_modules/uni-cms/pages/categories/list/list', rows: 2 },
  { name: 'welfare', path: '/pages/dsw-welfare/list', rows: 2 },
  { name: 'apps', path: '/pages/system/app/list', rows: 2 },
  { name: 'menus', path: '/pages/system/menu/list', rows: 3 },
  { name: 'site-messages', path: '/pages/site-message/list', rows: 2 },
  { name: 'upgrade-center', path: '/uni_modules/uni-upgrade-center/pages/version/list', rows: 2 },
];

let adminToken: string;
let articleId: string;

async function post(url: string, body: unknown, token = adminToken) {
  const r = await api('POST', url, body, token);
  if (r.status !== 200) throw new Error(`${url}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** rows as long as real ones get: full names, long e-mail addresses, several roles and tags */
async function seed() {
  adminToken = (await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password })).body.data.token;
  const adminId = (await withDb((c) => c.query(`SELECT id FROM users WHERE username = $1`, [ADMIN.username]))).rows[0].id as string;

  for (const [tagid, name, description] of [
    ['vip', 'VIP customers', 'Customers on the yearly plan who get priority support and early features'],
    ['beta', 'Beta testers of the assistant', 'People who try the new assistant features before everyone else'],
  ])
    await post('/api/system/tags', { tagid, name, description });
  for (const [id, name] of [
    ['EXPORT_CUSTOMER_REPORTS', 'Export customer reports'],
    ['REVIEW_REFUND_REQUESTS', 'Review refund requests'],
  ])
    await post('/api/system/permissions', {
      permission_id: id,
      permission_name: name,
      comment: `Lets the holder ${name.toLowerCase()} from the finance and support pages`,
    });
  await post('/api/system/roles', {
    role_id: 'support_lead',
    role_name: 'Customer support lead (second tier)',
    permission: ['EXPORT_CUSTOMER_REPORTS', 'REVIEW_REFUND_REQUESTS', 'READ_UNI_ID_LOG', 'MANAGE_CONTENT'],
    comment: 'Handles escalated tickets, refunds and the weekly customer report for the operations team',
    daily_credit_limit: 250000,
  });
  await post('/api/system/roles', { role_id: 'editor', role_name: 'Content editor', permission: ['MANAGE_CONTENT'], comment: 'Writes and publishes articles' });
  await post('/api/system/apps', {
    appid: '__UNI__A1B2C3D4E5F6',
    name: 'Field Notes for Teams',
    introduction: 'Take notes in the field, sync them with your team and share them as reports',
    app_android: { name: 'Field Notes', url: 'https://example.com/field-notes.apk' },
    mp_weixin: { name: 'Field Notes', qrcode_url: 'https://example.com/qr.png' },
  });
  await post('/api/system/apps', { appid: '__UNI__0F0F0F0F0F0F', name: 'Assistant', introduction: 'The AI assistant app' });
  const people = [
    ['alexandra_montgomery', 'Alexandra Montgomery-Smith', '13800138001', 'alexandra.montgomery-smith@example-company.com'],
    ['bartholomew_k', 'Bartholomew Kowalczyk', '13800138002', 'bartholomew.kowalczyk@mail.example.org'],
    ['chen_xiaoming', '陈小明（运营部）', '13800138003', 'chen.xiaoming@example.cn'],
    ['d_support', 'Dana from support', '13800138004', 'dana@example.com'],
  ];
  for (const [username, nickname, mobile, email] of people)
    await post('/api/system/users', {
      username,
      password: 'User#2026x',
      nickname,
      mobile,
      email,
      role: ['support_lead', 'editor'],
      tags: ['vip', 'beta'],
      dcloud_appid: ['__UNI__A1B2C3D4E5F6', '__UNI__0F0F0F0F0F0F'],
    });
  // sign-ins for the user log, with a real browser's user agent
  for (const [username] of people) await api('POST', '/api/auth/login', { username, password: 'User#2026x' });
  const userId = (await withDb((c) => c.query(`SELECT id FROM users WHERE username = 'alexandra_montgomery'`))).rows[0].id as string;

  await post('/api/upgrade/versions', {
    appid: '__UNI__A1B2C3D4E5F6',
    platform: 'android',
    type: 'native_app',
    version: '2.10.3',
    url: 'https://example.com/field-notes-2.10.3.apk',
    title: 'Offline maps and faster sync for large teams',
    contents: 'Offline maps; faster sync',
    stable_publish: true,
    is_mandatory: true,
  });
  await post('/api/upgrade/versions', {
    appid: '__UNI__A1B2C3D4E5F6',
    platform: 'android',
    type: 'wgt',
    version: '2.10.4',
    url: 'https://example.com/field-notes-2.10.4.wgt',
    title: 'Hot fix for the report export',
    contents: 'Fixes the export',
    min_uni_version: '2.10.3',
  });

  const model = (name: string, providerModel: string) => ({
    name,
    protocol: 'openai',
    base_url: 'http://127.0.0.1:9/v1',
    api_key: 'sk-layout-test-0123456789abcdef',
    provider_model: providerModel,
    context_window: 128000,
    max_output_tokens: 4096,
    input_price: 2500,
    output_price: 10000,
    enabled: true,
  });
  await post('/api/ai/models', model('GPT-4o (general assistant)', 'gpt-4o-2024-08-06'));
  await post('/api/ai/models', { ...model('DeepSeek reasoning', 'deepseek-reasoner'), roles: ['support_lead', 'editor'] });
  await withDb((c) =>
    c.query(
      `INSERT INTO ai_usage (user_id, model_id, model_name, input_tokens, output_tokens, credits, first_token_ms, total_ms, status, error_code, usage_source)
       VALUES ($1, 'm1', 'GPT-4o (general assistant)', 12840, 48120, 36500, 410, 52000, 'done', NULL, 'provider'),
              ($1, 'm1', 'GPT-4o (general assistant)', 90, 0, 0, NULL, 1200, 'error', 'AI_PROVIDER_ERROR', 'local'),
              ($1, 'm2', 'DeepSeek reasoning', 300, 64, 12, 650, 2100, 'interrupted', NULL, 'local')`,
      [userId],
    ),
  );

  for (const [title, category, tags] of [
    ['Weekly report writer for the operations team', 'Writing', ['report', 'weekly', 'operations']],
    ['Translate customer e-mails into polite Chinese', 'Translation', ['email', 'translation']],
    ['SQL helper', 'Engineering', ['sql']],
  ] as const)
    await post('/api/store-prompts', { title, description: `${title}: a starter prompt`, body: `You help with: ${title}. Input: {{text}}`, category, tags });

  const categories: string[] = [];
  for (const [name, description] of [
    ['Product announcements', 'New features, releases and changes to the pricing of the assistant'],
    ['Guides', 'How to get the most out of the assistant'],
  ])
    categories.push((await post('/api/cms/categories', { name, description, icon: 'ReadOutlined' })).id);
  articleId = (
    await post('/api/cms/articles', {
      title: 'Introducing offline maps, faster sync and a new report export for teams',
      excerpt: 'Everything that changed in the spring release, from offline maps to the way reports are exported',
      content: '<p>Offline maps</p>',
      category_id: categories[0],
      article_status: 1,
      is_sticky: true,
      is_essence: true,
    })
  ).id;
  await post('/api/cms/articles', {
    title: 'Getting started',
    excerpt: 'Your first ten minutes',
    content: '<p>Hello</p>',
    category_id: categories[1],
    article_status: 1,
  });
  await post('/api/cms/articles', { title: 'Draft: pricing changes for the yearly plan', content: '<p>Soon</p>', category_id: categories[0] });

  await post('/api/site-messages', {
    title: 'Scheduled maintenance of the payment service tonight at 22:00',
    body: 'Payments pause for 30 minutes.',
    audience: 'everyone',
    publish: 'now',
  });
  await post('/api/site-messages', { title: 'Weekly tips', body: 'Use prompts to save time.', audience: 'everyone', publish: 'now' });

  const day = 86400_000;
  await post('/api/welfare/campaigns', {
    title: 'Spring welcome bonus for new customers',
    description: 'Every account created this spring gets a one-off bonus to try the assistant',
    credits: 500,
    eligibility: 'new_users',
    new_user_days: 30,
    frequency: 'once',
    starts_at: new Date(Date.now() - day).toISOString(),
    ends_at: new Date(Date.now() + 30 * day).toISOString(),
    budget: 1_000_000,
  });
  await post('/api/welfare/campaigns', {
    title: 'Daily credits for VIP customers',
    credits: 50,
    eligibility: 'tags',
    eligibility_values: ['vip', 'beta'],
    frequency: 'daily',
    starts_at: new Date(Date.now() - day).toISOString(),
    ends_at: new Date(Date.now() + 90 * day).toISOString(),
    budget: 50_000,
  });

  await post('/api/pay/packages', { name: 'Starter pack for new customers', price_cents: 990, credits: 1000, bonus_credits: 100, sort: 1 });
  await post('/api/pay/packages', { name: 'Team pack', price_cents: 99900, credits: 120000, bonus_credits: 20000, sort: 2 });
  await post('/api/redeem/batches', {
    name: 'Spring campaign codes for partners',
    credits: 250,
    count: 3,
    expires_at: new Date(Date.now() + 30 * day).toISOString(),
  });
  const orders = await withDb(async (c) => {
    const ids: string[] = [];
    for (const [i, uid, status] of [
      [1, userId, 'credited'],
      [2, userId, 'created'],
      [3, adminId, 'credited'],
    ] as const) {
      const { rows } = await c.query(
        `INSERT INTO pay_orders (order_no, user_id, provider, method, subject, amount_cents, credits, status, trade_no, expires_at, paid_at)
         VALUES ($1, $2, 'alipay', 'alipay_qr', 'Team pack: 120,000 credits and 20,000 bonus credits', 99900, 140000, $3, $4, now() + interval '1 hour', $5) RETURNING id`,
        [
          `P2026052012000${i}`,
          uid,
          status,
          status === 'created' ? null : `2026052022001400${i}0512345678901`,
          status === 'created' ? null : new Date().toISOString(),
        ],
      );
      ids.push(rows[0].id);
    }
    return ids;
  });
  await post('/api/invoices', {
    order_ids: [orders[2]],
    type: 'personal',
    title: 'Alexandra Montgomery-Smith',
    email: 'alexandra.montgomery-smith@example-company.com',
  });
  await withDb((c) =>
    c.query(
      `INSERT INTO realname_verifications (user_id, real_name, id_card_hash, id_card_enc, id_card_masked, status, decided_at)
       VALUES ($1, '蒙哥马利', 'e2e-hash', 'enc', '1101**********1234', 'approved', now())`,
      [adminId],
    ),
  );
  await post('/api/credits/adjust', { user_id: adminId, amount: 50_000, reason: 'author rewards for the store prompts', withdrawable: true });
  await post('/api/withdrawals', {
    amount: 12_000,
    account_type: 'bank',
    account_name: 'Alexandra Montgomery-Smith',
    account_no: '6222 0210 0104 5678 901',
    bank_name: 'Industrial and Commercial Bank of China',
  });
}

const session = e2eSession('e2e-tables', seed);
const { go, signIn } = session;
let page: Page;
beforeAll(async () => {
  page = session.page();
  await signIn(ADMIN.username, ADMIN.password);
});

/** the list has drawn its rows (and no request is pending) */
async function listShown(rows: number) {
  await page.waitForFunction(
    (n) => document.querySelectorAll('.ant-table-wrapper .ant-table-row').length >= n && !document.querySelector('.ant-table-wrapper .ant-spin-spinning'),
    rows,
    // a busy machine (builds beside the tests) can take longer than the default 15 s
    { timeout: 60_000 },
  );
}

async function setScreen(width: number, height: number, locale: string) {
  await page.setViewportSize({ width, height });
  await page.evaluate((lo) => localStorage.setItem('umi_locale', lo), locale);
}

describe.each([
  [1280, 800, 'en-US'],
  [1440, 900, 'en-US'],
  [1280, 800, 'zh-CN'],
])('at %i x %i in %s', (width, height, locale) => {
  beforeAll(() => setScreen(width, height, locale));

  it.each(LISTS.map((l) => [l.name, l] as const))('the %s list fits without cutting a word', async (name, list) => {
    await go(list.path);
    await page.reload();
    await listShown(list.rows);
    const problems = await layoutProblems(page, { tableMayScroll: false });
    if (problems.length) await screenshot(page, `tables-${name}-${width}-${locale}`);
    expect(problems).toEqual([]);
  });
});

describe('at 390 x 844', () => {
  beforeAll(() => setScreen(390, 844, 'en-US'));

  it('the user list shows each row as labelled lines: the name beside its label, nothing cut or sideways', async () => {
    await go('/pages/system/user/list');
    await page.reload();
    await listShown(5);
    const problems = await layoutProblems(page, { tableMayScroll: false });
    // a refetch may still be drawing its spinner over the rows: wait for the name to show, then report why it did not
    const nameShown = () => {
      const value = [...document.querySelectorAll<HTMLElement>('.ant-table-tbody .stacked-value')].find(
        (v) => v.textContent?.trim() === 'alexandra_montgomery',
      );
      if (!value) return 'no line holds alexandra_montgomery';
      const label = value.parentElement?.querySelector('.stacked-label')?.textContent?.trim();
      if (label !== 'Username') return `its label is ${label}`;
      value.scrollIntoView({ block: 'center' });
      const r = value.getBoundingClientRect();
      if (r.left < 0 || r.right > window.innerWidth) return `the name is off screen (${Math.round(r.left)}..${Math.round(r.right)})`;
      const top = document.elementFromPoint(r.left + 4, r.top + r.height / 2);
      return top && value.contains(top) ? 'shown' : `covered by ${top?.className}`;
    };
    await page.waitForFunction(`(${nameShown})() === 'shown'`, undefined, { timeout: 30_000 }).catch(() => undefined);
    const seen = await page.evaluate(`(${nameShown})()`);
    // the row's actions are on screen under its lines
    const edit = page.getByRole('link', { name: 'Edit alexandra_montgomery' });
    const box = await edit.boundingBox();
    await screenshot(page, 'tables-users-390-en-US');
    expect(problems).toEqual([]);
    expect(seen).toBe('shown');
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  });

  it("the article editor's counter stays off the help text and its buttons inside the card", async () => {
    await go(`/uni_modules/uni-cms/pages/article/edit/edit?id=${articleId}`);
    await page.reload();
    const update = page.getByRole('button', { name: 'Update' });
    await update.waitFor();
    await page.locator('#excerpt').fill('A shorter excerpt');
    await page.getByTestId('excerpt-count').filter({ hasText: '17 / ' }).waitFor();
    const boxes = await page.evaluate(() => {
      const rect = (el: Element | null) => {
        const r = el!.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      };
      const count = document.querySelector('[data-testid="excerpt-count"]');
      const extra = count!.closest('.ant-form-item-extra');
      const hint = extra!.querySelector('span:not([data-testid])');
      const card = document.querySelector('.ant-card');
      const buttons = [...card!.querySelectorAll('button')].map(rect);
      return { count: rect(count), hint: rect(hint), card: rect(card), buttons, page: document.scrollingElement!.scrollWidth };
    });
    await screenshot(page, 'tables-article-editor-390-en-US');
    const overlap = (a: typeof boxes.count, b: typeof boxes.count) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    expect(overlap(boxes.count, boxes.hint)).toBe(false);
    for (const b of boxes.buttons) {
      expect(b.left).toBeGreaterThanOrEqual(boxes.card.left);
      expect(b.right).toBeLessThanOrEqual(boxes.card.right);
    }
    expect(boxes.page).toBeLessThanOrEqual(390);
  });
});

describe('at 1280 x 800', () => {
  beforeAll(() => setScreen(1280, 800, 'en-US'));

  it('the role form keeps space between its fields while it shows errors', async () => {
    await go('/pages/system/role/add');
    await page.reload();
    await page.locator('#role_id').waitFor();
    /** the space between each field's last line (input, error or help) and the next field's label */
    const gaps = () =>
      page.evaluate(() => {
        const items = [...document.querySelectorAll('.resource-form .ant-form-item')].filter((el) => (el as HTMLElement).offsetParent !== null);
        const out: number[] = [];
        for (let i = 0; i + 1 < items.length; i++) {
          let bottom = 0;
          for (const el of items[i].querySelectorAll('.ant-form-item-control-input, .ant-form-item-explain-error, .ant-form-item-extra')) {
            const r = el.getBoundingClientRect();
            if (r.height) bottom = Math.max(bottom, r.bottom);
          }
          out.push(Math.round(items[i + 1].getBoundingClientRect().top - bottom));
        }
        return out;
      });
    const before = await gaps();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('.ant-form-item-explain-error').nth(1).waitFor();
    // the errors have finished sliding in
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.ant-form-item-explain-error')].every((e) => getComputedStyle(e.parentElement!).opacity === '1'),
    );
    const after = await gaps();
    await screenshot(page, 'tables-role-form-errors-1280-en-US');
    expect(before.length).toBeGreaterThanOrEqual(4);
    expect(Math.min(...before)).toBeGreaterThanOrEqual(16);
    expect(Math.min(...after)).toBeGreaterThanOrEqual(16);
  });

  it("built-in names read in the reader's language; an admin's own names stay as typed", async () => {
    await setScreen(1280, 800, 'zh-CN');
    try {
      await go('/pages/system/role/list');
      await page.reload();
      const admin = page.locator('.ant-table-row[data-row-key="admin"]');
      await admin.getByText('超级管理员', { exact: true }).waitFor();
      await admin.getByText('内置', { exact: true }).waitFor();
      await go('/pages/system/permission/list');
      await page.locator('.ant-table-row[data-row-key="READ_UNI_ID_USERS"]').getByText('查看用户', { exact: true }).waitFor();
      // the user list's role tags, and a role picker's options
      await go('/pages/system/user/list');
      await listShown(1);
      await page.locator('.ant-table-row .ant-tag', { hasText: '超级管理员' }).first().waitFor();
      expect(await page.locator('.ant-table-row .ant-tag', { hasText: 'Super administrator' }).count()).toBe(0);
    } finally {
      await setScreen(1280, 800, 'en-US');
    }
  });

  it('a hidden column comes back from the column settings and stays for the next visit', async () => {
    await go('/pages/system/user/list');
    await page.reload();
    await listShown(5);
    const emailHeader = page.locator('.ant-table-thead th', { hasText: /^E-?mail/ });
    expect(await emailHeader.count()).toBe(0);
    await page.locator('.ant-pro-table-list-toolbar-setting-item').last().click();
    await page
      .locator('.ant-tree-treenode', { hasText: /^E-?mail$/ })
      .locator('.ant-tree-checkbox')
      .click();
    await emailHeader.first().waitFor();
    await page.reload();
    await listShown(5);
    await emailHeader.first().waitFor();
    await page.locator('.ant-table-tbody').getByText('alexandra.montgomery-smith@example-company.com').waitFor();
  });
});

describe('a list asks once', () => {
  it('the user list, sorted by last sign-in by default, fetches its page once on a full load', async () => {
    await setScreen(1280, 800, 'en-US');
    await go('/pages/system/user/list');
    const asked: string[] = [];
    const onRequest = (r: { url(): string }) => (new URL(r.url()).pathname === '/api/system/users' ? asked.push(r.url()) : undefined);
    page.on('request', onRequest);
    await page.reload();
    await listShown(5);
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    expect(asked).toHaveLength(1);
  });
});
