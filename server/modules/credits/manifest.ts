/** The credits module: the ledger (the one writer of balances), holds, reconciliation and the cost analysis. */
import type { ModuleManifest } from '../services';
import { creditRoutes } from './routes';
import { CreditService } from './service';

export const creditsModule: ModuleManifest = {
  name: 'credits',
  // users.score is the ledger's too: only CreditService changes a balance
  tables: ['credit_ledger', 'credit_holds', 'credit_reconciliations'],
  services: ({ db, zone }) => ({ credits: new CreditService(db, zone) }),
  routes: creditRoutes,
  jobs: ({ credits }) => [
    { name: 'settle-orphan-holds', everyMs: 60_000, run: () => credits.settleOrphans() },
    { name: 'nightly-reconciliation', everyMs: 10 * 60_000, run: () => credits.reconcileIfDue() },
  ],
  close: ({ credits }) => credits.stop(),
};
