/**
 * System administration at scale, on a throwaway embedded PostgreSQL:
 *  - 100,000 users (generate_series), vacuumed and analyzed;
 *  - the server started as its own process (node --import tsx server/main.ts);
 *  - 50 concurrent clients for BENCH_USERS_DURATION s (15) on the user list with a keyword and a
 *    filter, as the console asks it (page 1 of 20, default order): p50, p95, requests/s
 *    (target p95 < 50 ms); a selective keyword and a broad one, each asked over and over
 *    (warm: the list cache answers);
 *  - the same load where every request is a query not asked before (cold: keywords drawn from
 *    the seeded names, mobiles and emails, crossed with filters, sort orders and pages, shuffled
 *    and never repeated), selective keywords and broad ones, next to the warm figures;
 *  - an export of all 100,000 users to xlsx: duration (target < 10 s), the file's size and
 *    rows, and the server's peak RSS during the export against its RSS before (flat memory).
 *
 * `npm run bench` runs it after the start/login-page bench; `npm run bench -- system-users`
 * runs only this one.
 */
import autocannon from 'autocannon';
import ExcelJS from 'exceljs';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { applyMigrations, connect } from '../server/db';
import { startEmbedded } from '../server/db/embedded';
import { seedInitialData } from '../server/db/seed';
import { freePort } from '../tests/support/free-port';
import { sleep, startServer } from './processes';

const USERS = Number(process.env.BENCH_USERS || 100_000);
const DURATION_S = Number(process.env.BENCH_USERS_DURATION || 15);
const CONNECTIONS = 50;
const TARGET = { p95Ms: 50, exportS: 10 };

/** the seeded users' surnames and given names: usernames are sur + giv + i, nicknames "Sur Giv" */
const SURNAMES = [
  'zhang',
  'wang',
  'li',
  'zhao',
  'chen',
  'yang',
  'huang',
  'wu',
  'zhou',
  'xu',
  'sun',
  'ma',
  'zhu',
  'hu',
  'guo',
  'he',
  'lin',
  'luo',
  'gao',
  'liang',
];
const GIVEN = [
  'wei',
  'fang',
  'min',
  'jing',
  'na',
  'qiang',
  'lei',
  'jun',
  'yang',
  'yong',
  'yan',
  'jie',
  'juan',
  'tao',
  'ming',
  'chao',
  'xiu',
  'xia',
  'ping',
  'gang',
];
const pgArray = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x}'`).join(',')}]`;

export const SEED_SQL = (n: number) => `
INSERT INTO roles (role_id, role_name, permission) VALUES
  ('editor', 'Content editor', '{}'), ('viewer', 'Viewer', '{}'), ('support', 'Customer support', '{}')
  ON CONFLICT DO NOTHING;
INSERT INTO tags (tagid, name) VALUES ('vip', 'VIP'), ('beta', 'Beta testers'), ('staff', 'Staff') ON CONFLICT DO NOTHING;
WITH s AS (
  SELECT ${pgArray(SURNAMES)} AS sur, ${pgArray(GIVEN)} AS giv
)
INSERT INTO users (username, nickname, mobile, email, role, tags, status, gender, score, comment, last_login_date, last_login_ip, register_date)
SELECT sur[1 + i % 20] || giv[1 + (i / 20) % 20] || i,
       initcap(sur[1 + (i * 7) % 20]) || ' ' || initcap(giv[1 + (i * 13) % 20]),
       '13' || lpad(i::text, 9, '0'),
       'user' || i || '@example.com',
       CASE WHEN i % 7 = 0 THEN ARRAY['editor'] WHEN i % 11 = 0 THEN ARRAY['viewer', 'support'] ELSE '{}'::text[] END,
       CASE WHEN i % 5 = 0 THEN ARRAY['vip'] WHEN i % 9 = 0 THEN ARRAY['beta', 'staff'] ELSE '{}'::text[] END,
       CASE WHEN i % 13 = 0 THEN 1 WHEN i % 17 = 0 THEN 2 ELSE 0 END,
       i % 3, 10000, CASE WHEN i % 50 = 0 THEN 'imported from the old system' END,
       CASE WHEN i % 6 = 0 THEN NULL ELSE now() - (i % 9973) * interval '37 minutes' END,
       CASE WHEN i % 6 = 0 THEN NULL ELSE '10.' || (i % 250) || '.' || (i % 200) || '.' || (i % 100) END,
       now() - (i % 7919) * interval '3 hours'
  FROM generate_series(1, ${n}) i, s;
ANALYZE roles; ANALYZE tags;`;

