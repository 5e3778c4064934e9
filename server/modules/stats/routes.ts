/**
 * Usage statistics (/api/stat/...): the receiver apps report to, and the reports the uni-stat
 * pages read (READ_UNI_STAT). Thin: the storage answers (store/), the filter is shared (filter.ts).
 */
import { Type } from '@sinclair/typebox';
import { ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { ACCESS } from '../../core/access';
import { deviceRoutes } from './device-routes';
import { errorRoutes } from './error-routes';
import { pageRoutes } from './page-routes';
import { payStatRoutes } from './pay-routes';
import { receiverRoutes } from './receiver-routes';
import { rollupRoutes } from './rollup-routes';

const StatOptionsT = Type.Object(
  {
    apps: Type.Array(Type.Object({ appid: Type.String(), name: Type.String() })),
    platforms: Type.Array(Type.String()),
    channels: Type.Array(Type.String()),
    versions: Type.Array(Type.String()),
    /** the UTC offset (minutes) the days are counted in */
    tz_offset_minutes: Type.Integer(),
  },
  { $id: 'StatOptions' },
);

export async function statRoutes(ctx: ModuleContext) {
  const { app, stats } = ctx;

  app.get('/api/stat/options', {
    config: { access: ACCESS.readStats },
    schema: { tags: ['stat'], querystring: Type.Object({ app_id: Type.Optional(Type.String({ maxLength: 64 })) }), response: { 200: Ok(StatOptionsT) } },
    handler: async (req) => {
      const [opts, tz] = await Promise.all([stats.store.options.options(req.query.app_id || undefined), stats.tz()]);
      return ok({ ...opts, tz_offset_minutes: tz });
    },
  });

  for (const sub of [receiverRoutes, rollupRoutes, deviceRoutes, pageRoutes, errorRoutes, payStatRoutes]) await sub(ctx);
}
