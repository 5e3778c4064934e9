#!/usr/bin/env node
/**
 * npm run sdk:build: bundles the statistics SDK (sdk/stat) into dist-sdk/: uni-stat.iife.js (a
 * <script> tag; global `UniStat`) and uni-stat.esm.js (import), both minified, and prints sizes.
 */
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'dist-sdk');

export async function buildSdk({ quiet = false } = {}) {
  const common = {
    entryPoints: [path.join(ROOT, 'sdk/stat/index.ts')],
    bundle: true,
    minify: true,
    // mini-program runtimes and older webviews: no newer syntax than ES2017
    target: 'es2017',
    platform: 'neutral',
    legalComments: 'none',
    logLevel: 'warning',
  };
  const files = {
    iife: path.join(OUT, 'uni-stat.iife.js'),
    esm: path.join(OUT, 'uni-stat.esm.js'),
  };
  await build({ ...common, format: 'iife', globalName: 'UniStat', outfile: files.iife });
  await build({ ...common, format: 'esm', outfile: files.esm });
  if (!quiet) {
    for (const file of Object.values(files)) {
      const data = fs.readFileSync(file);
      console.log(
        `${path.relative(ROOT, file)}: ${(data.length / 1024).toFixed(1)} kB, ${(zlib.gzipSync(data, { level: 9 }).length / 1024).toFixed(1)} kB gzip`,
      );
    }
  }
  return files;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildSdk().catch((e) => {
    console.error(e.message);
    process.exit(1);
  });
}
