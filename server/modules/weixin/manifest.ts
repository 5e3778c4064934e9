/** The weixin module: sign-in and binding through the weixin provider. */
import type { ModuleManifest } from '../services';
import { weixinRoutes } from './routes';
import { WeixinService } from './service';

export const weixinModule: ModuleManifest = {
  name: 'weixin',
  tables: ['oauth_states'],
  services: ({ db, accounts, config, registration }) => ({ weixin: new WeixinService(db, accounts, config, registration) }),
  routes: weixinRoutes,
};
