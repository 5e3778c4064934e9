/** The console home and the admin home figures, and the day zone their "today" counts in. */
import { Type } from '@sinclair/typebox';
import { Nullable, ok, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';
import { ACCESS } from '../../core/access';
import { UserLog } from '../system/user-logs/schemas';

export async function dashboardRoutes({ app, db, accounts, aiModels, zone, roles, userLogs }: ModuleContext) {
  app.addSchema(UserLog);

  app.get('/api/day-zone', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['dashboard'],
      summary: "the service's day zone: every today, daily limit, daily or weekly period and statistics day counts in it",
      response: { 200: Ok(Type.Object({ offset_minutes: Type.Integer(), label: Type.String(), name: Type.String() })) },
    },
    handler: async () => ok(await zone.describe()),
  });

  app.get('/api/dashboard/home', {
    config: { access: 'signedIn' },
    schema: {
      tags: ['dashboard'],
      response: {
        200: Ok(
          Type.Object({
            score: Type.Integer(),
            username: Nullable(Type.String()),
            nickname: Nullable(Type.String()),
            role: Type.Array(Type.String()),
            lastLoginDate: Nullable(Type.String({ format: 'date-time' })),
          }),
        ),
      },
    },
    handler: async (req) => {
      const [me, last] = await Promise.all([accounts.me(req.auth!.uid), accounts.lastSignInOf(req.auth!.uid)]);
      return {
        success: true as const,
        data: {
          score: me.score,
          username: me.username,
          nickname: me.nickname,
          role: me.role,
          lastLoginDate: last ? last.toISOString() : null,
        },
      };
    },
  });

  app.get('/api/dashboard/admin', {
    config: { access: ACCESS.adminHome },
    schema: {
      tags: ['dashboard'],
      response: {
        200: Ok(
          Type.Object({
            userCount: Type.Integer(),
            roleCount: Type.Integer(),
            todayLogins: Type.Integer(),
            recentLogs: Type.Array(Type.Ref('UserLog')),
          }),
        ),
      },
    },
    handler: async () => {
      const [userCount, roleCount, todayLogins, recentLogs] = await Promise.all([
        accounts.countAccounts(),
        roles.count(),
        userLogs.todaySignIns(),
        userLogs.recent(10),
      ]);
      return ok({ userCount, roleCount, todayLogins, recentLogs: recentLogs });
    },
  });
}
