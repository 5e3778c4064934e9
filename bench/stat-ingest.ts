/**
 * Statistics ingest: end-to-end HTTP reports (the server in a process of its own, run as npm start
 * runs it; 20 realistic records a report, each answered once its rows are committed) from 16, 32,
 * 64 and 128 concurrent clients (BENCH_STAT_CLIENTS), against raw COPY (pg-copy-streams, 10,000
 * rows a COPY; the median of 3) of the same rows into the same table, on the same machine in the
 * same run; the ratio is the receiver's share of what the table takes, and the best one is its
 * capacity (more clients only wait longer).
 *
 * `npm run bench -- stat-ingest` runs only this one.
 */
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { from as copyFrom } from 'pg-copy-streams';
import { applyMigrations, connect } from '../server/db';
import { startEmbedded } from '../server/db/embedded';
import { seedInitialData } from '../server/db/seed';
import { checkEnvelope, checkRecord } from '../server/modules/stats/receiver-check';
import type { StatRow } from '../server/modules/stats/store/ingest';
import { freePort } from '../tests/support/free-port';
import { pct, startServer } from './processes';

const EVENTS = Number(process.env.BENCH_STAT_EVENTS || 200_000);
/** concurrent clients of each HTTP pass: the receiver's throughput grows with them until a core is full */
const CLIENT_LEVELS = (process.env.BENCH_STAT_CLIENTS || '16,32,64,128').split(',').map(Number);
/** COPY passes (the median counts): the machine's pace moves from run to run */
const COPY_PASSES = 3;
const PER_REPORT = 20;
const COPY_CHUNK = 10_000;
const APPID = '__UNI__BENCH01';
const TARGET_RATIO = 0.5;
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const PAGES = ['/pages/index/index', '/pages/goods/detail', '/pages/cart/cart', '/pages/user/center', '/pages/order/list', '/pages/search/search'];
const EVENTS_NAMES = ['add_to_cart', 'share', 'search', 'favourite', 'checkout_click'];
const PLATFORMS = ['web', 'h5', 'android', 'ios', 'mp-weixin'];

let seq = 0;
const rid = () => `e${(++seq).toString(36)}${Math.random().toString(36).slice(2, 10)}`;

/** one device's report: a session of page views, events, the odd error and pay record */
function report(device: number, now: number): { body: string; records: number } {
  const sid = `s${device.toString(36)}${Math.random().toString(36).slice(2, 12)}`;
  const records: Record<string, unknown>[] = [];
  let ts = now - 60_000 + Math.floor(Math.random() * 30_000);
  for (let i = 0; i < PER_REPORT; i++) {
    ts += 200 + Math.floor(Math.random() * 3000);
    const r = Math.random();
    const page = PAGES[Math.floor(Math.random() * PAGES.length)];
    const base = { id: rid(), ts, sid };
    if (i === 0) records.push({ ...base, kind: 'launch', url: `https://shop.example.com/#${page}` });
    else if (r < 0.55)
      records.push({
        ...base,
        kind: 'page',
        url: `https://shop.example.com/#${page}?id=${Math.floor(Math.random() * 5000)}`,
        referrer: 'https://shop.example.com/',
        title: 'Example shop',
      });
    else if (r < 0.85)
      records.push({
        ...base,
        kind: 'event',
        name: EVENTS_NAMES[Math.floor(Math.random() * EVENTS_NAMES.length)],
        value: { sku: `sku-${Math.floor(Math.random() * 900)}`, qty: 1 },
      });
    else if (r < 0.93) records.push({ ...base, kind: Math.random() < 0.5 ? 'show' : 'hide' });
    else if (r < 0.98)
      records.push({
        ...base,
        kind: 'error',
        message: "TypeError: Cannot read properties of undefined (reading 'price')",
        stack: `TypeError: Cannot read properties of undefined (reading 'price')\n    at render (https://shop.example.com/static/js/pages-goods-detail.3f2a9c.js:1:${1000 + Math.floor(Math.random() * 90)})\n    at Vue._render (https://shop.example.com/static/js/chunk-vendors.js:2:41231)`,
      });
    else
      records.push({
        ...base,
        kind: 'pay',
        order_no: `O${Date.now()}${Math.floor(Math.random() * 1e6)}`,
        amount_cents: 100 + Math.floor(Math.random() * 20_000),
      });
  }
  const body = {
    appid: APPID,
    device_id: `dev${device.toString().padStart(6, '0')}${'x'.repeat(20)}`,
    uid: device % 3 ? `u${device}` : undefined,
    platform: PLATFORMS[device % PLATFORMS.length],
    channel: `ch${device % 4}`,
    version: `1.${device % 3}.0`,
    os: 'iOS 17.4',
    device_model: 'iPhone15,2',
    screen: '390x844',
    language: 'zh-CN',
    records,
  };
  return { body: JSON.stringify(body), records: records.length };
}

