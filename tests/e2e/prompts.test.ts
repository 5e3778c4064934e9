/**
 * My prompt templates in Chromium: a template with typed variables shows them as a form, "Use in
 * chat" lands the filled text in the chat input (unsent, gone from the URL), two edits are
 * versions and version 1 comes back by restore, and the JSON export and import carry templates.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { api, confirmWith, e2eSession, hashUrl, screenshot } from './browser';
import { until } from '../support/until';

const ADMIN = { username: 'prompt_admin', password: 'Admin#2026' };
const BODY = 'Write a {{tone:select:formal|casual}} note of {{length:number}} words about {{topic}}.';

const session = e2eSession('e2e-prompts', async () => {
  const token = (await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password })).body.data.token;
  // the chat shows its input once a model is there (never asked here: nothing is sent)
  const model = {
    name: 'Unused',
    protocol: 'openai',
    base_url: 'http://127.0.0.1:9',
    provider_model: 'x',
    context_window: 1000,
    max_output_tokens: 100,
    input_price: 1,
    output_price: 1,
  };
  expect((await api('POST', '/api/ai/models', model, token)).status).toBe(200);
});
const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

const PAGE = '/pages/assistant/prompts/prompts';
const open = async () => {
  await go(PAGE);
  await page.reload();
};
const item = (text: string) => page.getByTestId('prompt-list').locator('.ant-list-item', { hasText: text });

const body = () => page.getByLabel('Prompt', { exact: true });
const save = async (version: number) => {
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText(`Saved as version ${version}`).first().waitFor();
};

describe('prompt templates', () => {
  it('a template with variables shows its form, and "Use in chat" fills the chat input', async () => {
    await signIn(ADMIN.username, ADMIN.password);
    await go(PAGE);
    await page.getByText('No templates yet').waitFor();
    await page.getByLabel('Title', { exact: true }).fill('Note');
    await body().fill('Hi {{name');
    await page.getByText('A variable is not closed with }} (at character 3)').waitFor();
    await body().fill(BODY);
    await page.getByLabel('Category', { exact: true }).fill('writing');
    await page.getByLabel('length', { exact: true }).fill('50');
    await page.getByLabel('topic', { exact: true }).fill('tea');
    await page.getByRole('combobox', { name: 'tone' }).click();
    await page.locator('.ant-select-item-option', { hasText: 'casual' }).click();
    await page.getByTestId('filled').getByText('Write a casual note of 50 words about tea.').waitFor();
    await save(1);
    await item('Note').getByText('v1').waitFor();
    await screenshot(page, 'prompts-editor-en');

    await page.getByRole('button', { name: 'Use in chat' }).click();
    await page.waitForURL((u) => u.hash.startsWith('#/pages/assistant/chat/chat'));
    const input = page.locator('.ant-sender textarea');
    await until(() => input.inputValue(), 'Write a casual note of 50 words about tea.');
    await until(async () => hashUrl(page), '#/pages/assistant/chat/chat');
    await screenshot(page, 'prompts-used-in-chat-en');
  });

  it('two edits are versions 2 and 3, and version 1 comes back as version 4', async () => {
    await open();
    await item('Note').click();
    await body().fill('Second {{x}}');
    await save(2);
    await body().fill('Third');
    await save(3);
    await page.getByRole('button', { name: 'Version history' }).click();
    const drawer = page.locator('.ant-drawer-content');
    const v1 = drawer.locator('.ant-list-item', { hasText: 'Version 1' });
    await v1.getByRole('button', { name: 'View' }).click();
    await drawer.getByText(BODY).waitFor();
    await screenshot(page, 'prompts-versions-en');
    await v1.getByRole('button', { name: 'Restore' }).click();
    await confirmWith(page, 'OK', 'Restore version 1? It is saved as a new version.');
    await page.getByText('Version 1 restored').first().waitFor();
    await until(() => body().inputValue(), BODY);
    await item('Note').getByText('v4').waitFor();
  });

  it('export downloads the templates as JSON and import adds them back', async () => {
    await open();
    await item('Note').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
    expect(data.templates).toEqual([
      expect.objectContaining({
        title: 'Note',
        body: BODY,
        category: 'writing',
        variables: [
          { name: 'tone', type: 'select', options: ['formal', 'casual'] },
          { name: 'length', type: 'number' },
          { name: 'topic', type: 'text' },
        ],
      }),
    ]);
    data.templates.push({ title: 'Imported greeting', body: 'Hello {{who}}' });
    await page.locator('input[type=file]').setInputFiles({
      name: 'templates.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(data)),
    });
    await page.getByText('2 templates imported').first().waitFor();
    await item('Imported greeting').waitFor();
    expect(await item('Note').count()).toBe(2);
  });
});
