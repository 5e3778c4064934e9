/**
 * The upgrade center in Chromium: adding a version is held to the current stable version as
 * one types, a package upload shows its progress, publishing it as stable takes the mark off
 * the previous stable version in the list, the detail page shows and saves it, and the app list
 * links the app's stable version. Screenshots: list, add and detail, on both themes and in Chinese.
 */
import type { Page } from 'playwright-core';
import { api, e2eSession, hashUrl, screenshot } from './browser';

const ADMIN = { username: 'upgrade_admin', password: 'Admin#2026' };
const APPID = '__UNI__E2EUP';
const LIST = '/uni_modules/uni-upgrade-center/pages/version/list';

let adminToken: string;
let firstId: string;

const session = e2eSession('e2e-upgrade', async () => {
  adminToken = (await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password })).body.data.token;
  expect((await api('POST', '/api/system/apps', { appid: APPID, name: 'Field Notes' }, adminToken)).status).toBe(200);
  const first = await api(
    'POST',
    '/api/upgrade/versions',
    {
      appid: APPID,
      platform: 'android',
      type: 'native_app',
      version: '1.0.0',
      title: 'First release',
      contents: 'Hello',
      url: 'https://dl.example.com/notes-1.0.0.apk',
      stable_publish: true,
    },
    adminToken,
  );
  expect(first.status).toBe(200);
  firstId = first.body.data.id;
});

const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

const row = (text: string) => page.locator('.ant-table-row', { hasText: text });

describe('upgrade center', () => {
  it('add a version with a package upload showing progress, publish it as stable, see it in the list, the detail and the app list', async () => {
    await signIn(ADMIN.username, ADMIN.password);
    await go(`/uni_modules/uni-upgrade-center/pages/version/add?appid=${APPID}`);
    await page.getByText('Current stable version: 1.0.0. The new version must be higher.').waitFor();

    // the add rule as one types: 1.0 is the stable 1.0.0, not higher
    await page.locator('input#version').fill('1.0');
    await page.getByText('Must be higher than the current stable version 1.0.0').waitFor();
    await page.locator('input#version').fill('1.1.0');
    await page.getByText('Must be higher than the current stable version 1.0.0').waitFor({ state: 'detached' });

    // the package: a wrong extension is refused; the upload, slowed down, shows its progress
    await page.locator('input[type=file]').setInputFiles({ name: 'notes.ipa', mimeType: 'application/octet-stream', buffer: Buffer.alloc(10) });
    await page.getByText('This platform and type take a .apk file').waitFor();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 600 * 1024 });
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes-1.1.0.apk', mimeType: 'application/vnd.android.package-archive', buffer: Buffer.alloc(1536 * 1024, 7) });
    const bar = page.getByRole('progressbar', { name: 'Package' });
    await page.waitForFunction(() => {
      const v = Number(document.querySelector('[role=progressbar]')?.getAttribute('aria-valuenow'));
      return v > 0 && v < 100;
    });
    await screenshot(page, 'upgrade-add-progress-en');
    await page.getByText('Uploaded: notes-1.1.0.apk').waitFor({ timeout: 20_000 });
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    await page.locator('input#title').fill('Offline sync');
    await page.locator('textarea#contents').fill('Notes now sync when the network comes back.');
    await page.locator('button#stable_publish').click();
    await screenshot(page, 'upgrade-add-en');
    await page.getByRole('button', { name: 'Save' }).click();

    // back on the list: the new version is the stable one, the old one no longer
    await page.waitForURL((u) => u.hash.includes(LIST));
    const added = row('Offline sync');
    await added.waitFor();
    // the version carries its stable mark (the package type and the flags' own columns are in the column settings)
    expect(await added.innerText()).toMatch(/Field Notes[\s\S]*Android[\s\S]*1\.1\.0[\s\S]*Stable/);
    expect(await row('First release').innerText()).toContain('1.0.0');
    expect(await row('First release').innerText()).not.toContain('Stable');
    // the old version may be deleted now, the stable one not
    const stableDelete = row('Offline sync').getByLabel(/^Delete /);
    expect([await stableDelete.getAttribute('title'), await stableDelete.getAttribute('class')]).toEqual([
      'The current stable version cannot be deleted',
      expect.stringContaining('ant-typography-disabled'),
    ]);
    expect(
      await row('First release')
        .getByLabel(/^Delete /)
        .getAttribute('class'),
    ).not.toContain('ant-typography-disabled');

    // detail: every field, the package downloadable; an edit is saved
    await row('Offline sync').getByRole('link', { name: /Edit/ }).click();
    await page.waitForURL((u) => u.hash.includes('/version/detail'));
    await page.getByText('Download').waitFor();
    expect(await page.locator('input#version').inputValue()).toBe('1.1.0');
    expect(await page.locator('input#version').isDisabled()).toBe(true);
    expect(await page.locator('button#stable_publish').getAttribute('aria-checked')).toBe('true');
    await page.locator('input#title').fill('Offline sync and search');
    await page.getByRole('button', { name: 'Save' }).click();
    await row('Offline sync and search').waitFor();

    // the app list links the stable version to its detail
    await go('/pages/system/app/list');
    const link = page.getByRole('link', { name: 'Android 1.1.0' });
    await link.waitFor();
    await screenshot(page, 'upgrade-app-list-en');
    await link.click();
    await page.waitForURL((u) => u.hash.includes('/version/detail'));
    expect(hashUrl(page)).not.toContain(firstId);
    expect(await page.locator('input#title').inputValue()).toBe('Offline sync and search');

    // the check apps call now offers 1.1.0 to an app on 1.0.0
    const check = await api('POST', '/api/upgrade/check', { appid: APPID, appVersion: '1.0.0', wgtVersion: '1.0.0', platform: 'android' });
    expect(check.body).toMatchObject({ code: 102, version: '1.1.0', title: 'Offline sync and search' });
    const download = await fetch(check.body.url);
    expect([download.status, (await download.arrayBuffer()).byteLength]).toEqual([200, 1536 * 1024]);
  });

  it('list, add and detail on both themes and in Chinese', async () => {
    for (const [theme, locale] of [
      ['default', 'en-US'],
      ['green', 'en-US'],
      ['default', 'zh-CN'],
      ['green', 'zh-CN'],
    ]) {
      await page.evaluate(([th, lo]) => (localStorage.setItem('theme', th), localStorage.setItem('umi_locale', lo)), [theme, locale]);
      await go(LIST);
      await page.reload();
      await row('1.1.0').waitFor();
      await screenshot(page, `upgrade-list-${theme}-${locale}`);
      await go(`/uni_modules/uni-upgrade-center/pages/version/add?appid=${APPID}`);
      await page.locator('input#version').waitFor();
      await page.getByText('1.1.0', { exact: false }).first().waitFor();
      await screenshot(page, `upgrade-add-${theme}-${locale}`);
      await go(`/uni_modules/uni-upgrade-center/pages/version/detail?id=${firstId}`);
      await page.locator('input#title').waitFor();
      await page.waitForFunction(() => (document.querySelector('input#title') as HTMLInputElement | null)?.value === 'First release');
      await screenshot(page, `upgrade-detail-${theme}-${locale}`);
    }
    await page.evaluate(() => (localStorage.setItem('theme', 'default'), localStorage.setItem('umi_locale', 'en-US')));
  });
});
