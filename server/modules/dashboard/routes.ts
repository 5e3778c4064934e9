/** The console home and the admin home figures. */
import { Type } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import { Nullable, Ok } from '../../core/schemas';
import type { ModuleContext } from '../services';

const UserLog = Type.Object(
  {
    id: Type.Integer(),
    user_id: Nullable(Type.String()),
    username: Nullable(Type.String()),
    nickname: Nullable(Type.String()),
    type: Type.String(),
    state: Type.Integer(),
    ip: Nullable(Type.String()),
    ua: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'UserLog' },
);

export async function dashboardRoutes({ app, db, accounts }: ModuleContext) {
  app.addSchema(UserLog);

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
      const me = await accounts.me(req.auth!.uid);
      const { rows } = await db.$client.query(`SELECT last_login_date FROM users WHERE id = $1`, [req.auth!.uid]);
      const last = rows[0]?.last_login_date;
      return {
        success: true as const,
        data: {
          score: me.score,
          username: me.username,
          nickname: me.nickname,
          role: me.role,
          lastLoginDate: last ? new Date(last).toISOString() : null,
        },
      };
    },
  });

  app.get('/api/dashboard/admin', {
    config: { access: { role: 'admin' } },
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
      const counts = await db.execute<{ users: string; roles: string; today: string }>(sql`
        SELECT (SELECT count(*) FROM users) AS users,
               (SELECT count(*) FROM roles) AS roles,
               (SELECT count(*) FROM user_logs WHERE type = 'login' AND state = 1
                  AND created_at >= date_trunc('day', now())) AS today`);
      const logs = await db.execute<Record<string, unknown>>(sql`
        SELECT l.id, l.user_id, coalesce(u.username, l.username) AS username, u.nickname, l.type, l.state, l.ip, l.ua, l.created_at
          FROM user_logs l LEFT JOIN users u ON u.id = l.user_id
         ORDER BY l.created_at DESC, l.id DESC LIMIT 10`);
      const c = counts.rows[0];
      return {
        success: true as const,
        data: {
          userCount: Number(c.users),
          roleCount: Number(c.roles),
          todayLogins: Number(c.today),
          recentLogs: logs.rows.map((r) => ({ ...r, id: Number(r.id), created_at: new Date(r.created_at as string).toISOString() })) as never,
        },
      };
    },
  });
}
