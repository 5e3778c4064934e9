/**
 * Assistants in Chromium: an admin publishes one from the chat's Assistants drawer; a user
 * starts a chat with it, asks one of its starter questions and the model gets its system prompt
 * (1440 in English, 390 in Chinese); a store prompt becomes the user's own assistant; the admin
 * reads its use on the usage-per-assistant page.
 */
import type { Page } from 'playwright-core';
import { startOpenAiStandin, type Standin } from '../support/openai-standin';
import { until } from '../support/until';
import { e2eSession, screenshot } from './browser';
import { chatSetUp } from './chat-setup';
import { withDb } from './fixtures';
import { layoutProblems } from './layout';

const ADMIN = { username: 'assist_admin', password: 'Admin#2026' };
const USER = { username: 'assist_user', password: 'User#2026' };
const CHAT = '/pages/assistant/chat/chat';
const SYSTEM = 'You are a travel guide. Answer with one tip.';
const STARTER = 'Plan a weekend in Lisbon [[reply:Start at **Alfama** early.]]';

let standin: Standin;
const session = e2eSession('chat-assistants', async () => {
  standin = await startOpenAiStandin();
  await chatSetUp({ admin: ADMIN, users: [USER], baseUrl: standin.baseUrl, models: [{ name: 'Guide model' }], credits: 100_000 });
  await withDb((c) =>
    c.query(
      `INSERT INTO store_prompts (title, description, body, status, published_at) VALUES ('Haiku writer', 'Writes haiku', 'Answer in a haiku.', 'approved', now())`,
    ),
  );
});
afterAll(() => standin?.close());

const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

/** the chat's Assistants drawer, open and done sliding in */
async function openAssistants(label: string) {
  await page.getByRole('button', { name: label }).first().click();
  const drawer = page.locator('.ant-drawer-content', { has: page.locator('.chat-assistant-list, .ant-empty') }).last();
  await drawer.waitFor();
  await page.waitForFunction(() => !document.querySelector('.ant-drawer-content-wrapper[class*="-appear"], .ant-drawer-content-wrapper[class*="-enter"]'));
  return drawer;
}

it('an admin publishes an assistant with a starter question', async () => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(ADMIN.username, ADMIN.password);
  await go(CHAT);
  const drawer = await openAssistants('Assistants');
  await drawer.getByRole('button', { name: 'New assistant' }).first().click();
  const form = page.locator('.ant-modal', { hasText: 'New assistant' });
  await form.getByLabel('Name').waitFor();
  await page.waitForFunction(() => !document.querySelector('.ant-modal[class*="-appear"], .ant-modal[class*="-enter"]'));
  // letters: this machine's Chromium has no colour emoji font (an emoji avatar would be an empty box here)
  await form.getByLabel('Avatar').fill('TG');
  await form.getByLabel('Name').fill('Travel guide');
  await form.getByLabel('Description').fill('Weekend plans, one tip at a time');
  await form.getByLabel('System prompt').fill(SYSTEM);
  await form.getByRole('button', { name: 'Add a starter question' }).click();
  await form.getByLabel('Starter question 1').fill(STARTER);
  await form.getByRole('switch').click();
  await form.getByText('For roles').waitFor();
  await screenshot(page, 'chat-assistants-form-1440');
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'hidden' });
  await drawer.getByText('Travel guide').waitFor();
  await drawer.getByText('Published', { exact: true }).waitFor();
});

