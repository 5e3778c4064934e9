/**
 * Each end-to-end file starts its own real server (built console + API) on a throwaway
 * embedded PostgreSQL and free ports, so files can run in parallel and each starts from a
 * fresh install (no admin yet): a copy of the run's template install when there is one
 * (tests/e2e/global-setup.ts). Tests reach it through E2E_BASE_URL, and put fixtures straight
 * into its database through E2E_DATABASE_URL.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { readEmbeddedPassword } from '../../server/db/embedded';
import { throwawayServer } from '../support/server-env';

const root = path.resolve(__dirname, '../..');

/** the environment variable naming the template install's data folder */
export const TEMPLATE_ENV = 'E2E_TEMPLATE_DATA_DIR';

export interface E2EServer {
  base: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * `extraEnv` adds to the server's environment (e.g. SMTP_URL of a local SMTP server);
 * `keepData` leaves the data folder behind at stop (the template install)
 */
export async function startE2EServer(extraEnv: Record<string, string> = {}, opts: { keepData?: boolean } = {}): Promise<E2EServer> {
  if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
    throw new Error('the console is not built: run `node scripts/console-build.mjs` (npm test does it)');
  }
  const { dataDir, dbPort, base, env } = await throwawayServer('console-e2e-', extraEnv);
  const template = process.env[TEMPLATE_ENV];
  if (template && fs.existsSync(template)) {
    // cp -a keeps the cluster's owner (as root PostgreSQL runs as another user) and modes
    fs.rmSync(dataDir, { recursive: true, force: true });
    execFileSync('cp', ['-a', template, dataDir]);
  }
  // the production server (scripts/server-build.mjs, built by the e2e global set-up) when it is
  // there: what npm start runs, and it starts without compiling TypeScript
  const bundle = path.join(root, 'build/server/main.js');
  const args = fs.existsSync(bundle) ? ['--enable-source-maps', bundle] : ['--import', 'tsx', path.join(root, 'server/main.ts')];
  const child: ChildProcess = spawn(process.execPath, args, {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 60000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  process.env.E2E_BASE_URL = base;
  // the embedded cluster's password is made at its first start and kept in the data folder
  const dbPassword = readEmbeddedPassword(dataDir);
  if (!dbPassword) throw new Error(`no database password file in ${dataDir}`);
  process.env.E2E_DATABASE_URL = `postgres://console:${dbPassword}@127.0.0.1:${dbPort}/console`;
  return {
    base,
    dataDir,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 15000)))]);
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      child.stdout!.destroy();
      child.stderr!.destroy();
      if (!opts.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
