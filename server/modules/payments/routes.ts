/** Top-up payments: options, orders and their following, provider notifications, and the finance pages' orders, refunds, packages and settings. Thin: rules in service.ts. */
import { Type } from '@sinclair/typebox';
import { myOrderList, orderList, ownOrders, packageList } from './lists';
import { SUCCESS_PAGE, type PaymentService } from './service';
import { clientOf } from '../../core/context';
import { registerListRoutes } from '../../core/list/routes';
import { registerResource } from '../../core/resource';
import { ok, Ok } from '../../core/schemas';
import { AdminPayOrder, FollowedOrder, PayNotification, PayOptions, PayOrder, PayPackage, PayRefund, PayRefundWithActor, PaySettings } from './schemas';
import type { ModuleContext } from '../services';
import { ACCESS } from '../../core/access';

const OrderNoParam = Type.Object({ orderNo: Type.String({ minLength: 1, maxLength: 64 }) });

export async function paymentRoutes({ app, db, payments, payPackages, payRefunds, accounts }: ModuleContext) {
  for (const s of [PayOrder, AdminPayOrder, FollowedOrder, PayPackage, PayRefund, PaySettings, PayOptions]) app.addSchema(s);
  const tags = ['payments'];
  const service: PaymentService = payments;

  app.get('/api/pay/options', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'what the top-up page offers: methods (with why one is off), packages, the custom amount',
      response: { 200: Ok(Type.Ref('PayOptions')) },
    },
    handler: async () => ok(await service.options()),
  });

  app.post('/api/pay/orders', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'a top-up order for a package or a custom amount, created at the provider (QR code or the page to go to)',
      body: Type.Object({
        package_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
        amount_cents: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000_000 })),
        method: Type.String({ maxLength: 32 }),
        /** the console page to come back to (a path) */
        return_to: Type.Optional(Type.String({ maxLength: 500 })),
        platform: Type.Optional(Type.String({ maxLength: 32 })),
        channel: Type.Optional(Type.String({ maxLength: 64 })),
      }),
      response: { 200: Ok(Type.Ref('PayOrder')) },
    },
    handler: async (req) => ok(await service.createOrder(req.auth!, req.body, req.ip)),
  });

  registerListRoutes(app, {
    base: '/api/pay/my-orders',
    tags,
    summary: "the caller's orders",
    spec: myOrderList,
    row: Type.Ref('PayOrder'),
    db,
    access: { read: 'signedIn', delete: ACCESS.manageFinance },
    scope: (caller) => ownOrders(caller.uid),
  });

  registerListRoutes(app, {
    base: '/api/pay/orders',
    tags,
    summary: 'every order',
    spec: orderList,
    row: Type.Ref('AdminPayOrder'),
    db,
    access: { read: ACCESS.manageFinance, delete: ACCESS.manageFinance },
  });

  app.get('/api/pay/orders/:orderNo', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'an order of the caller (finance: any) as the page following it reads it; an open one is asked about at the provider',
      params: OrderNoParam,
      response: { 200: Ok(Type.Ref('FollowedOrder')) },
    },
    handler: async (req) => ok(await service.follow(req.auth!, req.params.orderNo)),
  });

  app.post('/api/pay/orders/:orderNo/close', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'the caller gives up an open order (closed at the provider)', params: OrderNoParam, response: { 200: Ok(Type.Ref('PayOrder')) } },
    handler: async (req) => ok(await service.closeByUser(req.auth!, req.params.orderNo)),
  });

  app.get('/api/pay/orders/:orderNo/detail', {
    config: { access: ACCESS.manageFinance },
    schema: {
      tags,
      summary: 'an order with its refunds and the notifications received for it',
      params: OrderNoParam,
      response: {
        200: Ok(
          Type.Object({
            order: Type.Ref('AdminPayOrder'),
            refunds: Type.Array(PayRefundWithActor),
            notifications: Type.Array(PayNotification),
          }),
        ),
      },
    },
    handler: async (req) => ok(await payRefunds.detail(req.params.orderNo)),
  });

  app.post('/api/pay/orders/:orderNo/refunds', {
    config: { access: ACCESS.manageFinance },
    schema: {
      tags,
      summary: 'refunds part or all of an order through the provider and takes its credits back (force: even when they were spent)',
      params: OrderNoParam,
      body: Type.Object({
        amount_cents: Type.Integer({ minimum: 1, maximum: 100_000_000 }),
        reason: Type.String({ minLength: 1, maxLength: 200 }),
        force: Type.Optional(Type.Boolean()),
      }),
      response: { 200: Ok(Type.Ref('PayRefund')) },
    },
    handler: async (req) => {
      const admin = { ...(await accounts.me(req.auth!.uid)), id: req.auth!.uid };
      const row = await payRefunds.refund({ id: admin.id }, req.params.orderNo, req.body, (tx) =>
        accounts.log(tx, 'pay-refund', 1, clientOf(req), { id: admin.id, username: admin.username }),
      );
      return ok(row);
    },
  });

  registerResource(app, {
    base: '/api/pay/packages',
    tags,
    spec: packageList,
    row: Type.Ref('PayPackage'),
    db,
    access: { read: ACCESS.manageFinance, create: ACCESS.manageFinance, update: ACCESS.manageFinance, delete: ACCESS.manageFinance },
    get: (id) => payPackages.get(id),
    create: {
      body: Type.Object({
        name: Type.String({ maxLength: 64 }),
        price_cents: Type.Integer(),
        credits: Type.Integer(),
        bonus_credits: Type.Optional(Type.Integer()),
        sort: Type.Optional(Type.Integer()),
        enabled: Type.Optional(Type.Boolean()),
      }),
      run: (b) => payPackages.create(b),
    },
    update: {
      body: Type.Object({
        name: Type.Optional(Type.String({ maxLength: 64 })),
        price_cents: Type.Optional(Type.Integer()),
        credits: Type.Optional(Type.Integer()),
        bonus_credits: Type.Optional(Type.Integer()),
        sort: Type.Optional(Type.Integer()),
        enabled: Type.Optional(Type.Boolean()),
      }),
      run: (id, b) => payPackages.update(id, b),
    },
    deleteMany: (ids) => payPackages.deleteMany(ids),
  });

  app.get('/api/pay/settings', {
    config: { access: ACCESS.manageFinance },
    schema: { tags, summary: 'the custom amount and order rules', response: { 200: Ok(Type.Ref('PaySettings')) } },
    handler: async () => ok(await service.getSettings()),
  });

  app.put('/api/pay/settings', {
    config: { access: ACCESS.manageFinance },
    schema: { tags, body: Type.Partial(Type.Omit(PaySettings, ['$id'])), response: { 200: Ok(Type.Ref('PaySettings')) } },
    handler: async (req) => ok(await service.putSettings(req.body)),
  });

  // the providers' side: notifications (signatures are over the raw body, so it is read as text)
  // and the browser's return from computer-website pay
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    scope.post('/api/pay/notify/:provider', {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "a provider's payment notification (signed; answered in the provider's format)",
        params: Type.Object({ provider: Type.String({ maxLength: 16 }) }),
      },
      handler: async (req, reply) => {
        const ack = await service.handleNotification(
          (req.params as { provider: string }).provider,
          { headers: req.headers, rawBody: typeof req.body === 'string' ? req.body : '' },
          req.ip,
        );
        reply.status(ack.status).header('content-type', ack.contentType);
        return ack.body;
      },
    });
  });

  app.get('/api/pay/return/:orderNo', {
    config: { access: 'public' },
    schema: { tags, summary: 'where computer-website pay sends the browser back: redirects to the result page', params: OrderNoParam },
    handler: async (req, reply) => reply.redirect(`/#${SUCCESS_PAGE}?order_no=${encodeURIComponent(req.params.orderNo)}`),
  });
}
