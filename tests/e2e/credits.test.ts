/**
 * Credits in Chromium: an admin adjusts a user's credits from the user list (a double submit
 * moves them once) and sees the new balance; that user finds the adjustment in the credit
 * history opened from the home card; an admin sets a role's daily AI credit limit; the usage
 * log opens for an admin and is refused to a plain user; the admin home shows the last ledger
 * reconciliation, in red with the differing account when a balance is off its ledger.
 */
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { api, e2eSession, screenshot } from './browser';
import { withDb } from './fixtures';

const ADMIN = { username: 'credit_admin', password: 'Admin#2026' };
const USER = { username: 'credit_member', password: 'Member#2026' };

let adminToken: string;
let userId: string;
const session = e2eSession('e2e-credits', async () => {
  adminToken = (await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password })).body.data.token;
  // through the API, so the account gets its starting credits as a ledger entry
  const made = await api('POST', '/api/system/users', { username: USER.username, password: USER.password }, adminToken);
  expect(made.status).toBe(200);
  userId = made.body.data._id;
});
const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

const balanceOf = () => withDb(async (c) => (await c.query('SELECT score FROM users WHERE id = $1', [userId])).rows[0].score as number);
const adjustments = () =>
  withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM credit_ledger WHERE user_id = $1 AND kind = 'adjustment'`, [userId])).rows[0].n as number);

describe('credits', () => {
  it('an admin adjusts a user’s credits from the user list and sees the new balance (once, even clicked twice)', async () => {
    expect(await balanceOf()).toBe(10000);
    await signIn(ADMIN.username, ADMIN.password);
    await go('/pages/system/user/list');
    const row = page.locator('tr', { hasText: USER.username }).first();
    await row.waitFor();
    await row.getByLabel(`Adjust credits ${USER.username}`).click();

    const modal = page.locator('.ant-modal', { hasText: `Adjust the credits of ${USER.username}` });
    await modal.waitFor();
    await modal.getByTestId('adjust-current').getByText('10000').waitFor();
    // the reason is required, and a change that would leave the balance below 0 is refused
    await modal.locator('#amount').fill('-20000');
    await modal.locator('.ant-modal-footer').getByRole('button', { name: 'Adjust' }).click();
    await modal.getByText('The balance cannot go below 0').waitFor();
    await modal.getByText('Enter the reason').waitFor();

    await modal.locator('#amount').fill('250');
    await modal.getByTestId('adjust-after').getByText('10250').waitFor();
    await modal.locator('#reason').fill('e2e goodwill bonus');
    await modal.getByText('Enter the reason').waitFor({ state: 'detached' });
    await modal.getByText('The balance cannot go below 0').waitFor({ state: 'detached' });
    await screenshot(page, 'credits-adjust-modal-en');
    await modal.locator('.ant-modal-footer').getByRole('button', { name: 'Adjust' }).dblclick();
    await page.getByText(`The balance of ${USER.username} is now 10250`).first().waitFor();
    await modal.waitFor({ state: 'hidden' });
    expect(await balanceOf()).toBe(10250);
    expect(await adjustments()).toBe(1);
  });

  it('that user opens the credit history from the home card and sees the adjustment', async () => {
    await signIn(USER.username, USER.password);
    await go('/pages/index/index');
    await page.getByTestId('credit-today').getByText('Spent on AI today (UTC+8)').waitFor();
    await page.getByTestId('credit-today').getByText('no daily limit', { exact: false }).waitFor();
    await screenshot(page, 'credits-home-card-en');
    await page.getByRole('button', { name: 'Credit history' }).click();
    const drawer = page.locator('.ant-drawer-content', { hasText: 'Credit history' });
    const adjusted = drawer.locator('tr', { hasText: 'e2e goodwill bonus' });
    await adjusted.waitFor();
    for (const text of ['Adjustment', '+250', '10250', 'administrator']) await adjusted.getByText(text, { exact: true }).first().waitFor();
    const grant = drawer.locator('tr', { hasText: 'starting credits' });
    for (const text of ['Grant', '+10000', 'sign-up']) await grant.getByText(text, { exact: true }).first().waitFor();
    await screenshot(page, 'credits-history-drawer-en');

    // filtered by kind on the server: only the adjustment stays
    await drawer.getByRole('columnheader', { name: 'Kind' }).locator('.ant-table-filter-trigger').click();
    await page.locator('.ant-table-filter-dropdown:visible').getByText('Adjustment', { exact: true }).click();
    await page
      .locator('.ant-table-filter-dropdown:visible')
      .getByRole('button', { name: /OK|Apply/ })
      .click();
    await grant.waitFor({ state: 'detached' });
    await adjusted.waitFor();

    // the export holds the filtered entries, with labelled columns
    const download = page.waitForEvent('download');
    await drawer.getByRole('button', { name: /Export/ }).click();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync((await (await download).path())!) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['time', 'kind', 'amount', 'balance after', 'reason', 'reference', 'reference ID']);
    expect(rows.slice(1).map((r) => r.slice(1, 5))).toEqual([['adjustment', 250, 10250, 'e2e goodwill bonus']]);
  });

  it('an admin sets a role’s daily credit limit', async () => {
    await signIn(ADMIN.username, ADMIN.password);
    await go('/pages/system/role/add');
    await page.locator('#role_id').fill('metered');
    await page.locator('#role_name').fill('Metered');
    await page.getByText('the most generous limit counts', { exact: false }).waitFor();
    await page.locator('#daily_credit_limit').fill('5000');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/role\/list/);
    await page.locator('tr', { hasText: 'metered' }).first().getByText('5,000 credits').waitFor();
    const stored = await withDb(async (c) => (await c.query(`SELECT daily_credit_limit FROM roles WHERE role_id = 'metered'`)).rows[0].daily_credit_limit);
    expect(stored).toBe(5000);
  });

  it('the usage log opens for an admin (empty, then with requests, filtered by status) and is refused to a plain user', async () => {
    await go('/pages/ai-usage/list');
    await page.getByRole('heading', { name: 'AI usage log' }).waitFor();
    await page.getByTestId('usage-page-sum').getByText('This page: 0 requests').waitFor();
    await page.getByRole('columnheader', { name: 'First token (ms)' }).waitFor();

    // what the chat writes for each answer (the chat itself is tested elsewhere)
    await withDb((c) =>
      c.query(
        `INSERT INTO ai_usage (user_id, model_id, model_name, input_tokens, output_tokens, credits, first_token_ms, total_ms, status, error_code, usage_source)
         VALUES ($1, 'm1', 'GPT stand-in', 120, 480, 36, 410, 5200, 'done', NULL, 'provider'),
                ($1, 'm1', 'GPT stand-in', 90, 0, 0, NULL, 1200, 'error', 'AI_PROVIDER_ERROR', 'local'),
                ($1, 'm2', 'Claude stand-in', 300, 64, 12, 650, 2100, 'stopped', NULL, 'local')`,
        [userId],
      ),
    );
    await page.reload();
    await page.getByTestId('usage-page-sum').getByText('This page: 3 requests, 48 credits, 510 input and 544 output tokens').waitFor();
    const failed = page.locator('tr', { hasText: 'AI_PROVIDER_ERROR' });
    for (const text of ['error', 'counted locally', 'GPT stand-in', USER.username]) await failed.getByText(text, { exact: true }).waitFor();
    await screenshot(page, 'credits-usage-log-en');

    await page.getByRole('columnheader', { name: 'Status' }).locator('.ant-table-filter-trigger').click();
    await page.locator('.ant-table-filter-dropdown:visible').getByText('stopped', { exact: true }).click();
    await page
      .locator('.ant-table-filter-dropdown:visible')
      .getByRole('button', { name: /OK|Apply/ })
      .click();
    await page.getByTestId('usage-page-sum').getByText('This page: 1 request, 12 credits, 300 input and 64 output tokens').waitFor();
    await page.locator('tr', { hasText: 'Claude stand-in' }).waitFor();

    await signIn(USER.username, USER.password);
    await go('/pages/ai-usage/list');
    await page.getByText('No access').first().waitFor();
    // the page header names the page; the log itself is not drawn
    expect(await page.locator('#console-main .ant-table').count()).toBe(0);
    const token = await page.evaluate(() => localStorage.getItem('uni_id_token'));
    const refused = await api('GET', '/api/ai/usage', undefined, token!);
    expect(refused.status).toBe(403);
  });

  it('the admin home shows the last reconciliation, and a balance off its ledger in red', async () => {
    await signIn(ADMIN.username, ADMIN.password);
    await go('/pages/admin-index/admin-index');
    const line = page.getByTestId('ledger-reconciliation');
    await line.getByRole('button', { name: 'Reconcile now' }).click();
    await line.getByText(/Ledger reconciled .*: \d+ accounts, no differences/).waitFor();
    await screenshot(page, 'credits-admin-home-clean-en');

    // a balance changed outside the ledger is reported, never fixed
    await withDb((c) => c.query('UPDATE users SET score = score + 7 WHERE id = $1', [userId]));
    await line.getByRole('button', { name: 'Reconcile now' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'found 1 balance that differs from the ledger' });
    await alert.waitFor();
    const off = alert.locator('tr', { hasText: userId });
    for (const text of ['10257', '10250', '7']) await off.getByText(text, { exact: true }).waitFor();
    expect(await alert.getByRole('button', { name: /fix/i }).count()).toBe(0);
    await screenshot(page, 'credits-admin-home-differences-en');
    expect(await balanceOf()).toBe(10257);

    await withDb((c) => c.query('UPDATE users SET score = score - 7 WHERE id = $1', [userId]));
    await alert.getByRole('button', { name: 'Run again' }).click();
    await line.getByText(/no differences/).waitFor();
  });

  it('the same views in Chinese on the green theme', async () => {
    await page.evaluate(() => {
      localStorage.setItem('umi_locale', 'zh-CN');
      localStorage.setItem('theme', 'green');
    });
    await go('/pages/admin-index/admin-index');
    await page.reload();
    await page.getByTestId('ledger-reconciliation').getByText('无差异', { exact: false }).waitFor();
    await screenshot(page, 'credits-admin-home-zh-green');

    await go('/pages/ai-usage/list');
    await page.getByTestId('usage-page-sum').getByText('本页', { exact: false }).waitFor();
    await screenshot(page, 'credits-usage-log-zh-green');

    await go('/pages/system/user/list');
    const row = page.locator('tr', { hasText: USER.username }).first();
    await row.getByLabel(`调整积分 ${USER.username}`).click();
    const modal = page.locator('.ant-modal', { hasText: `调整 ${USER.username} 的积分` });
    await modal.locator('#amount').fill('-50');
    await modal.locator('#reason').fill('测试扣减');
    await screenshot(page, 'credits-adjust-modal-zh-green');
    await modal
      .locator('.ant-modal-footer')
      .getByRole('button', { name: '调 整' })
      .or(modal.locator('.ant-modal-footer').getByRole('button', { name: '调整' }))
      .click();
    await page.getByText(`${USER.username} 的余额现为 10200`).first().waitFor();

    await signIn(USER.username, USER.password);
    // signing in starts from a cleared storage
    await page.evaluate(() => {
      localStorage.setItem('umi_locale', 'zh-CN');
      localStorage.setItem('theme', 'green');
    });
    await go('/pages/index/index');
    await page.reload();
    await page.getByRole('button', { name: '积分明细' }).click();
    await page.locator('.ant-drawer-content tr', { hasText: '测试扣减' }).getByText('-50').waitFor();
    await screenshot(page, 'credits-history-drawer-zh-green');
  });
});
