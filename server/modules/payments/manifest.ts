/** The payments module: packages, top-up orders, provider notifications (credited once), re-query and refunds. */
import type { ModuleManifest } from '../services';
import { paymentProviders } from './providers';
import { paymentRoutes } from './routes';
import { PaymentService } from './service';

export const paymentsModule: ModuleManifest = {
  name: 'payments',
  tables: ['pay_packages', 'pay_orders', 'pay_notifications', 'pay_refunds'],
  services: ({ db, config, credits, settings, log }) => ({ payments: new PaymentService(db, config, credits, settings, paymentProviders(config.pay), log) }),
  routes: paymentRoutes,
  // orders whose notification did not come: asked about at the provider, expired when due
  jobs: ({ payments }) => [{ name: 'pay-requery', everyMs: 15_000, run: () => payments.requery() }],
};
