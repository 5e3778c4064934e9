/**
 * Top-up in Chromium against the Alipay and WeChat Pay stand-ins (the server's PUBLIC_URL is its
 * own origin, so the stand-ins post their notifications to it): a package paid by Alipay QR and
 * by WeChat Pay Native (the code's content read from the page, the stand-in's buyer pays), and by
 * Alipay's website (its Pay button), each ending on the result page with the credits and the new
 * balance; the finance holder refunds part of an order from the orders page. Screenshots of the
 * top-up page in English and Chinese on both themes, and of the orders page.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startAlipayStandin, type AlipayStandin } from '../support/alipay-standin';
import { freePort } from '../support/free-port';
import { startWxpayStandin, type WxpayStandin } from '../support/wxpay-standin';
import { api, confirmWith, e2eSession, fieldError, screenshot } from './browser';
import { makeRole, makeUser, withDb } from './fixtures';

const ADMIN = { username: 'pay_admin', password: 'Admin#2026' };
const BUYER = { username: 'pay_buyer', password: 'Buyer#2026' };
const CASHIER = { username: 'pay_cashier', password: 'Cashier#2026' };
const RECHARGE = '/pages/expense/recharge/recharge';
const RESULT = '/uni_modules/uni-pay/pages/success/success';

let ali: AlipayStandin;
let wx: WxpayStandin;
let port: number;
let packageId: string;
beforeAll(async () => {
  [ali, wx, port] = await Promise.all([startAlipayStandin(), startWxpayStandin(), freePort()]);
});
afterAll(async () => {
  await Promise.all([ali?.close(), wx?.close()]);
});

const session = e2eSession(
  'pay',
  async () => {
    const token = (await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password })).body.data.token;
    const made = await api('POST', '/api/pay/packages', { name: 'Starter', price_cents: 1000, credits: 1000, bonus_credits: 100, sort: 1 }, token);
    expect(made.status).toBe(200);
    packageId = made.body.data.id;
    await makeRole('finance_clerk', ['MANAGE_FINANCE']);
    await makeUser(BUYER.username, BUYER.password);
    await makeUser(CASHIER.username, CASHIER.password, ['finance_clerk']);
  },
  { env: () => ({ ...ali.env(), ...wx.env(), PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` }) },
);
const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

const balanceOf = (username: string) => withDb(async (c) => (await c.query('SELECT score FROM users WHERE username = $1', [username])).rows[0].score as number);
const orderOfQr = (qr: string) => withDb(async (c) => (await c.query('SELECT order_no FROM pay_orders WHERE qr_code = $1', [qr])).rows[0].order_no as string);

/** the whole page, the orders below the fold included */
async function fullShot(name: string) {
  const dir = path.resolve(__dirname, '../../tmp/screens');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** the result page after a payment: the credits added and the new balance */
async function expectCredited(balance: number) {
  await page.waitForURL((u) => u.hash.includes(RESULT), { timeout: 20000 });
  await page.getByText('Payment received: 1100 credits added').waitFor({ timeout: 20000 });
  expect(await page.getByTestId('pay-result-credits').textContent()).toBe('+1100');
  expect(await page.getByTestId('pay-result-balance').textContent()).toBe(String(balance));
  await page.getByTestId('top-bar-score').getByText(String(balance)).waitFor();
  expect(await balanceOf(BUYER.username)).toBe(balance);
}

/** from the top-up page: the package and a method chosen, Pay */
async function payPackageBy(method: string) {
  await go(RECHARGE);
  await page.getByTestId(`pay-package-${packageId}`).click();
  await page.getByTestId(`pay-method-${method}`).click();
  await page.getByTestId('pay-submit').click();
}

/** the QR modal's code, as the phone would read it, and the order it belongs to */
async function scannedOrder(): Promise<string> {
  const qr = page.getByTestId('pay-qr');
  await qr.waitFor();
  const content = (await qr.getAttribute('data-qr'))!;
  expect(content).toBeTruthy();
  expect(await page.getByTestId('pay-qr-amount').textContent()).toBe('¥10.00');
  return orderOfQr(content);
}

describe('top-up', () => {
  it('pays a package by Alipay QR: the result page shows the credits and the new balance', async () => {
    await signIn(BUYER.username, BUYER.password);
    expect(await balanceOf(BUYER.username)).toBe(0);
    await go(RECHARGE);
    await page.getByTestId(`pay-package-${packageId}`).getByText('+100 bonus').waitFor();
    // all three methods are offered: both providers are configured and PUBLIC_URL is set
    for (const m of ['alipay_qr', 'wxpay_native', 'alipay_page']) expect(await page.getByTestId(`pay-method-${m}`).getByRole('radio').isDisabled()).toBe(false);
    await fullShot('pay-recharge-en-default');
    await payPackageBy('alipay_qr');
    const orderNo = await scannedOrder();
    await page.getByText('Waiting for payment…').waitFor();
    await screenshot(page, 'pay-qr-modal-en');
    expect((await ali.pay(orderNo))?.status).toBe(200);
    await expectCredited(1100);
  });

  it('pays a package by WeChat Pay Native', async () => {
    await payPackageBy('wxpay_native');
    const orderNo = await scannedOrder();
    expect(await page.getByText('Scan with WeChat').isVisible()).toBe(true);
    await wx.pay(orderNo);
    await expectCredited(2200);
  });

  it("pays a package on Alipay's website and comes back to the result page", async () => {
    await payPackageBy('alipay_page');
    await page.waitForURL((u) => u.href.startsWith(ali.base));
    await page.locator('#standin-pay').click();
    await expectCredited(3300);
    await page.getByTestId('pay-result').getByRole('button', { name: 'Back' }).click();
    await page.waitForURL((u) => u.hash.includes(RECHARGE));
    await page.getByTestId('pay-balance').getByText('3300').waitFor();
  });

  it('the top-up page in Chinese on the green theme, and in English on the green theme', async () => {
    for (const [locale, theme] of [
      ['zh-CN', 'green'],
      ['zh-CN', 'default'],
      ['en-US', 'green'],
    ] as const) {
      await page.evaluate(([l, t]) => (localStorage.setItem('umi_locale', l), localStorage.setItem('theme', t)), [locale, theme]);
      await go(RECHARGE);
      await page.reload();
      await page.getByTestId(`pay-package-${packageId}`).waitFor();
      await page.locator('.ant-table-row').first().waitFor();
      await fullShot(`pay-recharge-${locale}-${theme}`);
    }
    expect(await page.getByTestId('pay-method-alipay_qr').textContent()).toContain('Alipay (scan QR code)');
    await page.evaluate(() => (localStorage.setItem('umi_locale', 'en-US'), localStorage.setItem('theme', 'default')));
  });

  it('the finance holder refunds part of an order from the orders page', async () => {
    const orderNo = await withDb(
      async (c) =>
        (await c.query(`SELECT order_no FROM pay_orders WHERE method = 'alipay_qr' AND status = 'credited' ORDER BY created_at LIMIT 1`)).rows[0]
          .order_no as string,
    );
    await signIn(CASHIER.username, CASHIER.password);
    await go('/pages/finance/orders/list');
    const row = page.locator('tr', { hasText: orderNo });
    await row.waitFor();
    await screenshot(page, 'pay-finance-orders-en');
    await row.getByLabel(`Refund ${orderNo}`).click();
    const modal = page.locator('.ant-modal', { hasText: `Refund order ${orderNo}` });
    await modal.waitFor();
    expect(await modal.locator('#amount').inputValue()).toBe('10.00');
    await modal.locator('#amount').fill('4.00');
    await modal.locator('#reason').fill('e2e partial refund');
    await modal.locator('.ant-modal-footer').getByRole('button', { name: 'Refund' }).click();
    await confirmWith(page, 'Refund', `Refund ¥4.00 of order ${orderNo}?`);
    await page.getByText('Refunded ¥4.00; 440 credits taken back').waitFor();
    expect(ali.refunds.map((r) => [r.orderNo, r.refundCents])).toEqual([[orderNo, 400]]);
    expect(await balanceOf(BUYER.username)).toBe(3300 - 440);

    // the drawer shows the refund and the notification, verified, that credited the order
    await row.getByLabel(`Details ${orderNo}`).click();
    const drawer = page.locator('.ant-drawer', { hasText: `Order ${orderNo}` });
    await drawer.getByText('e2e partial refund').waitFor();
    await drawer.getByText('verified').first().waitFor();
    await drawer.getByText('credited').first().waitFor();
    await page.waitForTimeout(400); // the drawer's slide-in
    await screenshot(page, 'pay-finance-order-detail-en');
  });

  it('the finance holder adds a package (a price the server refuses shows at the field), takes it off sale, and opens the settings', async () => {
    await go('/pages/finance/packages/list');
    await page.locator('td', { hasText: /^Starter$/ }).waitFor();
    await page.getByRole('button', { name: 'Add a package' }).click();
    const modal = page.locator('.ant-modal', { hasText: 'Add a package' });
    await modal.locator('#name').fill('Pro');
    await modal.locator('#price').fill('2000000');
    await modal.locator('#credits').fill('3000');
    await modal.getByRole('button', { name: 'Save' }).click();
    await fieldError(page, 'price')
      .getByText(/price_cents/)
      .waitFor();
    await modal.locator('#price').fill('30');
    // the error closes and the Save button moves up: click it where it stays
    await fieldError(page, 'price')
      .getByText(/price_cents/)
      .waitFor({ state: 'detached' });
    await modal.getByRole('button', { name: 'Save' }).click();
    const row = page.locator('tr', { has: page.locator('td', { hasText: /^Pro$/ }) });
    await row.getByText('¥30.00').waitFor();
    await screenshot(page, 'pay-finance-packages-en');
    await row.getByLabel('On sale Pro').click();
    // the list reloads from the server after the switch
    await row.locator('[role="switch"][aria-checked="false"]:not(.ant-switch-loading)').waitFor();
    expect(await withDb(async (c) => (await c.query(`SELECT enabled FROM pay_packages WHERE name = 'Pro'`)).rows[0].enabled)).toBe(false);

    await go('/pages/finance/settings/settings');
    await page.getByRole('tab', { name: 'Payments' }).waitFor();
    // the form fills in when the settings arrive, after the tab is drawn
    const rate = page.getByLabel('Credits per yuan');
    for (let i = 0; i < 100 && (await rate.inputValue()) !== '100'; i++) await page.waitForTimeout(100);
    expect(await rate.inputValue()).toBe('100');
    await screenshot(page, 'pay-finance-settings-en');
  });
});
