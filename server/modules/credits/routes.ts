/** Credits: a user's balance and history; the admins' ledger, adjustments and reconciliation. Thin: rules in service.ts. */
import { Type } from '@sinclair/typebox';
import { clientOf } from '../../core/context';
import { registerListRoutes } from '../../core/list/routes';
import { Nullable, ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { analysisRoutes } from './analysis-routes';
import { ACCESS } from '../../core/access';
import { historyList, ledgerList, ownEntries } from './lists';
import { LEDGER_KINDS } from './service';

const Kind = Type.Unsafe<string>({ type: 'string', enum: LEDGER_KINDS });

const LedgerRow = Type.Object(
  {
    id: Type.String(),
    user_id: Type.String(),
    kind: Kind,
    /** the change to the balance */
    amount: Type.Integer(),
    balance_after: Type.Integer(),
    reason: Nullable(Type.String()),
    /** register, chat (a message), admin (an adjustment), opening, ... */
    ref_type: Nullable(Type.String()),
    ref_id: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'LedgerRow' },
);

const AdminLedgerRow = Type.Composite(
  [LedgerRow, Type.Object({ username: Nullable(Type.String()), nickname: Nullable(Type.String()), actor_id: Nullable(Type.String()) })],
  { $id: 'AdminLedgerRow' },
);

const CreditSummary = Type.Object(
  {
    balance: Type.Integer(),
    /** kept by open holds (answers being written) */
    held: Type.Integer(),
    /** credits spent on AI today (the service's day zone), open holds included */
    today_used: Type.Integer(),
    /** the most generous daily limit of the caller's roles; null: none */
    daily_limit: Nullable(Type.Integer()),
  },
  { $id: 'CreditSummary' },
);

const Reconciliation = Type.Object(
  {
    id: Type.Integer(),
    trigger: Type.Union([Type.Literal('nightly'), Type.Literal('admin')]),
    usersChecked: Type.Integer(),
    mismatches: Type.Array(Type.Object({ userId: Type.String(), balance: Type.Integer(), ledgerSum: Type.Integer() })),
    ranAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'Reconciliation' },
);

/** an adjustment moves at most this many credits either way */
const MAX_ADJUST = 100_000_000;

export async function creditRoutes(ctx: ModuleContext) {
  const { app, db, credits, accounts } = ctx;
  for (const s of [LedgerRow, AdminLedgerRow, CreditSummary, Reconciliation]) app.addSchema(s);
  const tags = ['credits'];

  app.get('/api/credits/me', {
    config: { access: 'signedIn' },
    schema: { tags, summary: "the caller's balance, held credits, today's AI spending and daily limit", response: { 200: Ok(Type.Ref('CreditSummary')) } },
    handler: async (req) => ok(await credits.summary(req.auth!.uid, req.auth!.role)),
  });

  registerListRoutes(app, {
    base: '/api/credits/history',
    tags,
    summary: "the caller's ledger entries",
    spec: historyList,
    row: Type.Ref('LedgerRow'),
    db,
    access: { read: 'signedIn', delete: ACCESS.creditsAdmin },
    scope: (caller) => ownEntries(caller.uid),
  });

  registerListRoutes(app, {
    base: '/api/credits/ledger',
    tags,
    summary: "every account's ledger entries",
    spec: ledgerList,
    row: Type.Ref('AdminLedgerRow'),
    db,
    // finance reads (and exports) every account's ledger: the cost analysis links here
    access: { read: ACCESS.manageFinance, delete: ACCESS.creditsAdmin },
  });

  app.post('/api/credits/adjust', {
    config: { access: ACCESS.creditsAdmin },
    schema: {
      tags,
      summary: "adds to or takes from a user's balance, with a reason (ledger + user log)",
      body: Type.Object({
        user_id: Type.String({ minLength: 1, maxLength: 64 }),
        amount: Type.Integer({ minimum: -MAX_ADJUST, maximum: MAX_ADJUST }),
        reason: Type.String({ minLength: 1, maxLength: 200 }),
        /** the form's own id for this adjustment: a resend of the same form moves nothing twice */
        request_id: Type.Optional(Type.String({ minLength: 8, maxLength: 64 })),
        /** a positive amount the user may withdraw (ledger kind 'earn' instead of 'adjustment') */
        withdrawable: Type.Optional(Type.Boolean()),
      }),
      response: { 200: Ok(Type.Object({ balance: Type.Integer(), repeated: Type.Boolean() })) },
    },
    handler: async (req) => {
      const admin = { ...(await accounts.me(req.auth!.uid)), id: req.auth!.uid };
      const e = await credits.adjust(
        { id: admin.id, username: admin.username },
        { userId: req.body.user_id, amount: req.body.amount, reason: req.body.reason, requestId: req.body.request_id, withdrawable: req.body.withdrawable },
        (tx) => accounts.log(tx, 'credits-adjust', 1, clientOf(req), { id: admin.id, username: admin.username }),
      );
      return ok({ balance: e.balanceAfter, repeated: e.repeated });
    },
  });

  app.post('/api/credits/reconcile', {
    config: { access: ACCESS.creditsAdmin },
    schema: { tags, summary: 'checks every balance against its ledger now (reports, never fixes)', response: { 200: Ok(Type.Ref('Reconciliation')) } },
    handler: async () => ok(await credits.reconcile('admin')),
  });

  app.get('/api/credits/reconciliation', {
    config: { access: ACCESS.creditsAdmin },
    schema: { tags, summary: 'the last reconciliation (null: none yet)', response: { 200: Ok(Nullable(Type.Ref('Reconciliation'))) } },
    handler: async () => ok(await credits.lastReconciliation()),
  });

  await analysisRoutes(ctx);
}
