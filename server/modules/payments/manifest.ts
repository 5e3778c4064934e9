/** The payments module: packages, top-up orders, provider notifications (credited once), re-query and refunds. */
import type { ModuleManifest } from '../services';
import { paymentProviders } from './providers';
import { paymentRoutes } from './routes';
import { PackageService } from './packages';
import { RefundService } from './refunds';
import { PaymentService } from './service';

export const paymentsModule: ModuleManifest = {
  name: 'payments',
  tables: ['pay_packages', 'pay_orders', 'pay_notifications', 'pay_refunds'],
  services: ({ db, config, credits, settings, log }) => {
    const payments = new PaymentService(db, config, credits, settings, paymentProviders(config.pay), log);
    return { payments, payPackages: new PackageService(db), payRefunds: new RefundService(db, credits, payments.providers) };
  },
  routes: paymentRoutes,
  // orders whose notification did not come: asked about at the provider, expired when due
  jobs: ({ payments }) => [{ name: 'pay-requery', everyMs: 15_000, run: () => payments.requery() }],
};
