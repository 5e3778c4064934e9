/**
 * Redemption codes in Chromium: a finance admin generates a batch, sees it in the list, opens
 * its codes, exports them (code, status, used by, used at) after a user redeemed one, and
 * switches the batch off after a confirmation; a user redeems a code on the top-up page (the
 * balance grows) and the same code again is refused at the field.
 */
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { RULES } from '../../shared/permissions';
import { api, confirmWith, e2eSession, screenshot } from './browser';
import { makeRole, makeUser, withDb } from './fixtures';

const ADMIN = { username: 'codes_root', password: 'Admin#2026' };
const FINANCE = { username: 'codes_finance', password: 'Finance#2026' };
const USER = { username: 'codes_user', password: 'User#2026' };

const session = e2eSession('e2e-codes', async () => {
  await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password });
  await makeRole('finance', [RULES.manageFinance]);
  await makeUser(FINANCE.username, FINANCE.password, ['finance']);
  await makeUser(USER.username, USER.password);
});
const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

describe('redemption codes', () => {
  it('a finance admin generates a batch, sees it, opens its codes, exports them and switches it off', async () => {
    await signIn(FINANCE.username, FINANCE.password);
    await go('/pages/finance/codes/list');
    await page.getByTestId('generate-codes').click();
    const modal = page.locator('.ant-modal', { hasText: 'Generate a batch of codes' });
    await modal.waitFor();
    // a click while the dialog is still zooming in can be lost: it is clicked once it stands
    await page.waitForFunction(() => !document.querySelector('.ant-modal[class*="-appear"], .ant-modal[class*="-enter"], .ant-zoom-appear, .ant-zoom-enter'));
    // the name is required
    await modal.locator('.ant-modal-footer').getByRole('button', { name: 'Generate codes' }).click();
    await modal.getByText('Enter a name').waitFor();
    await modal.locator('#name').fill('Launch week');
    await modal.locator('#credits').fill('30');
    await modal.locator('#count').fill('5');
    await screenshot(page, 'codes-generate-en');
    await modal.locator('.ant-modal-footer').getByRole('button', { name: 'Generate codes' }).click();
    await modal.waitFor({ state: 'detached' });
    const row = page.locator('tr', { hasText: 'Launch week' }).first();
    await row.getByText('0 / 5').waitFor();
    // nothing went to the error log on the way (a refused form is not an error)
    await expect(page.getByRole('button', { name: /^Error log/ }).count()).resolves.toBe(0);

    // a user redeems one of them; the list counts it
    const [{ code }] = await withDb(async (c) => (await c.query('SELECT code FROM redeem_codes LIMIT 1')).rows as { code: string }[]);
    const userToken = (await api('POST', '/api/auth/login', USER)).body.data.token;
    expect((await api('POST', '/api/redeem', { code: code.toLowerCase() }, userToken)).body.data.credits).toBe(30);
    await page.reload();
    await row.getByText('1 / 5').waitFor();
    await screenshot(page, 'codes-list-en');

    await row.getByLabel('Codes Launch week', { exact: true }).click();
    const drawer = page.locator('.ant-drawer', { hasText: 'Codes of Launch week' });
    await drawer.getByText(USER.username).waitFor();
    await expect(drawer.locator('tbody tr.ant-table-row').count()).resolves.toBe(5);
    await screenshot(page, 'codes-drawer-en');
    await drawer.locator('.ant-drawer-close').click();

    const download = page.waitForEvent('download');
    await row.getByLabel('Export codes Launch week').click();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync((await (await download).path())!) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['code', 'status', 'used by', 'used at']);
    expect(rows).toHaveLength(6);
    expect(rows[1].slice(0, 3)).toEqual([code.match(/.{4}/g)!.join('-'), 'used', USER.username]);
    expect(rows.slice(2).map((r) => r[1])).toEqual(['unused', 'unused', 'unused', 'unused']);

    await row.getByLabel('Switch off Launch week').click();
    await confirmWith(page, 'Switch off');
    await row.getByText('Switched off').waitFor();
    const [second] = await withDb(async (c) => (await c.query('SELECT code FROM redeem_codes WHERE used_at IS NULL')).rows as { code: string }[]);
    expect((await api('POST', '/api/redeem', { code: second.code }, userToken)).body.errorCode).toBe('REDEEM_CODE_EXPIRED');
  });

  it('a user redeems a code on the top-up page; the same code again is refused', async () => {
    const batch = await api(
      'POST',
      '/api/redeem/batches',
      { name: 'Top-up page', credits: 25, count: 1, expires_at: new Date(Date.now() + 86400_000).toISOString() },
      (await api('POST', '/api/auth/login', FINANCE)).body.data.token,
    );
    expect(batch.status).toBe(200);
    const [{ code }] = await withDb(
      async (c) =>
        (await c.query("SELECT c.code FROM redeem_codes c JOIN redeem_batches b ON b.id = c.batch_id WHERE b.name = 'Top-up page'")).rows as { code: string }[],
    );
    await signIn(USER.username, USER.password);
    await go('/pages/expense/recharge/recharge');
    const before = (await api('GET', '/api/credits/me', undefined, (await api('POST', '/api/auth/login', USER)).body.data.token)).body.data.balance as number;
    await page.getByTestId('redeem-code').fill(code.match(/.{4}/g)!.join('-'));
    await page.getByTestId('redeem-code').press('Enter');
    await page
      .getByTestId('redeem-result')
      .getByText(`+25 credits, balance ${before + 25}`)
      .waitFor();
    // the balance card on the page follows
    await page
      .getByTestId('pay-balance')
      .getByText(String(before + 25))
      .waitFor();
    await screenshot(page, 'recharge-redeemed-en');
    await page.getByTestId('redeem-code').fill(code);
    await page.getByTestId('redeem-submit').click();
    await page.getByText('This code has been used already').first().waitFor();
  });
});
