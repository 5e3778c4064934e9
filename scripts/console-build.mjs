#!/usr/bin/env node
/**
 * Builds the console (max build -> dist/) when it is missing or older than its sources.
 *
 * Rule (scripts/build-stamp.mjs): build when dist/index.html is missing, or when any file under
 * src/, config/, shared/, locales/, public/, or .umirc.ts / package.json / typings.d.ts is newer
 * than the stamp dist/.build-stamp, or when that list of files changed. umi's generated folders
 * (src/.umi*) are ignored.
 *
 * Used by scripts/start.mjs, scripts/test.sh and bench/; run alone: node scripts/console-build.mjs
 * (--check: only report, exit 1 when a build is needed).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { inputFiles, listDigest, ROOT, staleReason, writeStamp } from './build-stamp.mjs';

export { ROOT };
const DIST = path.join(ROOT, 'dist');
const STAMP = path.join(DIST, '.build-stamp');
const INPUTS = {
  dirs: ['src', 'config', 'locales', 'public', 'shared'],
  files: ['.umirc.ts', 'package.json', 'typings.d.ts'],
  skip: new Set(['node_modules', '.umi', '.umi-production', '.umi-test']),
};

/** why a build is needed, or null when dist/ is current */
export function buildReason() {
  return staleReason({ output: path.join(DIST, 'index.html'), stamp: STAMP, inputs: INPUTS, what: 'console' });
}

let running;

/** kills a build in progress (start.mjs calls this on Ctrl-C) */
export function abortBuild() {
  running?.kill('SIGTERM');
}

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Writes a .br and a .gz beside every text asset, at the strongest settings: the server sends
 * them as they are (@fastify/static preCompressed) instead of compressing on every request.
 * Brotli at 11 is slow (about 13 s for the console on one core): zlib's thread pool compresses
 * one file per core at a time.
 */
async function precompress(dir) {
  const queue = fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
    .map((e) => path.join(e.parentPath ?? e.path, e.name));
  const one = async (file) => {
    const data = fs.readFileSync(file);
    if (data.length < 1024) return;
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length };
    const [gz, br] = await Promise.all([gzip(data, { level: 9 }), brotli(data, { params })]);
    fs.writeFileSync(`${file}.gz`, gz);
    fs.writeFileSync(`${file}.br`, br);
  };
  const lane = async () => {
    for (let file = queue.pop(); file; file = queue.pop()) await one(file);
  };
  await Promise.all(Array.from({ length: os.availableParallelism() }, lane));
}

/**
 * Builds when needed. Resolves to true when it built, false when dist/ was current; rejects
 * when the build fails.
 */
export async function ensureConsoleBuilt({ log = (m) => console.log(`[console] ${m}`), force = false } = {}) {
  const reason = force ? 'forced' : buildReason();
  if (!reason) return false;
  log(`building the console: ${reason}`);
  const startedAt = new Date();
  const t0 = Date.now();
  const files = listDigest(inputFiles(INPUTS));
  await new Promise((resolve, reject) => {
    running = spawn(path.join(ROOT, 'node_modules', '.bin', 'max'), ['build'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    running.on('error', reject);
    running.on('exit', (code, signal) => {
      running = undefined;
      if (code === 0) resolve();
      else reject(new Error(`max build failed (${signal ?? `exit code ${code}`})`));
    });
  });
  if (!fs.existsSync(path.join(DIST, 'index.html'))) throw new Error('max build finished without dist/index.html');
  await precompress(DIST);
  writeStamp(STAMP, startedAt, files);
  log(`console built in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes('--check');
  if (check) {
    const reason = buildReason();
    console.log(reason ? `console build needed: ${reason}` : 'console build is current');
    process.exit(reason ? 1 : 0);
  }
  const stop = () => {
    abortBuild();
    process.exit(130);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  ensureConsoleBuilt({ force: process.argv.includes('--force') }).then(
    (built) => {
      if (!built) console.log('[console] the console build is current');
    },
    (e) => {
      console.error(`[console] ${e.message}`);
      process.exit(1);
    },
  );
}
