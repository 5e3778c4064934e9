/**
 * Sharing a conversation in Chromium: the owner makes a link to anyone from the chat's Share
 * dialog; a signed-out browser opens it and reads the branch with its picture, read-only and
 * with nothing of the owner's (at 1440 in English, at 390 in Chinese); a link for signed-in
 * accounts sends a signed-out reader to sign in and back; a revoked link says it does not work.
 */
import type { Page } from 'playwright-core';
import { PNG } from '../support/documents';
import { startOpenAiStandin, type Standin } from '../support/openai-standin';
import { api, confirmWith, e2eSession, openBrowser, screenshot, storedToken } from './browser';
import { chatSetUp } from './chat-setup';
import { makeUser } from './fixtures';
import { layoutProblems } from './layout';

const ADMIN = { username: 'share_admin', password: 'Admin#2026' };
const USER = { username: 'share_owner', password: 'Owner#2026' };
const READER = { username: 'share_reader', password: 'Reader#2026' };
const CHAT = '/pages/assistant/chat/chat';

let standin: Standin;
const session = e2eSession('chat-shares', async () => {
  standin = await startOpenAiStandin();
  await chatSetUp({ admin: ADMIN, users: [USER], baseUrl: standin.baseUrl, models: [{ name: 'Vision', vision: true }], credits: 100_000 });
  await makeUser(READER.username, READER.password);
});
afterAll(() => standin?.close());

const { go, signIn } = session;
let page: Page;
let visitor: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  page = session.page();
  visitor = await openBrowser();
});
afterAll(() => visitor?.close());

/** makes a link from the Share dialog and answers its address */
async function shareFromDialog(audience: string) {
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.locator('.ant-modal', { hasText: 'Share this conversation' });
  await dialog.getByText(audience).waitFor();
  await page.waitForFunction(() => !document.querySelector('.ant-modal[class*="-appear"], .ant-modal[class*="-enter"]'));
  await dialog.getByText(audience).click();
  const before = await dialog.locator('.chat-share-link').count();
  await dialog.getByRole('button', { name: 'Create and copy link' }).click();
  await dialog.locator('.chat-share-link').nth(before).waitFor();
  const link = await dialog.locator('.chat-share-link').first().getByRole('textbox', { name: 'Link' }).inputValue();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return link;
}

it('a link to anyone opens signed out: the branch with its picture, read-only, nothing of the owner’s', async () => {
  await signIn(USER.username, USER.password);
  const token = (await storedToken(page))!;
  const c = (await api('POST', '/api/chat/conversations', { title: 'Quarterly chart' }, token)).body.data;
  await go(CHAT);
  await page.locator('.chat-conversation').filter({ hasText: 'Quarterly chart' }).click();
  await page.getByRole('button', { name: 'Attach files' }).click();
  await page
    .locator('.chat-attachments input[type=file]')
    .first()
    .setInputFiles([{ name: 'chart.png', mimeType: 'image/png', buffer: PNG }]);
  await page.locator('.chat-attachments .ant-attachment-list-card-status-done').waitFor();
  await page.locator('.chat-page textarea').fill('What does the chart say? [[reply:Revenue **grew** 42%.]]');
  await page.locator('.chat-page textarea').press('Enter');
  await page.locator('.chat-thread strong', { hasText: 'grew' }).waitFor();

  const link = await shareFromDialog('Anyone with the link');
  expect(link).toContain('#/uni_modules/uni-id-pages/pages/common/share/share?t=');
  expect(c.id).toBeTruthy();

  const v = visitor.page;
  await v.setViewportSize({ width: 1440, height: 900 });
  await v.goto(link);
  await v.locator('.shared-title', { hasText: 'Quarterly chart' }).waitFor();
  await v.locator('.shared-thread strong', { hasText: 'grew' }).waitFor();
  await v.getByText('Read-only').waitFor();
  await v.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.shared-thread img')].some((i) => i.naturalWidth > 0));
  const text = await v.locator('body').innerText();
  for (const word of ['credits', 'share_owner', 'New chat', 'Export']) expect(text).not.toContain(word);
  expect(await v.evaluate(() => sessionStorage.length + localStorage.length)).toBe(0);
  await screenshot(v, 'chat-shares-shared-1440-en');

  await v.evaluate(() => localStorage.setItem('umi_locale', 'zh-CN'));
  await v.setViewportSize({ width: 390, height: 844 });
  await v.reload();
  await v.getByText('只读').waitFor();
  expect(await layoutProblems(v, { tableMayScroll: false })).toEqual([]);
  await screenshot(v, 'chat-shares-shared-390-zh');
  await v.evaluate(() => localStorage.removeItem('umi_locale'));
});

it('a link for signed-in accounts sends a signed-out reader to sign in and back; a revoked link does not work', async () => {
  await go(CHAT);
  await page.locator('.chat-conversation').filter({ hasText: 'Quarterly chart' }).click();
  await page.locator('.chat-thread strong', { hasText: 'grew' }).waitFor();
  const members = await shareFromDialog('Signed-in accounts only');
  const v = visitor.page;
  await v.setViewportSize({ width: 1280, height: 800 });
  await v.goto(members);
  await v.waitForURL((u) => u.hash.includes('login') && u.hash.includes('uniIdRedirectUrl'));
  // the password login, carrying the way back
  const back = new URL(v.url()).hash.split('?')[1];
  await v.goto(`${new URL(members).origin}/#/uni_modules/uni-id-pages/pages/login/login-withpwd?${back}`);
  await v.locator('#username').fill(READER.username);
  await v.locator('#password').fill(READER.password);
  await v.locator('#password').press('Enter');
  await v.locator('.shared-title', { hasText: 'Quarterly chart' }).waitFor();

  // the owner revokes every link: each stops at once
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.locator('.ant-modal', { hasText: 'Share this conversation' });
  await dialog.locator('.chat-share-link').first().waitFor();
  // the dialog has finished zooming in: a click while it moves can miss
  await page.waitForFunction(() => !document.querySelector('.ant-modal[class*="-appear"], .ant-modal[class*="-enter"]'));
  for (let n = await dialog.locator('.chat-share-link').count(); n > 0; n--) {
    await dialog.locator('.chat-share-link').first().getByRole('button', { name: 'Revoke' }).click();
    await confirmWith(page, 'Revoke', 'Revoke this link?');
    await page.waitForFunction((left) => document.querySelectorAll('.chat-share-link').length === left, n - 1);
  }
  await v.reload();
  await v.getByText('This link does not work').waitFor();
});
