/** Welfare: campaigns and their claims for MANAGE_WELFARE; any signed-in user sees and claims what is theirs. Thin: rules in service.ts. */
import { Type } from '@sinclair/typebox';
import { RULES } from '../../../shared/permissions';
import { accessOf } from '../../core/auth';
import { registerListRoutes } from '../../core/list/routes';
import { IdParam, OptText, registerResource, Text } from '../../core/resource';
import { Nullable, ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { registerPickerRoutes } from '../system/pickers';
import { Enum, WelfareAvailable, WelfareCampaign, WelfareClaim } from './schemas';
import { ELIGIBILITY, FREQUENCY, WELFARE, campaignList, claimList } from './service';

const fields = {
  title: Text(100),
  description: OptText(1000),
  credits: Type.Integer({ minimum: 1, maximum: WELFARE.CREDITS_MAX }),
  eligibility: Enum(ELIGIBILITY),
  eligibility_values: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: WELFARE.VALUES_MAX })),
  new_user_days: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: WELFARE.NEW_USER_DAYS_MAX }))),
  frequency: Enum(FREQUENCY),
  starts_at: Type.String({ format: 'date-time' }),
  ends_at: Type.String({ format: 'date-time' }),
  budget: Type.Integer({ minimum: 1, maximum: WELFARE.BUDGET_MAX }),
  enabled: Type.Optional(Type.Boolean()),
};
const { description, eligibility_values, new_user_days, enabled, ...required } = fields;

export async function welfareRoutes({ app, db, credits, realname, zone, welfare: service }: ModuleContext) {
  for (const s of [WelfareCampaign, WelfareClaim, WelfareAvailable]) app.addSchema(s);
  const tags = ['welfare'];
  const manage = accessOf(RULES.manageWelfare);

  // the eligibility pickers: the system area's roles and tags, open to welfare managers
  registerPickerRoutes(app, { base: '/api/welfare/eligibility', kinds: ['roles', 'tags'], access: manage, tags, db });

  registerResource(app, {
    base: '/api/welfare/campaigns',
    tags,
    spec: campaignList,
    row: Type.Ref('WelfareCampaign'),
    db,
    access: { read: manage, create: manage, update: manage, delete: manage },
    get: (id) => service.get(id),
    create: {
      body: Type.Object({ ...required, description, eligibility_values, new_user_days, enabled }),
      run: (b, caller) => service.create(b, caller?.uid),
    },
    update: {
      body: Type.Partial(Type.Object(fields)),
      run: (id, b) => service.update(id, b),
    },
    deleteMany: (ids) => service.deleteMany(ids),
  });

  registerListRoutes(app, {
    base: '/api/welfare/claims',
    tags,
    summary: "claims (filter campaign_id, user_id; search the user's name)",
    spec: claimList,
    row: Type.Ref('WelfareClaim'),
    db,
    access: { read: manage, delete: manage },
  });

  app.get('/api/welfare/available', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'the campaigns running or coming that the caller may claim, each with whether it can be claimed now and why not',
      response: { 200: Ok(Type.Array(Type.Ref('WelfareAvailable'))) },
    },
    handler: async (req) => ok(await service.available(req.auth!.uid)),
  });

  app.post('/api/welfare/:id/claim', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: "claims a campaign's credits for the current period (UTC day or ISO week): the credits and the new balance",
      params: IdParam,
      response: { 200: Ok(Type.Object({ credits: Type.Integer(), balance: Type.Integer(), period: Type.String() })) },
    },
    handler: async (req) => ok(await service.claim(req.auth!.uid, req.params.id)),
  });
}
