/**
 * npm run bench (not part of npm test): figures against targets and the stock
 * ant-design-pro v6 reference.
 *
 *  (b) `npm start` on an existing data folder, run exactly as the README runs it: time until
 *      /api/health answers (median of 3 starts), then the idle memory of everything it keeps
 *      running: npm itself, its shell, every node process and every process of the PostgreSQL
 *      cluster (RSS, and PSS, which shares out fairly the memory processes share).
 *  (a) the password login page (login-withpwd: the default login page, login-withoutpwd, has no
 *      password input) of the production build served by that server, in headless Chromium:
 *      10 cold loads (a new browser profile each, so nothing is cached), median JS transferred
 *      (gzip, encoded sizes) and the time from navigation start until the form is usable: the
 *      password input and the submit button both visible and enabled.
 *
 * Everything runs on a temporary data folder and free ports, and is removed afterwards.
 *
 *  (c) bench/system-users.ts: the user list and export at 100,000 users.
 *  (d) bench/chat.ts: 500 concurrent streaming chats through the server, and the ledger's throughput.
 *  (e) bench/search.ts: search over 100,000 entries, and the first token of Ask AI.
 *  (f) bench/payments.ts: 100 concurrent duplicate notifications (one credit), notifications per second.
 *  (g) bench/stat-rollup.ts: statistics rollups over 10 million raw events: a day's update, the full rebuild.
 *  (h) bench/stat-ingest.ts: statistics reports over HTTP (records/s) against COPY of the same rows.
 *  (i) bench/stat-pages.ts: every stats page's API over 10 million raw events and their rollups, cold and warm.
 *  (j) bench/dev-start.ts: npm run dev until the login form is usable, cold (empty umi caches) and warm.
 *  (k) bench/page-times.ts: time to content of the slow console pages, from a click and from a full load.
 *  (l) bench/relay.ts: 100 and 500 concurrent streamed calls through the relay with personal keys.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/e2e/browser';
import { throwawayServer } from '../tests/support/server-env';
import { runChatBench } from './chat';
import { runDevStartBench } from './dev-start';
import { runPageTimesBench } from './page-times';
import { runPaymentsBench } from './payments';
import { runRelayBench } from './relay';
import { runSearchBench } from './search';
import { runStatPagesBench } from './stat-pages';
import { runStatRollupBench } from './stat-rollup';
import { runStatIngestBench } from './stat-ingest';
import { runSystemUsersBench } from './system-users';

const ROOT = path.join(__dirname, '..');
const LOGIN_ROUTE = '/#/uni_modules/uni-id-pages/pages/login/login-withpwd';
/** usable = every one of these visible and enabled */
const USABLE_SELECTORS = ['input[type="password"]', 'button[type="submit"]'];
const LOADS = Number(process.env.BENCH_LOADS || 10);
const STARTS = Number(process.env.BENCH_STARTS || 3);

const TARGET = { jsKB: 250, usableS: 0.4, startS: 5, idleMB: 250 };
/** how long the started server is left alone before its memory is read */
const IDLE_WAIT_MS = Number(process.env.BENCH_IDLE_WAIT_MS || 10_000);
const REFERENCE = { jsKB: 665, usableS: [0.85, 1.2] as const };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const kB = (bytes: number) => bytes / 1000;

// --------------------------------------------------------------------------------------------
// processes

interface Proc {
  pid: number;
  ppid: number;
  cmd: string;
}

function processTable(): Proc[] {
  const out: Proc[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmd = fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      out.push({ pid: Number(name), ppid, cmd });
    } catch {
      /* gone meanwhile */
    }
  }
  return out;
}

function descendants(root: number, table = processTable()): Proc[] {
  const found: Proc[] = [];
  const queue = [root];
  while (queue.length) {
    const p = queue.shift()!;
    for (const c of table.filter((t) => t.ppid === p)) {
      found.push(c);
      queue.push(c.pid);
    }
  }
  return found;
}

