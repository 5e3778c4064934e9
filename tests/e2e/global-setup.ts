/**
 * The e2e run's template install: one server start makes a data folder (PostgreSQL cluster
 * initialised, migrated and seeded, no admin yet), stopped again; every e2e file's server starts
 * on a copy of it (tests/e2e/server.ts), which skips initdb, the migrations and the seed.
 */
import fs from 'node:fs';
import { startE2EServer, TEMPLATE_ENV } from './server';

export default async function setup() {
  const server = await startE2EServer({}, { keepData: true });
  await server.stop();
  // the files' own servers set these; none may see the template's
  delete process.env.E2E_BASE_URL;
  delete process.env.E2E_DATABASE_URL;
  process.env[TEMPLATE_ENV] = server.dataDir;
}

export function removeTemplate() {
  const dir = process.env[TEMPLATE_ENV];
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}
