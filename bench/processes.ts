/**
 * What the benchmarks that run the server and the LLM stand-in as processes of their own share:
 * starting them and waiting until they answer, and percentiles.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
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
  // a TypeScript file runs through tsx; anything else (node options, -e) as given
  const run = args[0]?.endsWith('.ts') ? ['--import', 'tsx', ...args] : args;
  const c = spawn(process.execPath, [...prof, ...run], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
  const { baseUrl } = await waitFor(
    'the stand-in',
    async () => {
      const line = standin
        .output()
        .split('\n')
        .find((l) => l.startsWith('{'));
      return line ? (JSON.parse(line) as { baseUrl: string }) : undefined;
    },
    standin.output,
  );
  return { c: standin.c, baseUrl };
}

/** the node options `npm start` runs the server with (package.json's start script: one home) */
export function startNodeOptions(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return pkg.scripts.start.split(/\s+/).filter((a) => a.startsWith('--'));
}

/**
 * The server on a free port over this database, without the console, once /api/health answers:
 * run as `npm start` runs it (the compiled bundle, with the start script's node options), so the
 * figures are those of what operators run.
 */
export async function startServer(
  databaseUrl: string,
  dataDir: string,
  profile = false,
  env: NodeJS.ProcessEnv = {},
  port?: number,
): Promise<{ c: ChildProcess; base: string }> {
  port ??= await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { ensureServerBuilt, SERVER_BUNDLE } = await import('../scripts/server-build.mjs');
  await ensureServerBuilt();
  const server = child(
    [...startNodeOptions(), '-e', `require(${JSON.stringify(SERVER_BUNDLE)}).main()`],
    {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
      STATIC_DIR: path.join(dataDir, 'no-console'),
      ...env,
    },
    profile,
  );
  await waitFor('the server', async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined), server.output).catch((e: unknown) => {
    server.c.kill('SIGKILL');
    throw e;
  });
  return { c: server.c, base };
}

/** reads a streamed answer line by line; answers the ms to its first text, the text and the status */
export async function timedStream(url: string, init: RequestInit, textOf: (line: string) => string | undefined) {
  const t0 = performance.now();
  const res = await fetch(url, init);
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  let buf = '';
  let text = '';
  let first: number | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += dec.decode(value, { stream: true });
    let nl: number;
    while ((nl = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      const piece = textOf(line);
      if (piece) {
        first ??= performance.now() - t0;
        text += piece;
      }
    }
  }
  return { firstMs: first ?? NaN, text, status: res.status };
}

/** the text of an OpenAI chat completions stream line */
export const openAiText = (line: string) => {
  if (!line.startsWith('data: ') || line === 'data: [DONE]') return undefined;
  return (JSON.parse(line.slice(6)) as { choices?: Array<{ delta?: { content?: string } }> }).choices?.[0]?.delta?.content;
};

/** opens `n` streams evenly over `rampS` seconds, all of them in flight at once */
export async function ramp<T>(n: number, rampS: number, open: (i: number) => Promise<T>): Promise<T[]> {
  const gap = (rampS * 1000) / n;
  const t0 = performance.now();
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const wait = t0 + i * gap - performance.now();
      if (wait > 0) await sleep(wait);
      return open(i);
    }),
  );
}
