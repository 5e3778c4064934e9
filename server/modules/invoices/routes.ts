/** Invoices: a user's requests and downloads, the finance holders' list and decisions. Thin; rules in service.ts. */
import { Type } from '@sinclair/typebox';
import { pickLang } from '../../core/i18n';
import { registerListRoutes } from '../../core/list/routes';
import { IdParam } from '../../core/resource';
import { Nullable, ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { ACCESS } from '../../core/access';
import { InvoiceableOrder, InvoiceKind, InvoiceRow } from './schemas';
import { INVOICE, invoiceList, ownInvoices } from './service';

export async function invoiceRoutes({ app, db, config, files, mailer, invoices }: ModuleContext) {
  app.addSchema(InvoiceRow);
  app.addSchema(InvoiceableOrder);
  const row = Type.Ref('InvoiceRow');
  const tags = ['invoices'];

  app.get('/api/invoices/orders', {
    config: { access: 'signedIn' },
    schema: { tags, summary: "the caller's paid orders not invoiced yet", response: { 200: Ok(Type.Array(Type.Ref('InvoiceableOrder'))) } },
    handler: async (req) => ok(await invoices.invoiceableOrders(req.auth!.uid)),
  });

  app.post('/api/invoices', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'request an invoice for paid orders (its PDF is in the request language)',
      body: Type.Object({
        order_ids: Type.Array(Type.String({ maxLength: 100 }), { maxItems: INVOICE.MAX_ORDERS }),
        type: InvoiceKind,
        title: Type.String({ maxLength: 200 }),
        /** the unified social credit code: required for a company */
        tax_number: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
        email: Type.String({ maxLength: 254 }),
      }),
      response: { 200: Ok(row) },
    },
    handler: async (req) => {
      const b = req.body;
      const input = { orderIds: b.order_ids, type: b.type, title: b.title, taxNumber: b.tax_number, email: b.email };
      return ok(await invoices.request(req.auth!.uid, input, pickLang(req.headers['accept-language'])));
    },
  });

  // the caller's own requests (not exported: a handful of rows a person reads on the page)
  registerListRoutes(app, {
    base: '/api/invoices',
    tags,
    spec: invoiceList,
    row,
    db,
    access: { read: 'signedIn', delete: ACCESS.manageFinance },
    exportable: false,
    summary: "the caller's invoice requests",
    scope: (caller) => ownInvoices(caller.uid),
  });

  app.get('/api/invoices/:id/pdf', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'the issued PDF (its owner or a finance holder; anyone else: 404)', params: IdParam, produces: ['application/pdf'] },
    handler: async (req, reply) => {
      const pdf = await invoices.pdfFor(req.params.id, req.auth!);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', String(pdf.size))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${pdf.name}"`)
        .send(pdf.stream);
    },
  });

  const financeTags = ['finance: invoices'];
  registerListRoutes(app, {
    base: '/api/finance/invoices',
    tags: financeTags,
    spec: invoiceList,
    row,
    db,
    access: { read: ACCESS.manageFinance, delete: ACCESS.manageFinance },
    summary: "everyone's invoice requests",
  });

  app.post('/api/finance/invoices/:id/issue', {
    config: { access: ACCESS.manageFinance },
    schema: { tags: financeTags, summary: 'issue: the PDF, stored and mailed', params: IdParam, response: { 200: Ok(row) } },
    handler: async (req) => ok(await invoices.issue(req.params.id, req.auth!.uid)),
  });

  app.post('/api/finance/invoices/:id/reject', {
    config: { access: ACCESS.manageFinance },
    schema: {
      tags: financeTags,
      summary: 'reject with a reason (shown to the user); its orders may be invoiced again',
      params: IdParam,
      body: Type.Object({ reason: Type.String({ maxLength: INVOICE.REASON_MAX }) }),
      response: { 200: Ok(row) },
    },
    handler: async (req) => ok(await invoices.reject(req.params.id, req.auth!.uid, req.body.reason)),
  });
}