/** kB of resident and proportional set size */
function memory(pid: number): { rss: number; pss: number } {
  const field = (text: string, name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0);
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    let pss = 0;
    try {
      pss = field(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'), 'Pss');
    } catch {
      /* no smaps_rollup */
    }
    return { rss: field(status, 'VmRSS'), pss };
  } catch {
    return { rss: 0, pss: 0 };
  }
}

interface MemoryGroup {
  name: string;
  procs: Proc[];
  rss: number;
  pss: number;
}

/**
 * Everything `npm start` keeps running: npm, its shell, node, and the PostgreSQL cluster (found
 * through its postmaster.pid as well, since postgres may run in a process group of its own).
 * kB, per kind of process and in total.
 */
function idleMemory(npmPid: number, dataDir: string) {
  const procs = processTable();
  const byPid = new Map(procs.map((p) => [p.pid, p]));
  const tree = new Map<number, Proc>();
  const add = (root: number) => {
    const r = byPid.get(root);
    if (!r) return;
    for (const p of [r, ...descendants(root, procs)]) tree.set(p.pid, p);
  };
  add(npmPid);
  try {
    add(Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]));
  } catch {
    /* no embedded cluster */
  }
  const kinds: Array<[string, (p: Proc) => boolean]> = [
    ['npm', (p) => p.pid === npmPid],
    ['PostgreSQL cluster', (p) => /^postgres(:|\s|$)|\/bin\/postgres\b/.test(p.cmd)],
    ['node (the server; a launcher if any)', (p) => /(^|\/)node\s/.test(p.cmd)],
    ['shells and others', () => true],
  ];
  const groups: MemoryGroup[] = kinds.map(([name]) => ({ name, procs: [], rss: 0, pss: 0 }));
  for (const p of tree.values()) {
    const g = groups[kinds.findIndex(([, match]) => match(p))];
    const m = memory(p.pid);
    g.procs.push(p);
    g.rss += m.rss;
    g.pss += m.pss;
  }
  const total = groups.reduce((a, g) => ({ rss: a.rss + g.rss, pss: a.pss + g.pss }), { rss: 0, pss: 0 });
  return { groups: groups.filter((g) => g.procs.length), count: tree.size, ...total };
}

// --------------------------------------------------------------------------------------------
// the server, started the way users start it

interface Started {
  npm: ChildProcess;
  seconds: number;
  output: () => string;
}

