/**
 * Conversation folders in Chromium: a user adds a folder, files a conversation in it from the
 * list, shows one folder's conversations or the unfiled ones, renames the folder, and deletes it
 * after a confirmation (its conversation stays, unfiled); the column fits a phone's screen.
 */
import type { Page } from 'playwright-core';
import { startOpenAiStandin, type Standin } from '../support/openai-standin';
import { until } from '../support/until';
import { api, confirmWith, e2eSession, screenshot, storedToken } from './browser';
import { chatSetUp } from './chat-setup';

const ADMIN = { username: 'folder_admin', password: 'Admin#2026' };
const USER = { username: 'folder_member', password: 'Member#2026' };
const CHAT = '/pages/assistant/chat/chat';

let standin: Standin;
const session = e2eSession('chat-folders', async () => {
  standin = await startOpenAiStandin();
  await chatSetUp({ admin: ADMIN, users: [USER], baseUrl: standin.baseUrl });
});
afterAll(() => standin?.close());

const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

const listed = () => page.locator('.chat-conversation-title').allInnerTexts();
const chooseFolder = async (label: string) => {
  await page.locator('.chat-folder-select').click();
  await page.locator('.ant-select-item-option').filter({ hasText: label }).click();
};

it('a folder is added, a conversation filed in it, the list narrowed to it or to the unfiled; renamed, then deleted with its conversation kept', async () => {
  await signIn(USER.username, USER.password);
  const token = (await storedToken(page))!;
  for (const title of ['Quarterly report', 'Pasta recipes', 'Loose ends'])
    expect((await api('POST', '/api/chat/conversations', { title }, token)).status).toBe(200);
  await go(CHAT);
  await until(async () => (await listed()).length, 3, { what: 'the three conversations' });

  await page.getByRole('button', { name: 'Manage folders' }).click();
  await page.getByLabel('Folder name').fill('Work');
  await page.getByLabel('Folder name').press('Enter');
  await page.getByText('Folder added').waitFor();
  await page.keyboard.press('Escape');

  const report = page.locator('.chat-conversation').filter({ hasText: 'Quarterly report' });
  await report.hover();
  await report.getByRole('button', { name: 'Move to folder' }).click();
  await page.locator('.ant-dropdown-menu-item').filter({ hasText: 'Work' }).click();
  await page.getByText('Moved', { exact: true }).waitFor();

  await chooseFolder('Work (1)');
  await until(listed, ['Quarterly report'], { what: 'only the filed conversation' });
  await chooseFolder('Not in a folder');
  await until(async () => (await listed()).sort(), ['Loose ends', 'Pasta recipes'], { what: 'the unfiled ones' });
  await screenshot(page, 'chat-folders-unfiled-en');

  await chooseFolder('Work (1)');
  await page.getByRole('button', { name: 'Manage folders' }).click();
  await page.getByRole('button', { name: 'Rename Work' }).click();
  await page.locator('.chat-folder-manager input[aria-label="Folder name"]').last().fill('Office');
  await page.locator('.chat-folder-manager input[aria-label="Folder name"]').last().press('Enter');
  await page.locator('.chat-folder-row').filter({ hasText: 'Office' }).waitFor();
  await page.getByRole('button', { name: 'Delete Office' }).click();
  await confirmWith(page, 'Delete', 'Its conversations stay');
  await page.getByText('Folder deleted').waitFor();
  // the folder shown is gone: all conversations again, the report among them, in no folder
  await until(async () => (await listed()).length, 3, { what: 'all three again' });
  expect((await api('GET', '/api/chat/conversations?folder_id=none', undefined, token)).body.total).toBe(3);
});

it('at 390 px the folder select and the list fit the drawer', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await go(CHAT);
  await page.getByRole('button', { name: 'Conversations' }).click();
  const select = page.locator('.chat-folder-select');
  // the drawer slides in from the left: measured once it is in place
  const box = (await until(
    () => select.boundingBox(),
    (b) => !!b && b.x >= 0,
    { what: 'the select inside the screen' },
  ))!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'chat-folders-390-en');
  await page.setViewportSize({ width: 1280, height: 800 });
});
