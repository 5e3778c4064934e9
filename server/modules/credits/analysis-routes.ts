/**
 * The cost analysis route: the caller's own figures, or (MANAGE_FINANCE) another account's or
 * everyone's, with the link to the matching ledger export. Thin: queries in analysis.ts.
 */
import { Type } from '@sinclair/typebox';
import { checkRule, RULES } from '../../../shared/permissions';
import { AppError } from '../../core/errors';
import { Day, Nullable, ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { ACCESS } from '../../core/access';
import { CreditAnalysis } from './analysis';

/** user_id's value for every account */
export const EVERYONE = '*';

const Count = Type.Integer({ minimum: 0 });
const Amounts = {
  spent: Count,
  topup: Count,
  redeem: Count,
  reward: Count,
  /** credits taken back by payment refunds */
  refund: Count,
};

const CreditAnalysisSchema = Type.Object(
  {
    from: Day(),
    to: Day(),
    tz: Type.String(),
    /** the account analysed; null: everyone */
    user_id: Nullable(Type.String()),
    /** every day of the range, days without movements as 0 */
    days: Type.Array(Type.Object({ day: Type.String({ format: 'date' }), ...Amounts })),
    by_model: Type.Array(Type.Object({ model: Type.String(), credits: Count })),
    /** purpose: chat | breakdown | compare | ask | transcription */
    by_feature: Type.Array(Type.Object({ purpose: Type.String(), credits: Count })),
    /** added: topup + redeem + reward */
    totals: Type.Object({ ...Amounts, added: Count }),
    balance: Type.Integer(),
    /** average daily AI spending over the last 7 days */
    avg_daily: Count,
    /** floor(balance / average daily spending); null when nothing was spent in the last 7 days */
    days_left: Nullable(Count),
    /** the ledger entries of the same account(s) and range as an xlsx (GET, signed in) */
    export_url: Type.String(),
  },
  { $id: 'CreditAnalysis' },
);

export async function analysisRoutes({ app, db, zone }: ModuleContext) {
  app.addSchema(CreditAnalysisSchema);
  const analysis = new CreditAnalysis(db, zone);

  app.get('/api/credits/analysis', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['credits'],
      summary: "credits spent and added by day, spending by model and feature, balance and days left (another account's or everyone's: MANAGE_FINANCE)",
      querystring: Type.Object({
        from: Type.Optional(Type.String({ maxLength: 10 })),
        to: Type.Optional(Type.String({ maxLength: 10 })),
        /** an account id, or * for everyone; absent: the caller */
        user_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
        /** an IANA time zone name (the days' boundaries); absent: UTC */
        tz: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
      }),
      response: { 200: Ok(Type.Ref('CreditAnalysis')) },
    },
    handler: async (req) => {
      const caller = req.auth!;
      const asked = req.query.user_id ?? caller.uid;
      const own = asked === caller.uid;
      if (!own && !checkRule(RULES.manageFinance, caller)) throw new AppError('PERMISSION_ERROR', { field: 'user_id' });
      const userId = asked === EVERYONE ? null : asked;
      const a = await analysis.analyse({ userId, from: req.query.from, to: req.query.to, tz: req.query.tz });
      // the list export's upper bound is inclusive: the last millisecond of the range
      const bounds = new URLSearchParams({ created_at_from: a.start, created_at_to: new Date(Date.parse(a.end) - 1).toISOString() });
      if (userId && !own) bounds.set('user_id', userId);
      const exportUrl = `${own ? '/api/credits/history/export' : '/api/credits/ledger/export'}?${bounds}`;
      const { start: _s, end: _e, ...figures } = a;
      return ok({ ...figures, user_id: userId, export_url: exportUrl });
    },
  });

  app.get('/api/credits/analysis/accounts', {
    config: { access: ACCESS.manageFinance },
    schema: {
      tags: ['credits'],
      summary: "the accounts the cost analysis may open (finance's picker): by username, nickname or id, at most 20",
      querystring: Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 100 })) }),
      response: {
        200: Ok(Type.Array(Type.Object({ id: Type.String(), username: Nullable(Type.String()), nickname: Nullable(Type.String()), balance: Type.Integer() }))),
      },
    },
    handler: async (req) => ok(await analysis.accounts(req.query.keyword)),
  });
}
