/**
 * The CMS in Chromium: a category is added; an article is written in the editor (formatting, a
 * cover and an image uploaded through the file service), survives a reload through the local
 * copy's restore prompt, is published and read by a plain user; a draft opens through its
 * preview link; an article sent with a <script> and an onerror attribute renders inert.
 * Screenshots: the list and the editor on both themes, in English and Chinese.
 */
import type { Page } from 'playwright-core';
import { api, confirmWith, e2eSession, hashUrl, screenshot } from './browser';
import { makeUser } from './fixtures';
import { until } from '../support/until';

const ADMIN = { username: 'cms_admin', password: 'Admin#2026' };
const USER = { username: 'cms_reader', password: 'Reader#2026' };
const LIST = '/uni_modules/uni-cms/pages/article/list/list';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let adminToken: string;
let draftId: string;
let unsafeId: string;

const session = e2eSession('e2e-cms', async () => {
  adminToken = (await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password })).body.data.token;
  await makeUser(USER.username, USER.password);
  draftId = (await api('POST', '/api/cms/articles', { title: 'Quiet draft', content: '<p>Only for reviewers</p>' }, adminToken)).body.data.id;
  const unsafe = await api(
    'POST',
    '/api/cms/articles',
    {
      title: 'Unsafe markup',
      content:
        '<p>Safe text stays</p><script>window.__pwned = "script"</script><img src="/api/files/missing-file" onerror="window.__pwned = \'onerror\'"><a href="javascript:window.__pwned=1">link</a>',
      article_status: 1,
    },
    adminToken,
  );
  unsafeId = unsafe.body.data.id;
});

const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

