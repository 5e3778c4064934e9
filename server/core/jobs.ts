/**
 * Periodic jobs of this process: each runs once at start (the jobs one after another) and then
 * every interval, one run at a time. A job that must run on one instance only takes its own
 * database lock; a failure is logged and the job runs again at its next turn.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface Job {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

export class Jobs {
  private timers: NodeJS.Timeout[] = [];
  private running = new Set<Promise<unknown>>();
  private stopped = false;

  constructor(
    private jobs: Job[],
    private log: FastifyBaseLogger,
  ) {}

  start() {
    const firstRuns: Array<() => Promise<unknown> | undefined> = [];
    for (const job of this.jobs) {
      let busy = false;
      const tick = () => {
        if (busy || this.stopped) return undefined;
        busy = true;
        const p = job
          .run()
          .catch((e: unknown) => this.log.error({ err: e, job: job.name }, `job ${job.name} failed`))
          .finally(() => {
            busy = false;
            this.running.delete(p);
          });
        this.running.add(p);
        return p;
      };
      firstRuns.push(tick);
      const timer = setInterval(tick, job.everyMs);
      timer.unref();
      this.timers.push(timer);
    }
    // the runs at start one after another: together they would each take a database connection
    // (and a core) at the moment the server starts answering
    void (async () => {
      for (const run of firstRuns) await run();
    })();
  }

  /** no new runs; waits for the running ones */
  async stop() {
    this.stopped = true;
    for (const t of this.timers.splice(0)) clearInterval(t);
    await Promise.all([...this.running]);
  }
}
