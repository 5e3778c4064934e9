/** src/shared/menu.ts: the left menu = database menus, then the spec's static sidebar. */
import { findMenuTrail, isExternalUrl, menuLabel, mergeNavMenu, STATIC_MENUS, type MenuNode } from '@/shared/menu';

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
  { menu_id: 'system_menu', name: 'menu.systemMenu', url: '', sort: 100, children: [{ menu_id: 'admin_index', name: 'menu.adminHome', url: '/pages/admin-index/admin-index', sort: 101 }] },
  { menu_id: 'docs', name: 'Vendor docs', url: 'https://example.com/docs', sort: 2000 },
  { menu_id: 'empty_folder', name: 'Empty', url: null, sort: 50, children: [] },
];

describe('nav menu', () => {
  test('database menus come first, sorted by sort, then assistant, expense, help document, demo', () => {
    const merged = mergeNavMenu(db);
    expect(merged.map((m) => m.menu_id)).toEqual([
      'system_menu',
      'system_management',
      'docs',
      'static.assistant',
      'static.expense',
      'static.document',
      'static.demo',
    ]);
    // children sorted too
    expect(merged[1].children!.map((c) => c.menu_id)).toEqual(['system_user', 'system_role']);
  });

  test('a folder without pages is left out', () => {
    expect(mergeNavMenu(db).some((m) => m.menu_id === 'empty_folder')).toBe(false);
  });

  test('the static sidebar holds the spec pages', () => {
    const urls = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => (n.url ? [n.url] : urls(n.children ?? [])));
    expect(urls(STATIC_MENUS)).toEqual([
      '/pages/assistant/chat/chat',
      '/pages/assistant/todo-list/todo-list',
      '/pages/assistant/prompts/prompts',
      '/pages/assistant/prompts-store/prompts-store',
      '/pages/expense/recharge/recharge',
      '/pages/expense/withdraw/list',
      '/pages/assistant/document/document',
      '/pages/demo/icons/icons',
      '/pages/demo/table/table',
      '/pages/demo/layout/layout',
      '/pages/demo/colors/colors',
      '/pages/demo/audio/audio',
      '/pages/demo/css/css',
    ]);
  });

  test('without database menus (signed-in non-admin, or the load failed) the static sidebar still shows', () => {
    expect(mergeNavMenu([]).map((m) => m.menu_id)).toEqual(STATIC_MENUS.map((m) => m.menu_id));
    expect(mergeNavMenu(null).length).toBe(STATIC_MENUS.length);
  });

  test('names that are translation keys are translated, others shown as they are', () => {
    const messages = { 'menu.user': 'Users' };
    const t = (id: string) => (messages as Record<string, string>)[id];
    expect(menuLabel('menu.user', messages, t)).toBe('Users');
    expect(menuLabel('Vendor docs', messages, t)).toBe('Vendor docs');
  });

  test('the current page selects its item and opens the folders above it', () => {
    const merged = mergeNavMenu(db);
    expect(findMenuTrail(merged, '/pages/system/role/list')).toEqual(['system_management', 'system_role']);
    expect(findMenuTrail(merged, '/pages/demo/css/css')).toEqual(['static.demo', 'static.demo.css']);
    expect(findMenuTrail(merged, '/nowhere')).toEqual([]);
  });

  test('http urls are external (opened in a new window)', () => {
    expect(isExternalUrl('https://example.com/docs')).toBe(true);
    expect(isExternalUrl('/pages/index/index')).toBe(false);
  });
});