describe('cms', () => {
  it('adds a category, writes an article with a cover and an image, restores it after a reload, publishes it; a reader reads it', async () => {
    await signIn(ADMIN.username, ADMIN.password);
    await go('/uni_modules/uni-cms/pages/categories/add/add');
    await page.getByLabel('Name').fill('Travel');
    await page.getByLabel('Description').fill('Trips and places');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.hash.includes('/categories/list/list'));
    await page.locator('.ant-table-row', { hasText: 'Travel' }).waitFor();

    await go('/uni_modules/uni-cms/pages/article/add/add');
    await page.getByLabel('Title').fill('A week in Lisbon');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.locator('.ant-select-item-option', { hasText: 'Travel' }).click();
    const body = page.locator('.cms-rich-text');
    await body.click();
    await page.keyboard.type('Trams, hills and ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('pastéis');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.getByLabel('Image file').setInputFiles({ name: 'tram.png', mimeType: 'image/png', buffer: PNG });
    await body.locator('img[src^="/api/files/"]').waitFor();
    await page.getByText('One image').click();
    await page.getByLabel('Cover image file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await page.getByRole('img', { name: 'Cover image 1' }).waitFor();

    // the local copy is written every few seconds; a reload offers it back
    await page.waitForTimeout(3500);
    await page.reload();
    await page.locator('.ant-modal-confirm-title', { hasText: 'Restore the unsaved copy?' }).waitFor();
    await page.getByRole('button', { name: 'Restore' }).click();
    expect(await page.getByLabel('Title').inputValue()).toBe('A week in Lisbon');
    await body.locator('strong', { hasText: 'pastéis' }).waitFor();
    await page.getByRole('img', { name: 'Cover image 1' }).waitFor();
    await screenshot(page, 'cms-editor-en');

    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL((u) => u.hash.includes(LIST));
    const row = page.locator('.ant-table-row', { hasText: 'A week in Lisbon' });
    await row.getByText('Published').waitFor();
    await row.getByText('Travel').waitFor();
    await screenshot(page, 'cms-list-en');

    await signIn(USER.username, USER.password);
    await go(LIST);
    await page.getByText('A week in Lisbon').click();
    const reader = page.getByTestId('article-reader');
    await reader.locator('strong', { hasText: 'pastéis' }).waitFor();
    await reader.locator('img[src^="/api/files/"]').waitFor();
    expect(await reader.locator('img[src^="/api/files/"]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await reader.getByText('1 view', { exact: true }).waitFor();
    // drafts stay out of the reader's list
    expect(await page.getByText('Quiet draft').count()).toBe(0);
  });

  it('edits the article and its category, then takes the article down', async () => {
    await signIn(ADMIN.username, ADMIN.password);
    await go(LIST);
    await page.locator('.ant-table-row', { hasText: 'A week in Lisbon' }).getByLabel('Edit A week in Lisbon').click();
    await page.waitForURL((u) => u.hash.includes('/article/edit/edit'));
    const title = page.getByLabel('Title');
    await page.locator('.cms-rich-text strong', { hasText: 'pastéis' }).waitFor();
    await title.fill('Ten days in Lisbon');
    await page.getByRole('button', { name: 'Update' }).click();
    await page.waitForURL((u) => u.hash.includes(LIST));
    const row = page.locator('.ant-table-row', { hasText: 'Ten days in Lisbon' });
    await row.getByText('Published').waitFor();

    await go('/uni_modules/uni-cms/pages/categories/list/list');
    await page.locator('.ant-table-row', { hasText: 'Travel' }).getByLabel('Edit Travel').click();
    await page.waitForURL((u) => u.hash.includes('/categories/edit/edit'));
    await until(() => page.getByLabel('Name').inputValue(), 'Travel');
    await page.getByLabel('Name').fill('Journeys');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.hash.includes('/categories/list/list'));
    await page.locator('.ant-table-row', { hasText: 'Journeys' }).getByText('1', { exact: true }).waitFor();
    await screenshot(page, 'cms-categories-en');

    await go(LIST);
    await row.getByLabel('Take down Ten days in Lisbon').click();
    await confirmWith(page, 'Take down');
    await page.getByText('Article taken down').waitFor();
    await row.getByText('Draft').waitFor();
    await row.getByText('Journeys').waitFor();
  });

  it('a draft opens through its preview link', async () => {
    await signIn(ADMIN.username, ADMIN.password);
    await go(LIST);
    const row = page.locator('.ant-table-row', { hasText: 'Quiet draft' });
    await row.getByLabel('Preview link Quiet draft').click();
    const url = (await page.getByTestId('preview-url').innerText()).trim();
    expect(url).toContain(`${LIST}?preview=`);
    await signIn(USER.username, USER.password);
    await page.goto(url);
    await page.getByTestId('article-reader').getByText('Only for reviewers').waitFor();
    await page.getByText(/Preview link, valid until/).waitFor();
    expect(hashUrl(page)).toContain('preview=');
    // a preview is not a read: the draft's views stay at 0
    expect((await api('GET', `/api/cms/articles/${draftId}`, undefined, adminToken)).body.data.view_count).toBe(0);
  });

  it('an article sent with a <script> and an onerror attribute is stored sanitized and renders inert', async () => {
    const stored = await api('GET', `/api/cms/articles/${unsafeId}`, undefined, adminToken);
    expect(stored.body.data.content).not.toMatch(/script|onerror|javascript:/i);
    await signIn(USER.username, USER.password);
    await go(`${LIST}?id=${unsafeId}`);
    const reader = page.getByTestId('article-reader');
    await reader.getByText('Safe text stays').waitFor();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(await page.locator('[onerror]').count()).toBe(0);
    expect(await reader.locator('script').count()).toBe(0);
    expect(await reader.locator('a[href^="javascript"]').count()).toBe(0);
  });

  it('the list and the editor on both themes, in English and Chinese', async () => {
    await signIn(ADMIN.username, ADMIN.password);
    for (const [theme, locale] of [
      ['default', 'en-US'],
      ['green', 'en-US'],
      ['default', 'zh-CN'],
      ['green', 'zh-CN'],
    ]) {
      await page.evaluate(([th, lo]) => (localStorage.setItem('theme', th), localStorage.setItem('umi_locale', lo)), [theme, locale]);
      await go(LIST);
      await page.reload();
      await page.locator('.ant-table-row', { hasText: 'Ten days in Lisbon' }).waitFor();
      await screenshot(page, `cms-list-${theme}-${locale}`);
      await go('/uni_modules/uni-cms/pages/article/add/add');
      await page.locator('.cms-rich-text').waitFor();
      await screenshot(page, `cms-editor-${theme}-${locale}`);
    }
    await page.evaluate(() => (localStorage.setItem('theme', 'default'), localStorage.setItem('umi_locale', 'en-US')));
  });
});
