/**
 * Who may do what in system administration. Each collection has CREATE_/READ_/UPDATE_/DELETE_
 * permissions (seeded); role admin passes every check. Adding and editing users stays with
 * role admin (reference: only admins add or update users), so those two are not seeded.
 */
import { ADMIN_ROLE } from '../../core/auth';
import { crudAccess, type ResourceAccess } from '../../core/list';

export const COLLECTIONS = {
  users: 'UNI_ID_USERS',
  roles: 'UNI_ID_ROLES',
  permissions: 'UNI_ID_PERMISSIONS',
  menus: 'OPENDB_ADMIN_MENUS',
  tags: 'UNI_ID_TAG',
  apps: 'OPENDB_APP_LIST',
} as const;

const admin = { role: ADMIN_ROLE };

export const ACCESS: Record<keyof typeof COLLECTIONS, ResourceAccess> & { userLogs: { read: { permission: string } } } = {
  users: { ...crudAccess(COLLECTIONS.users), create: admin, update: admin },
  roles: crudAccess(COLLECTIONS.roles),
  permissions: crudAccess(COLLECTIONS.permissions),
  menus: crudAccess(COLLECTIONS.menus),
  tags: crudAccess(COLLECTIONS.tags),
  apps: crudAccess(COLLECTIONS.apps),
  userLogs: { read: { permission: 'READ_UNI_ID_LOG' } },
};

const NAMES: Record<keyof typeof COLLECTIONS, string> = {
  users: 'users',
  roles: 'roles',
  permissions: 'permissions',
  menus: 'menus',
  tags: 'user tags',
  apps: 'apps',
};
const VERBS = { CREATE: 'Create', READ: 'Read', UPDATE: 'Update', DELETE: 'Delete' } as const;

/** the permissions the system routes check, seeded on every start (never overwritten) */
export const SYSTEM_PERMISSIONS: { permissionId: string; permissionName: string; comment: string }[] = Object.entries(ACCESS).flatMap(
  ([key, rules]) =>
    Object.values(rules)
      .filter((r): r is { permission: string } => typeof r === 'object' && 'permission' in r)
      .map((r) => {
        const verb = r.permission.split('_')[0] as keyof typeof VERBS;
        const what = NAMES[key as keyof typeof NAMES] ?? 'user logs';
        return { permissionId: r.permission, permissionName: `${VERBS[verb]} ${what}`, comment: 'built-in' };
      }),
);
