/** Withdrawals: a user's requests (create, change, cancel), finance's review, the settings. Thin: rules in service.ts. */
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { RULES, checkRule } from '../../../shared/permissions';
import { clientOf } from '../../core/context';
import { registerListRoutes } from '../../core/list/routes';
import { Nullable, ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { ACCESS } from '../../core/access';
import { SettingsBody, WithdrawRow, WithdrawSettingsT, WithdrawSummary } from './schemas';
import { ownRequests, withdrawList } from './service';

const RequestBody = Type.Object({
  amount: Type.Integer({ minimum: 1, maximum: 1_000_000_000 }),
  account_type: Type.String({ maxLength: 20 }),
  account_name: Type.String({ maxLength: 100 }),
  account_no: Type.String({ maxLength: 100 }),
  bank_name: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
});

const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export async function withdrawalRoutes({ app, db, credits, settings, realname, accounts, withdrawals: service }: ModuleContext) {
  for (const s of [WithdrawRow, WithdrawSettingsT, WithdrawSummary]) app.addSchema(s);
  const tags = ['withdrawals'];
  const finance = (req: FastifyRequest) => checkRule(RULES.manageFinance, req.auth);
  const Row = Ok(Type.Ref('WithdrawRow'));

  app.get('/api/withdrawals/summary', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: "the caller's balance, earned, withdrawn and withdrawable credits, real-name state and the form's settings",
      response: { 200: Ok(Type.Ref('WithdrawSummary')) },
    },
    handler: async (req) => ok(await service.summary(req.auth!.uid)),
  });

  app.get('/api/withdrawals/settings', {
    config: { access: ACCESS.manageFinance },
    schema: { tags, summary: 'the withdrawal settings', response: { 200: Ok(Type.Ref('WithdrawSettings')) } },
    handler: async () => ok(await service.getSettings()),
  });

  app.put('/api/withdrawals/settings', {
    config: { access: ACCESS.manageFinance },
    schema: {
      tags,
      summary: 'changes withdrawal settings (bounds checked per field)',
      body: Type.Partial(Type.Object({ ...SettingsBody, store_use_reward: Type.Integer() }), { additionalProperties: false }),
      response: { 200: Ok(Type.Ref('WithdrawSettings')) },
    },
    handler: async (req) => ok(await service.putSettings(req.body)),
  });

  registerListRoutes(app, {
    base: '/api/withdrawals',
    tags,
    summary: "the caller's withdrawal requests",
    spec: withdrawList,
    row: Type.Ref('WithdrawRow'),
    db,
    access: { read: 'signedIn', delete: ACCESS.manageFinance },
    scope: (caller) => ownRequests(caller.uid),
  });

  registerListRoutes(app, {
    base: '/api/withdrawals/all',
    tags,
    summary: "every account's withdrawal requests (finance)",
    spec: withdrawList,
    row: Type.Ref('WithdrawRow'),
    db,
    access: { read: ACCESS.manageFinance, delete: ACCESS.manageFinance },
  });

  app.get('/api/withdrawals/:id', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'one request (own, or any for finance)', params: IdParams, response: { 200: Row } },
    handler: async (req) => ok(await service.get({ uid: req.auth!.uid, finance: finance(req) }, req.params.id)),
  });

  app.post('/api/withdrawals', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'requests a withdrawal: the amount is held from now on', body: RequestBody, response: { 200: Row } },
    handler: async (req) => ok(await service.create(req.auth!.uid, req.body)),
  });

  app.put('/api/withdrawals/:id', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'changes an own pending request (the hold follows the amount)', params: IdParams, body: RequestBody, response: { 200: Row } },
    handler: async (req) => ok(await service.update(req.auth!.uid, req.params.id, req.body)),
  });

  app.post('/api/withdrawals/:id/cancel', {
    config: { access: 'signedIn' },
    schema: { tags, summary: 'cancels an own pending request (the hold is given back)', params: IdParams, response: { 200: Row } },
    handler: async (req) => ok(await service.cancel(req.auth!.uid, req.params.id)),
  });

  app.post('/api/withdrawals/:id/review', {
    config: { access: ACCESS.manageFinance },
    schema: {
      tags,
      summary: 'approves (payout reference) or rejects (reason; the hold is given back) a pending request',
      params: IdParams,
      body: Type.Union([
        Type.Object({ decision: Type.Literal('approve'), payout_ref: Type.String({ maxLength: 100 }) }),
        Type.Object({ decision: Type.Literal('reject'), reason: Type.String({ maxLength: 200 }) }),
      ]),
      response: { 200: Row },
    },
    handler: async (req) => {
      const me = { ...(await accounts.me(req.auth!.uid)), id: req.auth!.uid };
      const row = await service.review(me.id, req.params.id, req.body, (tx) =>
        accounts.log(tx, 'withdraw-review', 1, clientOf(req), { id: me.id, username: me.username }),
      );
      return ok(row);
    },
  });
}
