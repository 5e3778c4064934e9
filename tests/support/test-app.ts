/**
 * A fresh database (a copy of the run's migrated template) inside the run's PostgreSQL, and the app built on it.
 * Requests go through app.inject, so no port is needed.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { connect, type Db } from '../../server/db';

export async function createTestDatabase(): Promise<{ url: string; db: Db; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_ADMIN_DATABASE_URL;
  // a copy of the run's migrated and seeded template
  const template = process.env.TEST_TEMPLATE_DATABASE;
  if (!adminUrl || !template) throw new Error('TEST_ADMIN_DATABASE_URL is not set: run through jest (tests/support/global-db-setup.ts)');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  const db = connect(url, 5);
  return {
    url,
    db,
    async drop() {
      await db.$client.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function createTestApp(overrides: Partial<Config> = {}) {
  const database = await createTestDatabase();
  const config: Config = { ...loadConfig({}), jwtSecret: 'test-secret-test-secret-test-secret', staticDir: '/nonexistent', ...overrides };
  // schemas compile on a route's first request, as in production (tests/api/manifests.test.ts
  // builds an app that compiles every route's schemas at start)
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  return {
    app,
    db: database.db,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