async function npmStart(env: NodeJS.ProcessEnv, port: number): Promise<Started> {
  let output = '';
  const t0 = performance.now();
  // its own process group, so stopping it is what a Ctrl-C in a terminal does
  const npm = spawn('npm', ['start'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  npm.stdout!.on('data', (d) => (output += d));
  npm.stderr!.on('data', (d) => (output += d));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (npm.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`no answer from /api/health within 120 s:\n${output}`);
    await sleep(20);
  }
  return { npm, seconds: (performance.now() - t0) / 1000, output: () => output };
}

async function stop(s: Started) {
  if (s.npm.exitCode !== null) return;
  const exited = new Promise((r) => s.npm.once('exit', r));
  process.kill(-s.npm.pid!, 'SIGINT');
  const done = await Promise.race([exited.then(() => true), sleep(30_000).then(() => false)]);
  if (!done) {
    process.kill(-s.npm.pid!, 'SIGKILL');
    throw new Error('npm start did not stop within 30 s of Ctrl-C');
  }
}

// --------------------------------------------------------------------------------------------
// the login page in Chromium

const USABLE_PROBE = `(() => {
  const selectors = SELECTORS;
  const usable = (selector) => {
    const el = document.querySelector(selector);
    if (!el || el.disabled || el.readOnly) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const check = () => {
    if (window.__usableAt !== undefined) return true;
    if (!selectors.every(usable)) return false;
    window.__usableAt = performance.now();
    return true;
  };
  const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
  const frame = () => { if (!check()) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
})();`;

interface Load {
  jsBytes: number;
  jsFiles: number;
  encodings: Set<string>;
  usableS: number;
}

async function coldLoad(url: string): Promise<Load> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
    // the figure is gzip: Chromium would otherwise get brotli
    extraHTTPHeaders: { 'accept-encoding': 'gzip' },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    // the browser finishes starting up first: the figure is the page's load, not Chromium's start
    await sleep(500);
    // records, inside the page, the first moment the password input and the submit button are
    // visible and enabled
    // (a string, not a function: tsx's compiled functions refer to helpers the page lacks)
    await page.addInitScript(USABLE_PROBE.replace('SELECTORS', JSON.stringify(USABLE_SELECTORS)));

    const scripts: Promise<{ bytes: number; encoding: string }>[] = [];
    page.on('response', (res) => {
      const req = res.request();
      if (req.resourceType() !== 'script' && !/\.m?js(\?|$)/.test(res.url())) return;
      scripts.push(
        (async () => {
          const headers = await res.allHeaders();
          const sizes = await req.sizes().catch(() => null);
          const bytes = sizes?.responseBodySize || Number(headers['content-length'] || 0);
          return { bytes, encoding: headers['content-encoding'] || 'identity' };
        })(),
      );
    });

    await page.goto(url, { waitUntil: 'commit' });
    // functions, not strings: a string predicate is eval'd, which the console's CSP refuses
    const usableAt = () => (window as unknown as { __usableAt?: number }).__usableAt;
    await page.waitForFunction(() => (window as unknown as { __usableAt?: number }).__usableAt !== undefined, undefined, { timeout: 30_000, polling: 50 });
    const usableMs = Number(await page.evaluate(usableAt));
    // the first load is over when the network is quiet (lazy chunks count too)
    await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    const got = await Promise.all(scripts);
    return {
      jsBytes: got.reduce((s, g) => s + g.bytes, 0),
      jsFiles: got.length,
      encodings: new Set(got.map((g) => g.encoding)),
      usableS: usableMs / 1000,
    };
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// --------------------------------------------------------------------------------------------

function table(rows: string[][]) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  const sep = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [line(rows[0]), sep, ...rows.slice(1).map(line)].join('\n');
}

