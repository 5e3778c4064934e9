/**
 * When a build output is stale: the rule shared by scripts/console-build.mjs and
 * scripts/server-build.mjs.
 *
 * Rule: build when the output's marker file is missing, or when any input file is newer than
 * the stamp, or when the list of input files changed (a file added or deleted shows only
 * there). The stamp gets the time the last successful build *started*, so an edit made during
 * a build triggers the next one.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * @typedef {object} BuildInputs
 * @property {string[]} dirs folders under ROOT, walked recursively
 * @property {string[]} files single files under ROOT (missing ones are left out)
 * @property {Set<string>} skip folder names never walked into (generated output)
 */

/** @param {BuildInputs} inputs */
export function inputFiles(inputs) {
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
        if (!inputs.skip.has(e.name)) walk(full);
      } else files.push(full);
    }
  };
  for (const d of inputs.dirs) walk(path.join(ROOT, d));
  for (const f of inputs.files) if (fs.existsSync(path.join(ROOT, f))) files.push(path.join(ROOT, f));
  return files.sort();
}

export function listDigest(files) {
  return createHash('sha1')
    .update(files.map((f) => path.relative(ROOT, f)).join('\n'))
    .digest('hex');
}

/**
 * Why a build is needed, or null when the output is current.
 * @param {{ output: string, stamp: string, inputs: BuildInputs, what: string }} o
 */
export function staleReason({ output, stamp, inputs, what }) {
  if (!fs.existsSync(output)) return `no ${what} build yet (${path.relative(ROOT, output)} is missing)`;
  const st = fs.statSync(stamp, { throwIfNoEntry: false });
  if (!st) return `the ${what} build has no stamp (${path.relative(ROOT, stamp)})`;
  const files = inputFiles(inputs);
  for (const f of files) {
    const fst = fs.statSync(f, { throwIfNoEntry: false });
    if (fst && fst.mtimeMs > st.mtimeMs) return `${path.relative(ROOT, f)} changed since the last ${what} build`;
  }
  let recorded;
  try {
    recorded = JSON.parse(fs.readFileSync(stamp, 'utf8')).files;
  } catch {
    /* unreadable stamp */
  }
  if (recorded !== listDigest(files)) return `source files were added or removed since the last ${what} build`;
  return null;
}

/** records a successful build that started at startedAt over the given list of files */
export function writeStamp(stamp, startedAt, files) {
  fs.writeFileSync(stamp, `${JSON.stringify({ builtAt: startedAt.toISOString(), files })}\n`);
  fs.utimesSync(stamp, startedAt, startedAt);
}
