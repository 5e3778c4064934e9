/**
 * The statistics receiver's buffer, partitions and shutdown: a full buffer answered with when to
 * come back, the partitions' upkeep, and a SIGTERM that loses no acknowledged record.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { statPools } from '../../server/modules/stats/pools';
import { PgIngestStore } from '../../server/modules/stats/store/ingest';
import { ensurePartitions, listPartitions, utcDay } from '../../server/modules/stats/store/partitions';
import { freePort } from '../support/free-port';
import { createTestApp, createTestDatabase } from '../support/test-app';
import { addApp, APP, BROWSER, envelope, page, report, stored } from '../support/stat-report';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await addApp(t.db, APP);
});
afterAll(async () => {
  await t?.close();
});

describe('buffer, partitions, shutdown', () => {
  test('a full buffer answers 429 STAT_BUSY with Retry-After and keeps nothing of that report', async () => {
    const small = await createTestApp({ statIngest: { bufferRows: 30, flushRows: 1000, flushMs: 5, writers: 2 } });
    try {
      await addApp(small.db, APP);
      // warm up (partitions, app list) so the held write below is the only thing waiting
      expect((await report(small.app, envelope({ records: [page()] }))).status).toBe(200);
      // another session holds the raw table: the buffer's write waits
      const blocker = await small.db.$client.connect();
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE stat_events IN ACCESS EXCLUSIVE MODE');
      const first = Array.from({ length: 20 }, () => page());
      const pending = report(small.app, envelope({ records: first }));
      await new Promise((r) => setTimeout(r, 200));
      const second = Array.from({ length: 20 }, () => page());
      const busy = await report(small.app, envelope({ records: second }));
      expect([busy.status, busy.body.errorCode]).toEqual([429, 'STAT_BUSY']);
      expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      await blocker.query('COMMIT');
      blocker.release();
      expect((await pending).body.data.accepted).toBe(20);
      expect(
        await stored(
          small.db,
          second.map((s) => s.id),
        ),
      ).toEqual([]);
      expect((await report(small.app, envelope({ records: second }))).body.data.accepted).toBe(20);
    } finally {
      await small.close();
    }
  });

  test("the partitions job makes today's and tomorrow's partitions and drops those past the retention", async () => {
    const now = new Date();
    const tomorrow = utcDay(now.getTime() + 86_400_000);
    // the job runs once at start
    for (let i = 0; i < 100 && !(await listPartitions(t.db.$client)).includes(tomorrow); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await listPartitions(t.db.$client)).toEqual(expect.arrayContaining([utcDay(now), tomorrow]));
    const old = utcDay(now.getTime() - 150 * 86_400_000);
    const kept = utcDay(now.getTime() - 50 * 86_400_000);
    await ensurePartitions(t.db.$client, [old, kept]);
    const pools = statPools(t.db, { write: 1, read: 1 });
    try {
      const done = await new PgIngestStore(pools).maintain(100, now);
      expect(done.dropped).toEqual([old]);
      const left = await listPartitions(t.db.$client);
      expect(left).toContain(kept);
      expect(left).not.toContain(old);
    } finally {
      await pools.end();
    }
  });

  test('SIGTERM while reports are in flight: every record acknowledged as accepted is stored', async () => {
    const database = await createTestDatabase();
    await addApp(database.db, APP);
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stat-sigterm-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      STATIC_DIR: '/nonexistent',
    };
    let output = '';
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: path.join(__dirname, '..', '..'),
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    try {
      for (let i = 0; ; i++) {
        if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
        if (
          await fetch(`${base}/api/health`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        if (i > 600) throw new Error(`server did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const acknowledged: string[] = [];
      const statuses: Record<string, number> = {};
      const partly: number[] = [];
      let answered = 0;
      let stop = false;
      const client = async () => {
        while (!stop) {
          const records = Array.from({ length: 20 }, () => page());
          try {
            const res = await fetch(`${base}/api/stat/report`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'user-agent': BROWSER },
              body: JSON.stringify(envelope({ records })),
            });
            const body = (await res.json()) as { data?: { accepted: number } };
            statuses[res.status] = (statuses[res.status] ?? 0) + 1;
            if (res.status === 200) {
              if (body.data!.accepted !== 20) partly.push(body.data!.accepted);
              acknowledged.push(...records.map((r) => r.id));
              answered++;
            }
          } catch (e) {
            // the server closed: nothing acknowledged
            statuses[String(e)] = (statuses[String(e)] ?? 0) + 1;
            if (child.exitCode !== null) stop = true;
            await new Promise((r) => setTimeout(r, 20));
          }
        }
      };
      const clients = Array.from({ length: 24 }, client);
      for (let i = 0; answered < 30; i++) {
        if (i > 3000) throw new Error(`no reports answered: ${JSON.stringify(statuses)}\n${output}`);
        await new Promise((r) => setTimeout(r, 10));
      }
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      stop = true;
      await Promise.all(clients);
      expect(partly).toEqual([]);
      expect(acknowledged.length).toBeGreaterThanOrEqual(600);
      const rows = await stored(database.db, acknowledged);
      expect(rows.length).toBe(acknowledged.length);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
