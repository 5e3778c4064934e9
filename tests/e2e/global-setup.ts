/**
 * The e2e run's set-up: the production server built (scripts/server-build.mjs: the bundle npm
 * start runs, rebuilt only when its sources changed), then the template install: one server start
 * makes a data folder (PostgreSQL cluster initialised, migrated and seeded, no admin yet), stopped
 * again; every e2e file's server starts on a copy of it (tests/e2e/server.ts), which skips initdb,
 * the migrations and the seed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startE2EServer, TEMPLATE_ENV } from './server';

export default async function setup() {
  execFileSync(process.execPath, [path.resolve(__dirname, '../../scripts/server-build.mjs')], { stdio: 'inherit' });
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