it('a user starts a chat with it and asks its starter question: the model gets its system prompt', async () => {
  await signIn(USER.username, USER.password);
  await go(CHAT);
  const drawer = await openAssistants('Assistants');
  const item = drawer.locator('.ant-list-item', { hasText: 'Travel guide' });
  // a published assistant is used, not changed, by its users
  expect(await item.getByRole('button', { name: /Edit/ }).count()).toBe(0);
  await item.getByRole('button', { name: 'Start a chat' }).click();
  await page.locator('.chat-title', { hasText: 'New chat with Travel guide' }).waitFor();
  await drawer.waitFor({ state: 'hidden' });
  const welcome = page.locator('.chat-assistant-welcome');
  await welcome.getByText('Weekend plans, one tip at a time').waitFor();
  expect(await layoutProblems(page, { tableMayScroll: false })).toEqual([]);
  await screenshot(page, 'chat-assistants-welcome-1440');
  const before = standin.requests.length;
  await welcome.getByText(STARTER).click();
  await page.getByText('Start at Alfama early.', { exact: true }).waitFor();
  await until(() => standin.requests.length, before + 1, { what: 'the answer sent to the model' });
  expect(standin.requests[before].system).toBe(SYSTEM);
  // the conversation keeps its assistant
  await page.locator('.chat-title', { hasText: 'Plan a weekend in Lisbon' }).waitFor();
  expect(await page.locator('.chat-page .ant-avatar', { hasText: 'TG' }).count()).toBeGreaterThan(0);
  await screenshot(page, 'chat-assistants-answer-1440');
});

it('in Chinese on a phone: the assistants and an assistant’s new chat fit the screen', async () => {
  await page.evaluate(() => localStorage.setItem('umi_locale', 'zh-CN'));
  await page.setViewportSize({ width: 390, height: 844 });
  await go(CHAT);
  await page.reload();
  await page.getByRole('button', { name: '会话', exact: true }).click();
  const drawer = await openAssistants('助手');
  await drawer.getByText('Travel guide').waitFor();
  expect(await layoutProblems(page, { tableMayScroll: false })).toEqual([]);
  await screenshot(page, 'chat-assistants-list-390-zh');
  await drawer.locator('.ant-list-item', { hasText: 'Travel guide' }).getByRole('button', { name: '开始对话' }).click();
  await page.locator('.chat-title', { hasText: '与 Travel guide 的新对话' }).waitFor();
  await drawer.waitFor({ state: 'hidden' });
  await page.locator('.chat-assistant-welcome').getByText(STARTER).waitFor();
  expect(await layoutProblems(page, { tableMayScroll: false })).toEqual([]);
  await screenshot(page, 'chat-assistants-welcome-390-zh');
  await page.evaluate(() => localStorage.setItem('umi_locale', 'en-US'));
  await page.setViewportSize({ width: 1280, height: 800 });
});

it('a store prompt becomes the user’s own assistant, and the chat opens with it', async () => {
  await go('/pages/assistant/prompts-store/prompts-store');
  await page.reload();
  await page.getByText('Haiku writer').first().click();
  await page.getByRole('button', { name: 'Make an assistant' }).click();
  await page.locator('.chat-title', { hasText: 'New chat with Haiku writer' }).waitFor();
  const drawer = await openAssistants('Assistants');
  const item = drawer.locator('.ant-list-item', { hasText: 'Haiku writer' });
  await item.getByRole('button', { name: 'Edit Haiku writer' }).waitFor();
});

it('the admin reads the assistant’s use per assistant', async () => {
  await signIn(ADMIN.username, ADMIN.password);
  await go('/pages/ai-usage/list');
  // the usage log names the assistant beside the model
  await page.locator('.ant-table-row', { hasText: 'Travel guide' }).waitFor();
  // the log is wide (times, tokens, status, source, feedback): its table scrolls, the page does not
  expect(await layoutProblems(page, { tableMayScroll: true })).toEqual([]);
  await screenshot(page, 'chat-assistants-usage-log-1280');
  await page.getByRole('button', { name: 'Per assistant' }).click();
  const row = page.locator('.ant-table-row', { hasText: 'Travel guide' });
  await row.waitFor();
  // one conversation, one person, one answer
  const cells = await row.locator('td').allInnerTexts();
  expect(cells.slice(1, 4).map((c) => c.trim())).toEqual(['1', '1', '1']);
  expect(await layoutProblems(page, { tableMayScroll: false })).toEqual([]);
  await screenshot(page, 'chat-assistants-usage-1280');
});
