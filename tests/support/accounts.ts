/** Helpers for API tests: inject calls and make accounts directly in the database. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db';
import { roles, users } from '../../server/db/schema';
import { hashPassword } from '../../server/modules/auth/passwords';

export const ADMIN = { username: 'root_admin', nickname: 'Root', password: 'Admin#2026', password2: 'Admin#2026' };

export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { token?: string; body?: unknown; ip?: string; lang?: string } = {},
) {
  const res = await app.inject({
    method,
    url,
    payload: opts.body as never,
    remoteAddress: opts.ip ?? '10.0.0.1',
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
    },
  });
  return { status: res.statusCode, body: res.json() as any, headers: res.headers };
}

export async function registerAdmin(app: FastifyInstance) {
  const r = await call(app, 'POST', '/api/auth/register-admin', { body: ADMIN });
  if (r.status !== 200) throw new Error(`register-admin failed: ${JSON.stringify(r.body)}`);
  return r.body.data as { token: string; refreshToken: string; userInfo: { _id: string } };
}

export async function makeRole(db: Db, roleId: string, permission: string[]) {
  await db.insert(roles).values({ roleId, roleName: roleId, permission }).onConflictDoNothing();
}

export async function makeUser(db: Db, u: { username: string; password: string; role?: string[]; status?: number; mobile?: string; email?: string }) {
  const [row] = await db
    .insert(users)
    .values({
      username: u.username,
      passwordHash: await hashPassword(u.password),
      role: u.role ?? [],
      status: u.status ?? 0,
      mobile: u.mobile,
      email: u.email,
    })
    .returning();
  return row;
}

export async function login(app: FastifyInstance, username: string, password: string, ip?: string) {
  return call(app, 'POST', '/api/auth/login', { body: { username, password }, ip });
}
