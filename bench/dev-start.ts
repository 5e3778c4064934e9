/**
 * `npm run bench -- dev-start`: how long `npm run dev` takes until the password login form is
 * usable in Chromium, cold (empty umi caches, a fresh dev database: a new clone's first start)
 * and warm (the same caches and database, started again), against the 30 s target and the
 * stock ant-design-pro's 61-70 s cold start.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openBrowser } from '../tests/e2e/browser';
import { prepareDevRoot, startDevConsole, waitForLoginForm } from '../tests/support/dev-console';

const TARGET_COLD_S = 30;
const REFERENCE_COLD_S = [61, 70] as const;
const WARM_STARTS = Number(process.env.BENCH_DEV_WARM || 2);

async function timedStart(root: string, dataDir: string): Promise<number> {
  const dev = await startDevConsole(root, { dataDir });
  const browser = await openBrowser();
  try {
    const usable = await waitForLoginForm(browser.page, dev.base);
    return (usable - dev.startedAt) / 1000;
  } finally {
    await browser.close();
    const ended = await dev.stop();
    if (ended.code !== 0) console.log(`  (npm run dev ended with ${ended.code ?? ended.signal})`);
  }
}

export async function runDevStartBench() {
  const root = prepareDevRoot();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-bench-dev-'));
  try {
    console.log('\nnpm run dev: start until the password login form is usable in Chromium');
    const cold = await timedStart(root, dataDir);
    console.log(`  cold (empty umi caches, fresh dev database): ${cold.toFixed(1)} s`);
    const warm: number[] = [];
    for (let i = 0; i < WARM_STARTS; i++) {
      warm.push(await timedStart(root, dataDir));
      console.log(`  warm ${i + 1}/${WARM_STARTS} (caches and database of the runs before): ${warm[i].toFixed(1)} s`);
    }
    const best = Math.min(...warm);
    const x = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
    console.log(
      `  cold ${cold.toFixed(1)} s = ${x(cold, TARGET_COLD_S)} of the ${TARGET_COLD_S} s target, ` +
        `${x(cold, REFERENCE_COLD_S[1])}-${x(cold, REFERENCE_COLD_S[0])} of ant-design-pro's ${REFERENCE_COLD_S[0]}-${REFERENCE_COLD_S[1]} s; ` +
        `warm ${best.toFixed(1)} s (best of ${WARM_STARTS}) = ${x(best, cold)} of cold. ${os.cpus().length} CPUs; node ${process.version}.`,
    );
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
