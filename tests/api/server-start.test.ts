/**
 * server/main.ts as an operator meets it: it starts on the embedded PostgreSQL even when the
 * configured database port is taken, stops cleanly on SIGTERM (no PostgreSQL left running),
 * and the data is still there on the next start. The embedded PostgreSQL's password is random
 * and kept in the data folder (older folders with the fixed password are moved to one), and
 * settings it cannot start with are refused with what to change.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { passwordFileOf, unreachableFolder } from '../../server/db/embedded';
import { freePort } from '../support/free-port';

const ROOT = path.join(__dirname, '..', '..');

interface Server {
  child: ChildProcess;
  base: string;
  output: () => string;
}

async function startServer(env: NodeJS.ProcessEnv): Promise<Server> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${env.PORT}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, base, output: () => output };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stopServer(s: Server, sig: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  return new Promise((resolve) => {
    if (s.child.exitCode !== null) return resolve(s.child.exitCode);
    s.child.once('exit', (code) => resolve(code));
    s.child.kill(sig);
  });
}

const postgresRunningOn = (dataDir: string) =>
  fs
    .readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .some((p) => {
      try {
        return fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(path.join(dataDir, 'pg'));
      } catch {
        return false;
      }
    });

describe('server start and stop (server/main.ts)', () => {
  let dataDir: string;
  let blocker: net.Server | undefined;
  const running: Server[] = [];

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-main-test-'));
    fs.chmodSync(dataDir, 0o777);
  });

  afterAll(async () => {
    for (const s of running) if (s.child.exitCode === null) await stopServer(s, 'SIGKILL');
    blocker?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves on a busy database port, stops cleanly, and keeps its data across restarts', async () => {
    // something else already holds the configured embedded-database port
    blocker = net.createServer();
    await new Promise<void>((r) => blocker!.listen(0, '127.0.0.1', () => r()));
    const busyPort = (blocker.address() as net.AddressInfo).port;

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_DB_PORT: String(busyPort),
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;

    const first = await startServer(env);
    running.push(first);
    // the database password was made for this folder, readable by the server's user only
    const pwFile = passwordFileOf(dataDir);
    expect(fs.statSync(pwFile).mode & 0o777).toBe(0o600);
    const password = fs.readFileSync(pwFile, 'utf8').trim();
    expect(password).toMatch(/^[0-9a-f]{48}$/);
    expect(first.output()).toContain(`port ${busyPort} is busy`);
    expect(first.output()).toContain(`${first.base}/`);
    const before = await fetch(`${first.base}/api/auth/login-config`).then((r) => r.json());
    expect(before.data.adminExists).toBe(false);
    const reg = await fetch(`${first.base}/api/auth/register-admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'keeper', password: 'Keeper#2026', password2: 'Keeper#2026' }),
    });
    expect(reg.status).toBe(200);

    expect(await stopServer(first)).toBe(0);
    expect(postgresRunningOn(dataDir)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);

    const second = await startServer(env);
    running.push(second);
    expect(fs.readFileSync(pwFile, 'utf8').trim()).toBe(password);
    const after = await fetch(`${second.base}/api/auth/login-config`).then((r) => r.json());
    expect(after.data.adminExists).toBe(true);
    const login = await fetch(`${second.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'keeper', password: 'Keeper#2026' }),
    });
    expect(login.status).toBe(200);
    expect(await stopServer(second, 'SIGINT')).toBe(0);
    expect(postgresRunningOn(dataDir)).toBe(false);
  }, 120_000);
});

describe('the embedded PostgreSQL password', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-legacy-pg-'));
    fs.chmodSync(dir, 0o777);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a data folder made with the old fixed password gets a random one, and its data stays', async () => {
    // the old cluster is made and then started the new way in a child (see the script)
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/embedded-legacy.ts', dir, String(await freePort())], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (err += d));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect({ code, err }).toEqual({ code: 0, err: '' });
    const seen = JSON.parse(out.trim().split('\n').pop()!);
    const password = fs.readFileSync(passwordFileOf(dir), 'utf8').trim();
    expect(seen).toEqual({ password, oldPasswordWorks: false, kept: [{ v: 'still here' }], secondStart: true });
    expect(password).toMatch(/^[0-9a-f]{48}$/);
    expect(fs.statSync(passwordFileOf(dir)).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(`${passwordFileOf(dir)}.new`)).toBe(false);
  }, 120_000);

  it('a data folder inside a folder the PostgreSQL user cannot enter is named, with what to run', () => {
    const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-private-'));
    try {
      fs.chmodSync(privateDir, 0o700);
      const someoneElse = { uid: 54321, gid: 54321 };
      const message = unreachableFolder(path.join(privateDir, 'data', 'pg'), someoneElse);
      expect(message).toContain(`cannot enter ${privateDir} (mode 0700)`);
      expect(message).toContain(`chmod o+x ${privateDir}`);
      expect(message).toContain('DATA_DIR');
      fs.chmodSync(privateDir, 0o711);
      expect(unreachableFolder(path.join(privateDir, 'data', 'pg'), someoneElse)).toBeUndefined();
    } finally {
      fs.rmSync(privateDir, { recursive: true, force: true });
    }
  });
});

describe('settings the server cannot start with', () => {
  it('a JWT_SECRET shorter than 32 bytes: the server says so and exits', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, JWT_SECRET: 'too-short', PORT: String(await freePort()), LOG_LEVEL: 'warn' };
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain('could not start: JWT_SECRET is 9 bytes long; it must be at least 32 bytes');
    expect(output).not.toMatch(/\n\s+at /); // a message, not a stack trace
  }, 60_000);
});
