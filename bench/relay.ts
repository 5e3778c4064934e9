/**
 * The relay under load, on a throwaway embedded PostgreSQL, with the server and the
 * OpenAI-compatible stand-in each in a process of its own: 100, then 500 concurrent streamed
 * /v1/chat/completions calls with personal keys (50 holders, a key each), opened over BENCH_RAMP_S
 * (5 s), each answer 200 tokens 50 ms apart, against the same load sent to the stand-in directly.
 * Per round: the first token's p50 / p95 directly and through the relay, the latency the relay adds
 * (target p95 < 20 ms at 100 streams), the server's CPU time per relayed token, tokens lost or out
 * of order (target 0), and every balance against its ledger and every key's spending against its
 * usage rows afterwards. Then the time a failover adds: a model whose own provider refuses, with a
 * backup channel, against one that answers at once.
 *
 * `npm run bench -- relay` runs only this one.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { applyMigrations, connect } from '../server/db';
import { startEmbedded } from '../server/db/embedded';
import { seedInitialData } from '../server/db/seed';
import { roles, users } from '../server/db/schema';
import { hashPassword } from '../server/modules/auth/passwords';
import { freePort } from '../tests/support/free-port';
import { creditsOf } from '../tests/support/services';
import { openAiText, pct, ramp as rampOver, sleep, startServer, startStandin, timedStream } from './processes';

const ROUNDS = (process.env.BENCH_RELAY_STREAMS || '100,500').split(',').map(Number);
const RAMP_S = Number(process.env.BENCH_RAMP_S || 5);
const HOLDERS = 50;
const TOKENS = 200;
const TARGET = { addedP95Ms: 20, lost: 0 };
const EXPECTED = Array.from({ length: TOKENS }, (_, i) => `w${i + 1}`).join(' ');

/** the server's CPU time so far (user + system), in ms */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** a streamed call: the ms to its first text, its text and its status */
const timedCall = (url: string, headers: Record<string, string>, body: unknown) =>
  timedStream(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }, openAiText);
const ramp = <T>(n: number, open: (i: number) => Promise<T>) => rampOver(n, RAMP_S, open);

