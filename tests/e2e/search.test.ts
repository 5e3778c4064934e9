/**
 * Search in Chromium against the OpenAI stand-in: the page (top bar only) finds a conversation by
 * its Chinese text and a help document by English words, with the matches marked; the kind tabs
 * count and filter; a result opens its page; ?q= in the URL searches at once; another user's
 * conversation is never found; "Ask AI" streams an answer whose [n] link to the sources listed.
 */
import type { Page } from 'playwright-core';
import { indexText } from '../../shared/search-text';
import { startOpenAiStandin, type Standin } from '../support/openai-standin';
import { api, BASE, e2eSession, hashUrl, screenshot } from './browser';
import { makeUser, withDb } from './fixtures';
import { until } from '../support/until';

const ADMIN = { username: 'search_admin', password: 'Admin#2026' };
const USER = { username: 'search_member', password: 'Member#2026' };
const PAGE = '/pages/assistant/search/search';

let standin: Standin;
let conversationId: string;

/** asks in a new conversation through the API and reads the stream to its end */
async function converse(token: string, content: string): Promise<string> {
  const c = (await api('POST', '/api/chat/conversations', {}, token)).body.data.id as string;
  const r = await fetch(`${BASE()}/api/chat/conversations/${c}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ content, parent_id: null }),
  });
  expect(await r.text()).toContain('event: done');
  return c;
}

const session = e2eSession('search', async () => {
  standin = await startOpenAiStandin({ tokenDelayMs: 20 });
  const admin = (await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password })).body.data.token;
  const model = {
    name: 'Echo',
    protocol: 'openai',
    base_url: standin.baseUrl,
    provider_model: 'echo',
    context_window: 16000,
    max_output_tokens: 300,
    input_price: 100_000,
    output_price: 100_000,
  };
  expect((await api('POST', '/api/ai/models', model, admin)).status).toBe(200);
  await makeUser(USER.username, USER.password);
  const userId = await withDb(async (c) => (await c.query('SELECT id FROM users WHERE username = $1', [USER.username])).rows[0].id as string);
  expect((await api('POST', '/api/credits/adjust', { user_id: userId, amount: 10000, reason: 'e2e' }, admin)).status).toBe(200);
  const token = (await api('POST', '/api/auth/login', { username: USER.username, password: USER.password })).body.data.token;
  conversationId = await converse(token, '我们讨论了向量数据库的索引方案');
  // the admin's own conversation: never the member's result
  await converse(admin, '管理员的数据库备份计划');
  // a help document, as the documents module indexes it
  await withDb((c) =>
    c.query(
      `INSERT INTO search_entries (kind, ref_id, owner_id, locale, title, body, url, tsv)
       VALUES ('doc', 'd1:en-US', NULL, 'en-US', $1, $2, '/pages/assistant/document/document?id=d1',
         setweight(to_tsvector('simple', $3), 'A') || setweight(to_tsvector('simple', $4), 'B'))`,
      [
        'Credits and billing',
        'Every answer is billed in credits from the tokens it used.',
        indexText('Credits and billing'),
        indexText('Every answer is billed in credits from the tokens it used.'),
      ],
    ),
  );
});
afterAll(() => standin?.close());

const { go, signIn } = session;
let page: Page;
beforeAll(async () => {
  page = session.page();
  await signIn(USER.username, USER.password);
});

const box = () => page.getByPlaceholder('Search documents, prompts and your conversations');
const hits = () => page.locator('.search-hit');
const tab = (name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });

test("a Chinese query finds the own conversation with the words marked, never another user's; no left menu", async () => {
  await go(PAGE);
  await box().fill('数据库');
  await until(
    () => hits().count(),
    (v) => v === 2,
  );
  expect(await page.locator('.search-hit mark').allInnerTexts()).toContain('数据库');
  await until(
    () => hits().first().innerText(),
    (v) => v.includes('Conversation'),
  );
  expect(await page.locator('.search-list').innerText()).not.toContain('管理员');
  expect(await tab('Conversations').innerText()).toBe('Conversations (2)');
  expect(await page.locator('.ant-pro-sider').count()).toBe(0);
  expect(hashUrl(page)).toContain('q=数据库');
});

test('an English query finds the help document; the tabs count and filter; a result opens its page', async () => {
  await go(PAGE);
  await box().fill('billing');
  await until(
    () => hits().count(),
    (v) => v === 1,
  );
  expect(await page.locator('.search-hit mark').allInnerTexts()).toEqual(['billing']);
  expect(await tab('Documents').innerText()).toBe('Documents (1)');
  await tab('Conversations').click();
  await until(
    () => page.getByText('Nothing found for “billing”').count(),
    (v) => v === 1,
  );
  await tab('All').click();
  await until(
    () => hits().count(),
    (v) => v === 1,
  );

  await box().fill('向量');
  await until(
    () => hits().first().innerText(),
    (v) => v.includes('向量'),
  );
  await hits().first().locator('.search-hit-title').click();
  await page.waitForURL((u) => u.hash.includes('/pages/assistant/chat/chat'));
  expect(hashUrl(page)).toContain(`id=${conversationId}`);
});

test('?q= in the URL searches at once', async () => {
  await go(`${PAGE}?q=${encodeURIComponent('索引')}`);
  await until(
    () => hits().count(),
    (v) => v === 2,
  );
  expect(await box().inputValue()).toBe('索引');
});

test('Ask AI streams an answer citing its sources as links, with its usage', async () => {
  await go(`${PAGE}?q=billing`);
  await until(
    () => hits().count(),
    (v) => v === 1,
  );
  const balanceBefore = Number(
    (
      await page
        .getByText(/^\d+ credits$/)
        .first()
        .innerText()
    ).replace(/\D/g, ''),
  );
  await page.locator('.search-ask').getByRole('button', { name: 'Ask AI' }).click();
  const answer = page.locator('.search-answer');
  // the stand-in echoes the prompt: its numbered source comes back as a link to the document
  await until(
    () => answer.locator('.md-body a', { hasText: '[1]' }).count(),
    (v) => v > 0,
  );
  expect(await answer.locator('.md-body a', { hasText: '[1]' }).first().getAttribute('href')).toBe('#/pages/assistant/document/document?id=d1');
  await until(
    () => answer.locator('.search-usage').count(),
    (v) => v === 1,
    { timeoutMs: 20_000 },
  );
  expect(await answer.locator('.search-sources li').allInnerTexts()).toEqual([expect.stringContaining('Credits and billing')]);
  const usage = await answer.locator('.search-usage').innerText();
  expect(usage).toMatch(/\d+ input \+ \d+ output tokens · \d+ credits/);
  // the top bar's balance fell by what the answer cost
  const cost = Number(/(\d+) credits$/.exec(usage)![1]);
  expect(cost).toBeGreaterThan(0);
  await until(
    () =>
      page
        .getByText(/^\d+ credits$/)
        .first()
        .innerText(),
    (v) => v === `${balanceBefore - cost} credits`,
  );
  await screenshot(page, 'search-en-ask');
});

test('nothing to answer from: Ask AI says so without asking a model', async () => {
  await go(`${PAGE}?q=zzqxnothing`);
  await until(
    () => page.getByText('Nothing found for “zzqxnothing”').count(),
    (v) => v === 1,
  );
  const before = standin.requests.length;
  await page.locator('.search-ask').getByRole('button', { name: 'Ask AI' }).click();
  await until(
    () => page.getByText(/nothing was billed/).count(),
    (v) => v === 1,
  );
  expect(standin.requests.length).toBe(before);
});

test('in Chinese, with the green theme', async () => {
  await page.evaluate(() => {
    localStorage.setItem('umi_locale', 'zh-CN');
    localStorage.setItem('theme', 'green');
  });
  await go(`${PAGE}?q=${encodeURIComponent('数据库')}`);
  await page.reload();
  await until(
    () => hits().count(),
    (v) => v === 2,
  );
  expect(await page.getByRole('tab', { name: /^对话/ }).innerText()).toBe('对话（2）');
  await page.locator('.search-ask').getByRole('button', { name: '问 AI' }).click();
  await until(
    () => page.locator('.search-usage').count(),
    (v) => v === 1,
    { timeoutMs: 20_000 },
  );
  await screenshot(page, 'search-zh-green-ask');
  await page.evaluate(() => {
    localStorage.setItem('umi_locale', 'en-US');
    localStorage.removeItem('theme');
  });
});
