/** System administration: users, roles, permissions, menus, tags, apps, user logs. */
import type { ModuleContext } from '../services';
import { appRoutes } from './apps/routes';
import { menuAdminRoutes } from './menus/routes';
import { permissionRoutes } from './permissions/routes';
import { roleRoutes } from './roles/routes';
import { tagRoutes } from './tags/routes';
import { userLogRoutes } from './user-logs/routes';
import { userRoutes } from './users/routes';

export async function systemRoutes(ctx: ModuleContext) {
  await permissionRoutes(ctx);
  await roleRoutes(ctx);
  await tagRoutes(ctx);
  await userRoutes(ctx);
  await menuAdminRoutes(ctx);
  await appRoutes(ctx);
  await userLogRoutes(ctx);
}
