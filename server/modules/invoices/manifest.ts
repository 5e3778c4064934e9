/** The invoices module: requests over paid orders, review, the PDF (a file of files/) and its mail. */
import type { ModuleManifest } from '../services';
import { invoiceRoutes } from './routes';
import { InvoiceService } from './service';

export const invoicesModule: ModuleManifest = {
  name: 'invoices',
  tables: ['invoices', 'invoice_orders'],
  services: ({ db, files, mailer, config }) => ({ invoices: new InvoiceService(db, files, mailer, config.invoiceFont) }),
  routes: invoiceRoutes,
};
