/** The token-signing secret, shared by every instance through the database. */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db';

export async function loadSecret(db: Db): Promise<string> {
  const candidate = randomBytes(48).toString('base64url');
  // first writer wins; every instance then reads the same value
  await db.execute(sql`INSERT INTO app_settings (key, value) VALUES ('jwt_secret', ${JSON.stringify(candidate)}::jsonb) ON CONFLICT (key) DO NOTHING`);
  const rows = await db.execute<{ value: string }>(sql`SELECT value FROM app_settings WHERE key = 'jwt_secret'`);
  return rows.rows[0].value;
}
