/**
 * The cost analysis in Chromium: a user with spending and a top-up sees the key figures and the
 * four charts (canvas drawn, legends named), a wider range asks the server again and counts older
 * spending; a finance holder with nothing spent sees the empty state, picks that user, sees their
 * figures and exports their ledger entries of the range.
 */
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { THEME_PRIMARY } from '../../src/shared/theme';
import { api, e2eSession, screenshot } from './browser';
import { makeRole, makeUser, withDb } from './fixtures';

const ADMIN = { username: 'cost_admin', password: 'Admin#2026' };
const USER = { username: 'cost_member', password: 'Member#2026' };
const FINANCE = { username: 'cost_finance', password: 'Finance#2026' };
const PAGE = '/pages/expense/analysis/analysis';

let userId: string;
let n = 0;

/** a ledger entry `daysAgo` days back (the balance moves with it) */
const entry = (kind: string, amount: number, daysAgo: number) =>
  withDb(async (c) => {
    const { rows } = await c.query('UPDATE users SET score = score + $2 WHERE id = $1 RETURNING score', [userId, amount]);
    await c.query(
      `INSERT INTO credit_ledger (user_id, kind, amount, balance_after, idempotency_key, created_at)
        VALUES ($1, $2, $3, $4, $5, now() - make_interval(days => $6) - interval '1 hour')`,
      [userId, kind, amount, rows[0].score, `e2e-analysis:${++n}`, daysAgo],
    );
  });
const usage = (model: string, purpose: string, credits: number, daysAgo: number) =>
  withDb((c) =>
    c.query(
      `INSERT INTO ai_usage (user_id, model_name, purpose, credits, status, created_at) VALUES ($1, $2, $3, $4, 'done', now() - make_interval(days => $5) - interval '1 hour')`,
      [userId, model, purpose, credits, daysAgo],
    ),
  );

const session = e2eSession('e2e-analysis', async () => {
  const admin = (await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password })).body.data.token;
  // through the API: the account gets its 10000 starting credits as a ledger entry
  const made = await api('POST', '/api/system/users', { username: USER.username, password: USER.password }, admin);
  userId = made.body.data._id;
  await entry('capture', -300, 1);
  await entry('capture', -200, 0);
  await entry('topup', 1000, 1);
  await entry('reward', 20, 0);
  await entry('capture', -700, 40); // outside the last 30 days
  await usage('gpt-e2e', 'chat', 300, 1);
  await usage('claude-e2e', 'breakdown', 200, 0);
  await makeRole('cost_finance_role', ['MANAGE_FINANCE']);
  await makeUser(FINANCE.username, FINANCE.password, ['cost_finance_role']);
});
const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

const figure = (id: string) => page.getByTestId(id).locator('.ant-statistic-content');
const accountPicker = () => page.getByRole('combobox', { name: 'Account', exact: true });
const legend = (chart: string) => page.getByTestId(chart).locator('ul');

