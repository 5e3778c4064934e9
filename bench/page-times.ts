/**
 * Time to content of console pages in headless Chromium (`npm run bench -- page-times`), against
 * the built console served by the server as `npm start` runs it, signed in as an admin:
 *  - click: the console home is open (frame drawn, nothing cached beyond what it loaded), then the
 *    page is opened as a menu click opens it (a history push); the time from that moment until
 *    the page's content shows, with the scripts it fetched and how many rounds they came in (a
 *    script asked for only after another arrived is one round later: chunks loaded one after
 *    another);
 *  - full load: the page's address opened in a new browser profile, from navigation start.
 * A new browser profile for every round (nothing cached), median of BENCH_PAGE_ROUNDS (5).
 * BENCH_VERBOSE=1 lists each script fetched after the click. BENCH_STATIC_DIR serves another build (a before/after comparison: CONSOLE_OUT_DIR=<dir> npx max build).
 * Target: content within 1 s of the click (issue "slow pages"), on an otherwise idle machine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/e2e/browser';
import { throwawayServer } from '../tests/support/server-env';
import { child, sleep, startNodeOptions, waitFor } from './processes';

const ROUNDS = Number(process.env.BENCH_PAGE_ROUNDS || 5);
const TARGET_MS = 1000;
const HOME = '/pages/index/index';
const ADMIN = { username: 'bench_pages', password: 'Bench#2026' };

/** a page and the moment its content shows (an expression evaluated in the page) */
export interface PageProbe {
  name: string;
  path: string;
  content: string;
}

/** the slow pages of the issue that this bench follows; others add theirs */
export const PAGES: PageProbe[] = [
  {
    name: 'admin home',
    path: '/pages/admin-index/admin-index',
    // the three counts, with their figures (not their loading placeholders)
    content: `document.querySelectorAll('#console-main .ant-statistic-content-value').length >= 3`,
  },
  {
    name: 'cost analysis',
    path: '/pages/expense/analysis/analysis',
    content: `!!document.querySelector('[data-testid="figure-balance"] .ant-statistic-content-value')`,
  },
  {
    name: 'menu list',
    path: '/pages/system/menu/list',
    // the menu tree's roots, drawn
    content: `document.querySelectorAll('#console-main .ant-table-row').length >= 2`,
  },
  {
    name: 'user list',
    path: '/pages/system/user/list',
    content: `document.querySelectorAll('#console-main .ant-table-row').length >= 1`,
  },
  {
    name: 'device overview (first statistics page)',
    path: '/pages/uni-stat/device/overview/overview',
    // the day's figures answered (with data or the empty state), not loading
    content: `!!document.querySelector('[data-testid="panel-figures"]:not([data-state="loading"])')`,
  },
];

/** records, in the page, the first moment `content` holds (window.__contentAt, ms since navigation start) */
const probeScript = (content: string) => `(() => {
  const check = () => {
    if (window.__contentAt !== undefined) return true;
    let ok = false;
    try { ok = ${content}; } catch { ok = false; }
    if (!ok) return false;
    window.__contentAt = performance.now();
    return true;
  };
  const start = () => {
    const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
    const frame = () => { if (!check()) requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
  };
  window.__watchContent = () => { window.__contentAt = undefined; start(); };
  start();
})();`;

interface Script {
  url: string;
  start: number;
  end: number;
  bytes: number;
}

/** scripts asked for after another script arrived come one round later */
function rounds(scripts: Script[]): number {
  const sorted = [...scripts].sort((a, b) => a.start - b.start);
  const round = new Map<Script, number>();
  for (const s of sorted) {
    const before = sorted.filter((o) => o !== s && o.end <= s.start).map((o) => round.get(o) ?? 1);
    round.set(s, before.length ? Math.max(...before) + 1 : 1);
  }
  return sorted.length ? Math.max(...round.values()) : 0;
}

