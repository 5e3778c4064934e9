/**
 * Payment notifications through a server process of its own (HTTP, as Alipay posts them), on a
 * throwaway embedded PostgreSQL, with the Alipay stand-in (real RSA2 signatures) in this process:
 *  - 100 concurrent copies of one order's notification: how long they take, and that exactly one
 *    credit lands (the ledger and the balance are checked afterwards);
 *  - notifications per second for distinct orders (BENCH_PAY_ORDERS, 500), BENCH_PAY_CONCURRENCY
 *    (50) at a time, every one verified, locked, marked and credited; set against what verifying
 *    the signature alone allows on one core (the part no database can speed up).
 *
 * `npm run bench -- payments` runs only this one.
 */
import type { ChildProcess } from 'node:child_process';
import { createVerify } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { applyMigrations, connect } from '../server/db';
import { startEmbedded } from '../server/db/embedded';
import { seedInitialData } from '../server/db/seed';
import { users } from '../server/db/schema';
import { hashPassword } from '../server/modules/auth/passwords';
import { startAlipayStandin } from '../tests/support/alipay-standin';
import { freePort } from '../tests/support/free-port';
import { pct, startServer } from './processes';

const ORDERS = Number(process.env.BENCH_PAY_ORDERS || 500);
const CONCURRENCY = Number(process.env.BENCH_PAY_CONCURRENCY || 50);
const DUPLICATES = 100;
/** buyers the distinct orders are spread over (one account's credits are posted one at a time, under its row lock) */
const BUYERS = Number(process.env.BENCH_PAY_BUYERS || 25);

export async function runPaymentsBench(): Promise<void> {
  console.log(`\npayments: ${DUPLICATES} concurrent duplicates of one notification; ${ORDERS} distinct orders of ${BUYERS} buyers, ${CONCURRENCY} at a time`);
  console.log(
    `  load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-pay-'));
  fs.chmodSync(dataDir, 0o777);
  const pg = await startEmbedded({ dataDir, port: await freePort() });
  const ali = await startAlipayStandin();
  const procs: ChildProcess[] = [];
  try {
    const db = connect(pg.url, 5);
    await applyMigrations(db);
    await seedInitialData(db);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = await startServer(pg.url, dataDir, false, { ...ali.env(), PUBLIC_URL: base }, port);
    procs.push(server.c);
    const post = async (url: string, token: string | null, body: unknown) =>
      (await (
        await fetch(`${base}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        })
      ).json()) as { data: any };
    const token = (await post('/api/auth/register-admin', null, { username: 'bench_admin', password: 'Bench#2026', password2: 'Bench#2026' })).data
      .token as string;
    const [{ id: uid }] = (await db.execute<{ id: string }>(sql`SELECT id FROM users WHERE username = 'bench_admin'`)).rows;
    const notify = (body: string) =>
      fetch(`${base}/api/pay/notify/alipay`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' }, body }).then(
        (r) => r.text(),
      );
    const newOrder = async (as = token) => (await post('/api/pay/orders', as, { method: 'alipay_qr', amount_cents: 100 })).data.order_no as string;
    const hash = await hashPassword('Bench#2026');
    const buyers: string[] = [];
    for (let i = 0; i < BUYERS; i++) {
      await db.insert(users).values({ username: `buyer_${i}`, passwordHash: hash });
      buyers.push((await post('/api/auth/login', null, { username: `buyer_${i}`, password: 'Bench#2026' })).data.token as string);
    }
    const balance = async () => (await db.execute<{ score: number }>(sql`SELECT score FROM users WHERE id = ${uid}`)).rows[0].score;

    // (a) one order, 100 copies at once
    const dupOrder = await newOrder();
    await ali.pay(dupOrder, { notify: false });
    const body = ali.notificationFor(dupOrder);
    const before = await balance();
    const t0 = performance.now();
    const answers = await Promise.all(Array.from({ length: DUPLICATES }, () => notify(body)));
    const dupMs = performance.now() - t0;
    const [{ c: credits }] = (await db.execute<{ c: string }>(sql`SELECT count(*) AS c FROM credit_ledger WHERE idempotency_key = ${`topup:${dupOrder}`}`))
      .rows;
    const gained = (await balance()) - before;
    console.log(
      `  ${DUPLICATES} concurrent duplicates: ${dupMs.toFixed(0)} ms, ${answers.filter((a) => a === 'success').length} answered success, ` +
        `credits posted ${credits} time(s), balance +${gained} (the order: +100)  ${Number(credits) === 1 && gained === 100 ? 'OK' : 'WRONG'}`,
    );

    // (b) distinct orders: created and paid at the stand-in first, then their notifications posted
    const orders: string[] = [];
    for (let i = 0; i < ORDERS; i += 20)
      orders.push(...(await Promise.all(Array.from({ length: Math.min(20, ORDERS - i) }, (_, j) => newOrder(buyers[(i + j) % BUYERS])))));
    const bodies: string[] = [];
    for (const o of orders) {
      await ali.pay(o, { notify: false });
      bodies.push(ali.notificationFor(o));
    }
    const total = async () => Number((await db.execute<{ s: string }>(sql`SELECT sum(score) AS s FROM users WHERE username LIKE 'buyer%'`)).rows[0].s);
    const startBalance = await total();
    const latencies: number[] = [];
    let next = 0;
    const t1 = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < bodies.length) {
          const b = bodies[next++];
          const t = performance.now();
          const a = await notify(b);
          latencies.push(performance.now() - t);
          if (a !== 'success') throw new Error(`notification answered ${a}`);
        }
      }),
    );
    const secs = (performance.now() - t1) / 1000;
    const [{ c: credited }] = (
      await db.execute<{ c: string }>(sql`SELECT count(*) AS c FROM pay_orders WHERE status = 'credited' AND order_no = ANY(${sql.param(orders)}::text[])`)
    ).rows;
    const rate = ORDERS / secs;

    // what RSA2 verification alone allows on one core (the server verifies every notification)
    const pub = ali.config().alipayPublicKey;
    const content = body
      .split('&')
      .filter((kv) => !kv.startsWith('sign=') && !kv.startsWith('sign_type='))
      .map(decodeURIComponent)
      .sort()
      .join('&');
    const sign = decodeURIComponent(
      body
        .split('&')
        .find((kv) => kv.startsWith('sign='))!
        .slice(5),
    );
    const v0 = performance.now();
    let verifies = 0;
    while (performance.now() - v0 < 1000) {
      createVerify('RSA-SHA256').update(content, 'utf8').verify(pub, sign, 'base64');
      verifies++;
    }
    const verifyRate = verifies / ((performance.now() - v0) / 1000);
    console.log(
      `  distinct orders: ${rate.toFixed(0)} notifications/s (${secs.toFixed(2)} s for ${ORDERS}), p50 ${pct(latencies, 50).toFixed(1)} ms, p95 ${pct(latencies, 95).toFixed(1)} ms; ` +
        `${credited}/${ORDERS} credited, buyers' balances +${(await total()) - startBalance} (expected +${ORDERS * 100})`,
    );
    console.log(`  RSA2 verification alone: ${verifyRate.toFixed(0)} /s on one core; notifications end to end are ${(rate / verifyRate).toFixed(2)}x of that`);
    await db.$client.end();
  } finally {
    for (const c of procs) c.kill('SIGTERM');
    await ali.close();
    await pg.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
