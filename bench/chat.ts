/**
 * The chat and the ledger under load, on a throwaway embedded PostgreSQL, with the server and the
 * OpenAI-compatible stand-in each in a process of its own:
 *  - streams: BENCH_STREAMS (500) streaming chats opened over BENCH_RAMP_S (5 s) by 50 users, each
 *    answer 200 tokens 50 ms apart (10 s), so all of them stream at once. Per chat the time to
 *    its first token through the server, against the same load sent to the stand-in directly:
 *    p50 / p95 and the latency the server adds (target p95 < 20 ms); tokens lost or out of order
 *    (target 0: every answer must read "w1 w2 ... w200" in order, on the wire and as saved); the
 *    server's RSS before and at its peak; the balances against the ledger afterwards.
 *  - ledger: 50 concurrent clients doing hold + capture pairs for BENCH_LEDGER_S (10 s), each on its
 *    own account and all on one shared account (every pair waits for that account's row lock):
 *    pairs per second, then the reconciliation (every balance equals its ledger).
 *
 * `npm run bench -- chat` runs only this one.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { applyMigrations, connect } from '../server/db';
import { startEmbedded } from '../server/db/embedded';
import { seedInitialData } from '../server/db/seed';
import { users } from '../server/db/schema';
import { hashPassword } from '../server/modules/auth/passwords';
import { freePort } from '../tests/support/free-port';
import { openAiText, pct, ramp as rampOver, sleep, startServer, startStandin, timedStream } from './processes';
import { creditsOf } from '../tests/support/services';

const STREAMS = Number(process.env.BENCH_STREAMS || 500);
const RAMP_S = Number(process.env.BENCH_RAMP_S || 5);
const USERS = 50;
const TOKENS = 200;
const LEDGER_S = Number(process.env.BENCH_LEDGER_S || 10);
const LEDGER_CLIENTS = 50;
const TARGET = { addedP95Ms: 20, lost: 0 };

const EXPECTED = Array.from({ length: TOKENS }, (_, i) => `w${i + 1}`).join(' ');

function rssMb(pid: number): number {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return Number(m?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

const ramp = <T>(n: number, open: (i: number) => Promise<T>) => rampOver(n, RAMP_S, open);

export async function runChatBench(): Promise<void> {
  console.log(`\nchat: ${STREAMS} streaming chats over ${RAMP_S} s (${TOKENS} tokens each, 50 ms apart); ledger: ${LEDGER_CLIENTS} clients for ${LEDGER_S} s`);
  console.log(
    `  load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-chat-'));
  fs.chmodSync(dataDir, 0o777);
  const pg = await startEmbedded({ dataDir, port: await freePort() });
  const procs: ChildProcess[] = [];
  try {
    const db = connect(pg.url, LEDGER_CLIENTS + 5);
    await applyMigrations(db);
    await seedInitialData(db);
    const credits = creditsOf(db);

    const standin = await startStandin(50);
    procs.push(standin.c);
    const { baseUrl } = standin;
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
    const model = (
      await post('/api/ai/models', admin, {
        name: 'stand-in',
        protocol: 'openai',
        base_url: baseUrl,
        provider_model: 'echo',
        context_window: 128000,
        max_output_tokens: 1000,
        input_price: 100_000,
        output_price: 200_000,
      })
    ).data;
    const hash = await hashPassword('Bench#2026');
    const tokens: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const [u] = await db
        .insert(users)
        .values({ username: `chatter${i}`, passwordHash: hash })
        .returning();
      await credits.postNow({ userId: u.id, kind: 'grant', amount: 100_000, key: `bench:${u.id}` });
      tokens.push((await post('/api/auth/login', null, { username: `chatter${i}`, password: 'Bench#2026' })).data.token);
    }
    // as the console does when the chat page opens (the server loads its tokenizer and SDKs then)
    await fetch(`${base}/api/chat/models`, { headers: { authorization: `Bearer ${tokens[0]}` } });
    await sleep(3000);
    const conversations = await Promise.all(Array.from({ length: STREAMS }, (_, i) => post('/api/chat/conversations', tokens[i % USERS], {})));

    // the stand-in alone, under the same ramp
    const prompt = `[[tokens:${TOKENS}]]`;
    const direct = await ramp(STREAMS, () =>
      timedStream(
        `${baseUrl}/chat/completions`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            model: 'echo',
            stream: true,
            stream_options: { include_usage: true },
            max_tokens: 1000,
            messages: [{ role: 'user', content: prompt }],
          }),
        },
        openAiText,
      ),
    );

    // through the server
    const rssBefore = rssMb(server.c.pid!);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(server.c.pid!))), 200);
    // how long the server takes to answer the cheapest request while it streams: its event loop's lag
    const probes: number[] = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const t = performance.now();
        await fetch(`${base}/api/health`).then(
          (r) => r.arrayBuffer(),
          () => undefined,
        );
        probes.push(performance.now() - t);
        await sleep(100);
      }
    })();
    const t0 = performance.now();
    const through = await ramp(STREAMS, (i) =>
      timedStream(
        `${base}/api/chat/conversations/${conversations[i].data.id}/messages`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i % USERS]}` },
          body: JSON.stringify({ content: prompt, parent_id: null, model_id: model.id }),
        },
        (line) => (line.startsWith('data: {"text"') ? (JSON.parse(line.slice(6)) as { text: string }).text : undefined),
      ),
    );
    const wallS = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    probing = false;
    await probe;

    const wireBad = through.filter((r) => r.text !== EXPECTED).length;
    // the provider's part as the server saw it (from its request to the provider to the first token)
    const seen = (
      await db.execute<{ ms: number }>(sql`SELECT first_token_ms AS ms FROM chat_messages WHERE role = 'assistant' AND first_token_ms IS NOT NULL`)
    ).rows.map((r) => r.ms);
    const saved = await db.execute<{ content: string }>(sql`SELECT content FROM chat_messages WHERE role = 'assistant'`);
    const savedBad = saved.rows.filter((r) => r.content !== EXPECTED).length + (STREAMS - saved.rows.length);
    const d = direct.map((r) => r.firstMs);
    const s = through.map((r) => r.firstMs);
    const recon = await credits.reconcile('admin');
    const f = (x: number) => `${x.toFixed(1)} ms`;
    console.log(`  ${STREAMS} streams through the server in ${wallS.toFixed(1)} s`);
    console.log(`  first token, stand-in directly: p50 ${f(pct(d, 50))}, p95 ${f(pct(d, 95))}`);
    console.log(`  first token, through the server: p50 ${f(pct(s, 50))}, p95 ${f(pct(s, 95))}`);
    const added = pct(s, 95) - pct(d, 95);
    console.log(
      `  added by the server at p95: ${f(added)} (target < ${TARGET.addedP95Ms} ms: ${(added / TARGET.addedP95Ms).toFixed(2)}x); at p50: ${f(pct(s, 50) - pct(d, 50))}`,
    );
    console.log(
      `  of which the stand-in's own first token, as the server saw it: p50 ${f(pct(seen, 50))}, p95 ${f(pct(seen, 95))} (under the same load the stand-in is slower too)`,
    );
    const fifth = Math.floor(STREAMS / 5);
    const addedP95 = (from: number) => pct(s.slice(from, from + fifth), 95) - pct(d.slice(from, from + fifth), 95);
    console.log(`  added at p95 by arrival: first fifth ${f(addedP95(0))} (few streams open yet), last fifth ${f(addedP95(STREAMS - fifth))} (all streaming)`);
    console.log(`  /api/health while streaming: p50 ${f(pct(probes, 50))}, p95 ${f(pct(probes, 95))} (the server's event-loop lag)`);
    console.log(`  answers lost tokens or out of order: ${wireBad} on the wire, ${savedBad} as saved (target ${TARGET.lost})`);
    console.log(`  server RSS: ${rssBefore.toFixed(0)} MB before, ${rssPeak.toFixed(0)} MB at the peak`);
    console.log(`  reconciliation after the run: ${recon.usersChecked} accounts, ${recon.mismatches.length} differences`);

    // the ledger alone
    const ledgerUsers: string[] = [];
    for (let i = 0; i < LEDGER_CLIENTS + 1; i++) {
      const [u] = await db
        .insert(users)
        .values({ username: `ledger${i}` })
        .returning();
      await credits.postNow({ userId: u.id, kind: 'grant', amount: 1_000_000_000, key: `bench:${u.id}` });
      ledgerUsers.push(u.id);
    }
    const pairs = async (userOf: (client: number) => string) => {
      let n = 0;
      const until = performance.now() + LEDGER_S * 1000;
      await Promise.all(
        Array.from({ length: LEDGER_CLIENTS }, async (_, c) => {
          while (performance.now() < until) {
            const h = await credits.hold(userOf(c), 100, { key: `bench-pair:${c}:${n++}:${Math.random()}`, refType: 'admin' });
            await credits.settle(h.id, 37);
          }
        }),
      );
      return n / LEDGER_S;
    };
    const own = await pairs((c) => ledgerUsers[c]);
    const shared = await pairs(() => ledgerUsers[LEDGER_CLIENTS]);
    const after = await credits.reconcile('admin');
    console.log(
      `  ledger, ${LEDGER_CLIENTS} clients: ${own.toFixed(0)} hold + capture pairs/s on their own accounts, ${shared.toFixed(0)} pairs/s all on one account`,
    );
    console.log(`  reconciliation after the ledger run: ${after.usersChecked} accounts, ${after.mismatches.length} differences`);
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
