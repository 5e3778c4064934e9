/**
 * The built-in menus: the two undeletable roots and the system-management pages.
 * Names are translation keys (locales/*.json), translated by the console. Each page entry
 * carries the READ_ permission its list route checks (issue 3), so holders see it.
 * "Update built-in menus" and the initial data insert the missing ones and never overwrite.
 */
export interface BuiltInMenu {
  menuId: string;
  name: string;
  icon: string;
  url: string;
  sort: number;
  parentId: string | null;
  permission: string[];
}

export const BUILT_IN_ROOTS = ['system_menu', 'system_management'] as const;

export const BUILT_IN_MENUS: BuiltInMenu[] = [
  { menuId: 'system_menu', name: 'menu.systemMenu', icon: 'AppstoreOutlined', url: '', sort: 100, parentId: null, permission: [] },
  { menuId: 'admin_index', name: 'menu.adminHome', icon: 'DashboardOutlined', url: '/pages/admin-index/admin-index', sort: 101, parentId: 'system_menu', permission: [] },
  { menuId: 'system_management', name: 'menu.systemManagement', icon: 'SettingOutlined', url: '', sort: 1000, parentId: null, permission: [] },
  { menuId: 'system_user', name: 'menu.user', icon: 'UserOutlined', url: '/pages/system/user/list', sort: 1010, parentId: 'system_management', permission: ['READ_UNI_ID_USERS'] },
  { menuId: 'system_role', name: 'menu.role', icon: 'TeamOutlined', url: '/pages/system/role/list', sort: 1020, parentId: 'system_management', permission: ['READ_UNI_ID_ROLES'] },
  { menuId: 'system_permission', name: 'menu.permission', icon: 'SafetyOutlined', url: '/pages/system/permission/list', sort: 1030, parentId: 'system_management', permission: ['READ_UNI_ID_PERMISSIONS'] },
  { menuId: 'system_menu_list', name: 'menu.menu', icon: 'MenuOutlined', url: '/pages/system/menu/list', sort: 1040, parentId: 'system_management', permission: ['READ_OPENDB_ADMIN_MENUS'] },
  { menuId: 'system_app', name: 'menu.app', icon: 'AppstoreAddOutlined', url: '/pages/system/app/list', sort: 1050, parentId: 'system_management', permission: ['READ_OPENDB_APP_LIST'] },
  { menuId: 'system_tag', name: 'menu.tag', icon: 'TagsOutlined', url: '/pages/system/tag/list', sort: 1060, parentId: 'system_management', permission: ['READ_UNI_ID_TAG'] },
  { menuId: 'system_safety', name: 'menu.userLog', icon: 'FileSearchOutlined', url: '/pages/system/safety/list', sort: 1070, parentId: 'system_management', permission: ['READ_UNI_ID_LOG'] },
];

/** Built-in permissions the built-in menus refer to. */
export const BUILT_IN_PERMISSIONS = [{ permissionId: 'READ_UNI_ID_LOG', permissionName: 'Read user logs' }];