async function withProfile<T>(tokens: { token: string; refreshToken: string; exp: number }, fn: (page: Page) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-pages-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(30_000);
    // signed in with "keep me signed in" (localStorage), before any script of the console runs
    await page.addInitScript(
      `localStorage.setItem('uni_id_token', ${JSON.stringify(tokens.token)});` +
        `localStorage.setItem('uni_id_token_expired', '${tokens.exp}');` +
        `localStorage.setItem('uni_id_refresh_token', ${JSON.stringify(tokens.refreshToken)});`,
    );
    await sleep(300); // the browser settles first: the figure is the page's, not Chromium's start
    return await fn(page);
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const contentAt = (page: Page) => page.evaluate(() => (window as unknown as { __contentAt?: number }).__contentAt);

function recordScripts(page: Page) {
  const scripts: Promise<Script | null>[] = [];
  page.on('requestfinished', (req) => {
    if (req.resourceType() !== 'script') return;
    scripts.push(
      (async () => {
        const timing = req.timing();
        const sizes = await req.sizes().catch(() => null);
        return {
          url: req.url(),
          start: timing.startTime + Math.max(0, timing.requestStart),
          end: timing.startTime + timing.responseEnd,
          bytes: sizes?.responseBodySize ?? 0,
        };
      })(),
    );
  });
  return async (since: number) => (await Promise.all(scripts)).filter((s): s is Script => !!s && s.start >= since);
}

interface Round {
  clickMs: number;
  scripts: number;
  kB: number;
  rounds: number;
  fullLoadMs: number;
}

async function measure(base: string, tokens: { token: string; refreshToken: string; exp: number }, probe: PageProbe): Promise<Round> {
  const click = await withProfile(tokens, async (page) => {
    await page.addInitScript(probeScript(probe.content));
    const scriptsSince = recordScripts(page);
    await page.goto(`${base}/#${HOME}`);
    await page.locator('#console-main').waitFor();
    await page.waitForLoadState('networkidle');
    const wallStart = await page.evaluate(() => performance.timeOrigin + performance.now());
    const t0 = await page.evaluate((to) => {
      (window as unknown as { __watchContent: () => void }).__watchContent();
      const now = performance.now();
      window.location.hash = `#${to}`;
      return now;
    }, probe.path);
    await page.waitForFunction(() => (window as unknown as { __contentAt?: number }).__contentAt !== undefined, undefined, { polling: 50, timeout: 60_000 });
    const at = Number(await contentAt(page));
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const scripts = await scriptsSince(wallStart - 5);
    if (process.env.BENCH_VERBOSE) {
      for (const x of [...scripts].sort((a, b) => a.start - b.start)) {
        console.log(
          `    ${(x.start - wallStart).toFixed(0).padStart(6)} -> ${(x.end - wallStart).toFixed(0).padStart(6)} ms ${(x.bytes / 1000).toFixed(1).padStart(6)} kB ${x.url.split('/').pop()}`,
        );
      }
    }
    return { ms: at - t0, scripts };
  });
  const fullLoadMs = await withProfile(tokens, async (page) => {
    await page.addInitScript(probeScript(probe.content));
    await page.goto(`${base}/#${probe.path}`, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __contentAt?: number }).__contentAt !== undefined, undefined, { polling: 50, timeout: 60_000 });
    return Number(await contentAt(page));
  });
  return {
    clickMs: click.ms,
    scripts: click.scripts.length,
    kB: click.scripts.reduce((s, x) => s + x.bytes, 0) / 1000,
    rounds: rounds(click.scripts),
    fullLoadMs,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

export async function runPageTimesBench(pages: PageProbe[] = PAGES) {
  if (!fs.existsSync('/usr/bin/chromium')) throw new Error('needs Debian chromium: apt-get install -y chromium fonts-noto-cjk');
  const staticDir = process.env.BENCH_STATIC_DIR ? path.resolve(process.env.BENCH_STATIC_DIR) : undefined;
  if (!staticDir) {
    const { spawnSync } = await import('node:child_process');
    const build = spawnSync(process.execPath, [path.join(__dirname, '..', 'scripts', 'console-build.mjs')], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the console build failed');
  }
  const { dataDir, base, env } = await throwawayServer('console-bench-pages-', staticDir ? { STATIC_DIR: staticDir } : {});
  const { ensureServerBuilt, SERVER_BUNDLE } = await import('../scripts/server-build.mjs');
  await ensureServerBuilt();
  const server = child([...startNodeOptions(), '-e', `require(${JSON.stringify(SERVER_BUNDLE)}).main()`], env);
  try {
    await waitFor('the server', async () => ((await fetch(`${base}/api/health`)).ok ? true : undefined), server.output);
    const post = async (url: string, body: unknown) =>
      (await (await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).json()) as {
        data: { token: string; refreshToken: string };
      };
    await post('/api/auth/register-admin', { ...ADMIN, password2: ADMIN.password });
    const signIn = async () => {
      const { data } = await post('/api/auth/login', ADMIN);
      const exp = JSON.parse(Buffer.from(data.token.split('.')[1], 'base64url').toString()).exp * 1000;
      return { token: data.token, refreshToken: data.refreshToken, exp };
    };

    console.log(`\npage times: ${ROUNDS} rounds per page, a new browser profile each${staticDir ? ` (console from ${staticDir})` : ''}`);
    const rows: string[][] = [['page', 'click to content (median)', 'max', 'scripts after the click', 'rounds of scripts', 'full load to content (median)']];
    for (const probe of pages) {
      const got: Round[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        // a sign-in per round: each profile refreshes its own tokens
        const r = await measure(base, await signIn(), probe);
        got.push(r);
        console.log(
          `  ${probe.name} ${i + 1}/${ROUNDS}: click ${r.clickMs.toFixed(0)} ms (${r.scripts} scripts, ${r.kB.toFixed(1)} kB, ${r.rounds} rounds), full load ${r.fullLoadMs.toFixed(0)} ms`,
        );
      }
      rows.push([
        probe.name,
        `${median(got.map((r) => r.clickMs)).toFixed(0)} ms`,
        `${Math.max(...got.map((r) => r.clickMs)).toFixed(0)} ms`,
        `${median(got.map((r) => r.scripts))} (${median(got.map((r) => r.kB)).toFixed(0)} kB)`,
        String(median(got.map((r) => r.rounds))),
        `${median(got.map((r) => r.fullLoadMs)).toFixed(0)} ms`,
      ]);
    }
    const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
    const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
    console.log(['', line(rows[0]), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...rows.slice(1).map(line)].join('\n'));
    console.log(
      `\ntarget: content within ${TARGET_MS} ms of the click. kB: transferred (compressed). ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(2)}.`,
    );
  } finally {
    server.c.kill('SIGINT');
    await new Promise((r) => server.c.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
