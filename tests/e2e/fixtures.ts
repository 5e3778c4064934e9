/** Database fixtures for end-to-end tests: roles and users the admin pages will later make. */
import { SignJWT } from 'jose';
import pg from 'pg';
import { hashPassword } from '../../server/modules/auth/passwords';

export async function withDb<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

export async function makeRole(roleId: string, permission: string[]) {
  await withDb((c) =>
    c.query(`INSERT INTO roles (role_id, role_name, permission) VALUES ($1, $1, $2) ON CONFLICT (role_id) DO UPDATE SET permission = $2`, [roleId, permission]),
  );
}

export async function makeUser(username: string, password: string, role: string[] = []) {
  const hash = await hashPassword(password);
  await withDb((c) =>
    c.query(`INSERT INTO users (username, password_hash, role) VALUES ($1, $2, $3) ON CONFLICT (username) DO NOTHING`, [username, hash, role]),
  );
}

/** An access token like the server's, but already expired: what a tab left open overnight holds. */
export async function expiredTokenLike(token: string): Promise<string> {
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
  const secret = await withDb(async (c) => (await c.query(`SELECT value FROM app_settings WHERE key = 'jwt_secret'`)).rows[0].value as string);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ uid: payload.uid, sid: payload.sid, role: payload.role, permission: payload.permission })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now - 7300)
    .setExpirationTime(now - 100)
    .sign(new TextEncoder().encode(secret));
}

/** what the rollup job does after device (user) days written by hand: their kept DAU / WAU / MAU */
export async function keepStatActivity(appId: string, days: string[]) {
  const { connect } = await import('../../server/db');
  const { keepActivity } = await import('../support/stat-events');
  const db = connect(process.env.E2E_DATABASE_URL!, 2);
  try {
    await keepActivity(db, appId, days);
  } finally {
    await db.$client.end();
  }
}
