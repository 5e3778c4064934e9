/** System administration: permissions, roles, tags, users, menus, apps and user logs, and their initial rows. */
import { seedInitialData } from '../../db/seed';
import type { ModuleManifest } from '../services';
import { AppService } from './apps/service';
import { systemRoutes } from './index';
import { MenuService } from './menus/service';
import { PermissionService } from './permissions/service';
import { RoleService } from './roles/service';
import { TagService } from './tags/service';
import { UserLogService } from './user-logs/service';
import { dropAppsFromUsers, UserService } from './users/service';

export const systemModule: ModuleManifest = {
  name: 'system',
  tables: ['roles', 'permissions', 'tags', 'admin_menus', 'apps'],
  services: ({ db, zone, accounts, aiModels, realname, search }) => {
    const apps = new AppService(db);
    apps.onDelete(dropAppsFromUsers);
    const users = new UserService(db, accounts, async (tx, ids) => {
      await realname.forgetUsers(tx, ids);
      await search.removeOwners(tx, ids);
    });
    return {
      apps,
      users,
      permissions: new PermissionService(db),
      roles: new RoleService(db, accounts, aiModels),
      tags: new TagService(db, accounts),
      menus: new MenuService(db),
      userLogs: new UserLogService(db, zone),
    };
  },
  routes: systemRoutes,
  seed: ({ db }) => seedInitialData(db),
};
