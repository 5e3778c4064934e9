/**
 * Real-name verification in Chromium: a user submits a name and a valid ID number and sees
 * the submission under review with the number masked (a wrong check character is refused on
 * the ID field first); an admin opens the user list, the "Real-name reviews" drawer and
 * approves; the user sees the verification approved.
 */
import type { Page } from 'playwright-core';
import { idCardCheckChar, maskIdCard } from '../../shared/validation';
import { api, confirmWith, e2eSession, screenshot, fieldError as fieldErrorOf } from './browser';
import { makeUser } from './fixtures';

const UNI = '/uni_modules/uni-id-pages/pages';
const PAGE = `${UNI}/userinfo/realname-verify/realname-verify`;
const ADMIN = { username: 'rn_admin', password: 'Admin#2026' };
const USER = { username: 'rn_member', password: 'Member#2026' };
const OTHER = { username: 'rn_other', password: 'Member#2026' };
const FIRST17 = '11010119900307451';
const ID = FIRST17 + idCardCheckChar(FIRST17);
const WRONG_ID = FIRST17 + (ID[17] === '0' ? '1' : '0');

const session = e2eSession('realname', async () => {
  await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password });
  await makeUser(USER.username, USER.password);
  await makeUser(OTHER.username, OTHER.password);
});
const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

const fieldError = (field: string) => fieldErrorOf(page, field);

describe('real-name verification', () => {
  it('a user submits: a wrong check character is refused on the ID field, then the submission is under review, masked', async () => {
    await signIn(USER.username, USER.password);
    await go(PAGE);
    await page.getByTestId('realname-status').getByText('Not verified').waitFor();
    await page.getByText('Attempts left today: 5 of 5').waitFor();
    await page.getByText('Your ID number is stored encrypted and only ever shown masked', { exact: false }).waitFor();
    await page.locator('#realName').fill('张三');
    await page.locator('#idCard').fill(WRONG_ID);
    await page.locator('#idCard').press('Enter');
    await fieldError('idCard').getByText('Enter a valid 18-character ID number').waitFor();
    await screenshot(page, 'realname-form-error');
    await page.locator('#idCard').fill(ID);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/realname') && r.request().method() === 'POST');
    await page.locator('#idCard').press('Enter');
    expect((await answered).status()).toBe(200);
    await page.getByTestId('realname-status').getByText('Under review').waitFor();
    await page.getByTestId('realname-idcard').getByText(maskIdCard(ID)).waitFor();
    await page.getByText('张*', { exact: true }).waitFor();
    // the form is gone while the submission waits, and the full number is nowhere on the page
    expect(await page.locator('#idCard').count()).toBe(0);
    expect(await page.content()).not.toContain(ID);
  });

  it('an admin approves it from the user list’s review drawer', async () => {
    await signIn(ADMIN.username, ADMIN.password);
    await go('/pages/system/user/list');
    const open = page.getByRole('button', { name: 'Real-name reviews' });
    await open.waitFor();
    // the pending count on the button
    await page.locator('.ant-badge', { has: open }).locator('.ant-badge-count').getByText('1').waitFor();
    await open.click();
    const drawer = page.locator('.ant-drawer-content');
    const row = drawer.locator('tr', { hasText: USER.username });
    await row.getByText(maskIdCard(ID)).waitFor();
    await row.getByText('张三').waitFor();
    await page.waitForTimeout(400); // the drawer's opening animation, for the screenshot
    await screenshot(page, 'realname-admin-drawer');
    await row.getByLabel('Approve 张三').click();
    const decided = page.waitForResponse((r) => r.url().includes('/decide'));
    await confirmWith(page, 'Approve', 'Approve the real name “张三”?');
    expect((await decided).status()).toBe(200);
    await page.getByText('“张三” approved').waitFor();
    // pending is the default filter: the row leaves the list and the badge goes
    await row.waitFor({ state: 'detached' });
    await page.locator('.ant-badge', { has: open }).locator('.ant-badge-count').waitFor({ state: 'detached' });
  });

  it('the user sees the verification approved', async () => {
    await signIn(USER.username, USER.password);
    await go(PAGE);
    await page.getByTestId('realname-status').getByText('Verified').waitFor();
    await page.getByText('Your real name is verified.').waitFor();
    await page.getByTestId('realname-idcard').getByText(maskIdCard(ID)).waitFor();
  });

  it('a rejection shows its reason, in Chinese, and the form again with one attempt fewer', async () => {
    const token = (u: { username: string; password: string }) =>
      api('POST', '/api/auth/login', { username: u.username, password: u.password }).then((r) => r.body.data.token as string);
    const first17 = '44030519851230123';
    const submitted = await api('POST', '/api/auth/realname', { realName: '欧阳娜娜', idCard: first17 + idCardCheckChar(first17) }, await token(OTHER));
    expect(submitted.body.data.status).toBe('pending');
    const queue = await api('GET', '/api/system/realname?status=pending', undefined, await token(ADMIN));
    const id = queue.body.data.find((r: { username: string }) => r.username === OTHER.username).id;
    expect((await api('POST', `/api/system/realname/${id}/decide`, { decision: 'reject', reason: '姓名与证件不符' }, await token(ADMIN))).status).toBe(200);

    await signIn(OTHER.username, OTHER.password);
    await go(PAGE);
    await page.locator('[title="简体中文"]').first().click();
    await page.getByTestId('realname-status').getByText('已驳回').waitFor();
    await page.getByText('姓名与证件不符').waitFor();
    await page.getByText('欧***', { exact: true }).waitFor();
    await page.getByTestId('realname-attempts').getByText('今日剩余次数：4 / 5').waitFor();
    await page.locator('#realName').fill('Ouyang');
    await page.locator('#realName').press('Enter');
    await fieldError('realName').getByText('请输入真实姓名：两个或以上汉字，需要时用“·”分隔').waitFor();
  });
});