/** COPY text format: one line per row */
const cell = (v: unknown) =>
  v === null || v === undefined ? '\\N' : String(v).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
const COPY_COLUMNS =
  'ts, eid, app_id, device_id, uid, sid, kind, platform, channel, scene, version, os, device_model, screen, language, url, referrer, title, ev_key, ev_value, err_hash, err_msg, err_stack, order_no, amount_cents';
const copyLine = (r: StatRow) =>
  [
    r.ts.toISOString(),
    r.eid,
    r.appId,
    r.deviceId,
    r.uid,
    r.sid,
    r.kind,
    r.platform,
    r.channel,
    r.scene,
    r.version,
    r.os,
    r.deviceModel,
    r.screen,
    r.language,
    r.url,
    r.referrer,
    r.title,
    r.evKey,
    r.evValue,
    r.errHash,
    r.errMsg,
    r.errStack,
    r.orderNo,
    r.amountCents,
  ]
    .map(cell)
    .join('\t') + '\n';

/** CPU seconds a process has used (user + system) */
function cpuS(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds of the postmaster and every backend of the cluster in dataDir */
function pgCpuS(dataDir: string): number {
  const postmaster = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  let total = cpuS(postmaster);
  for (const n of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(n)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${n}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster) total += cpuS(Number(n));
    } catch {
      /* gone meanwhile */
    }
  }
  return total;
}

