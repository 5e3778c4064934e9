/**
 * Welfare in Chromium: a manager creates a daily campaign on the add page; a user claims it from
 * the console home (the balance rises, the card says claimed today); the list shows the claim and
 * the budget given, its claims drawer names the user; the edit page refuses a budget below what
 * was given on the field. Screenshots: the list and the home card, both themes, English and Chinese.
 */
import type { Page } from 'playwright-core';
import { RULES } from '../../shared/permissions';
import { api, e2eSession, hashUrl, screenshot } from './browser';
import { makeRole, makeUser } from './fixtures';

const ADMIN = { username: 'welfare_root', password: 'Admin#2026' };
const MANAGER = { username: 'welfare_manager', password: 'Manager#2026' };
const USER = { username: 'welfare_user', password: 'User#2026' };
const LIST = '/pages/dsw-welfare/list';

const session = e2eSession('e2e-welfare', async () => {
  await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password });
  await makeRole('welfare_ops', [RULES.manageWelfare]);
  await makeUser(MANAGER.username, MANAGER.password, ['welfare_ops']);
  await makeUser(USER.username, USER.password);
});
const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

const balanceText = () => page.locator('.ant-statistic-content-value').first().innerText();
/** waits until the balance card shows `value` (it shows - while it loads), then reads it */
async function balanceShows(value: string) {
  await page
    .waitForFunction((v) => document.querySelector('.ant-statistic-content-value')?.textContent?.trim() === v, value, { timeout: 15_000 })
    .catch(() => undefined);
  return balanceText();
}

describe('welfare', () => {
  it('a manager creates a campaign; a user claims it from the home; the list shows the claim and the budget given', async () => {
    await signIn(MANAGER.username, MANAGER.password);
    await go(LIST);
    await page.getByRole('button', { name: 'Add' }).click();
    await page.waitForURL((u) => u.hash.includes('/pages/dsw-welfare/add'));
    await page.locator('#title').fill('Daily check-in gift');
    await page.locator('#description').fill('A few credits every day');
    await page.locator('#credits').fill('15');
    await page.locator('#budget').fill('300');
    await page.locator('label', { hasText: 'Daily' }).click();
    await screenshot(page, 'welfare-add-en');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.hash.includes(LIST));
    const row = page.locator('tr.ant-table-row', { hasText: 'Daily check-in gift' });
    await row.getByTestId('welfare-budget').getByText('0 / 300').waitFor();
    await row.getByText('Running').waitFor();

    await signIn(USER.username, USER.password);
    await go('/pages/index/index');
    const card = page.getByTestId('welfare-card');
    const item = card.getByTestId('welfare-item').filter({ hasText: 'Daily check-in gift' });
    await item.getByText('+15 credits').waitFor();
    // a daily campaign: the card says when days begin (the service's time zone)
    await card.getByTestId('welfare-resets').getByText('start again at 00:00 UTC+8', { exact: false }).waitFor();
    await expect(balanceShows('0')).resolves.toBe('0');
    await screenshot(page, 'welfare-home-before-en');
    await item.getByRole('button', { name: 'Claim Daily check-in gift' }).click();
    await page.getByText('+15 credits claimed, balance 15').waitFor();
    await item.getByText('Claimed today').waitFor();
    await expect(item.getByRole('button').count()).resolves.toBe(0);
    await expect(balanceShows('15')).resolves.toBe('15');
    await screenshot(page, 'welfare-home-claimed-en');

    await signIn(MANAGER.username, MANAGER.password);
    await go(LIST);
    await row.getByTestId('welfare-budget').getByText('15 / 300').waitFor();
    // the claims column is behind the column settings at 1280 px: the drawer lists the claim
    await row.getByLabel('Claims Daily check-in gift', { exact: true }).click();
    const drawer = page.locator('.ant-drawer', { hasText: 'Claims of "Daily check-in gift"' });
    await drawer.locator('tr.ant-table-row', { hasText: USER.username }).getByTestId('claim-amount').getByText('15').waitFor();
    await screenshot(page, 'welfare-claims-en');
    await drawer.locator('.ant-drawer-close').click();
    // a campaign with claims cannot be deleted
    await expect(row.getByLabel('Delete Daily check-in gift').getAttribute('class')).resolves.toContain('ant-typography-disabled');
  });

  it('the edit page refuses a budget below the credits given, on the field, and saves a valid one', async () => {
    await signIn(MANAGER.username, MANAGER.password);
    await go(LIST);
    const row = page.locator('tr.ant-table-row', { hasText: 'Daily check-in gift' });
    await row.getByLabel('Edit Daily check-in gift').click();
    await page.waitForURL((u) => u.hash.includes('/pages/dsw-welfare/edit'));
    await page.getByText('15 credits given so far: the budget cannot go below that').waitFor();
    await page.locator('#credits').fill('5');
    await page.locator('#budget').fill('10');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .locator('#budget_help, .ant-form-item-explain-error', { hasText: 'The budget cannot be lower than the 15 credits already given' })
      .first()
      .waitFor();
    expect(hashUrl(page)).toContain('/pages/dsw-welfare/edit');
    await screenshot(page, 'welfare-edit-refused-en');
    await page.locator('#budget').fill('20');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.hash.includes(LIST));
    await row.getByTestId('welfare-budget').getByText('15 / 20').waitFor();
    // 15 given + 5 more fits 20: still running
    await row.getByText('Running').waitFor();
  });

  it('the list and the home card on both themes and in Chinese', async () => {
    const token = (await api('POST', '/api/auth/login', MANAGER)).body.data.token;
    const week = await api(
      'POST',
      '/api/welfare/campaigns',
      {
        title: 'Weekly reader bonus',
        description: 'For everyone, once a week',
        credits: 8,
        eligibility: 'everyone',
        frequency: 'weekly',
        starts_at: new Date(Date.now() - 3600_000).toISOString(),
        ends_at: new Date(Date.now() + 14 * 86400_000).toISOString(),
        budget: 800,
      },
      token,
    );
    expect(week.status).toBe(200);
    for (const [theme, locale] of [
      ['default', 'en-US'],
      ['green', 'en-US'],
      ['default', 'zh-CN'],
      ['green', 'zh-CN'],
    ]) {
      await signIn(MANAGER.username, MANAGER.password);
      await page.evaluate(([th, lo]) => (localStorage.setItem('theme', th), localStorage.setItem('umi_locale', lo)), [theme, locale]);
      await go(LIST);
      await page.reload();
      await page.locator('tr.ant-table-row', { hasText: 'Weekly reader bonus' }).waitFor();
      await screenshot(page, `welfare-list-${theme}-${locale}`);
      await signIn(USER.username, USER.password);
      await page.evaluate(([th, lo]) => (localStorage.setItem('theme', th), localStorage.setItem('umi_locale', lo)), [theme, locale]);
      await go('/pages/index/index');
      await page.reload();
      await page.getByTestId('welfare-card').getByText('Weekly reader bonus').waitFor();
      await screenshot(page, `welfare-home-${theme}-${locale}`);
    }
    await page.evaluate(() => (localStorage.setItem('theme', 'default'), localStorage.setItem('umi_locale', 'en-US')));
    // eight sign-ins and full loads: more than a minute on a busy machine
  }, 180_000);
});
