/**
 * Withdrawals in Chromium: a real-name verified user with earned credits requests a withdrawal
 * (the fee and the payout shown as they type) and another one; the finance holder approves the
 * first with a payout reference and rejects the second with a reason; the user sees the paid one
 * with its reference, the rejected one with its reason, and the rejected credits back; the
 * same pages in Chinese on the green theme.
 */
import type { Page } from 'playwright-core';
import { api, e2eSession, screenshot } from './browser';
import { makeRole, makeUser, withDb } from './fixtures';

const ADMIN = { username: 'wd_admin', password: 'Admin#2026' };
const EARNER = { username: 'wd_earner', password: 'Member#2026' };
const FINANCE = { username: 'wd_finance', password: 'Finance#2026' };

let earnerId: string;
const session = e2eSession('e2e-withdraw', async () => {
  const adminToken = (await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password })).body.data.token;
  await makeRole('finance_staff', ['MANAGE_FINANCE']);
  await makeUser(FINANCE.username, FINANCE.password, ['finance_staff']);
  await makeUser(EARNER.username, EARNER.password);
  earnerId = await withDb(async (c) => (await c.query('SELECT id FROM users WHERE username = $1', [EARNER.username])).rows[0].id as string);
  const granted = await api('POST', '/api/credits/adjust', { user_id: earnerId, amount: 5000, reason: 'author rewards', withdrawable: true }, adminToken);
  expect(granted.status).toBe(200);
  await withDb((c) =>
    c.query(
      `INSERT INTO realname_verifications (user_id, real_name, id_card_hash, id_card_enc, id_card_masked, status, decided_at)
       VALUES ($1, '王五', 'e2e-hash', 'enc', '1101**********1234', 'approved', now())`,
      [earnerId],
    ),
  );
});
const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

const balance = () => withDb(async (c) => (await c.query('SELECT score FROM users WHERE id = $1', [earnerId])).rows[0].score as number);

async function requestWithdrawal(amount: string, fee: string, payout: string) {
  await go('/pages/expense/withdraw/list');
  await page.getByRole('button', { name: 'New request' }).click();
  await page.getByText('Your real name is verified').waitFor();
  await page.locator('#amount').fill(amount);
  await page.getByTestId('withdraw-fee').getByText(fee, { exact: true }).waitFor();
  await page.getByTestId('withdraw-payout').getByText(payout, { exact: true }).waitFor();
  await page.locator('#account_name').fill('王五');
  await page.locator('#account_no').fill('13800138000');
  return page;
}

describe('withdrawals', () => {
  it('a verified user with earned credits requests two withdrawals; the credits are held', async () => {
    await signIn(EARNER.username, EARNER.password);
    await go('/pages/expense/withdraw/list');
    await page.getByText('Withdrawable credits').waitFor();
    await page.getByText('5,000').first().waitFor();
    await requestWithdrawal('2000', '20', '¥19.80');
    await screenshot(page, 'withdraw-edit-en');
    await page.getByRole('button', { name: 'Submit request' }).click();
    await page.waitForURL((u) => u.hash.includes('/pages/expense/withdraw/list'));
    await page.locator('tr', { hasText: '2,000' }).getByText('Pending').waitFor();

    await requestWithdrawal('1500', '15', '¥14.85');
    await page.getByRole('button', { name: 'Submit request' }).click();
    await page.locator('tr', { hasText: '1,500' }).getByText('Pending').waitFor();
    expect(await balance()).toBe(1500);
  });

  it('the finance holder approves one with a payout reference and rejects the other with a reason', async () => {
    await signIn(FINANCE.username, FINANCE.password);
    await go('/pages/expense/withdraw/list');
    await page.getByRole('tab', { name: 'All requests' }).click();
    const first = page.locator('tr', { hasText: EARNER.username }).filter({ hasText: '2,000' });
    await first.getByText('Pending').waitFor();
    await screenshot(page, 'withdraw-all-en');
    await first.getByText('Approve', { exact: true }).click();
    const approve = page.locator('.ant-modal', { hasText: 'Payout reference' });
    await approve.getByText('Pay ¥19.80 to 王五', { exact: false }).waitFor();
    await approve.locator('.ant-modal-footer').getByRole('button', { name: 'Approve' }).click();
    await approve.getByText('Enter the payout reference', { exact: true }).waitFor();
    await approve.locator('#text').fill('ALI-E2E-0001');
    await approve.locator('.ant-modal-footer').getByRole('button', { name: 'Approve' }).click();
    await first.getByText('Paid').waitFor();

    const second = page.locator('tr', { hasText: EARNER.username }).filter({ hasText: '1,500' });
    await second.getByText('Reject', { exact: true }).click();
    const reject = page.locator('.ant-modal', { hasText: 'Reason (the user sees it)' });
    await reject.locator('#text').fill('The account name does not match');
    await screenshot(page, 'withdraw-reject-en');
    await reject.locator('.ant-modal-footer').getByRole('button', { name: 'Reject' }).click();
    await second.getByText('Rejected').waitFor();
    expect(await balance()).toBe(3000);
  });

  it('the user sees the paid request with its reference, the rejected one with its reason, and the credits back', async () => {
    await signIn(EARNER.username, EARNER.password);
    await go('/pages/expense/withdraw/list');
    await page.locator('tr', { hasText: '2,000' }).getByText('Reference ALI-E2E-0001').waitFor();
    await page.locator('tr', { hasText: '1,500' }).getByText('The account name does not match').waitFor();
    await page.getByText('3,000').first().waitFor();
    await screenshot(page, 'withdraw-list-en');
    // a decided request offers no change or cancel
    expect(await page.getByText('Cancel request', { exact: true }).count()).toBe(0);
  });

  it('the same list and form in Chinese on the green theme', async () => {
    await page.evaluate(() => {
      localStorage.setItem('umi_locale', 'zh-CN');
      localStorage.setItem('theme', 'green');
    });
    await go('/pages/expense/withdraw/list');
    await page.reload();
    await page.getByText('可提现积分').waitFor();
    await page.locator('tr', { hasText: '1,500' }).getByText('已驳回').waitFor();
    await screenshot(page, 'withdraw-list-zh-green');
    await page.getByRole('button', { name: '申请提现' }).click();
    await page.locator('#amount').fill('1000');
    await page.getByTestId('withdraw-payout').getByText('¥9.90', { exact: true }).waitFor();
    await screenshot(page, 'withdraw-edit-zh-green');
    await page.evaluate(() => {
      localStorage.removeItem('umi_locale');
      localStorage.removeItem('theme');
    });
  });
});
