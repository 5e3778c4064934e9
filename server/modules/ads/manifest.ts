/** The rewarded ads module: views and their rewards (posted through the ledger). */
import type { ModuleManifest } from '../services';
import { adRoutes } from './routes';
import { AdService } from './service';

export const adsModule: ModuleManifest = {
  name: 'ads',
  tables: ['ad_views'],
  services: ({ db, credits, settings, config, zone }) => ({ ads: new AdService(db, credits, settings, config.ads, zone) }),
  routes: adRoutes,
};
