/**
 * What the benchmarks that run the server and the LLM stand-in as processes of their own share:
 * starting them and waiting until they answer, and percentiles.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../tests/support/free-port';

const ROOT = path.join(__dirname, '..');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/** BENCH_CPU_PROF=<folder> with `profile`: the process writes a CPU profile there when it stops (open it in Chrome DevTools) */
export function child(args: string[], env: NodeJS.ProcessEnv, profile = false) {
  let output = '';
  const prof = profile && process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const c = spawn(process.execPath, [...prof, '--import', 'tsx', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  c.stdout!.on('data', (d) => (output += d));
  c.stderr!.on('data', (d) => (output += d));
  return { c, output: () => output };
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, output: () => string): Promise<T> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`${what} did not come up:\n${output()}`);
    await sleep(50);
  }
}

/** the OpenAI-compatible stand-in (bench/standin-process.ts), writing a token every `tokenDelayMs` */
export async function startStandin(tokenDelayMs: number): Promise<{ c: ChildProcess; baseUrl: string }> {
  const standin = child(['bench/standin-process.ts'], { STANDIN_TOKEN_DELAY_MS: String(tokenDelayMs) });
  const { baseUrl } = await waitFor('the stand-in', async () => {
    const line = standin.output().split('\n').find((l) => l.startsWith('{'));
    return line ? (JSON.parse(line) as { baseUrl: string }) : undefined;
  }, standin.output);
  return { c: standin.c, baseUrl };
}

/** the server on a free port over this database, without the console, once /api/health answers */
export async function startServer(databaseUrl: string, dataDir: string, profile = false, env: NodeJS.ProcessEnv = {}, port?: number): Promise<{ c: ChildProcess; base: string }> {
  port ??= await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = child(['server/main.ts'], {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    STATIC_DIR: path.join(dataDir, 'no-console'),
    ...env,
  }, profile);
  await waitFor('the server', async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined), server.output).catch((e: unknown) => {
    server.c.kill('SIGKILL');
    throw e;
  });
  return { c: server.c, base };
}
