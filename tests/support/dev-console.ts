/**
 * `npm run dev` started as a developer starts it on a fresh clone: from a copy of the console's
 * sources (so a test may edit a page), with umi caches of its own (cold: no MFSU pre-build from an
 * earlier start), its own dev database and free ports. The dev-mode test and the bench use it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { freePort } from './free-port';

const ROOT = path.resolve(__dirname, '../..');

/** what umi dev builds the console from; everything else (server, mock, scripts) stays in ROOT */
const COPIED = ['src', 'shared', 'locales', 'config', 'sdk', 'package.json', '.umirc.ts', 'tsconfig.json', 'typings.d.ts'];
/** umi's generated folders are remade by umi dev itself */
const GENERATED = new Set(['.umi', '.umi-production', '.umi-test']);

/**
 * A folder umi dev can build the console from (umi's APP_ROOT): the sources copied, and a
 * node_modules of links to the real packages but without the real `.cache`, so umi's webpack and
 * MFSU caches start empty there and stay there.
 */
export function prepareDevRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'console-dev-root-'));
  for (const name of COPIED) {
    fs.cpSync(path.join(ROOT, name), path.join(root, name), {
      recursive: true,
      filter: (src) => !(path.dirname(src) === path.join(ROOT, 'src') && GENERATED.has(path.basename(src))),
    });
  }
  const modules = path.join(root, 'node_modules');
  fs.mkdirSync(modules);
  for (const name of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
    if (name !== '.cache') fs.symlinkSync(path.join(ROOT, 'node_modules', name), path.join(modules, name));
  }
  return root;
}

export interface DevConsole {
  /** umi dev's address */
  base: string;
  /** the folder umi dev builds from (prepareDevRoot) */
  root: string;
  /** when `npm run dev` was started (Date.now()) */
  startedAt: number;
  /** everything both processes printed so far */
  output(): string;
  /**
   * Ctrl-C as a terminal sends it (SIGINT to the whole process group); resolves with how
   * `npm run dev` ended, once it has, and with the processes of the group still alive then
   */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number; leftover: number[] }>;
}

/** starts `npm run dev` (scripts/dev.mjs) on `root`; resolves once umi dev answers HTTP */
export async function startDevConsole(root: string, opts: { dataDir?: string; timeoutMs?: number } = {}): Promise<DevConsole> {
  const [port, apiPort, dbPort] = [await freePort(), await freePort(), await freePort()];
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'console-dev-data-'));
  // as root, PostgreSQL runs as another user that must reach the data folder
  fs.chmodSync(dataDir, 0o777);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_ROOT: root,
    PORT: String(port),
    API_PORT: String(apiPort),
    HOST: '127.0.0.1',
    DEV_DATA_DIR: path.join(dataDir, 'dev'),
    DEV_EMBEDDED_DB_PORT: String(dbPort),
    DEV_STAT_DEMO: '0',
    // umi would open a browser or ask questions on a terminal
    BROWSER: 'none',
    CI: 'true',
  };
  delete env.DATABASE_URL;
  delete env.NODE_OPTIONS;
  const startedAt = Date.now();
  // its own process group: Ctrl-C reaches every process of it, as in a terminal
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'scripts', 'dev.mjs')], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${port}`;
  const group = child.pid!;

  const groupMembers = (): number[] => {
    const pids: number[] = [];
    for (const name of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(fields[2]) === group && fields[0] !== 'Z') pids.push(Number(name));
      } catch {
        /* gone meanwhile */
      }
    }
    return pids;
  };

  const cleanUp = () => {
    for (const pid of groupMembers()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    child.stdout!.destroy();
    child.stderr!.destroy();
    if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const dev: DevConsole = {
    base,
    root,
    startedAt,
    output: () => out,
    async stop() {
      const t0 = Date.now();
      if (child.exitCode === null && child.signalCode === null) process.kill(-group, 'SIGINT');
      let timer: NodeJS.Timeout | undefined;
      const ended = await Promise.race([exited, new Promise<null>((r) => (timer = setTimeout(() => r(null), 30_000)))]);
      clearTimeout(timer);
      const ms = Date.now() - t0;
      // the embedded PostgreSQL and umi's workers may take a moment after the launcher
      const deadline = Date.now() + 10_000;
      let leftover = groupMembers();
      while (leftover.length && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        leftover = groupMembers();
      }
      cleanUp();
      return { code: ended?.code ?? null, signal: ended?.signal ?? null, ms, leftover };
    },
  };

  const deadline = Date.now() + (opts.timeoutMs ?? 180_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      cleanUp();
      throw new Error(`npm run dev ended early:\n${out}`);
    }
    try {
      const r = await fetch(base, { signal: AbortSignal.timeout(5000) });
      if (r.status < 500) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await dev.stop();
      throw new Error(`umi dev did not answer within ${opts.timeoutMs ?? 180_000} ms:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return dev;
}

export const LOGIN_WITH_PASSWORD = '/#/uni_modules/uni-id-pages/pages/login/login-withpwd';

/**
 * Opens the password login page until its form is usable (umi dev answers before its first
 * build is done; until then the page is a loading screen or blank): resolves with the time
 * it became usable (Date.now()).
 */
export async function waitForLoginForm(page: Page, base: string, timeoutMs = 180_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await page.goto(`${base}${LOGIN_WITH_PASSWORD}`, { timeout: Math.max(1000, deadline - Date.now()) });
      const form = [page.locator('input[type="password"]'), page.locator('button[type="submit"]')];
      for (const el of form) await el.waitFor({ state: 'visible', timeout: Math.min(20_000, Math.max(1000, deadline - Date.now())) });
      if (await form[1].isEnabled()) return Date.now();
    } catch (e) {
      if (Date.now() > deadline) throw e;
    }
  }
}

/** lines of umi's log that say a dependency or a module could not be built */
export function buildErrors(output: string): string[] {
  return output
    .split('\n')
    .filter((l) => /Can not resolve dependence|dependence not found|MFSU.*error|Module not found|Module build failed|ERR_ASSERTION|Failed to compile/i.test(l));
}
