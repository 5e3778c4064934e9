/**
 * Invoices in Chromium: a user without paid orders is sent to the top-up page; a user with a
 * paid order ticks it, sees the total, fills in a company title (a wrong tax number is refused on
 * its field) and requests; the finance holder issues it from "All requests"; the user downloads
 * the PDF from "My invoices" and it reads back with the Chinese title and the labels.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { pdfText } from '../support/pdf-text';
import { confirmWith, e2eSession, fieldError as fieldErrorOf, screenshot } from './browser';
import { makeRole, makeUser, withDb } from './fixtures';

const PAGE = '/pages/expense/invoice/invoice';
const BUYER = { username: 'inv_buyer', password: 'Member#2026' };
const NEWBIE = { username: 'inv_newbie', password: 'Member#2026' };
const CASHIER = { username: 'inv_cashier', password: 'Finance#2026' };
const ORDER_NO = 'P20261124E2E0001';
const TITLE = '杭州示例网络科技有限公司';
const TAX = '91350100M000100Y43';

const session = e2eSession('invoice', async () => {
  await makeRole('finance', ['MANAGE_FINANCE']);
  await makeUser(BUYER.username, BUYER.password);
  await makeUser(NEWBIE.username, NEWBIE.password);
  await makeUser(CASHIER.username, CASHIER.password, ['finance']);
  // a paid order, as the payments module leaves it once the credits are booked
  await withDb((c) =>
    c.query(
      `INSERT INTO pay_orders (order_no, user_id, provider, method, subject, amount_cents, credits, status, expires_at, paid_at)
       SELECT $1, id, 'alipay', 'alipay_qr', '1234 credits', 1234, 1234, 'credited', now() + interval '1 hour', now() FROM users WHERE username = $2`,
      [ORDER_NO, BUYER.username],
    ),
  );
});
const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});
const fieldError = (field: string) => fieldErrorOf(page, field);

describe('invoices', () => {
  it('without paid orders: an empty state that leads to the top-up page', async () => {
    await signIn(NEWBIE.username, NEWBIE.password);
    await go(PAGE);
    await page.getByText('No paid orders to invoice yet', { exact: false }).waitFor();
    const link = page.locator('a', { has: page.getByRole('button', { name: 'Top up' }) });
    expect(await link.getAttribute('href')).toBe('#/pages/expense/recharge/recharge');
  });

  it('a user ticks a paid order, fills in a company title and requests the invoice', async () => {
    await signIn(BUYER.username, BUYER.password);
    await go(PAGE);
    const row = page.locator('tr', { hasText: ORDER_NO });
    await row.getByText('12.34').waitFor();
    await page.getByTestId('invoice-total').getByText('0 selected, total 0.00 yuan').waitFor();
    await row.locator('.ant-checkbox').click();
    await page.getByTestId('invoice-total').getByText('1 selected, total 12.34 yuan').waitFor();

    await page.getByText('Company', { exact: true }).click();
    await page.locator('#title').fill(TITLE);
    await page.locator('#tax_number').fill('91350100M000100Y44');
    await page.locator('#email').fill('buyer@example.com');
    await page.getByRole('button', { name: 'Request invoice' }).click();
    await fieldError('tax_number').getByText('Enter a valid 18-character unified social credit code').waitFor();
    await screenshot(page, 'invoice-request-form');

    await page.locator('#tax_number').fill(TAX);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/invoices') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Request invoice' }).click();
    expect((await answered).status()).toBe(200);
    // on to "My invoices", where the request waits
    const mine = page.locator('tr', { hasText: TITLE });
    await mine.getByText('Pending').waitFor();
    await mine.getByText('12.34').waitFor();
  });

  it('the finance holder issues it from "All requests"', async () => {
    await signIn(CASHIER.username, CASHIER.password);
    await go(PAGE);
    await page.getByRole('tab', { name: 'All requests' }).click();
    const row = page.locator('tr', { hasText: TITLE });
    await row.getByText(ORDER_NO).waitFor();
    await row.getByText(BUYER.username).waitFor();
    await row.getByText('Issue', { exact: true }).click();
    const issued = page.waitForResponse((r) => r.url().includes('/issue'));
    await confirmWith(page, 'Issue', 'buyer@example.com');
    expect((await issued).status()).toBe(200);
    await page.getByText('issued and mailed to buyer@example.com', { exact: false }).waitFor();
    await row.getByText('Issued').waitFor();
  });

  it('the user downloads the PDF from "My invoices"', async () => {
    await signIn(BUYER.username, BUYER.password);
    await go(PAGE);
    await page.getByRole('tab', { name: 'My invoices' }).click();
    const row = page.locator('tr', { hasText: TITLE });
    await row.getByText('Issued').waitFor();
    const download = page.waitForEvent('download');
    await row.getByText('PDF').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^INV\d+\.pdf$/);
    const bytes = fs.readFileSync((await file.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(bytes);
    // requested from the English console: English labels, the Chinese title as typed
    for (const s of [TITLE, TAX, ORDER_NO, 'Invoice number', 'Buyer', '12.34 yuan']) expect(text).toContain(s);
  });
});
