/**
 * The prompt store in Chromium: a user browses and searches, opens a prompt, is stopped by an
 * empty variable, then "Use in chat" lands the filled text in the chat input and sending it
 * counts one use; an author publishes a template, a curator rejects it with a reason and the
 * author sees the reason on their templates page. Screenshots: the store, the curation list and the edit form, on both
 * themes and in Chinese.
 */
import type { Page } from 'playwright-core';
import { startOpenAiStandin, type Standin } from '../support/openai-standin';
import { api, confirmWith, e2eSession, hashUrl, screenshot } from './browser';
import { makeUser, withDb } from './fixtures';
import { until } from '../support/until';

const ADMIN = { username: 'store_admin', password: 'Admin#2026' };
const USER = { username: 'store_member', password: 'Member#2026' };
const STORE = '/pages/assistant/prompts-store/prompts-store';

let standin: Standin;
let adminToken: string;
let userToken: string;
let explainId: string;

const session = e2eSession('e2e-prompt-store', async () => {
  standin = await startOpenAiStandin();
  adminToken = (await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password })).body.data.token;
  await makeUser(USER.username, USER.password);
  const userId = await withDb(async (c) => (await c.query('SELECT id FROM users WHERE username = $1', [USER.username])).rows[0].id as string);
  expect((await api('POST', '/api/credits/adjust', { user_id: userId, amount: 10000, reason: 'e2e starting credits' }, adminToken)).status).toBe(200);
  const model = {
    name: 'Echo',
    protocol: 'openai',
    base_url: standin.baseUrl,
    api_key: 'sk-x',
    provider_model: 'echo',
    context_window: 16000,
    max_output_tokens: 200,
    input_price: 1,
    output_price: 1,
  };
  expect((await api('POST', '/api/ai/models', model, adminToken)).status).toBe(200);
  const staff = await api(
    'POST',
    '/api/store-prompts',
    {
      title: 'Explain simply',
      description: 'Explains a topic at the level you pick',
      body: 'Explain {{topic}} to a {{level:select:child|expert}}',
      category: 'Study',
      tags: ['learning'],
      featured: true,
    },
    adminToken,
  );
  explainId = staff.body.data.id;
  userToken = (await api('POST', '/api/auth/login', { username: USER.username, password: USER.password })).body.data.token;
  expect((await api('POST', '/api/prompts', { title: 'Vague idea', body: 'Do the thing with {{it}}' }, userToken)).status).toBe(200);
});
afterAll(() => standin?.close());

const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

describe('prompt store', () => {
  it('browse, search, open; an empty variable blocks "Use in chat"; filled, it lands in the chat input and sending counts a use', async () => {
    await signIn(USER.username, USER.password);
    await go(STORE);
    const grid = page.getByTestId('store-grid');
    await grid.getByText('Code review').waitFor();
    await page.getByLabel('Search prompts').fill('explain simply');
    await page.getByLabel('Search prompts').press('Enter');
    await until(async () => String(await grid.locator('.ant-card').count()), '1');
    await screenshot(page, 'prompt-store-search-en');
    await grid.getByText('Explain simply').click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByText('Explains a topic at the level you pick').waitFor();

    await drawer.getByRole('button', { name: 'Use in chat' }).click();
    await page.getByText('Fill in every variable first: topic, level').waitFor();
    expect(hashUrl(page)).toContain(STORE);

    await drawer.getByLabel('topic', { exact: true }).fill('gravity');
    await drawer.getByRole('combobox', { name: 'level' }).click();
    await page.locator('.ant-select-item-option', { hasText: 'child' }).click();
    await drawer.getByTestId('filled').getByText('Explain gravity to a child').waitFor();
    await screenshot(page, 'prompt-store-drawer-en');
    await drawer.getByRole('button', { name: 'Use in chat' }).click();
    await page.waitForURL((u) => u.hash.startsWith('#/pages/assistant/chat/chat'));
    const input = page.locator('.ant-sender textarea');
    await until(() => input.inputValue(), 'Explain gravity to a child');
    // the sender stays disabled until the model list has arrived
    await until(async () => String(await input.isEnabled()), 'true');
    await input.press('Enter');
    await page.locator('.chat-message-assistant').last().getByText('Echo: Explain gravity to a child').waitFor({ timeout: 20000 });
    const detail = await api('GET', `/api/prompt-store/${explainId}`, undefined, userToken);
    expect(detail.body.data.use_count).toBe(1);
  });

  it('an author publishes a template; a curator rejects it with a reason, and the author sees the reason on their templates', async () => {
    await signIn(USER.username, USER.password);
    await go('/pages/assistant/prompts/prompts');
    await page.getByTestId('prompt-list').getByText('Vague idea').click();
    await page.getByRole('button', { name: 'Publish to store' }).click();
    await confirmWith(page, 'OK');
    await page.getByText('Submitted for review').waitFor();
    await page.getByTestId('prompt-list').getByText('In review').waitFor();

    await signIn(ADMIN.username, ADMIN.password);
    await go('/pages/ai-prompt/list');
    const row = page.locator('.ant-table-row', { hasText: 'Vague idea' });
    await row.waitFor();
    await screenshot(page, 'prompt-store-curation-en');
    await row.getByLabel('Reject Vague idea').click();
    const dialog = page.locator('.ant-modal-content', { hasText: 'Reject 1 submission' });
    await dialog.getByLabel('Reason').fill('Too vague: say what "the thing" is');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await page.getByText('1 submission rejected').waitFor();
    await row.getByText('Rejected').waitFor();

    await signIn(USER.username, USER.password);
    await go('/pages/assistant/prompts/prompts');
    await page.getByTestId('prompt-list').getByText('Rejected: Too vague: say what "the thing" is').waitFor();
    await screenshot(page, 'prompt-store-author-sees-reason-en');
  });

  it('the store, the curation list and the edit form on both themes and in Chinese', async () => {
    await signIn(ADMIN.username, ADMIN.password);
    for (const [theme, locale] of [
      ['default', 'en-US'],
      ['green', 'en-US'],
      ['default', 'zh-CN'],
      ['green', 'zh-CN'],
    ]) {
      await page.evaluate(([th, lo]) => (localStorage.setItem('theme', th), localStorage.setItem('umi_locale', lo)), [theme, locale]);
      await go(STORE);
      await page.reload();
      await page.getByTestId('store-grid').getByText('Explain simply').waitFor();
      // the starter prompts read in the reader's language; an author's own title stays as typed
      await page
        .getByTestId('store-grid')
        .getByText(locale === 'zh-CN' ? '代码审查' : 'Chinese–English translation', { exact: true })
        .waitFor();
      await screenshot(page, `prompt-store-${theme}-${locale}`);
      await go('/pages/ai-prompt/list');
      await page.locator('.ant-table-row', { hasText: 'Explain simply' }).waitFor();
      await screenshot(page, `prompt-store-curation-${theme}-${locale}`);
      await go(`/pages/ai-prompt/edit?id=${explainId}`);
      await page.locator('input[id="title"]').waitFor();
      await until(() => page.locator('input[id="title"]').inputValue(), 'Explain simply');
      await screenshot(page, `prompt-store-edit-${theme}-${locale}`);
    }
    await page.evaluate(() => (localStorage.setItem('theme', 'default'), localStorage.setItem('umi_locale', 'en-US')));
  });
});
