/**
 * Gives the API tests a real PostgreSQL: DATABASE_URL when set (an external server),
 * otherwise a throwaway embedded cluster for this run. Each test file then makes its own
 * database in it (tests/support/test-app.ts), so files run in parallel without sharing rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbedded } from '../../server/db/embedded';
import { freePort } from './free-port';

export default async function setup() {
  if (process.env.DATABASE_URL) {
    process.env.TEST_ADMIN_DATABASE_URL = process.env.DATABASE_URL;
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-test-pg-'));
  fs.chmodSync(dataDir, 0o777);
  const pg = await startEmbedded({ dataDir, port: await freePort() });
  process.env.TEST_ADMIN_DATABASE_URL = pg.url;
  (globalThis as Record<string, unknown>).__TEST_PG__ = { pg, dataDir };
}
