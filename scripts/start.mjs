#!/usr/bin/env node
/**
 * npm start: builds the console when needed (scripts/console-build.mjs), then runs the server
 * (server/main.ts through tsx) and passes signals on.
 *
 * The server runs in its own process group, so a Ctrl-C in the terminal reaches only this
 * script (and npm), which hands it on once: the server then finishes its requests before it
 * stops its PostgreSQL, instead of PostgreSQL receiving the Ctrl-C at the same moment. A second
 * Ctrl-C forces. The IPC channel makes the server stop by itself if this script dies.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { abortBuild, ensureConsoleBuilt, ROOT } from './console-build.mjs';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
let server;
let lastSignalAt = 0;

for (const sig of SIGNALS) {
  process.on(sig, () => {
    const now = Date.now();
    // one Ctrl-C arrives twice, from the terminal and forwarded by npm: hand it on once
    if (now - lastSignalAt < 300) return;
    lastSignalAt = now;
    if (server) {
      server.kill(sig);
    } else {
      abortBuild();
      process.exit(128 + (sig === 'SIGINT' ? 2 : sig === 'SIGTERM' ? 15 : 1));
    }
  });
}

try {
  await ensureConsoleBuilt();
} catch (e) {
  console.error(`[console] ${e.message}`);
  console.error('[console] the console could not be built; fix the build (npx max build) and run npm start again');
  process.exit(1);
}

server = spawn(process.execPath, ['--import', 'tsx', path.join('server', 'main.ts')], {
  cwd: ROOT,
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  detached: true,
  env: process.env,
});
server.on('message', () => undefined); // 'ready': nothing to do, the server prints its URL
server.on('error', (e) => {
  console.error(`[console] could not run the server: ${e.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  process.exit(code ?? 128 + (signal === 'SIGKILL' ? 9 : signal === 'SIGTERM' ? 15 : 2));
});
