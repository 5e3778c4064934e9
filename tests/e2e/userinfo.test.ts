/**
 * The user info pages in a real Chromium against the real server: nickname edit,
 * avatar chosen -> cropped -> uploaded (progress shown on a throttled connection) -> served at
 * 600x600, bind-email with the code of a mail really received over SMTP (a local smtp-server),
 * the webview page (allowed: a local http server on WEBVIEW_ALLOW; refused: anything else),
 * and logout after a confirmation.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox';
import { captchaAnswer } from '../support/verify';
import { api, confirmWith, e2eSession, hashUrl, screenshot, fieldError as fieldErrorOf, storedToken } from './browser';
import { makeUser, withDb } from './fixtures';

const UNI = '/uni_modules/uni-id-pages/pages';
const USERINFO = `${UNI}/userinfo/userinfo`;
const ME = { username: 'e2e_me', password: 'Member#2026', email: 'e2e.me@example.com' };

let smtp: SmtpInbox;
// the site the webview may show
const site = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end('<!doctype html><title>Allowed</title><h1>Hello from the allowed site</h1>');
});
let siteOrigin = '';
beforeAll(async () => {
  // a local SMTP server that keeps every mail it receives
  smtp = await startSmtpInbox();
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await smtp?.close();
  site.closeAllConnections();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

const session = e2eSession('userinfo', () => makeUser(ME.username, ME.password), {
  env: () => ({ SMTP_URL: smtp.url, MAIL_FROM: 'Console <console@example.com>', WEBVIEW_ALLOW: siteOrigin }),
});
const { go } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

const token = () => storedToken(page);
const fieldError = (field: string) => fieldErrorOf(page, field);
const row = (name: string) => page.getByTestId(`row-${name}`);

describe('user info', () => {
  it('opens from the account menu and edits the nickname in place (its rule first)', async () => {
    await go(`${UNI}/login/login-withpwd?uniIdRedirectUrl=${encodeURIComponent('/pages/index/index')}`);
    await page.locator('#username').fill(ME.username);
    await page.locator('#password').fill(ME.password);
    await page.locator('#password').press('Enter');
    await page.waitForURL((u) => !u.hash.includes('login'));
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByText('My account').first().click();
    await page.waitForURL(/userinfo\/userinfo/);
    await row('username').getByText(ME.username).waitFor();
    await row('email').getByText('Not bound').waitFor();
    await row('password').getByText('Change password').waitFor();
    await screenshot(page, 'userinfo-en-page');

    await page.getByRole('button', { name: 'Edit nickname' }).click();
    const input = page.getByLabel('Nickname');
    await input.fill('12345');
    await input.press('Enter');
    await page.getByText('Nickname must not contain @ or be all digits').first().waitFor();
    await input.fill('Neo');
    await input.press('Enter');
    await page.getByText('Update succeeded').waitFor();
    await page.getByTestId('nickname').getByText('Neo').waitFor();
    // the top bar follows
    await page.locator('.console-user-name').getByText('Neo').waitFor();
    expect((await api('GET', '/api/auth/me', undefined, (await token())!)).body.data.nickname).toBe('Neo');
  });

  it('chooses an image, crops it, uploads it with a progress bar; the avatar is a 600x600 image', async () => {
    // an 800x500 picture, made by the browser's own canvas
    const png = Buffer.from(
      await page.evaluate(() => {
        const c = document.createElement('canvas');
        c.width = 800;
        c.height = 500;
        const ctx = c.getContext('2d')!;
        const g = ctx.createLinearGradient(0, 0, 800, 500);
        g.addColorStop(0, '#1677ff');
        g.addColorStop(1, '#52c41a');
        ctx.fillStyle = g;
        ctx.fillRect(0, 0, 800, 500);
        // some detail, so the upload has a few hundred kilobytes to send
        for (let i = 0; i < 4000; i++) {
          ctx.fillStyle = `hsl(${(i * 37) % 360} 80% 50%)`;
          ctx.fillRect((i * 131) % 800, (i * 71) % 500, 6, 6);
        }
        return c.toDataURL('image/png').split(',')[1];
      }),
      'base64',
    );
    await page.getByTestId('avatar-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
    await page.waitForURL(/cropImage\/cropImage/);
    await page.getByTestId('crop-area').locator('img').waitFor();
    // zoom in a little with the keyboard
    await page.getByRole('slider', { name: 'Zoom' }).focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await screenshot(page, 'userinfo-en-crop');

    // a slow uplink, so the progress can be seen between 0 and 100
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 100 * 1024 });
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/files/upload'));
    await page.getByRole('button', { name: 'Upload avatar' }).click();
    const bar = page.getByRole('progressbar');
    await bar.waitFor();
    await page.waitForFunction(() => {
      const v = Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow'));
      return v > 0 && v < 100;
    });
    await screenshot(page, 'userinfo-en-uploading');
    const { data } = await (await uploaded).json();
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await cdp.detach();
    await page.getByText('Avatar updated').waitFor();
    await page.waitForURL(/userinfo\/userinfo$/);

    // the avatar shown is the uploaded file, 600x600
    const img = page.getByTestId('avatar').locator('img');
    await img.waitFor();
    expect(await img.getAttribute('src')).toBe(data.url);
    await page.waitForFunction((src) => [...document.images].some((i) => i.getAttribute('src') === src && i.complete && i.naturalWidth > 0), data.url);
    const size = await img.evaluate((i: HTMLImageElement) => [i.naturalWidth, i.naturalHeight]);
    expect(size).toEqual([600, 600]);
    const cloudPath = await withDb(async (c) => (await c.query(`SELECT cloud_path FROM files WHERE id = $1`, [data.fileID])).rows[0].cloud_path);
    // spec: current time + index + the original extension, here under the avatar folder
    expect(cloudPath).toMatch(/^avatar\/\d{13}0\.png$/);
    expect((await api('GET', '/api/auth/me', undefined, (await token())!)).body.data.avatar_file).toMatchObject({ url: data.url, extname: 'png' });
  });

  it('binds an email with the code of a mail received over SMTP (a wrong code first)', async () => {
    await row('email').getByText('Bind').click();
    await page.waitForURL(/bind-email/);
    const loaded = await page.waitForResponse((r) => r.url().includes('/api/auth/captcha?'));
    const captcha = await withDb(async (c) => captchaAnswer(c, (await loaded.json()).data.id));
    await page.locator('#email').fill(ME.email);
    await page.locator('#captcha').fill(captcha);
    const before = smtp.mails.length;
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(`A code was sent to ${ME.email}`).waitFor();
    const mail = await smtp.waitFor(ME.email, before);
    expect(mail.subject).toMatch(/verification code/i);
    await screenshot(page, 'userinfo-en-bind-email');
    await page.locator('#code').fill(mail.code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Bind email' }).click();
    await fieldError('code').getByText('Wrong verification code (4 tries left)').waitFor();
    await page.locator('#code').fill(mail.code);
    await page.locator('#code').press('Enter');
    await page.getByText(`Email bound: ${ME.email}`).waitFor();
    await page.waitForURL(/userinfo\/userinfo$/);
    await row('email').getByText(ME.email).waitFor();
    await row('email').getByText('Change').waitFor();
  });

  it('the webview shows an allow-listed page with its title, without the console frame, and refuses any other', async () => {
    await go(`${UNI}/common/webview/webview?url=${encodeURIComponent(`${siteOrigin}/docs`)}&title=${encodeURIComponent('Help centre')}`);
    await page.getByRole('heading', { name: 'Help centre' }).waitFor();
    await page.frameLocator('iframe[title="Help centre"]').getByText('Hello from the allowed site').waitFor();
    expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
    const box = await page.locator('iframe').boundingBox();
    expect(box!.height).toBeGreaterThan(600); // fills the page under the 48px bar
    await screenshot(page, 'userinfo-en-webview');

    for (const refused of ['https://evil.example.com/', `${siteOrigin.replace('http:', 'https:')}/docs`, 'javascript:alert(1)']) {
      await go(`${UNI}/common/webview/webview?url=${encodeURIComponent(refused)}`);
      await page.getByText('This address cannot be shown here').waitFor();
      await page.getByTestId('webview-refused-url').getByText(refused).waitFor();
      expect(await page.locator('iframe').count()).toBe(0);
      expect(await page.locator(`a[href="${refused}"]`).count()).toBe(0);
    }
    await screenshot(page, 'userinfo-en-webview-refused');
  });

  it('logs out after a confirmation', async () => {
    const signedIn = (await token())!;
    await go(USERINFO);
    await page.locator('[title="简体中文"]').first().click();
    await page.getByText('个人中心').first().waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, 'userinfo-zh-page');
    await page.locator('[title="English"]').first().click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await confirmWith(page, 'Cancel', 'Log out of this account?');
    await page.locator('.ant-modal-confirm').waitFor({ state: 'hidden' });
    expect(hashUrl(page)).toContain('userinfo/userinfo');
    expect(await token()).toBe(signedIn);
    await page.getByRole('button', { name: 'Log out' }).click();
    await confirmWith(page, 'Log out');
    await page.waitForURL(/login-withoutpwd/);
    expect(await token()).toBeNull();
    expect((await api('GET', '/api/auth/me', undefined, signedIn)).status).toBe(401);
  });
});
