/** Rewarded ads: the settings (finance admins), a user's views, and the ad network's signed callback. Thin: rules in service.ts. */
import { Type } from '@sinclair/typebox';
import { IdParam } from '../../core/resource';
import { Nullable, ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { ACCESS } from '../../core/access';
import { AD_BOUNDS } from './service';

const AdSettings = Type.Object(
  {
    /** credits one rewarded view gives */
    credits_per_view: Type.Integer(),
    /** rewarded views per user and day (UTC) */
    daily_cap: Type.Integer(),
    /** the ad page ('' : none), under an origin of AD_PAGE_ALLOW */
    page_url: Type.String(),
    /** whether AD_CALLBACK_SECRET is set (without it nothing is rewarded) */
    secret_set: Type.Boolean(),
    /** the origins an ad page may be under (AD_PAGE_ALLOW) */
    page_allow: Type.Array(Type.String()),
  },
  { $id: 'AdSettings' },
);

const AdView = Type.Object(
  {
    id: Type.String(),
    status: Type.Union([Type.Literal('pending'), Type.Literal('rewarded'), Type.Literal('capped')]),
    credits: Nullable(Type.Integer()),
    balance: Type.Integer(),
    rewarded_today: Type.Integer(),
    daily_cap: Type.Integer(),
  },
  { $id: 'AdView' },
);

export async function adRoutes({ app, db, credits, settings, config, zone, ads: service }: ModuleContext) {
  for (const s of [AdSettings, AdView]) app.addSchema(s);
  const tags = ['ads'];
  const withEnv = <T extends object>(s: T) => ({ ...s, secret_set: !!config.ads.callbackSecret, page_allow: config.ads.pageAllow });

  app.get('/api/ads/settings', {
    config: { access: ACCESS.manageFinance },
    schema: { tags, summary: 'rewarded-ad settings', response: { 200: Ok(Type.Ref('AdSettings')) } },
    handler: async () => ok(withEnv(await service.getSettings())),
  });

  app.put('/api/ads/settings', {
    config: { access: ACCESS.manageFinance },
    schema: {
      tags,
      summary: 'saves rewarded-ad settings',
      body: Type.Object({
        credits_per_view: Type.Optional(Type.Integer({ minimum: AD_BOUNDS.credits_per_view.min, maximum: AD_BOUNDS.credits_per_view.max })),
        daily_cap: Type.Optional(Type.Integer({ minimum: AD_BOUNDS.daily_cap.min, maximum: AD_BOUNDS.daily_cap.max })),
        page_url: Type.Optional(Type.String({ maxLength: 2000 })),
      }),
      response: { 200: Ok(Type.Ref('AdSettings')) },
    },
    handler: async (req) => ok(withEnv(await service.putSettings(req.body))),
  });

  app.post('/api/ads/views', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: 'starts a rewarded view: its id and the ad page to show (with trans_id and user_id)',
      response: { 200: Ok(Type.Object({ id: Type.String(), url: Type.String() })) },
    },
    handler: async (req) => ok(await service.startView(req.auth!.uid)),
  });

  app.get('/api/ads/views/:id', {
    config: { access: 'signedIn' },
    schema: {
      tags,
      summary: "one of the caller's views: rewarded yet, the balance, today's rewards",
      params: IdParam,
      response: { 200: Ok(Type.Ref('AdView')) },
    },
    handler: async (req) => ok(await service.view(req.auth!.uid, req.params.id)),
  });

  app.get('/api/ads/callback', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: "the ad network's server-to-server reward callback (trans_id, user_id, reward_amount?, sign: see README)",
      response: { 200: Type.Object({ isValid: Type.Boolean() }) },
    },
    handler: async (req) => {
      // the signature covers every parameter as sent, so read them from the URL itself
      const params: Record<string, string> = {};
      for (const [k, v] of new URL(req.url, 'http://callback').searchParams) params[k] = v;
      return service.callback(params);
    },
  });
}
