/**
 * server/main.ts as an operator meets it: it starts on the embedded PostgreSQL even when the
 * configured database port is taken, stops cleanly on SIGTERM (no PostgreSQL left running),
 * and the data is still there on the next start.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
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
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
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
