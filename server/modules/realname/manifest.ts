/** The real-name module: identity checks and the admin queue. */
import type { ModuleManifest } from '../services';
import { realnameRoutes } from './routes';
import { RealnameService } from './service';

export const realnameModule: ModuleManifest = {
  name: 'realname',
  tables: ['realname_verifications'],
  services: ({ db, secret, accounts }) => ({ realname: new RealnameService(db, secret, accounts) }),
  routes: realnameRoutes,
};
