/**
 * System administration in Chromium: an admin creates a permission, a role holding it and a
 * user with that role; the user sees exactly the allowed menus and pages and is refused the
 * rest (browser and API); a menu subtree delete; an export holding every matching row.
 */
import ExcelJS from 'exceljs';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { api, confirmWith, e2eSession, hashUrl, screenshot } from './browser';
import { makeUser, withDb } from './fixtures';

const ADMIN = { username: 'sys_admin', password: 'Admin#2026' };

let adminToken: string;
const session = e2eSession('e2e-system', async () => {
  adminToken = (await api('POST', '/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password })).body.data.token;
});
const { go, signIn } = session;
let page: Page;
beforeAll(() => {
  page = session.page();
});

/** picks the option whose id is `id` (options read "name (id)") in the Select labelled `label` */
async function pick(label: string, id: string) {
  const item = page.locator('.ant-form-item', { has: page.locator(`label:text-is("${label}")`) });
  await item.locator('.ant-select-selector').click();
  await page.keyboard.type(id);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `(${id})` })
    .first()
    .click();
  await page.keyboard.press('Escape');
}

async function save() {
  await page.getByRole('button', { name: 'Save' }).click();
}

describe('an admin grants a permission through a role', () => {
  it('creates a permission, a role holding it and a user with that role', async () => {
    await signIn(ADMIN.username, ADMIN.password);

    await go('/pages/system/permission/add');
    await page.locator('#permission_id').fill('READ_UNI_ID_LOG_E2E');
    await page.locator('#permission_name').fill('Read logs (e2e)');
    await save();
    await page.waitForURL(/permission\/list/);
    await page.getByText('READ_UNI_ID_LOG_E2E').first().waitFor();

    await go('/pages/system/role/add');
    await page.locator('#role_id').fill('log_reader');
    await page.locator('#role_name').fill('Log reader');
    // the new permission, and the one the built-in "User logs" menu and route ask for
    await pick('Permissions', 'READ_UNI_ID_LOG_E2E');
    await pick('Permissions', 'READ_UNI_ID_LOG');
    await save();
    await page.waitForURL(/role\/list/);
    await page.getByText('log_reader').first().waitFor();

    await go('/pages/system/user/add');
    await page.locator('#username').fill('reader1');
    await page.locator('#password').fill('Reader#2026');
    await page.locator('#password2').fill('Reader#2026');
    await pick('Roles', 'log_reader');
    await save();
    await page.waitForURL(/user\/list/);
    await page.getByText('reader1').first().waitFor();
    await screenshot(page, 'system-user-list-en');
  });

  it('that user sees exactly the allowed menu entries and pages, and is refused the others', async () => {
    await signIn('reader1', 'Reader#2026');
    const token = await page.evaluate(() => localStorage.getItem('uni_id_token'));
    const payload = JSON.parse(Buffer.from(token!.split('.')[1], 'base64url').toString());
    expect(payload).toMatchObject({ role: ['log_reader'], permission: ['READ_UNI_ID_LOG', 'READ_UNI_ID_LOG_E2E'] });
    const menu = page.locator('nav[aria-label="Main menu"]');
    await menu.getByText('System management').click();
    await menu.getByText('User logs').waitFor();
    const lines = (await menu.innerText()).split('\n').map((s) => s.trim());
    for (const hidden of ['Users', 'Roles', 'Permissions', 'Menus', 'Apps', 'User tags', 'System menu']) expect(lines).not.toContain(hidden);

    await menu.getByText('User logs').click();
    await page.waitForURL(/safety\/list/);
    await page.getByText('reader1').first().waitFor(); // their own sign-in is in the log

    // pages outside the permission are refused in the browser ...
    await go('/pages/system/user/list');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.ant-table-row').count()).toBe(0);
    // ... and at the API
    expect((await api('GET', '/api/system/user-logs', undefined, token!)).status).toBe(200);
    const refused = await api('GET', '/api/system/users', undefined, token!);
    expect(refused.status).toBe(403);
    expect((refused.body as { errorCode: string }).errorCode).toBe('PERMISSION_ERROR');
  });
});

describe('menus', () => {
  it('deleting a folder removes its whole subtree after a confirmation that says so', async () => {
    const add = (body: object) => api('POST', '/api/system/menus', body, adminToken);
    expect((await add({ menu_id: 'e2e_folder', name: 'E2E folder', url: '', sort: 5000, permission: [] })).status).toBe(200);
    await add({ menu_id: 'e2e_child', name: 'E2E child', url: '/pages/e2e/child', sort: 5001, parent_id: 'e2e_folder', permission: [] });
    await add({ menu_id: 'e2e_sub', name: 'E2E sub', url: '', sort: 5002, parent_id: 'e2e_folder', permission: [] });
    await add({ menu_id: 'e2e_leaf', name: 'E2E leaf', url: '/pages/e2e/leaf', sort: 5003, parent_id: 'e2e_sub', permission: [] });

    await signIn(ADMIN.username, ADMIN.password);
    await go('/pages/system/menu/list');
    const row = page.locator('tr', { hasText: 'E2E folder' }).first();
    await row.waitFor();
    await row.getByText('Delete').click();
    const dialog = page.locator('.ant-modal-confirm');
    await dialog.getByText('Its whole subtree goes with it: 3 menus under it, 4 menus in all.').waitFor();
    await screenshot(page, 'system-menu-delete-confirm');
    await confirmWith(page, 'Delete');
    await page.locator('tr', { hasText: 'E2E folder' }).first().waitFor({ state: 'detached' });
    const left = await withDb(async (c) => (await c.query(`SELECT count(*)::int AS n FROM admin_menus WHERE menu_id LIKE 'e2e_%'`)).rows[0].n);
    expect(left).toBe(0);
  });
});

describe('export', () => {
  it('downloads an xlsx holding every row of the current query, not just the page', async () => {
    for (let i = 0; i < 25; i++) await makeUser(`bulk_${String(i).padStart(2, '0')}`, 'Bulk#20266');
    await makeUser('other_person', 'Other#2026');
    await signIn(ADMIN.username, ADMIN.password);
    await go('/pages/system/user/list');
    // the list's own search (the top bar has one too)
    const search = page.locator('#console-main').getByLabel('Search', { exact: true }).first();
    await search.fill('bulk_');
    await search.press('Enter');
    await page.getByText('25 in total').first().waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /Export/ }).click();
    const file = await (await download).path();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(fs.readFileSync(file!) as unknown as ArrayBuffer);
    const names: string[] = [];
    wb.worksheets[0].eachRow((r, n) => n > 1 && names.push(String(r.getCell(1).value)));
    expect(names.sort()).toEqual(Array.from({ length: 25 }, (_, i) => `bulk_${String(i).padStart(2, '0')}`));
    expect(hashUrl(page)).toContain('user/list');
  });
});
