/** The upgrade center module: app versions and packages (deleted with their app). */
import type { ModuleManifest } from '../services';
import { upgradeRoutes } from './routes';
import { UpgradeService } from './service';

export const upgradeModule: ModuleManifest = {
  name: 'upgrade',
  tables: ['app_versions'],
  services: ({ db, apps, files }) => ({ upgrade: new UpgradeService(db, apps, files) }),
  routes: upgradeRoutes,
};
