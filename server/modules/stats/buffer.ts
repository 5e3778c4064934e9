/**
 * The receiver's write buffer: reports' rows gather here and go to the raw table in one statement
 * per flush (group commit). A report is answered once the flush holding its rows has committed,
 * so nothing acknowledged lives in memory only; the buffer is bounded (STAT_BUSY when full) and
 * drained on shutdown.
 */
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../core/errors';
import { rowKey, type IngestStore, type StatRow } from './store/ingest';

export interface BufferOptions {
  /** rows held (gathering + being written) at most; a batch that does not fit is refused whole */
  maxRows: number;
  /** rows per write at most */
  flushRows: number;
  /** how long rows gather before a write starts (a full batch of flushRows starts at once) */
  flushMs: number;
  /** writes at once at most (each on its own connection of the write pool) */
  writers: number;
}

export interface BufferResult {
  /** rows new to the raw table */
  accepted: number;
  /** rows already stored, or sent twice (same ts + id) */
  duplicates: number;
}

interface Entry {
  rows: StatRow[];
  /** rows of the batch dropped on arrival as copies of rows the buffer already holds */
  copies: number;
  resolve: (r: BufferResult) => void;
  reject: (e: unknown) => void;
}

/** what a refused batch is told to wait, in seconds */
const BUSY_RETRY_S = 2;
const FAILED_RETRY_S = 5;

export class IngestBuffer {
  private gathering: Entry[] = [];
  private gatheringRows = 0;
  private writingRows = 0;
  /** the keys (ts + eid) of every row held: a retry that arrives before the first copy is written is a duplicate */
  private held = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private writers = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private store: IngestStore,
    /** the stats time zone (the day a row marks dirty) */
    private tz: () => Promise<number>,
    private opts: BufferOptions,
    private log?: FastifyBaseLogger,
  ) {}

  /** rows held now (gathering and being written) */
  get size() {
    return this.gatheringRows + this.writingRows;
  }

  /**
   * Adds a report's rows; resolves once they are committed (accepted vs duplicates). Throws
   * STAT_BUSY at once, keeping nothing, when the buffer cannot take the whole batch.
   */
  add(rows: StatRow[]): Promise<BufferResult> {
    if (this.closed || this.size + rows.length > this.opts.maxRows) throw new AppError('STAT_BUSY', { params: { seconds: BUSY_RETRY_S } });
    const kept: StatRow[] = [];
    for (const r of rows) {
      const key = rowKey(r.ts, r.eid);
      if (this.held.has(key)) continue;
      this.held.add(key);
      kept.push(r);
    }
    const copies = rows.length - kept.length;
    if (!kept.length) return Promise.resolve({ accepted: 0, duplicates: copies });
    return new Promise<BufferResult>((resolve, reject) => {
      this.gathering.push({ rows: kept, copies, resolve, reject });
      this.gatheringRows += kept.length;
      if (this.gatheringRows >= this.opts.flushRows) this.kick();
      else this.timer ??= setTimeout(() => this.kick(), this.opts.flushMs);
    });
  }

  /** writes everything held now (and what arrives meanwhile) */
  async drain(): Promise<void> {
    while (this.gathering.length || this.writers.size) {
      this.kick();
      await Promise.all([...this.writers]);
    }
  }

  /** refuses new rows (STAT_BUSY) and writes what is held */
  async close(): Promise<void> {
    this.closed = true;
    await this.drain();
  }

  private kick() {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    while (this.gathering.length && this.writers.size < this.opts.writers) {
      const w: Promise<void> = this.writeAll().finally(() => {
        this.writers.delete(w);
        // rows that came while the writers were busy and did not fill a batch wait their gather time
        if (this.gathering.length) this.timer ??= setTimeout(() => this.kick(), this.opts.flushMs);
      });
      this.writers.add(w);
    }
  }

  /**
   * Writes batches while full ones wait. Writers never share a row (a key is held once), and the
   * dirty marks go in sorted order, so concurrent writes wait for each other at most, never deadlock.
   */
  private async writeAll(): Promise<void> {
    do {
      const batch: Entry[] = [];
      let n = 0;
      while (this.gathering.length && (n === 0 || n + this.gathering[0].rows.length <= this.opts.flushRows)) {
        const e = this.gathering.shift()!;
        batch.push(e);
        n += e.rows.length;
      }
      if (!n) return;
      this.gatheringRows -= n;
      this.writingRows += n;
      await this.write(batch);
      this.writingRows -= n;
    } while (this.gatheringRows >= this.opts.flushRows || (this.closed && this.gathering.length));
  }

  private async write(batch: Entry[]) {
    const rows = batch.flatMap((e) => e.rows);
    try {
      const fresh = await this.store.insertEach(rows, await this.tz());
      let at = 0;
      for (const e of batch) {
        let accepted = 0;
        for (let i = 0; i < e.rows.length; i++) if (fresh[at + i]) accepted++;
        at += e.rows.length;
        e.resolve({ accepted, duplicates: e.rows.length - accepted + e.copies });
      }
    } catch (err) {
      this.log?.error({ err, rows: rows.length }, 'statistics rows could not be written; the reports are told to send again');
      for (const e of batch) e.reject(new AppError('STAT_BUSY', { params: { seconds: FAILED_RETRY_S }, cause: err }));
    } finally {
      for (const r of rows) this.held.delete(rowKey(r.ts, r.eid));
    }
  }
}
