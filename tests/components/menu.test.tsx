/** src/shared/menu.ts and src/shared/icons.tsx: the left menu as the user's menus build it, and where each page sits in it. */
import { render, screen } from '@testing-library/react';
import { BUILT_IN_MENUS } from '../../shared/built-in';
import { MENU_ICON_NAMES, MenuIcon } from '@/shared/icons';
import { breadcrumbOf } from '@/layouts/breadcrumb';
import { findMenuTrail, isExternalUrl, menuLabel, menuTrailOf, sideMenuOf, type MenuNode } from '@/shared/menu';

// the icon library's ES build is not transformed under jest; its CommonJS build is the same icons
jest.mock('@ant-design/icons/es/icons', () => jest.requireActual('@ant-design/icons/lib/icons'));

const db: MenuNode[] = [
  {
    menu_id: 'system_management',
    name: 'menu.systemManagement',
    icon: 'SettingOutlined',
    url: '',
    sort: 1000,
    children: [
      { menu_id: 'system_role', name: 'menu.role', url: '/pages/system/role/list', sort: 1020 },
      { menu_id: 'system_user', name: 'menu.user', url: '/pages/system/user/list', sort: 1010 },
    ],
  },
  {
    menu_id: 'system_menu',
    name: 'menu.systemMenu',
    url: '',
    sort: 100,
    children: [
      { menu_id: 'console_home', name: 'menu.consoleHome', url: '/pages/index/index', sort: 100 },
      { menu_id: 'admin_index', name: 'menu.adminHome', url: '/pages/admin-index/admin-index', sort: 101 },
    ],
  },
  {
    menu_id: 'expense',
    name: 'menu.expense',
    url: '',
    sort: 250,
    children: [{ menu_id: 'expense_withdraw', name: 'menu.expense.withdraw', url: '/pages/expense/withdraw/list', sort: 252 }],
  },
  {
    menu_id: 'finance',
    name: 'menu.finance',
    url: '',
    sort: 500,
    children: [{ menu_id: 'finance_withdrawals', name: 'menu.finance.withdrawals', url: '/pages/expense/withdraw/list?tab=all', sort: 540 }],
  },
  { menu_id: 'docs', name: 'Vendor docs', url: 'https://example.com/docs', sort: 2000 },
  { menu_id: 'empty_folder', name: 'Empty', url: null, sort: 50, children: [] },
];

describe('nav menu', () => {
  test('the menus come sorted by sort, children too', () => {
    const menu = sideMenuOf(db);
    expect(menu.map((m) => m.menu_id)).toEqual(['system_menu', 'expense', 'finance', 'system_management', 'docs']);
    expect(menu[3].children!.map((c) => c.menu_id)).toEqual(['system_user', 'system_role']);
    expect(sideMenuOf(null)).toEqual([]);
  });

  test('a folder without pages is left out', () => {
    expect(sideMenuOf(db).some((m) => m.menu_id === 'empty_folder')).toBe(false);
  });

  test('names that are translation keys are translated, others shown as they are', () => {
    const messages = { 'menu.user': 'Users' };
    const t = (id: string) => (messages as Record<string, string>)[id];
    expect(menuLabel('menu.user', messages, t)).toBe('Users');
    expect(menuLabel('Vendor docs', messages, t)).toBe('Vendor docs');
  });

  test('the current page selects its item and opens the folders above it', () => {
    const menu = sideMenuOf(db);
    expect(findMenuTrail(menu, '/pages/system/role/list')).toEqual(['system_management', 'system_role']);
    expect(findMenuTrail(menu, '/nowhere')).toEqual([]);
    // '/' is the console home
    expect(menuTrailOf(menu, '/')).toEqual(['system_menu', 'console_home']);
  });

  test('an add, edit or detail page keeps its list selected and its group open', () => {
    const menu = sideMenuOf(db);
    expect(menuTrailOf(menu, '/pages/system/role/add')).toEqual(['system_management', 'system_role']);
    expect(menuTrailOf(menu, '/pages/system/user/edit')).toEqual(['system_management', 'system_user']);
    expect(menuTrailOf(menu, '/pages/expense/withdraw/edit')).toEqual(['expense', 'expense_withdraw']);
    // a page with no entry and no list above it selects nothing
    expect(menuTrailOf(menu, '/pages/system/tag/edit')).toEqual([]);
  });

  test('two entries opening one page: the tab in the address picks the entry', () => {
    const menu = sideMenuOf(db);
    expect(menuTrailOf(menu, '/pages/expense/withdraw/list', '')).toEqual(['expense', 'expense_withdraw']);
    expect(menuTrailOf(menu, '/pages/expense/withdraw/list', '?tab=all')).toEqual(['finance', 'finance_withdrawals']);
    expect(menuTrailOf(menu, '/pages/expense/withdraw/list', '?tab=mine')).toEqual(['expense', 'expense_withdraw']);
  });

  test('http urls are external (opened in a new window)', () => {
    expect(isExternalUrl('https://example.com/docs')).toBe(true);
    expect(isExternalUrl('/pages/index/index')).toBe(false);
  });

  test('every built-in menu icon is drawn at once (no wait for the icon library)', () => {
    const icons = BUILT_IN_MENUS.map((m) => m.icon).filter(Boolean);
    expect(icons.filter((name) => !MENU_ICON_NAMES.includes(name))).toEqual([]);
  });

  test('an icon the picker offers outside that set is drawn too, once the icon library has loaded', async () => {
    expect(MENU_ICON_NAMES).not.toContain('AlibabaOutlined');
    render(<MenuIcon name="AlibabaOutlined" />);
    // the whole icon library is transformed and loaded here: over 30 s on a busy 2-core machine
    expect(await screen.findByRole('img', { name: 'alibaba' }, { timeout: 170_000 })).toBeTruthy();
    render(<MenuIcon name="NoSuchOutlined" folder />);
    expect(await screen.findByRole('img', { name: 'folder' }, { timeout: 20_000 })).toBeTruthy();
  }, 200_000);
});

describe('breadcrumb', () => {
  const english: Record<string, string> = {
    'nav.home': 'Home',
    'menu.systemMenu': 'Home',
    'menu.systemManagement': 'System management',
    'route.system.user.list': 'Users',
    'route.system.user.edit': 'Edit user',
    'route.adminHome': 'Admin home',
  };
  const say = (key: string) => english[key] ?? key;
  const texts = (path: string) => breadcrumbOf(path, db, say, say).map((c) => c.text);

  test('home, the folders above the page, the list an edit page belongs under, the page', () => {
    expect(texts('/pages/system/user/edit')).toEqual(['Home', 'System management', 'Users', 'Edit user']);
  });

  test('a folder named like home is not said twice', () => {
    expect(texts('/pages/admin-index/admin-index')).toEqual(['Home', 'Admin home']);
  });
});
