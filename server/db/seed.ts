/**
 * The initial data every database gets (idempotent; runs on every start): the admin role,
 * the built-in permissions (with the system administration ones) and the built-in menus. Existing rows are never overwritten.
 */
import { ADMIN_ROLE } from '../core/auth';
import { BUILT_IN_MENUS, BUILT_IN_PERMISSIONS } from '../modules/menus/built-in';
import { SYSTEM_PERMISSIONS } from '../modules/system/access';
import type { Db } from './index';
import { adminMenus, permissions, roles } from './schema';

export async function seedInitialData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(roles)
      .values({ roleId: ADMIN_ROLE, roleName: 'Super administrator', permission: [], comment: 'built-in' })
      .onConflictDoNothing();
    await tx.insert(permissions).values(BUILT_IN_PERMISSIONS).onConflictDoNothing();
    // CREATE_/READ_/UPDATE_/DELETE_<collection>, the rules of the system administration routes
    await tx.insert(permissions).values(SYSTEM_PERMISSIONS).onConflictDoNothing();
    await tx.insert(adminMenus).values(BUILT_IN_MENUS.map((m) => ({ ...m, enable: true }))).onConflictDoNothing();
  });
}
