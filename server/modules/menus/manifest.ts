/** The navigation module: the signed-in user's menu, built from system/menus through its service. */
import type { ModuleManifest } from '../services';
import { menuRoutes } from './routes';

export const menusModule: ModuleManifest = { name: 'menus', tables: [], routes: menuRoutes };
