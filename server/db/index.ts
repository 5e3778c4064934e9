/** The pool and the drizzle handle over it. */
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import pg from 'pg';
import * as schema from './schema';
import { LOCKS } from '../core/locks';

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export { schema };

export function connect(databaseUrl: string, max = 10): Db {
  return drizzle(guardPool(new pg.Pool({ connectionString: databaseUrl, max })), { schema, casing: 'snake_case' }) as Db;
}

/**
 * A connection that PostgreSQL ends (a restart, an administrator, a failover) must not crash the
 * server: pg emits 'error' on an idle pooled client (the pool's event) and on a checked-out one
 * between its queries (the client's own event, fatal without a listener). The queries running
 * on it fail as usual and their callers see the error.
 */
export function guardPool(pool: pg.Pool): pg.Pool {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

export const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

/** Applies the committed migrations; safe to run on every start and from several instances. */
export async function applyMigrations(db: Db): Promise<void> {
  const client = await db.$client.connect();
  try {
    // one instance at a time: a second starter waits, then finds nothing left to apply
    await client.query('SELECT pg_advisory_lock($1)', [LOCKS.MIGRATIONS]);
    await migrate(drizzle(client, { schema, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCKS.MIGRATIONS]).catch(() => undefined);
    client.release();
  }
}
