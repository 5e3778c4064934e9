/** The withdrawals module: requests (held through the ledger) and their review. */
import type { ModuleManifest } from '../services';
import { withdrawalRoutes } from './routes';
import { WithdrawService } from './service';

export const withdrawalsModule: ModuleManifest = {
  name: 'withdrawals',
  tables: ['withdraw_requests'],
  services: ({ db, credits, settings, realname }) => ({ withdrawals: new WithdrawService(db, credits, settings, realname) }),
  routes: withdrawalRoutes,
};
