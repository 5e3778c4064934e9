/** Drops the run's template database, and stops the embedded cluster when the run started one. */
import fs from 'node:fs';
import { adminQuery } from './global-db-setup';

export default async function teardown() {
  const held = (globalThis as Record<string, unknown>).__TEST_PG__ as { pg: { stop(): Promise<void> }; dataDir: string } | undefined;
  if (held) {
    await held.pg.stop();
    fs.rmSync(held.dataDir, { recursive: true, force: true });
    return;
  }
  const adminUrl = process.env.TEST_ADMIN_DATABASE_URL;
  const template = process.env.TEST_TEMPLATE_DATABASE;
  if (adminUrl && template) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
}
