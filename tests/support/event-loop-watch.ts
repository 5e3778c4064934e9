/**
 * Watches the test process's event loop while requests run through app.inject: how long each
 * request held the loop (monitorEventLoopDelay), and a watchdog thread that, when the loop stops
 * turning altogether (a request spinning forever), names the request on stderr and ends the
 * process, since no test code can run again in it.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

/** plain JavaScript: the watchdog thread runs it as it is (no TypeScript loader there) */
const WATCHDOG = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const beats = new Int32Array(workerData.beats);
let label = '(before the first request)';
let seen = -1;
let since = Date.now();
parentPort.on('message', (m) => { label = m; });
setInterval(() => {
  const now = Atomics.load(beats, 0);
  if (now !== seen) { seen = now; since = Date.now(); return; }
  if (Date.now() - since < workerData.hangMs) return;
  fs.writeSync(2, '\\nTHE EVENT LOOP IS STUCK: no turn for ' + (Date.now() - since) + ' ms while running ' + label + '\\n');
  process.kill(process.pid, 'SIGKILL');
}, 250);
`;

export interface LoopWatch {
  /**
   * runs `fn` (one request) under the name `label`; answers its result and the longest time it
   * held the event loop in one go (ms), at most the CPU time spent while it ran
   */
  measure<T>(label: string, fn: () => Promise<T>): Promise<{ result: T; stallMs: number }>;
  stop(): Promise<void>;
}

/**
 * `hangMs`: how long the loop may stand still before the watchdog ends the process; `minMs`: the
 * stalls of interest are longer than this (requests quicker in all are not looked at further)
 */
export function watchEventLoop({ hangMs = 30_000, minMs = 500 }: { hangMs?: number; minMs?: number } = {}): LoopWatch {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const beats = new SharedArrayBuffer(4);
  const counter = new Int32Array(beats);
  const beat = setInterval(() => Atomics.add(counter, 0, 1), 100);
  beat.unref();
  const worker = new Worker(WATCHDOG, { eval: true, workerData: { beats, hangMs } });
  worker.unref();
  // a timers phase has passed: the delay of a stall just ended is in the histogram
  const afterTimers = () => new Promise((r) => setTimeout(r, 0));
  return {
    async measure(label, fn) {
      worker.postMessage(label);
      histogram.reset();
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const result = await fn();
      // a request that took less than `minMs` in all cannot have held the loop longer
      if (performance.now() - started < minMs) return { result, stallMs: 0 };
      await afterTimers();
      // the loop's delay is wall time: on a busy machine it also counts the time the process
      // waited for a core. Holding the loop means computing, so a stall counts for no more than
      // the CPU time the process spent meanwhile (every thread's: an overcount, never an excuse)
      const cpu = process.cpuUsage(cpuBefore);
      // max is in nanoseconds, CPU times in microseconds
      return { result, stallMs: Math.min(histogram.max / 1e6, (cpu.user + cpu.system) / 1000) };
    },
    async stop() {
      clearInterval(beat);
      histogram.disable();
      await worker.terminate();
    },
  };
}
