/**
 * Site messages in Chromium: an admin writes a message to everyone; a user sees the bell's count,
 * opens their inbox, reads the message and the count goes down (bell and home); the admin's
 * detail page shows the reader, and withdrawing takes the message out of the inbox.
 * Screenshots: the list, the inbox and the bell, on both themes and in Chinese.
 */
import type { Page } from 'playwright-core';
import { api, confirmWith, e2eSession, screenshot } from './browser';
import { makeUser } from './fixtures';
import { until } from '../support/until';

const ADMIN = { username: 'msg_admin', password: 'Admin#2026' };
const USER = { username: 'msg_member', password: 'Member#2026' };
const LIST = '/pages/site-message/list';
const INBOX = '/pages/index/my-message';

let adminToken: string;

const session = e2eSession('e2e-messages', async () => {
  adminToken = (await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password })).body.data.token;
  await makeUser(USER.username, USER.password);
  const earlier = await api(
    'POST',
    '/api/site-messages',
    { title: 'Maintenance tonight', body: 'The service pauses at **22:00**.', audience: 'everyone', publish: 'now' },
    adminToken,
  );
  expect(earlier.status).toBe(200);
});

const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

const bell = () => page.getByTestId('top-bar-messages');
const bellCount = async () => ((await bell().locator('.ant-badge-count').count()) ? ((await bell().getAttribute('aria-label')) ?? '') : 'none');

describe('site messages', () => {
  it('an admin writes a message to everyone; it is listed as published', async () => {
    await signIn(ADMIN.username, ADMIN.password);
    await go('/pages/site-message/add');
    await page.locator('#title').fill('New models are here');
    await page.locator('#body').fill('Try the **new models** in the chat.\n\n<img src=x onerror=alert(1)>');
    // the preview renders markdown and shows raw HTML as text
    await page.getByTestId('message-preview').locator('strong', { hasText: 'new models' }).waitFor();
    expect(await page.getByTestId('message-preview').locator('img').count()).toBe(0);
    // the chosen users picker searches the users by name
    await page.getByText('Chosen users').click();
    await page.locator('#audience_ids').click();
    await page.keyboard.type('msg_mem');
    await page.locator('.ant-select-item-option', { hasText: USER.username }).waitFor();
    await screenshot(page, 'messages-add-en');
    await page.locator('#audience_ids').press('Escape');
    await page.getByText('Everyone', { exact: true }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((u) => u.hash.startsWith(`#${LIST}`));
    const row = page.locator('.ant-table-row', { hasText: 'New models are here' });
    await row.getByText('Published').waitFor();
    // published moments ago: said relative to now (a minute or more on a busy machine)
    await row.locator('time', { hasText: /^(just now|\d+ minutes? ago)$/ }).waitFor();
    await screenshot(page, 'messages-list-en');
  });

  it('the user sees the count on the bell and the home page, reads the message, and the count goes down', async () => {
    await signIn(USER.username, USER.password);
    await go('/');
    await until(bellCount, 'My messages (2)');
    await until(async () => (await page.getByTestId('home-unread-messages').locator('.ant-statistic-content-value').textContent()) ?? '', '2');
    await screenshot(page, 'messages-bell-en');
    await bell().click();
    await page.waitForURL((u) => u.hash.startsWith(`#${INBOX}`));
    await page.getByText('2 unread').waitFor();
    await page
      .locator('.ant-list time', { hasText: /^(just now|\d+ minutes? ago)$/ })
      .first()
      .waitFor();
    await page.getByText('New models are here').click();
    await page.locator('.md-body strong', { hasText: 'new models' }).waitFor();
    await page.getByText('<img src=x onerror=alert(1)>').waitFor();
    await until(bellCount, 'My messages (1)');
    await page.getByText('1 unread').waitFor();
    await page.locator('.ant-list .ant-spin-spinning').waitFor({ state: 'detached' });
    await screenshot(page, 'messages-inbox-en');
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await until(bellCount, 'none');
    await page.getByText('No unread messages').waitFor();
    await go('/');
    await until(async () => (await page.getByTestId('home-unread-messages').locator('.ant-statistic-content-value').textContent()) ?? '', '0');
  });

  it('the detail page shows who read the message', async () => {
    await signIn(ADMIN.username, ADMIN.password);
    await go(LIST);
    await page.locator('.ant-table-row', { hasText: 'New models are here' }).getByLabel('Readers New models are here').click();
    await page.waitForURL((u) => u.hash.includes('/pages/site-message/detail'));
    await page.locator('.ant-table-row', { hasText: USER.username }).waitFor();
    expect(await page.getByTestId('message-read-count').locator('.ant-statistic-content-value').textContent()).toBe('1');
    expect(await page.getByTestId('message-audience-count').locator('.ant-statistic-content-value').textContent()).toBe('2');
    await screenshot(page, 'messages-detail-en');
    // withdrawn after a confirmation: out of the member's inbox, the reader still listed
    await page.getByRole('button', { name: 'Withdraw' }).click();
    await confirmWith(page, 'Withdraw');
    await page.getByText('Message withdrawn').waitFor();
    await page.locator('.ant-tag', { hasText: 'Withdrawn' }).waitFor();
    await page.locator('.ant-table-row', { hasText: USER.username }).waitFor();
    const login = await api('POST', '/api/auth/login', { username: USER.username, password: USER.password });
    const inbox = await api('GET', '/api/messages', undefined, login.body.data.token);
    expect(inbox.body.data.map((m: { title: string }) => m.title)).toEqual(['Maintenance tonight']);
  });

  it('the list, the inbox and the bell on both themes and in Chinese', async () => {
    const again = await api(
      'POST',
      '/api/site-messages',
      { title: 'Weekly tips', body: 'Use prompts to save time.', audience: 'everyone', publish: 'now' },
      adminToken,
    );
    expect(again.status).toBe(200);
    await signIn(ADMIN.username, ADMIN.password);
    for (const [theme, locale] of [
      ['default', 'zh-CN'],
      ['green', 'en-US'],
      ['green', 'zh-CN'],
    ]) {
      await page.evaluate(([th, lo]) => (localStorage.setItem('theme', th), localStorage.setItem('umi_locale', lo)), [theme, locale]);
      await go(LIST);
      await page.reload();
      await page.locator('.ant-table-row', { hasText: 'Weekly tips' }).waitFor();
      await screenshot(page, `messages-list-${theme}-${locale}`);
      await go(INBOX);
      await page.getByText('Weekly tips').waitFor();
      await page.locator('.ant-list .ant-spin-spinning').waitFor({ state: 'detached' });
      await bell().locator('.ant-badge-count').waitFor();
      await screenshot(page, `messages-inbox-${theme}-${locale}`);
    }
    await page.evaluate(() => (localStorage.setItem('theme', 'default'), localStorage.setItem('umi_locale', 'en-US')));
  });
});