function post(agent: http.Agent, port: number, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/stat/report',
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': UA },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export async function runStatIngestBench(): Promise<void> {
  console.log(
    `\nstat-ingest: ${EVENTS} records as ${PER_REPORT}-record reports over HTTP from ${CLIENT_LEVELS.join(' / ')} concurrent clients, against COPY of the same rows`,
  );
  console.log(
    `  load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-stat-'));
  fs.chmodSync(dataDir, 0o777);
  const pg = await startEmbedded({ dataDir, port: await freePort() });
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const db = connect(pg.url, 2);
    await applyMigrations(db);
    await seedInitialData(db);
    await db.$client.query(`INSERT INTO apps (appid, name) VALUES ($1, 'Bench shop')`, [APPID]);
    // one app key sends everything here: its rate limit is not what is measured
    await db.$client.query(`INSERT INTO app_settings (key, value) VALUES ('settings.stats', '{"rate_limit_per_minute": 100000000}'::jsonb)`);
    const port = await freePort();
    server = await startServer(pg.url, dataDir, true, {}, port);

    // the reports, made before the clock starts (the clients' own work is not the server's)
    const now = Date.now();
    const reports: Array<{ body: string; records: number }> = [];
    for (let i = 0; i < EVENTS / PER_REPORT; i++) reports.push(report(i % 5000, now));

    // (a) COPY of the same rows (checked exactly as the receiver checks them)
    const rows: StatRow[] = [];
    for (const r of reports) {
      const parsed = JSON.parse(r.body) as { records: unknown[] };
      const env = checkEnvelope(parsed);
      parsed.records.forEach((rec, i) => {
        const row = checkRecord(rec, i, { env, now: Date.now(), retentionDays: 100 });
        if (!('code' in row)) rows.push(row);
      });
    }
    // (a) COPY, COPY_PASSES times (the median counts)
    const copyRuns: Array<{ s: number; pg: number; client: number }> = [];
    const empty = async () => {
      await db.$client.query('TRUNCATE stat_events');
      await db.$client.query('DELETE FROM stat_dirty');
      await db.$client.query('VACUUM ANALYZE stat_events');
    };
    for (let pass = 0; pass < COPY_PASSES; pass++) {
      const client = await db.$client.connect();
      const cpu0 = { pg: pgCpuS(dataDir), self: process.cpuUsage() };
      const c0 = performance.now();
      for (let at = 0; at < rows.length; at += COPY_CHUNK) {
        const chunk = rows.slice(at, at + COPY_CHUNK);
        await pipeline(Readable.from(chunk.map(copyLine)), client.query(copyFrom(`COPY stat_events (${COPY_COLUMNS}) FROM STDIN`)));
      }
      const self = process.cpuUsage(cpu0.self);
      copyRuns.push({ s: (performance.now() - c0) / 1000, pg: pgCpuS(dataDir) - cpu0.pg, client: (self.user + self.system) / 1e6 });
      client.release();
      await empty();
    }
    const copy = [...copyRuns].sort((a, b) => a.s - b.s)[Math.floor(copyRuns.length / 2)];
    const copyRate = rows.length / copy.s;
    console.log(
      `  COPY: ${rows.length} rows in ${copyRuns.map((r) => r.s.toFixed(2)).join(' / ')} s, median ${copyRate.toFixed(0)} rows/s (${COPY_CHUNK} rows a COPY, one connection, no dirty marks); ` +
        `CPU: PostgreSQL ${copy.pg.toFixed(1)} s, the COPY client ${copy.client.toFixed(1)} s`,
    );

    // (b) the same records over HTTP, at each level of concurrency
    const us = (cpuSeconds: number, n: number) => ((cpuSeconds * 1e6) / n).toFixed(1);
    const table: string[] = [];
    let best = { ratio: 0, clients: 0, p95: 0 };
    for (const clients of CLIENT_LEVELS) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
      const latencies: number[] = [];
      const statuses: Record<string, number> = {};
      let accepted = 0;
      let next = 0;
      const cpu0 = { server: cpuS(server.c.pid!), pg: pgCpuS(dataDir) };
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (next < reports.length) {
            const r = reports[next++];
            for (;;) {
              const s = performance.now();
              const res = await post(agent, port, r.body);
              latencies.push(performance.now() - s);
              const answer = JSON.parse(res.text) as { data?: { accepted: number }; errorCode?: string };
              const said = res.status === 200 ? '200' : `${res.status} ${answer.errorCode}`;
              statuses[said] = (statuses[said] ?? 0) + 1;
              if (res.status === 200) accepted += answer.data!.accepted;
              // told to come back (a full buffer): the same report again, a moment later
              if (res.status !== 429) break;
              await new Promise((done) => setTimeout(done, 20));
            }
          }
        }),
      );
      const httpS = (performance.now() - t0) / 1000;
      const cpu = { server: cpuS(server.c.pid!) - cpu0.server, pg: pgCpuS(dataDir) - cpu0.pg };
      agent.destroy();
      const { rows: stored } = await db.$client.query<{ n: number }>('SELECT count(*)::int AS n FROM stat_events');
      if (stored[0].n !== reports.length * PER_REPORT)
        throw new Error(`${stored[0].n} rows stored of ${reports.length * PER_REPORT}; answers ${JSON.stringify(statuses)}`);
      const rate = accepted / httpS;
      const ratio = rate / copyRate;
      const p95 = pct(latencies, 95);
      if (ratio > best.ratio) best = { ratio, clients, p95 };
      table.push(
        `| ${clients} | ${rate.toFixed(0)} | ${pct(latencies, 50).toFixed(1)} ms | ${p95.toFixed(1)} ms | ${pct(latencies, 99).toFixed(1)} ms | ${ratio.toFixed(2)}x | ` +
          `${us(cpu.server, accepted)} µs | ${us(cpu.pg, accepted)} µs | ${JSON.stringify(statuses)} |`,
      );
      await empty();
    }
    console.log('\n| clients | records/s | report p50 | p95 | p99 | HTTP / COPY | server CPU per record | PostgreSQL CPU per record | answers |');
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const line of table) console.log(line);
    console.log(
      `  PostgreSQL CPU per row for COPY: ${us(copy.pg, rows.length)} µs. Best: ${best.ratio.toFixed(2)}x of COPY with ${best.clients} clients (report p95 ${best.p95.toFixed(1)} ms); ` +
        `target >= ${TARGET_RATIO}x: ${best.ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`,
    );
    console.log(
      `  ${os.cpus().length} CPUs; node ${process.version}; load average after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
    await db.$client.end();
  } finally {
    server?.c.kill('SIGTERM');
    if (server) await new Promise((r) => server!.c.once('exit', r));
    await pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
