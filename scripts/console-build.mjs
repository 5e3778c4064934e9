#!/usr/bin/env node
/**
 * Builds the console (max build -> dist/) when it is missing or older than its sources.
 *
 * Rule: build when dist/index.html is missing, or when any file under src/, config/, shared/,
 * locales/, public/, or .umirc.ts / package.json / typings.d.ts is newer than the stamp
 * dist/.build-stamp, or when that list of files changed (a file added or deleted). The stamp
 * gets the time the last successful build *started*, so an edit made during a build triggers
 * the next one. umi's generated folders (src/.umi*) are ignored.
 *
 * Used by scripts/start.mjs, scripts/test.sh and bench/; run alone: node scripts/console-build.mjs
 * (--check: only report, exit 1 when a build is needed).
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'dist');
const STAMP = path.join(DIST, '.build-stamp');
const INPUT_DIRS = ['src', 'config', 'locales', 'public', 'shared'];
const INPUT_FILES = ['.umirc.ts', 'package.json', 'typings.d.ts'];
const SKIP_DIRS = new Set(['node_modules', '.umi', '.umi-production', '.umi-test']);

/** the console's source files (umi's generated folders left out) */
function inputFiles() {
  const files = [];
  const walk = (dir) => {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name)) walk(full);
      } else files.push(full);
    }
  };
  for (const d of INPUT_DIRS) walk(path.join(ROOT, d));
  for (const f of INPUT_FILES) if (fs.existsSync(path.join(ROOT, f))) files.push(path.join(ROOT, f));
  return files.sort();
}

/** a deleted or renamed source shows only as a different list of files */
function listDigest(files) {
  return createHash('sha1').update(files.map((f) => path.relative(ROOT, f)).join('\n')).digest('hex');
}

/** why a build is needed, or null when dist/ is current */
export function buildReason() {
  if (!fs.existsSync(path.join(DIST, 'index.html'))) return 'no console build yet (dist/index.html is missing)';
  const stamp = fs.statSync(STAMP, { throwIfNoEntry: false });
  if (!stamp) return 'the console build has no stamp (dist/.build-stamp)';
  const files = inputFiles();
  for (const f of files) {
    const st = fs.statSync(f, { throwIfNoEntry: false });
    if (st && st.mtimeMs > stamp.mtimeMs) return `${path.relative(ROOT, f)} changed since the last console build`;
  }
  let recorded;
  try {
    recorded = JSON.parse(fs.readFileSync(STAMP, 'utf8')).files;
  } catch {
    /* unreadable stamp */
  }
  if (recorded !== listDigest(files)) return 'source files were added or removed since the last console build';
  return null;
}

let running;

/** kills a build in progress (start.mjs calls this on Ctrl-C) */
export function abortBuild() {
  running?.kill('SIGTERM');
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
  const files = listDigest(inputFiles());
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
  fs.writeFileSync(STAMP, `${JSON.stringify({ builtAt: startedAt.toISOString(), files })}\n`);
  fs.utimesSync(STAMP, startedAt, startedAt);
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
