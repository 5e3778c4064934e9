/**
 * Personal API keys in Chromium: a developer (a role holding USE_API_KEYS) makes a key from the
 * list, sees the whole key once and copies it; afterwards the list shows only its hint; the key
 * is disabled and deleted after a confirmation; the page fits a phone in Chinese.
 */
import type { Page } from 'playwright-core';
import { api, confirmWith, e2eSession, screenshot, storedToken } from './browser';
import { makeRole, makeUser } from './fixtures';
import { layoutProblems } from './layout';

const ADMIN = { username: 'keys_admin', password: 'Admin#2026' };
const DEV = { username: 'keys_dev', password: 'Developer#2026' };
const PAGE = '/pages/api-keys/list';

const session = e2eSession('api-keys', async () => {
  await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password });
  await makeRole('developer', ['USE_API_KEYS']);
  await makeUser(DEV.username, DEV.password, ['developer']);
});
const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

it('a key is shown once, then only its hint; disabled, then deleted after a confirmation', async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(DEV.username, DEV.password);
  await go(PAGE);
  await page.getByRole('button', { name: 'New key' }).click();
  const form = page.locator('.ant-modal', { hasText: 'New key' });
  await form.getByLabel('Name').waitFor();
  await page.waitForFunction(() => !document.querySelector('.ant-modal[class*="-appear"], .ant-modal[class*="-enter"]'));
  await form.getByLabel('Name').fill('Nightly report');
  await form.getByLabel('Credit cap (a day)').fill('500');
  await form.getByRole('button', { name: 'Create' }).click();
  const made = page.locator('.ant-modal', { hasText: 'Your new key' });
  await made.locator('.api-key-made').waitFor();
  const key = (await made.locator('.api-key-made code').innerText()).trim();
  expect(key).toMatch(/^sk-[A-Za-z0-9]{48}$/);
  expect(await layoutProblems(page, { tableMayScroll: true })).toEqual([]);
  await screenshot(page, 'api-keys-made-1280');
  await made.getByRole('button', { name: 'I have copied it' }).click();
  await made.waitFor({ state: 'hidden' });

  // the list shows the hint, never the key
  const row = page.locator('.ant-table-row', { hasText: 'Nightly report' });
  await row.getByText(`${key.slice(0, 7)}…${key.slice(-4)}`).waitFor();
  await page.reload();
  await row.waitFor();
  expect(await page.content()).not.toContain(key.slice(7, 40));
  await row.getByText('Active').waitFor();
  expect(await layoutProblems(page, { tableMayScroll: false })).toEqual([]);
  await screenshot(page, 'api-keys-list-1280');

  await row.getByRole('button', { name: 'Disable Nightly report' }).click();
  await row.getByText('Disabled').waitFor();
  await row.getByText('Delete').click();
  await confirmWith(page, 'Delete');
  await row.waitFor({ state: 'detached' });
});

it('in Chinese on a phone the list fits', async () => {
  await page.evaluate(() => localStorage.setItem('umi_locale', 'zh-CN'));
  await page.setViewportSize({ width: 390, height: 844 });
  await api('POST', '/api/api-keys', { name: '手机上的密钥' }, (await storedToken(page))!);
  await go(PAGE);
  await page.reload();
  await page.locator('.ant-table-row', { hasText: '手机上的密钥' }).waitFor();
  expect(await layoutProblems(page, { tableMayScroll: true })).toEqual([]);
  await screenshot(page, 'api-keys-list-390-zh');
  await page.evaluate(() => localStorage.setItem('umi_locale', 'en-US'));
});