async function main() {
  if (!fs.existsSync('/usr/bin/chromium')) throw new Error('needs Debian chromium: apt-get install -y chromium fonts-noto-cjk');
  const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'console-build.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the console build failed');

  const { dataDir, port, base, env } = await throwawayServer('console-bench-');
  let running: Started | undefined;

  try {
    console.log(`data folder ${dataDir}; first start (creates the database)`);
    running = await npmStart(env, port);
    console.log(`  fresh data folder: serving after ${running.seconds.toFixed(2)} s`);
    // a console with an admin: the login page is then the plain login page
    await fetch(`${base}/api/auth/register-admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench_admin', password: 'Bench#2026', password2: 'Bench#2026' }),
    });
    await stop(running);

    const startTimes: number[] = [];
    for (let i = 0, rebuilds = 0; i < STARTS; i++) {
      running = await npmStart(env, port);
      if (running.output().includes('building the console') && rebuilds++ < 3) {
        // the sources changed meanwhile: that start measured a console build, not a start
        console.log(`  (a start rebuilt the console after ${running.seconds.toFixed(2)} s: not counted)`);
        await stop(running);
        i--;
        continue;
      }
      startTimes.push(running.seconds);
      console.log(`  start ${i + 1}/${STARTS} on the existing data folder: ${running.seconds.toFixed(2)} s`);
      if (i < STARTS - 1) await stop(running);
    }

    // idle memory: the last start, left alone for a while
    await sleep(IDLE_WAIT_MS);
    const idle = idleMemory(running!.npm.pid!, dataDir);

    console.log(`\nlogin page: ${LOADS} cold loads of ${LOGIN_ROUTE}`);
    const loads: Load[] = [];
    for (let i = 0; i < LOADS; i++) {
      const l = await coldLoad(base + LOGIN_ROUTE);
      loads.push(l);
      console.log(
        `  load ${String(i + 1).padStart(2)}: usable after ${l.usableS.toFixed(3)} s, JS ${kB(l.jsBytes).toFixed(1)} kB in ${l.jsFiles} files (${[...l.encodings].join(', ')})`,
      );
    }

    const jsKB = kB(median(loads.map((l) => l.jsBytes)));
    const usable = median(loads.map((l) => l.usableS));
    const start = median(startTimes);
    const mb = (k: number) => `${(k / 1024).toFixed(0)} MB`;
    const x = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
    const refUsable = `${x(usable, REFERENCE.usableS[1])}-${x(usable, REFERENCE.usableS[0])}`;

    console.log(
      '\n' +
        table([
          ['figure', 'measured', 'target', 'vs target', 'ant-design-pro v6', 'vs reference'],
          ['login page JS (gzip, median)', `${jsKB.toFixed(1)} kB`, `${TARGET.jsKB} kB`, x(jsKB, TARGET.jsKB), `${REFERENCE.jsKB} kB`, x(jsKB, REFERENCE.jsKB)],
          ['login form usable (median)', `${usable.toFixed(3)} s`, `${TARGET.usableS} s`, x(usable, TARGET.usableS), '0.85-1.2 s', refUsable],
          ['npm start to /api/health (median)', `${start.toFixed(2)} s`, `${TARGET.startS} s`, x(start, TARGET.startS), '', ''],
        ]),
    );
    console.log(
      '\n' +
        table([
          [`idle memory of npm start (${IDLE_WAIT_MS / 1000} s after it answered)`, 'processes', 'RSS', 'PSS'],
          ...idle.groups.map((g) => [g.name, String(g.procs.length), mb(g.rss), mb(g.pss)]),
          ['total', String(idle.count), mb(idle.rss), mb(idle.pss)],
          [`target ${TARGET.idleMB} MB: total / target`, '', x(idle.rss / 1024, TARGET.idleMB), x(idle.pss / 1024, TARGET.idleMB)],
        ]),
    );
    console.log(
      `\nkB = 1000 bytes. JS counts every script response of the load until the network is quiet, at its encoded (gzip) size.` +
        `\nRSS counts PostgreSQL's shared buffers once per process; PSS divides shared pages among the processes that map them.` +
        `\n${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? ''}; node ${process.version}.`,
    );
    const yes = (ok: boolean) => (ok ? 'yes' : 'no');
    console.log(
      `targets met: JS ${yes(jsKB <= TARGET.jsKB)}, usable ${yes(usable <= TARGET.usableS)}, start ${yes(start <= TARGET.startS)}, ` +
        `idle memory ${yes(idle.rss / 1024 <= TARGET.idleMB)} (RSS) / ${yes(idle.pss / 1024 <= TARGET.idleMB)} (PSS)`,
    );
  } finally {
    if (running) await stop(running).catch((e) => console.error(String(e)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `npm run bench` runs every bench; `npm run bench -- system-users` only that one */
async function all() {
  const only = process.argv[2];
  if (!only || only === 'start-and-login') await main();
  if (!only || only === 'system-users') await runSystemUsersBench();
  if (!only || only === 'chat') await runChatBench();
  if (!only || only === 'relay') await runRelayBench();
  if (!only || only === 'search') await runSearchBench();
  if (!only || only === 'payments') await runPaymentsBench();
  if (!only || only === 'stat-rollup') await runStatRollupBench();
  if (!only || only === 'stat-pages') await runStatPagesBench();
  if (!only || only === 'stat-ingest') await runStatIngestBench();
  if (!only || only === 'dev-start') await runDevStartBench();
  if (!only || only === 'page-times') await runPageTimesBench();
}

all().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
