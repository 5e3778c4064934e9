/**
 * AI models in Chromium: an admin adds a model pointing at the OpenAI stand-in, tests the
 * connection and reads the reply, sees the key masked in the list, edits the model, adds a
 * backup channel behind it and deletes it; a plain user cannot open the page.
 */
import type { Page } from 'playwright-core';
import type { Standin } from '../support/llm-standin';
import { startOpenAiStandin } from '../support/openai-standin';
import { api, confirmWith, e2eSession, screenshot } from './browser';
import { makeUser, withDb } from './fixtures';

const ADMIN = { username: 'ai_admin', password: 'Admin#2026' };
const KEY = 'sk-e2e-standin-key-00007f3a';

let standin: Standin;
const session = e2eSession('e2e-ai-models', async () => {
  await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password });
  await makeUser('ai_plain', 'Plain#2026');
});
const { go, signIn } = session;
let page: Page;
beforeAll(async () => {
  page = session.page();
  standin = await startOpenAiStandin({ apiKey: KEY });
});
afterAll(async () => {
  await standin?.close();
});

/** the form item labelled `label` */
const item = (label: string) => page.locator('.ant-form-item', { has: page.locator(`label:text-is("${label}")`) });

async function choose(label: string, option: string) {
  await item(label).locator('.ant-select-selector').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

describe('an admin adds an AI model', () => {
  it('fills the form from a preset, tests the connection and sees the reply, saves', async () => {
    await signIn(ADMIN.username, ADMIN.password);
    await go('/pages/ai-model/add');
    await page.locator('#name').fill('Stand-in GPT');
    // a preset fills the base URL
    await choose('Provider', 'DeepSeek');
    await page.locator('#base_url').waitFor();
    expect(await page.locator('#base_url').inputValue()).toBe('https://api.deepseek.com/v1');
    await page.locator('#base_url').fill(standin.baseUrl);
    await page.locator('#provider_model').fill('echo');

    // a wrong key: the provider's own message
    await page.locator('#api_key').fill('sk-wrong');
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByTestId('test-outcome').getByText('Incorrect API key provided.').waitFor();

    await page.locator('#api_key').fill(KEY);
    await page.getByRole('button', { name: 'Test connection' }).click();
    const outcome = page.getByTestId('test-outcome');
    await outcome.getByText(/Connected in \d+ ms/).waitFor();
    expect(await page.getByTestId('test-reply').innerText()).toBe('Echo:');
    await outcome.getByText('error-mid').waitFor();
    await screenshot(page, 'ai-model-form-tested-en');

    await page.locator('#input_price').fill('150');
    await page.locator('#output_price').fill('600');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/ai-model\/list/);
    const row = page.locator('tr', { hasText: 'Stand-in GPT' }).first();
    await row.waitFor();
    // the key only masked, never in the page
    await row.getByText('sk-…7f3a').waitFor();
    expect(await page.content()).not.toContain(KEY);
    await row.getByText('in 150').waitFor();
    await screenshot(page, 'ai-model-list-en');
    const stored = await withDb(async (c) => (await c.query(`SELECT api_key_enc FROM ai_models WHERE name = 'Stand-in GPT'`)).rows[0].api_key_enc as string);
    expect(stored).not.toContain(KEY);
  });

  it('tests a stored model from the list, switches it off in place and edits it keeping the key', async () => {
    const row = page.locator('tr', { hasText: 'Stand-in GPT' }).first();
    await row.getByRole('button', { name: 'Test Stand-in GPT' }).click();
    const dialog = page.locator('.ant-modal', { hasText: 'Test connection: Stand-in GPT' });
    await dialog.getByTestId('test-reply').waitFor();
    expect(await dialog.getByTestId('test-reply').innerText()).toBe('Echo:');
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

    await row.getByRole('switch', { name: 'Enabled Stand-in GPT' }).click();
    await page.getByText('Stand-in GPT is disabled').waitFor();
    const enabled = await withDb(async (c) => (await c.query(`SELECT enabled FROM ai_models WHERE name = 'Stand-in GPT'`)).rows[0].enabled);
    expect(enabled).toBe(false);

    await row.getByText('Edit').click();
    await page.waitForURL(/ai-model\/edit/);
    await page.locator('#name').waitFor();
    expect(await page.locator('#api_key').getAttribute('placeholder')).toBe('sk-…7f3a');
    expect(await page.locator('#api_key').inputValue()).toBe('');
    await page.locator('#name').fill('Stand-in GPT (edited)');
    // the stored key lends itself to a test of the edited form
    await page.getByRole('button', { name: 'Test connection' }).click();
    await page.getByTestId('test-reply').waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/ai-model\/list/);
    await page.locator('tr', { hasText: 'Stand-in GPT (edited)' }).getByText('sk-…7f3a').waitFor();
  });
});

describe("a model's channels", () => {
  it('adds a backup provider behind the model, sees it in service at its priority, and deletes it', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await go('/pages/ai-model/list');
    const row = page.locator('tr', { hasText: 'Stand-in GPT (edited)' }).first();
    await row.getByRole('button', { name: 'Channels Stand-in GPT (edited)' }).click();
    const drawer = page.locator('.ant-drawer', { hasText: 'Channels of Stand-in GPT (edited)' });
    await drawer.getByText('No other channels').waitFor();
    await drawer.getByTestId('own-provider').getByText('In service').waitFor();
    await drawer.getByRole('button', { name: 'Add channel' }).click();
    const form = page.locator('.ant-modal', { hasText: 'Add channel' });
    await form.getByLabel('Name').waitFor();
    await page.waitForFunction(() => !document.querySelector('.ant-modal[class*="-appear"], .ant-modal[class*="-enter"]'));
    await form.getByLabel('Name').fill('Backup stand-in');
    // the form starts from the model's own provider: its address and model; a backup's priority
    expect(await form.getByLabel('Base URL').inputValue()).toBe(standin.baseUrl);
    await form.getByLabel('API key').fill(KEY);
    await form.getByRole('button', { name: 'Save' }).click();
    const channel = drawer.locator('.ant-table-row', { hasText: 'Backup stand-in' });
    await channel.waitFor();
    await channel.getByText('In service').waitFor();
    expect(await channel.locator('td').nth(1).innerText()).toBe('-1');
    await screenshot(page, 'ai-model-channels-1280');

    await channel.getByRole('button', { name: 'Delete Backup stand-in' }).click();
    await confirmWith(page, 'Delete');
    await channel.waitFor({ state: 'detached' });
    await drawer.getByText('No other channels').waitFor();
  });
});

describe('a user without MANAGE_AI_MODELS', () => {
  it('cannot open the page, and the API refuses them', async () => {
    await signIn('ai_plain', 'Plain#2026');
    await go('/pages/ai-model/list');
    await page.getByText('No access').first().waitFor();
    expect(await page.locator('.ant-table-row').count()).toBe(0);
    const token = await page.evaluate(() => localStorage.getItem('uni_id_token'));
    const refused = await api('GET', '/api/ai/models', undefined, token!);
    expect(refused.status).toBe(403);
    expect((refused.body as { errorCode: string }).errorCode).toBe('PERMISSION_ERROR');
  });
});