describe('cost analysis', () => {
  it('a user with spending and a top-up sees the figures and the charts; a wider range asks again', async () => {
    // the charts' code loads with this page only: not with the login page nor the home page
    const scripts: string[] = [];
    const onRequest = (r: { url(): string }) => (r.url().endsWith('.js') ? scripts.push(r.url()) : undefined);
    page.on('request', onRequest);
    await signIn(USER.username, USER.password);
    page.off('request', onRequest);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((u) => /analysis|antv/.test(u))).toEqual([]);

    const charts: string[] = [];
    const onChart = (r: { url(): string }) => (/analysis.*\.js$|antv/.test(r.url()) ? charts.push(r.url()) : undefined);
    page.on('request', onChart);
    await go(PAGE);
    await figure('figure-spent').getByText('500', { exact: true }).waitFor();
    page.off('request', onChart);
    expect(charts.length).toBeGreaterThan(0);
    await figure('figure-added').getByText('1,020', { exact: true }).waitFor();
    // days are the service's, whatever the browser's zone
    await page.getByText("by day in the service's time zone (UTC+8)", { exact: false }).waitFor();
    await figure('figure-balance').getByText('9,820', { exact: true }).waitFor();
    // 500 spent in the last 7 days: 71 a day, 9820 / (500 / 7) = 137 days
    await figure('figure-days-left').getByText('137', { exact: true }).waitFor();

    for (const chart of ['chart-spent', 'chart-added', 'chart-model', 'chart-feature']) await page.getByTestId(chart).locator('canvas').first().waitFor();
    await legend('chart-spent').getByText('Credits').waitFor();
    for (const text of ['Top-up', 'Code redeemed', 'Reward']) await legend('chart-added').getByText(text, { exact: true }).waitFor();
    for (const text of ['gpt-e2e', 'claude-e2e']) await legend('chart-model').getByText(text, { exact: true }).waitFor();
    for (const text of ['Chat', 'Task breakdown']) await legend('chart-feature').getByText(text, { exact: true }).waitFor();
    // a plain user analyses only themselves
    expect(await accountPicker().count()).toBe(0);
    await screenshot(page, 'analysis-member-en');

    // under a loaded machine the picker's popup and the charts' re-render take a while
    const asked = page.waitForResponse((r) => r.url().includes('/api/credits/analysis?'), { timeout: 45_000 });
    await page.locator('.ant-picker-range').click();
    // the popup opens with an animation: pick the preset once it is there and still
    const preset = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-presets').getByText('Last 90 days');
    await preset.waitFor();
    await page.waitForTimeout(300);
    await preset.click();
    const answer = await asked;
    expect(answer.status()).toBe(200);
    const url = new URL(answer.url());
    const span = (Date.parse(url.searchParams.get('to')!) - Date.parse(url.searchParams.get('from')!)) / 86_400_000;
    expect(span).toBe(89);
    await figure('figure-spent').getByText('1,200', { exact: true }).waitFor();

    // the charts take the theme's primary colour: blue by default, green in the green theme
    const swatchIs = (rgb: string) =>
      page.waitForFunction((want) => {
        const swatch = document.querySelector('[data-testid="chart-spent"] ul li span');
        return !!swatch && getComputedStyle(swatch).backgroundColor === want;
      }, rgb);
    const rgbOf = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    await swatchIs(rgbOf(THEME_PRIMARY.default));
    await page.locator('.ant-segmented').getByText('Green', { exact: true }).click();
    await swatchIs(rgbOf(THEME_PRIMARY.green));
    await page.getByTestId('chart-spent').locator('canvas').first().waitFor();
    await page.waitForTimeout(800); // the charts' entry animation, for the screenshot
    await screenshot(page, 'analysis-member-green-en');
  });

  it('the finance holder sees the empty state, picks that user and exports their entries of the range', async () => {
    await signIn(FINANCE.username, FINANCE.password);
    await go(PAGE);
    await page.getByText('Nothing spent in this range').first().waitFor();
    await figure('figure-days-left').getByText('-', { exact: true }).waitFor();

    await page.locator('.ant-select[aria-label="Account"]').click();
    await accountPicker().fill(USER.username);
    await page.locator('.ant-select-item-option', { hasText: USER.username }).click();
    await figure('figure-spent').getByText('500', { exact: true }).waitFor();
    await legend('chart-model').getByText('gpt-e2e', { exact: true }).waitFor();
    await screenshot(page, 'analysis-finance-picked-en');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /Export ledger/ }).click();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync((await (await download).path())!) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    // the user's entries of the last 30 days (the starting grant is today's), not the one 40 days back
    const amounts = rows.slice(1).map((r) => r[3] as number);
    expect(amounts.sort((x, y) => x - y)).toEqual([-300, -200, 20, 1000, 10000]);
    expect(rows.slice(1).every((r) => r[1] === USER.username)).toBe(true);
  });
});
