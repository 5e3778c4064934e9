/** The welfare module: reward campaigns and claims (posted through the ledger). */
import type { ModuleManifest } from '../services';
import { welfareRoutes } from './routes';
import { WelfareService } from './service';

export const welfareModule: ModuleManifest = {
  name: 'welfare',
  tables: ['welfare_campaigns', 'welfare_claims'],
  services: ({ db, credits, realname, zone }) => ({ welfare: new WelfareService(db, credits, realname, zone) }),
  routes: welfareRoutes,
};
