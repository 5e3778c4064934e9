/**
 * Gives the API tests a real PostgreSQL: DATABASE_URL when set (an external server),
 * otherwise a throwaway embedded cluster for this run. A template database is migrated and
 * seeded once; each test file then makes its own database as a copy of it
 * (tests/support/test-app.ts), so files run in parallel without sharing rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { applyMigrations, connect } from '../../server/db';
import { startEmbedded } from '../../server/db/embedded';
import { seedInitialData } from '../../server/db/seed';
import { freePort } from './free-port';

export default async function setup() {
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-test-pg-'));
    fs.chmodSync(dataDir, 0o777);
    const embedded = await startEmbedded({ dataDir, port: await freePort() });
    adminUrl = embedded.url;
    (globalThis as Record<string, unknown>).__TEST_PG__ = { pg: embedded, dataDir };
  }
  process.env.TEST_ADMIN_DATABASE_URL = adminUrl;
  const template = `test_template_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${template}`);
  const u = new URL(adminUrl);
  u.pathname = `/${template}`;
  const db = connect(u.toString(), 1);
  try {
    await applyMigrations(db);
    await seedInitialData(db);
  } finally {
    await db.$client.end();
  }
  process.env.TEST_TEMPLATE_DATABASE = template;
}

export async function adminQuery(adminUrl: string, text: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