export async function runRelayBench(): Promise<void> {
  console.log(`\nrelay: ${ROUNDS.join(' then ')} streamed calls with personal keys over ${RAMP_S} s (${TOKENS} tokens each, 50 ms apart)`);
  console.log(
    `  load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-relay-'));
  fs.chmodSync(dataDir, 0o777);
  const pg = await startEmbedded({ dataDir, port: await freePort() });
  const procs: ChildProcess[] = [];
  try {
    const db = connect(pg.url, 5);
    await applyMigrations(db);
    await seedInitialData(db);
    const credits = creditsOf(db);
    const standin = await startStandin(50);
    procs.push(standin.c);
    const server = await startServer(pg.url, dataDir, true);
    procs.push(server.c);
    const { base } = server;
    const post = async (url: string, token: string | null, body: unknown) =>
      (await (
        await fetch(`${base}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        })
      ).json()) as { data: any };
    const admin = (await post('/api/auth/register-admin', null, { username: 'bench_admin', password: 'Bench#2026', password2: 'Bench#2026' })).data.token;
    await post('/api/ai/models', admin, {
      name: 'bench-model',
      protocol: 'openai',
      base_url: standin.baseUrl,
      provider_model: 'echo',
      context_window: 128000,
      max_output_tokens: 1000,
      input_price: 100_000,
      output_price: 200_000,
    });
    await db.insert(roles).values({ roleId: 'developer', roleName: 'developer', permission: ['USE_API_KEYS'] });
    const hash = await hashPassword('Bench#2026');
    const keys: string[] = [];
    for (let i = 0; i < HOLDERS; i++) {
      const [u] = await db
        .insert(users)
        .values({ username: `holder${i}`, passwordHash: hash, role: ['developer'] })
        .returning();
      await credits.postNow({ userId: u.id, kind: 'grant', amount: 10_000_000, key: `bench:${u.id}` });
      const token = (await post('/api/auth/login', null, { username: `holder${i}`, password: 'Bench#2026' })).data.token;
      keys.push((await post('/api/api-keys', token, { name: 'bench', rpm_limit: 100_000 })).data.key);
    }
    const body = { model: 'bench-model', stream: true, max_tokens: 1000, messages: [{ role: 'user', content: `[[tokens:${TOKENS}]]` }] };
    // a first call loads the tokenizer, as the first call after a start does
    await timedCall(`${base}/v1/chat/completions`, { authorization: `Bearer ${keys[0]}` }, body);
    await sleep(1000);

    const f = (x: number) => `${x.toFixed(1)} ms`;
    for (const streams of ROUNDS) {
      const direct = await ramp(streams, () =>
        timedCall(`${standin.baseUrl}/chat/completions`, {}, { ...body, model: 'echo', stream_options: { include_usage: true } }),
      );
      const cpu0 = cpuMs(server.c.pid!);
      const t0 = performance.now();
      const through = await ramp(streams, (i) => timedCall(`${base}/v1/chat/completions`, { authorization: `Bearer ${keys[i % HOLDERS]}` }, body));
      const wallS = (performance.now() - t0) / 1000;
      const cpu = cpuMs(server.c.pid!) - cpu0;
      const d = direct.map((r) => r.firstMs);
      const s = through.map((r) => r.firstMs);
      const added = pct(s, 95) - pct(d, 95);
      const bad = through.filter((r) => r.text !== EXPECTED).length;
      console.log(`  ${streams} streams through the relay in ${wallS.toFixed(1)} s (${through.filter((r) => r.status !== 200).length} refused)`);
      console.log(
        `    first token, stand-in directly: p50 ${f(pct(d, 50))}, p95 ${f(pct(d, 95))}; through the relay: p50 ${f(pct(s, 50))}, p95 ${f(pct(s, 95))}`,
      );
      console.log(
        `    added by the relay at p95: ${f(added)} (target < ${TARGET.addedP95Ms} ms: ${(added / TARGET.addedP95Ms).toFixed(2)}x); at p50: ${f(pct(s, 50) - pct(d, 50))}`,
      );
      console.log(
        `    server CPU: ${cpu.toFixed(0)} ms for ${streams * TOKENS} tokens, ${((cpu * 1000) / (streams * TOKENS)).toFixed(1)} µs a relayed token (hold and settle included)`,
      );
      console.log(`    answers with tokens lost or out of order: ${bad} (target ${TARGET.lost})`);
    }
    // failover: a model whose own provider refuses (500) with a backup channel behind it; its
    // first calls pass the refusal over, then (3 failures in a row) the refusing one is paused
    const failing = (
      await post('/api/ai/models', admin, {
        name: 'bench-failover',
        protocol: 'openai',
        base_url: standin.baseUrl,
        provider_model: 'fail',
        context_window: 128000,
        max_output_tokens: 1000,
        input_price: 100_000,
        output_price: 200_000,
      })
    ).data;
    await post(`/api/ai/models/${failing.id}/channels`, admin, {
      name: 'backup',
      protocol: 'openai',
      base_url: standin.baseUrl,
      provider_model: 'echo',
      priority: -1,
    });
    const one = (model: string) =>
      timedCall(
        `${base}/v1/chat/completions`,
        { authorization: `Bearer ${keys[0]}` },
        { ...body, model, messages: [{ role: 'user', content: '[[tokens:5]]' }] },
      );
    const plain: number[] = [];
    const passedOver: number[] = [];
    const paused: number[] = [];
    for (let i = 0; i < 10; i++) plain.push((await one('bench-model')).firstMs);
    for (let i = 0; i < 3; i++) passedOver.push((await one('bench-failover')).firstMs);
    for (let i = 0; i < 10; i++) paused.push((await one('bench-failover')).firstMs);
    console.log(
      `  failover when the first channel refuses (500): first token ${f(pct(passedOver, 50))} against ${f(pct(plain, 50))} without (+${f(pct(passedOver, 50) - pct(plain, 50))}, p50 of 3 calls); once it is paused: ${f(pct(paused, 50))}`,
    );
    // every balance equals its ledger; every key's spending equals its usage rows
    const recon = await credits.reconcile('admin');
    const keyDiff = await db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM api_keys k WHERE k.credits_held <> 0
          OR k.credits_used <> (SELECT coalesce(sum(credits), 0) FROM ai_usage a WHERE a.api_key_id = k.id)`,
    );
    console.log(
      `  reconciliation after the runs: ${recon.usersChecked} accounts, ${recon.mismatches.length} differences; keys whose spending differs from their usage: ${keyDiff.rows[0].n}`,
    );
    console.log(
      `  ${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? ''}; node ${process.version}; load average after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}`,
    );
    await credits.stop();
    await db.$client.end();
  } finally {
    for (const p of procs) p.kill('SIGTERM');
    await Promise.all(procs.map((p) => (p.exitCode === null ? new Promise((r) => p.once('exit', r)) : null)));
    await pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
