/**
 * `npm start` (scripts/start.mjs) as an operator meets it: it serves the console and the API from
 * the compiled server in its own single Node process, and one Ctrl-C in the terminal (SIGINT to
 * the whole process group) stops everything, the embedded PostgreSQL included.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { throwawayServer } from '../support/server-env';

const ROOT = path.join(__dirname, '..', '..');

const cmdline = (pid: string) => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
};
const parentOf = (pid: string) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
};
const pids = () => fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p));

function descendants(root: number): string[] {
  const all = pids().map((p) => ({ pid: p, ppid: parentOf(p) }));
  const found: string[] = [];
  const queue = [root];
  while (queue.length) {
    const p = queue.shift()!;
    for (const c of all.filter((x) => x.ppid === p)) {
      found.push(c.pid);
      queue.push(Number(c.pid));
    }
  }
  return found;
}

const postgresRunningOn = (dataDir: string) => pids().some((p) => cmdline(p).includes(path.join(dataDir, 'pg')));

describe('npm start (scripts/start.mjs)', () => {
  let launcher: ChildProcess | undefined;
  let dataDir = '';
  let output = '';

  afterAll(() => {
    if (launcher && launcher.exitCode === null) process.kill(-launcher.pid!, 'SIGKILL');
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves from one Node process and stops everything on one Ctrl-C', async () => {
    const server = await throwawayServer('console-npm-start-');
    dataDir = server.dataDir;
    const { base, env } = server;
    // a process group of its own, as a terminal gives it, so the Ctrl-C below reaches it all
    launcher = spawn(process.execPath, [path.join('scripts', 'start.mjs')], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    launcher.stdout!.on('data', (d) => (output += d));
    launcher.stderr!.on('data', (d) => (output += d));
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (launcher.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) throw new Error(`no answer within 120 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }

    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    // the launcher is the server: no second Node process under it, only PostgreSQL
    const children = descendants(launcher.pid!).map(cmdline);
    expect(children.filter((c) => /(^|\/)node\s/.test(c))).toEqual([]);
    expect(children.some((c) => c.includes(path.join(dataDir, 'pg')))).toBe(true);

    const exited = new Promise<number | null>((resolve) => launcher!.once('exit', (code) => resolve(code)));
    process.kill(-launcher.pid!, 'SIGINT');
    // the output goes with the exit code, so a failure shows what the server said
    expect({ code: await exited, output }).toEqual({ code: 0, output: expect.stringContaining('shutting down') });
    // postgres removes its pid file (what the server waits for) a moment before its processes end
    for (let i = 0; i < 50 && postgresRunningOn(dataDir); i++) await new Promise((r) => setTimeout(r, 100));
    expect(postgresRunningOn(dataDir)).toBe(false);
  }, 180_000);
});