function rssKb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return Number(m?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** CPU seconds (user + system) of a process */
function cpuS(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100; // utime, stime in clock ticks (100/s)
  } catch {
    return 0;
  }
}

/** the postmaster and every backend of the cluster in dataDir */
function pgPids(dataDir: string): number[] {
  const postmaster = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const kids = fs
    .readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .filter((n) => {
      try {
        const stat = fs.readFileSync(`/proc/${n}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...kids];
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** mulberry32: a small seeded generator, so every run asks the same cold queries */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** what the console's filters, sort headers and pager add to a keyword: 432 combinations */
const FILTER_COMBOS: string[] = (() => {
  const out: string[] = [];
  for (const status of ['', '&status=0', '&status=1', '&status=2'])
    for (const tag of ['', '&tagid=vip', '&tagid=beta', '&tagid=staff'])
      for (const role of ['', '&role=editor', '&role=viewer'])
        for (const sort of ['', '&sortField=register_date&sortOrder=descend', '&sortField=username&sortOrder=ascend'])
          for (const page of [1, 2, 3]) out.push(`${status}${tag}${role}${sort}&current=${page}&pageSize=20`);
  return out;
})();

/**
 * `size` distinct list queries, shuffled: keywords crossed with FILTER_COMBOS, each query once
 * (none is in the list cache before it is asked)
 */
export function coldQueries(keywords: string[], size: number, seed: number): string[] {
  const rand = seeded(seed);
  const all = keywords.length * FILTER_COMBOS.length;
  const picks = new Set<number>();
  if (all <= size) for (let i = 0; i < all; i++) picks.add(i);
  else while (picks.size < size) picks.add(Math.floor(rand() * all));
  const out = [...picks].map((n) => `keyword=${encodeURIComponent(keywords[n % keywords.length])}${FILTER_COMBOS[Math.floor(n / keywords.length)]}`);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** broad keywords: a surname or a given name alone (2 to 5 letters, thousands of users each) */
export const BROAD_KEYWORDS = [...new Set([...SURNAMES, ...GIVEN])];

/**
 * selective keywords (one to a few hundred users): a username's name part, a nickname,
 * 8 digits of a mobile, the start of an email up to the @
 */
export function selectiveKeywords(users: number, seed: number): string[] {
  const rand = seeded(seed);
  const out: string[] = [];
  for (const sur of SURNAMES) for (const giv of GIVEN) out.push(`${sur}${giv}`, `${sur[0].toUpperCase()}${sur.slice(1)} ${giv}`);
  for (let k = 0; k < 2000; k++) {
    const i = 1 + Math.floor(rand() * users);
    out.push(String(i).padStart(9, '0').slice(1), `user${i}@`);
  }
  return [...new Set(out)];
}

async function load(url: string, token: string, paths?: string[]) {
  let next = 0;
  const requests: autocannon.Request[] | undefined = paths && [
    {
      // each request takes the next query of the list; the count tells whether the list ran out
      setupRequest: (req: autocannon.Request) => ({ ...req, path: `${new URL(url).pathname}?${paths[next++ % paths.length]}` }),
    },
  ];
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const inst = autocannon(
      { url, connections: CONNECTIONS, duration: DURATION_S, headers: { authorization: `Bearer ${token}` }, ...(requests ? { requests } : {}) },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    inst.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => times.push(ms));
  });
  times.sort((a, b) => a - b);
  const ms = (p: number) => Math.round(percentile(times, p) * 10) / 10;
  return {
    p50: ms(50),
    p95: ms(95),
    p99: ms(99),
    rps: result.requests.average,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    /** queries asked more than once (the cold list ran out): 0 for a cold run to count */
    repeated: paths ? Math.max(0, next - paths.length) : 0,
  };
}

export async function runSystemUsersBench(): Promise<void> {
  console.log(`\nsystem administration: ${USERS.toLocaleString('en')} users, ${CONNECTIONS} clients for ${DURATION_S} s, export to xlsx`);
  // other work on the machine skews the figures: say how busy it was
  console.log(
    `  load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-users-'));
  fs.chmodSync(dataDir, 0o777);
  const pg = await startEmbedded({ dataDir, port: await freePort() });
  const servers: ChildProcess[] = [];
  try {
    const db = connect(pg.url, 2);
    await applyMigrations(db);
    await seedInitialData(db);
    let t0 = performance.now();
    await db.$client.query(SEED_SQL(USERS));
    // a table in use has long been vacuumed (visibility map set, the trigram index's pending
    // list merged); left to autovacuum, the first runs would measure it at work
    await db.$client.query('VACUUM ANALYZE users');
    console.log(`  inserted ${USERS.toLocaleString('en')} users in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    await db.$client.end();

    // the server as users run it (npm start's bundle and node options)
    const server = await startServer(pg.url, dataDir);
    servers.push(server.c);
    const started = { base: server.base, pid: server.c.pid! };
    const base = started.base;
    const pid = started.pid;

    const reg = await fetch(`${base}/api/auth/register-admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench_admin', password: 'Bench#2026', password2: 'Bench#2026' }),
    });
    const token = ((await reg.json()) as { data: { token: string } }).data.token;

    const list = `${base}/api/system/users`;
    const get = async (q: string) => (await (await fetch(`${list}?${q}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { total: number };
    const scenarios = [
      {
        name: 'selective keyword',
        warm: { label: '"zhangwei" + status=0', query: 'keyword=zhangwei&status=0' },
        cold: { label: 'name, nickname, mobile or email part', paths: coldQueries(selectiveKeywords(USERS, 7), 60_000, 11) },
      },
      {
        name: 'broad keyword',
        warm: { label: '"zhang" + tagid=vip', query: 'keyword=zhang&tagid=vip' },
        cold: { label: 'a surname or given name', paths: coldQueries(BROAD_KEYWORDS, 60_000, 13) },
      },
    ];
    const fmt = (r: Awaited<ReturnType<typeof load>>) =>
      `p50 ${r.p50} ms, p95 ${r.p95} ms, p99 ${r.p99} ms, ${r.rps.toFixed(0)} req/s (${r.total} requests, non-2xx ${r.non2xx}, errors ${r.errors})`;
    /** one load run, with the CPU each process spent per request */
    const measured = async (paths: string[] | undefined, url: string) => {
      const cpu0 = { server: cpuS(pid), pg: pgPids(dataDir).reduce((a, p) => a + cpuS(p), 0), self: process.cpuUsage() };
      const r = await load(url, token, paths);
      const perReq = (sec: number) => ((sec * 1000) / r.total).toFixed(2);
      const u = process.cpuUsage(cpu0.self);
      // backends that ended meanwhile are not counted: the figure is a lower bound for PostgreSQL
      const pgS = pgPids(dataDir).reduce((a, p) => a + cpuS(p), 0) - cpu0.pg;
      console.log(
        `    CPU per request: server ${perReq(cpuS(pid) - cpu0.server)} ms, PostgreSQL ${perReq(pgS)} ms, load generator ${perReq((u.user + u.system) / 1e6)} ms`,
      );
      return r;
    };
    const ratio = (p95: number) => `${(p95 / TARGET.p95Ms).toFixed(2)}x`;
    const rows: string[][] = [];
    for (const s of scenarios) {
      // warm: one query asked over and over, after a first request that fills the cache
      const probe = await get(`${s.warm.query}&pageSize=1`);
      await get(s.warm.query);
      const w = await measured(undefined, `${list}?${s.warm.query}&current=1&pageSize=20`);
      console.log(`  ${s.name} ${s.warm.label}, warm: ${probe.total} matches; ${fmt(w)}`);
      // cold: every request a query not asked before
      const c = await measured(s.cold.paths, list);
      // the matches of a sample of the cold queries, of their keyword alone and with their filters
      // (asked after the run, pageSize=1: other queries, so the run's own stayed unasked)
      const spread = async (queries: string[]) => {
        const totals = (await Promise.all(queries.map(async (q) => (await get(`${q}&pageSize=1`)).total))).sort((x, y) => x - y);
        return `${totals[0]}-${totals[totals.length - 1]}, median ${percentile(totals, 50)}`;
      };
      const sample = s.cold.paths.slice(-25);
      const matches =
        `keyword ${await spread(sample.map((q) => q.replace(/&.*$/, '')))}, ` +
        `with filters ${await spread(sample.map((q) => q.replace(/&current=\d+&pageSize=20$/, '')))}`;
      console.log(
        `  ${s.name} (${s.cold.label}), cold: ${matches} matches; ${fmt(c)}` +
          (c.repeated ? `; the ${s.cold.paths.length} queries ran out, ${c.repeated} asked again` : ''),
      );
      rows.push([
        `${s.name}: warm ${s.warm.label}; cold ${s.cold.label}`,
        `${probe.total}; ${matches}`,
        `${w.p50} / ${c.p50} ms`,
        `${w.p95} / ${c.p95} ms`,
        `${w.rps.toFixed(0)} / ${c.rps.toFixed(0)}`,
        `${ratio(w.p95)} / ${ratio(c.p95)}`,
      ]);
    }

    // export of every user, the server's memory sampled meanwhile
    await sleep(1000);
    try {
      fs.writeFileSync(`/proc/${pid}/clear_refs`, '5'); // resets VmHWM (peak RSS) to the current RSS
    } catch {
      /* not allowed: the sampled maximum still counts */
    }
    const before = rssKb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 25);
    const file = path.join(dataDir, 'users.xlsx');
    t0 = performance.now();
    const res = await fetch(`${list}/export`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok || !res.body) throw new Error(`export answered ${res.status}: ${await res.text()}`);
    await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), fs.createWriteStream(file));
    const exportS = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssKb(pid), rssKb(pid, 'VmHWM'));
    const size = fs.statSync(file).size;

    let exported = 0;
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'ignore', hyperlinks: 'ignore', styles: 'ignore' });
    for await (const sheet of reader) for await (const _row of sheet) exported += 1;
    exported -= 2; // the header row and the bench's admin

    const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
    console.log(
      `  export: ${exported.toLocaleString('en')} rows, ${(size / 1e6).toFixed(1)} MB in ${exportS.toFixed(2)} s; ` +
        `server RSS ${mb(before)} before, peak ${mb(peak)} during (+${mb(peak - before)})`,
    );
    console.log(
      '\n' +
        [
          '| user list (a page of 20), warm / cold | matches | p50 | p95 | req/s | p95 / 50 ms |',
          '|---|---|---|---|---|---|',
          ...rows.map((r) => `| ${r.join(' | ')} |`),
          '',
          '| export of all users | rows | size | duration | RSS before | peak RSS | < 10 s |',
          '|---|---|---|---|---|---|---|',
          `| xlsx, streamed | ${exported} | ${(size / 1e6).toFixed(1)} MB | ${exportS.toFixed(2)} s | ${mb(before)} | ${mb(peak)} | ${exportS < TARGET.exportS ? 'yes' : 'no'} |`,
        ].join('\n'),
    );
    console.log(`${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? ''}; node ${process.version}; load generator in this process, server in its own.`);
    if (exported !== USERS) throw new Error(`the export held ${exported} rows, not ${USERS}`);
  } finally {
    for (const server of servers) {
      if (server.exitCode !== null) continue;
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000)]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    await pg.stop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  runSystemUsersBench().catch((e) => {
    console.error(e instanceof Error ? e.stack : e);
    process.exit(1);
  });
}
