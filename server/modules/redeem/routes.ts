/** Redemption codes: finance admins' batches and their codes; any signed-in user redeems. Thin: rules in service.ts. */
import { Type } from '@sinclair/typebox';
import { registerListRoutes } from '../../core/list/routes';
import { IdParam } from '../../core/resource';
import { ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { ACCESS } from '../../core/access';
import { RedeemBatch, RedeemCode } from './schemas';
import { BATCH_MAX, batchList, codeList, CREDITS_MAX } from './service';

export async function redeemRoutes({ app, db, credits, redeem: service }: ModuleContext) {
  for (const s of [RedeemBatch, RedeemCode]) app.addSchema(s);
  const tags = ['redeem'];
  const access = { read: ACCESS.manageFinance, delete: ACCESS.manageFinance };

  registerListRoutes(app, {
    base: '/api/redeem/batches',
    tags,
    summary: 'batches of redemption codes',
    spec: batchList,
    row: Type.Ref('RedeemBatch'),
    db,
    access,
  });
  registerListRoutes(app, {
    base: '/api/redeem/codes',
    tags,
    summary: "codes (filter batch_id, used; search a code or the user's name); the export is a batch's codes",
    spec: codeList,
    row: Type.Ref('RedeemCode'),
    db,
    access,
  });

  app.post('/api/redeem/batches', {
    config: { access: ACCESS.manageFinance },
    schema: {
      tags,
      summary: 'generates a batch of single-use codes (one transaction)',
      body: Type.Object({
        name: Type.String({ minLength: 1, maxLength: 64 }),
        credits: Type.Integer({ minimum: 1, maximum: CREDITS_MAX }),
        count: Type.Integer({ minimum: 1, maximum: BATCH_MAX }),
        expires_at: Type.String({ format: 'date-time' }),
      }),
      response: { 200: Ok(Type.Ref('RedeemBatch')) },
    },
    handler: async (req) => ok(await service.generate(req.body, req.auth!.uid)),
  });

  app.put('/api/redeem/batches/:id/disabled', {
    config: { access: ACCESS.manageFinance },
    schema: {
      tags,
      summary: "switches a batch's codes off (or on again)",
      params: IdParam,
      body: Type.Object({ disabled: Type.Boolean() }),
      response: { 200: Ok(Type.Ref('RedeemBatch')) },
    },
    handler: async (req) => ok(await service.setDisabled(req.params.id, req.body.disabled)),
  });

  app.post('/api/redeem', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'redeems a code (dashes, spaces and case do not matter): its credits and the new balance',
      body: Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) }),
      response: { 200: Ok(Type.Object({ credits: Type.Integer(), balance: Type.Integer() })) },
    },
    handler: async (req) => ok(await service.redeem(req.auth!.uid, req.body.code)),
  });
}
