#!/usr/bin/env node
/**
 * npm run dev: umi dev (hot reload) for the console, and the real server code with demo data
 * behind its /api proxy (mock/dev-api.ts, restarted by `node --watch` when server/, shared/
 * or mock/ change). Ctrl-C stops both. Settings: API_PORT (default 8001), PORT (umi dev,
 * default 8000), HMR_PORT (Vite's hot-reload socket, default 24678), HOST (umi dev, default
 * 127.0.0.1), DEV_DATA_DIR (default ./data/dev), APP_ROOT (umi's: the folder the console is
 * built from, default this repository).
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function portIsFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host: '127.0.0.1', exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

let apiPort = Number(process.env.API_PORT || 8001);
if (!(await portIsFree(apiPort))) {
  const free = await freePort();
  console.log(`[dev] port ${apiPort} is busy; the dev API uses port ${free}`);
  apiPort = free;
}
// Vite's hot-reload socket has a port of its own (24678 unless busy: another npm run dev)
let hmrPort = Number(process.env.HMR_PORT || 24678);
if (!(await portIsFree(hmrPort))) hmrPort = await freePort();
const env = { ...process.env, API_PORT: String(apiPort), HMR_PORT: String(hmrPort), HOST: process.env.HOST || '127.0.0.1' };

const children = new Set();
let stopping = false;

function run(name, cmd, args, childEnv = env, cwd = ROOT) {
  const child = spawn(cmd, args, { cwd, env: childEnv, stdio: 'inherit' });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.log(`[dev] ${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest`);
      stop('SIGTERM', code || 1);
    } else if (children.size === 0) process.exit(process.exitCode ?? 0);
  });
  return child;
}

function stop(sig, code = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  for (const c of children) c.kill(sig);
  if (children.size === 0) process.exit(code);
  // whatever is still running after 20 s is not coming back
  setTimeout(() => {
    for (const c of children) c.kill('SIGKILL');
    process.exit(code || 1);
  }, 20_000).unref();
}

// a terminal Ctrl-C reaches the children too; this only waits for them to finish
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => stop(sig, 0));

run('the dev API', process.execPath, [
  '--watch-path=server',
  '--watch-path=shared',
  '--watch-path=mock',
  '--watch-preserve-output',
  '--import',
  'tsx',
  path.join('mock', 'dev-api.ts'),
]);
// umi dev would listen on every interface: scripts/listen-host.cjs holds it to HOST
const umiEnv = { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ''} --require ${path.join(ROOT, 'scripts', 'listen-host.cjs')}`.trim() };
// umi's APP_ROOT (the folder the console is built from) is also where its caches go
const appRoot = process.env.APP_ROOT ? path.resolve(process.env.APP_ROOT) : ROOT;
run('umi dev', path.join(ROOT, 'node_modules', '.bin', 'max'), ['dev'], umiEnv, appRoot);
console.log(`[dev] console: umi dev (see its URL below); API: http://127.0.0.1:${apiPort}/api (proxied as /api)`);
