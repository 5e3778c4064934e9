/**
 * The system rows every database gets (idempotent; runs on every start, the system module's seed
 * step): the admin role, the built-in permissions and menus (shared/built-in.ts), and the
 * console's own app row (APP_ID: the console reports its use to the statistics receiver, which
 * takes only listed apps). Other modules seed through their manifests (buildApp runs them all).
 * Existing rows are never overwritten.
 */
import { APP_ID, APP_NAME } from '../../shared/app-info';
import { sql } from 'drizzle-orm';
import { ADMIN_ROLE_NAME, BUILT_IN_COMMENT } from '../../shared/built-in-names';
import { BUILT_IN_MENU_CHANGES, BUILT_IN_MENUS, BUILT_IN_PERMISSIONS } from '../../shared/built-in';
import { ADMIN_ROLE } from '../../shared/permissions';
import type { Db } from './index';
import { adminMenus, apps, permissions, roles } from './schema';

export async function seedInitialData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(roles).values({ roleId: ADMIN_ROLE, roleName: ADMIN_ROLE_NAME, permission: [], comment: BUILT_IN_COMMENT }).onConflictDoNothing();
    await tx.insert(permissions).values(BUILT_IN_PERMISSIONS).onConflictDoNothing();
    for (const c of BUILT_IN_MENU_CHANGES) {
      if (c.to) await tx.execute(sql`UPDATE admin_menus SET url = ${c.to} WHERE menu_id = ${c.menuId} AND url = ${c.url}`);
      else await tx.execute(sql`DELETE FROM admin_menus WHERE menu_id = ${c.menuId} AND url = ${c.url}`);
    }
    await tx
      .insert(adminMenus)
      .values(BUILT_IN_MENUS.map((m) => ({ ...m, enable: true })))
      .onConflictDoNothing();
    await tx.insert(apps).values({ appid: APP_ID, name: APP_NAME, description: 'this console' }).onConflictDoNothing();
  });
}
