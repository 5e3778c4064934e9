/**
 * Help documents in Chromium: the seeded documents open with their table of contents, "Next"
 * follows the tree's order, the page's search finds a document and opens it; an admin edits a
 * text with its live preview, saves, and readers see it; the same page in Chinese and on the green theme.
 */
import type { Page } from 'playwright-core';
import { api, confirmWith, e2eSession, hashUrl, screenshot } from './browser';
import { makeUser } from './fixtures';

const ADMIN = { username: 'docs_admin', password: 'Admin#2026' };
const READER = { username: 'docs_reader', password: 'Reader#2026' };
const session = e2eSession('e2e-docs', async () => {
  expect((await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password })).status).toBe(200);
  await makeUser(READER.username, READER.password);
});
const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

const PAGE = '/pages/assistant/document/document';
const article = () => page.locator('.doc-article');
const toc = () => page.locator('.doc-toc');

describe('help documents', () => {
  it('opens the first document with its table of contents, goes to the next one and finds one by search', async () => {
    await signIn(ADMIN.username, ADMIN.password);
    await go(PAGE);
    await article().locator('h1', { hasText: 'Getting started' }).waitFor();
    await toc().getByText('What is where').waitFor();
    await page.locator('.doc-tree').getByText('Signing in').waitFor();
    await screenshot(page, 'docs-getting-started-en');

    await page.locator('.doc-next').click();
    await article().locator('h1', { hasText: 'Signing in' }).waitFor();
    expect(hashUrl(page)).toMatch(/^#\/pages\/assistant\/document\/document\?id=/);
    // the breadcrumb names the section, and previous leads back to it
    await article().locator('.ant-breadcrumb').getByText('Getting started').waitFor();
    await page.locator('.doc-prev', { hasText: 'Getting started' }).waitFor();

    // a heading of the table of contents scrolls to it and is marked current; the url keeps its route
    const before = hashUrl(page);
    await toc().getByText('How long you stay signed in').click();
    await page.locator('.doc-toc .ant-anchor-link-title-active', { hasText: 'How long you stay signed in' }).waitFor();
    // antd scrolls smoothly: the heading, below the first screen, comes into view (under the top bar,
    // or as high as the page's end lets it)
    await page.waitForFunction(() => {
      const top = document.getElementById('doc-how-long-you-stay-signed-in')?.getBoundingClientRect().top ?? 1e9;
      const atEnd = Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight;
      return window.scrollY > 0 && top >= 48 && (top < 200 || atEnd);
    });
    expect(hashUrl(page)).toBe(before);
    await screenshot(page, 'docs-sign-in-toc-en');

    await page.getByPlaceholder('Search the help documents').fill('daily limit');
    await page.getByPlaceholder('Search the help documents').press('Enter');
    const hit = page.locator('.doc-result', { hasText: 'Credits' });
    await hit.waitFor();
    await hit.getByText('daily limit', { exact: false }).first().waitFor();
    await page.locator('.doc-results').getByText('No document holds these words').waitFor({ state: 'detached' });
    await hit.click();
    await article().locator('h1', { hasText: 'Credits' }).waitFor();
    await page.getByPlaceholder('Search the help documents').fill('nothing-like-this');
    await page.getByPlaceholder('Search the help documents').press('Enter');
    await page.getByText('No document holds these words').waitFor();
  });

  it('an admin edits a text with its live preview, and the saved text is what readers get', async () => {
    await go(PAGE);
    await page.reload();
    await page.locator('.doc-tree').getByText('Prompt templates').click();
    await article().locator('h1', { hasText: 'Prompt templates' }).waitFor();
    await article().locator('.doc-edit').click();
    const source = page.getByLabel('Text (Markdown)').first();
    await source.waitFor();
    const old = await source.inputValue();
    await source.fill(`${old}\n\n## Sharing templates\n\nAsk your admin to publish a favourite one.`);
    await page.locator('.doc-preview h2', { hasText: 'Sharing templates' }).waitFor();
    expect(await page.getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);
    await screenshot(page, 'docs-editor-en');

    // cancel asks before throwing the change away
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.ant-modal-confirm-title', { hasText: 'Discard your unsaved changes?' }).waitFor();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').first().waitFor();
    await article().locator('h2', { hasText: 'Sharing templates' }).waitFor();
    await toc().getByText('Sharing templates').waitFor();

    // the page's search finds the new words
    await page.getByPlaceholder('Search the help documents').fill('publish a favourite');
    await page.getByPlaceholder('Search the help documents').press('Enter');
    await page.locator('.doc-result', { hasText: 'Prompt templates' }).waitFor();
    expect(await page.locator('.doc-result').count()).toBe(1);
    await page.reload();
    await article().locator('h2', { hasText: 'Sharing templates' }).waitFor();
  });

  it('shows in both Chinese scripts and English, on both themes', async () => {
    await page.evaluate(() => {
      localStorage.setItem('umi_locale', 'zh-CN');
      localStorage.setItem('theme', 'green');
    });
    await go(PAGE);
    await page.reload();
    await article().locator('h1', { hasText: '快速入门' }).waitFor();
    await toc().getByText('功能在哪里').waitFor();
    await screenshot(page, 'docs-getting-started-zh-green');
    await page.getByPlaceholder('搜索帮助文档').fill('冻结');
    await page.getByPlaceholder('搜索帮助文档').press('Enter');
    await page.locator('.doc-result', { hasText: '积分' }).click();
    await article().locator('h1', { hasText: '积分' }).waitFor();
    await screenshot(page, 'docs-credits-zh-green');

    // traditional Chinese on the default theme, and English on the green one
    await page.evaluate(() => {
      localStorage.setItem('umi_locale', 'zh-TW');
      localStorage.setItem('theme', 'default');
    });
    await page.reload();
    await article().locator('h1', { hasText: '積分' }).waitFor();
    // opened at a document (?id=), the tree still shows its sections open
    await page.locator('.doc-tree').getByText('登入').waitFor();
    await toc().getByText('每日上限').waitFor();
    await screenshot(page, 'docs-credits-zh-tw-default');
    await page.evaluate(() => {
      localStorage.setItem('umi_locale', 'en-US');
      localStorage.setItem('theme', 'green');
    });
    await page.reload();
    await article().locator('h1', { hasText: 'Credits' }).waitFor();
    await screenshot(page, 'docs-credits-en-green');
    await page.evaluate(() => {
      localStorage.setItem('umi_locale', 'en-US');
      localStorage.setItem('theme', 'default');
    });
  });

  it('an admin adds a page to a section, is told when its link name is taken, and deletes it after confirming', async () => {
    await go(PAGE);
    await page.reload();
    await page.locator('.doc-tree').getByText('AI chat').click();
    await article().locator('h1', { hasText: 'AI chat' }).waitFor();
    await page.getByRole('button', { name: 'Add page' }).click();
    const dialog = page.locator('.ant-modal-content');
    await dialog.getByLabel('Title').fill('Exporting chats');
    await dialog.getByLabel('Link name').fill('chat');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('already exists').waitFor();
    await dialog.getByLabel('Link name').fill('exporting-chats');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await article().locator('h1', { hasText: 'Exporting chats' }).waitFor();
    await article().locator('.ant-breadcrumb').getByText('AI chat').waitFor();
    await page.locator('.doc-tree').getByText('Exporting chats').waitFor();

    await article().getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Delete “Exporting chats”?').waitFor();
    await confirmWith(page, 'Delete');
    await article().locator('h1', { hasText: 'AI chat' }).waitFor();
    await page.locator('.doc-tree').getByText('Exporting chats').waitFor({ state: 'detached' });
  });

  it('a plain user reads the documents without any editing controls', async () => {
    await signIn(READER.username, READER.password);
    await go(PAGE);
    await page.reload();
    await article().locator('h1', { hasText: 'Getting started' }).waitFor();
    expect(await page.locator('.doc-edit').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add section' }).count()).toBe(0);
    expect(await article().getByRole('button', { name: 'Delete' }).count()).toBe(0);
  });
});
