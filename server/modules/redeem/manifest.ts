/** The redeem codes module: batches, codes and attempts (codes are redeemed through the ledger). */
import type { ModuleManifest } from '../services';
import { redeemRoutes } from './routes';
import { RedeemService } from './service';

export const redeemModule: ModuleManifest = {
  name: 'redeem',
  tables: ['redeem_batches', 'redeem_codes', 'redeem_attempts'],
  services: ({ db, credits }) => ({ redeem: new RedeemService(db, credits) }),
  routes: redeemRoutes,
};
