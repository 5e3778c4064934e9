/**
 * Personal API keys in Chromium: a developer (a role holding USE_API_KEYS) makes a key from the
 * list, sees the whole key once with the addresses programs call, and copies it; afterwards the
 * list shows only its hint; the key is disabled and deleted after a confirmation; calls made with
 * a key through the relay show on its usage page; the pages fit a phone in Chinese.
 */
import type { Page } from 'playwright-core';
import { startOpenAiStandin, type Standin } from '../support/openai-standin';
import { api, BASE, confirmWith, e2eSession, screenshot, storedToken } from './browser';
import { makeRole, makeUser, withDb } from './fixtures';
import { layoutProblems } from './layout';

const ADMIN = { username: 'keys_admin', password: 'Admin#2026' };
const DEV = { username: 'keys_dev', password: 'Developer#2026' };
const PAGE = '/pages/api-keys/list';

let standin: Standin;
beforeAll(async () => {
  standin = await startOpenAiStandin();
});
afterAll(() => standin.close());

const session = e2eSession('api-keys', async () => {
  const admin = (await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password })).body.data.token as string;
  const model = { name: 'Echo', protocol: 'openai', base_url: standin.baseUrl, provider_model: 'echo', context_window: 16000, max_output_tokens: 100 };
  await api('POST', '/api/ai/models', { ...model, input_price: 100_000, output_price: 100_000 }, admin);
  await makeRole('developer', ['USE_API_KEYS']);
  await makeUser(DEV.username, DEV.password, ['developer']);
  const userId = await withDb(async (c) => (await c.query('SELECT id FROM users WHERE username = $1', [DEV.username])).rows[0].id as string);
  await api('POST', '/api/credits/adjust', { user_id: userId, amount: 10_000, reason: 'relay test' }, admin);
});
const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

/** a call through the relay, as a program makes it */
const relayCall = (key: string, content: string) =>
  fetch(`${BASE()}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'Echo', messages: [{ role: 'user', content }] }),
  }).then((r) => r.json() as Promise<{ choices: Array<{ message: { content: string } }> }>);

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
  // where programs send their calls, ready to copy
  const origin = await page.evaluate(() => location.origin);
  await made.getByText(`${origin}/v1`, { exact: true }).waitFor();
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

it("a key's calls through the relay show on its usage page, by day and model", async () => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const made = (await api('POST', '/api/api-keys', { name: 'Usage probe' }, (await storedToken(page))!)).body.data as { key: string };
  for (const q of ['one', 'two']) expect((await relayCall(made.key, q)).choices[0].message.content).toBe(`Echo: ${q}`);
  await go(PAGE);
  // the list may be the one already shown: read afresh
  await page.reload();
  await page.getByRole('button', { name: 'Usage of Usage probe' }).click();
  await page.getByText('Key: Usage probe').waitFor();
  const row = page.locator('.ant-table-row', { hasText: 'Echo' });
  await row.waitFor();
  // day, key, model, requests 2, failed 0
  expect(await row.locator('td').allInnerTexts()).toEqual(expect.arrayContaining(['Usage probe', 'Echo', '2', '0']));
  expect(await layoutProblems(page, { tableMayScroll: false })).toEqual([]);
  await screenshot(page, 'api-keys-usage-1280');
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
  await go('/pages/api-keys/usage');
  await page.locator('.ant-table-row', { hasText: 'Echo' }).waitFor();
  expect(await layoutProblems(page, { tableMayScroll: true })).toEqual([]);
  await screenshot(page, 'api-keys-usage-390-zh');
  await page.evaluate(() => localStorage.setItem('umi_locale', 'en-US'));
});
